/**
 * The API token forms' messages (Settings → API). Browser-safe (no zod): the pages import it
 * directly; app/forms/api-tokens.ts adds the schemas and re-exports all of it.
 */
import { API_TOKEN_NAME_MAX_LENGTH } from "../../domain/api";

export const API_TOKEN_MESSAGES = {
  nameRequired: "Give the token a name.",
  nameMax: `The name must not be greater than ${API_TOKEN_NAME_MAX_LENGTH} characters.`,
  permissionsRequired: "Choose at least one permission.",
  permissionInvalid: "The selected permission is invalid.",
  expiryInvalid: "The selected expiry is invalid.",
  created: "Your new API token. Copy it now: it is shown only once.",
  saved: "The token has been saved.",
  revoked: "The token has been revoked. Requests with it are refused from now on.",
  notInPlan: "API access is not included in your plan.",
} as const;
