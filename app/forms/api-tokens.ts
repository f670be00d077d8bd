/**
 * The API token forms (Settings → API): one schema each, shared by the page and the action. The
 * messages are in app/forms/api-tokens-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { API_PERMISSIONS, API_TOKEN_EXPIRIES, API_TOKEN_NAME_MAX_LENGTH, type ApiTokenExpiry } from "../../domain/api";
import { API_TOKEN_MESSAGES } from "./api-tokens-rules";

export * from "./api-tokens-rules";

const name = z
  .string({ error: API_TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
  .max(API_TOKEN_NAME_MAX_LENGTH, { error: API_TOKEN_MESSAGES.nameMax });

const permissions = z.array(z.enum(API_PERMISSIONS), { error: API_TOKEN_MESSAGES.permissionsRequired }).min(1, {
  error: API_TOKEN_MESSAGES.permissionsRequired,
});

const expiryValues = API_TOKEN_EXPIRIES.map((e) => e.value) as [ApiTokenExpiry, ...ApiTokenExpiry[]];

export const newTokenSchema = z.object({ name, expiry: z.enum(expiryValues).default("90d"), permissions });
export const editTokenSchema = z.object({ name, permissions });
