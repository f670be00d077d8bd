/**
 * The API token forms (Settings → API): one schema each, shared by the page and the action. The
 * messages are in app/forms/api-tokens-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { API_PERMISSIONS, API_TOKEN_EXPIRIES, API_TOKEN_NAME_MAX_LENGTH, type ApiPermission, type ApiTokenExpiry } from "../../domain/api";
import { API_TOKEN_MESSAGES } from "./api-tokens-rules";

export * from "./api-tokens-rules";

const name = z
  .string({ error: API_TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
  .max(API_TOKEN_NAME_MAX_LENGTH, { error: API_TOKEN_MESSAGES.nameMax });

const isPermission = (value: string): value is ApiPermission => (API_PERMISSIONS as readonly string[]).includes(value);

/**
 * The checked permissions: at least one, each a known name. An unknown name (a crafted post) is
 * one message on the permissions, where the form shows it, never zod's own wording under
 * "permissions[N]", which no field shows.
 */
const permissions = z
  .array(z.string({ error: API_TOKEN_MESSAGES.permissionInvalid }), { error: API_TOKEN_MESSAGES.permissionsRequired })
  .min(1, { error: API_TOKEN_MESSAGES.permissionsRequired })
  .transform((names, ctx) => {
    if (!names.every(isPermission)) {
      ctx.addIssue({ code: "custom", message: API_TOKEN_MESSAGES.permissionInvalid });
      return z.NEVER;
    }
    return API_PERMISSIONS.filter((permission) => names.includes(permission));
  });

const expiryValues = API_TOKEN_EXPIRIES.map((e) => e.value) as [ApiTokenExpiry, ...ApiTokenExpiry[]];

export const newTokenSchema = z.object({
  name,
  expiry: z.enum(expiryValues, { error: API_TOKEN_MESSAGES.expiryInvalid }).default("90d"),
  permissions,
});
export const editTokenSchema = z.object({ name, permissions });
