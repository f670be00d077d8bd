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
  const instant = value.expiresAt?.trim();
  if (instant) return readDateTime(instant, INSTANT);
  const local = value.expiresLocal?.trim();
  return local ? readDateTime(local, LOCAL) : null;
}

/** The datetime-local value (read as UTC) and the browser's ISO instant; nothing looser. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date and time whose day the month has (2027-02-30 is "invalid", not rolled over to March 2nd,
 * a day nobody chose) and whose hour, minute and second exist.
 */
function readDateTime(raw: string, pattern: RegExp): Date | "invalid" {
  const match = pattern.exec(raw);
  if (!match) return "invalid";
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = month >= 1 && month <= 12 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 0;
  if (day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return "invalid";
  const date = new Date(pattern === LOCAL ? `${raw}Z` : raw);
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
