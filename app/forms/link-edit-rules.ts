/**
 * The link editor's field list, expiry and description bounds, messages and pure helpers.
 * Browser-safe (no zod): the editor page's component imports it directly; app/forms/link-edit.ts
 * adds the schema and re-exports all of it.
 */

export const DESCRIPTION_MAX_LENGTH = 255;
/** Expiry bounds (spec 02 §9): from now plus about 5 minutes to 5 years ahead. */
export const EXPIRY_MIN_LEAD_MS = 5 * 60 * 1000;
export const EXPIRY_MAX_YEARS = 5;

export const EDIT_MESSAGES = {
  descriptionMax: `The description must not be greater than ${DESCRIPTION_MAX_LENGTH} characters.`,
  expiryInvalid: "The expiry date is not a valid date.",
  expiryTooSoon: "The expiry must be at least 5 minutes from now.",
  expiryTooLate: `The expiry must be at most ${EXPIRY_MAX_YEARS} years from now.`,
} as const;

export const EDIT_FIELDS = ["alias", "url", "tags", "expires", "description"] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

/** The expiry the form asks for: null for none, "invalid" when unreadable. */
export function readExpiry(value: { expiresAt?: string; expiresLocal?: string }): Date | null | "invalid" {
  const raw = value.expiresAt?.trim() || (value.expiresLocal?.trim() ? `${value.expiresLocal.trim()}Z` : "");
  if (!raw) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? "invalid" : date;
}

/** The bound an expiry breaks, or null. */
export function checkExpiryBounds(expiry: Date, now: Date): string | null {
  if (expiry.getTime() < now.getTime() + EXPIRY_MIN_LEAD_MS) return EDIT_MESSAGES.expiryTooSoon;
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + EXPIRY_MAX_YEARS);
  if (expiry.getTime() > latest.getTime()) return EDIT_MESSAGES.expiryTooLate;
  return null;
}

/** A datetime-local value (minutes) of a moment in UTC. */
export function utcInputValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}
