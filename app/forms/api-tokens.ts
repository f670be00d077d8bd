/** The API token forms (Settings → API): one schema each, shared by the page and the action. */
import { z } from "zod";
import { API_PERMISSIONS, API_TOKEN_EXPIRIES, API_TOKEN_NAME_MAX_LENGTH, type ApiTokenExpiry } from "../../domain/api";

export const API_TOKEN_MESSAGES = {
  nameRequired: "Give the token a name.",
  nameMax: `The name must not be greater than ${API_TOKEN_NAME_MAX_LENGTH} characters.`,
  permissionsRequired: "Choose at least one permission.",
  created: "Your new API token. Copy it now: it is shown only once.",
  saved: "The token has been saved.",
  revoked: "The token has been revoked. Requests with it are refused from now on.",
  notInPlan: "API access is not included in your plan.",
} as const;

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
