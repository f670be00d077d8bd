/**
 * The settings forms' messages and intents. Browser-safe (no zod): page components import it
 * directly; app/forms/settings.ts adds the schemas and re-exports all of it.
 */

/** Messages of the settings forms (Snip's own wording; the spec gives none for these). */
export const SETTINGS_MESSAGES = {
  emailUnchanged: "This is already your email address.",
  twoFactorSetupExpired: "The setup has expired. Please start again.",
  twoFactorNotOn: "Two-factor authentication is not on.",
  revokeCurrentSession: "To end the session on this device, log out.",
} as const;

export const PROFILE_INTENTS = ["update-name", "change-email", "upload-photo", "remove-photo"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const SECURITY_INTENTS = [
  "change-password",
  "enable-2fa",
  "confirm-2fa",
  "disable-2fa",
  "regenerate-codes",
  "revoke-session",
  "revoke-other-sessions",
  "revoke-api-token",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

/** Where a password change or reset leads: the security page's notice, then the live API tokens to review. */
export function afterPasswordChange(notice: "password-changed" | "password-reset"): string {
  return `/app/settings/security?notice=${notice}&tokens=review`;
}
