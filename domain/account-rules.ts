/**
 * Account rules shared by forms, actions and tests (spec 01 §5): bounds, messages and the
 * after-login target. Browser-safe (no zod): page components import it directly;
 * domain/account.ts adds the field schemas and re-exports all of it.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** Profile photos: png or jpg up to this size. */
export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_TYPES = ["image/png", "image/jpeg"] as const;
/** A sensitive action asks for the password again when the last confirmation is older than this. */
export const PASSWORD_CONFIRM_TTL_MS = 15 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  // spec 01 §5, verbatim
  passwordMin: "the password must be at least 6 characters",
  generic: "Something went wrong. Please try again or contact customer support.",
  // Snip's own wording
  passwordRequired: "The password field is required.",
  passwordMax: `The password must not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
  passwordConfirmation: "The password confirmation does not match.",
  emailRequired: "The email field is required.",
  emailInvalid: "The email must be a valid email address.",
  emailTaken: "The email has already been taken.",
  nameRequired: "The name field is required.",
  nameMax: `The name must not be greater than ${NAME_MAX_LENGTH} characters.`,
  /** The same answer for an unknown email and a wrong password. */
  badCredentials: "These credentials do not match our records.",
  throttled: (minutes: number) => `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  codeRequired: "The code field is required.",
  codeInvalid: "The code is invalid or has already been used.",
  twoFactorExpired: "Your sign-in attempt expired. Please sign in again.",
  resetSent: "If an account exists for that address, we have emailed a password reset link.",
  resetInvalid: "This password reset link is invalid or has expired.",
  resetDone: "Your password has been reset. Please sign in.",
  verifySent: "A fresh verification link has been sent to your email address.",
  verifyInvalid: "This verification link is invalid or has expired.",
  verified: "Your email address is verified.",
  currentPasswordWrong: "The provided password does not match your current password.",
  photoType: "The photo must be a file of type: png, jpg.",
  photoSize: `The photo must not be greater than ${PHOTO_MAX_BYTES / 1024} kilobytes.`,
  photoRequired: "Choose a photo to upload.",
} as const;

/** The after-login target (guards put it in the `to` query value): one rule for every return path. */
export { safeReturnPath } from "./return-path";
