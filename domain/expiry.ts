/**
 * Link expiry (spec 02 §5, §9): from about five minutes ahead to five years ahead, sent in UTC;
 * the plan's alias_lifetime (an ISO 8601 duration) gives the default.
 */
import type { IsoDuration } from "./plans";

export const EXPIRY_MIN_LEAD_MS = 5 * 60 * 1000;
export const EXPIRY_MAX_YEARS = 5;

export const EXPIRY_MESSAGES = {
  invalid: "The expiry date is not a valid date and time.",
  tooSoon: "The expiry must be at least 5 minutes from now.",
  tooLate: "The expiry must not be more than 5 years from now.",
} as const;

export function expiryBounds(now: Date): { min: Date; max: Date } {
  const max = new Date(now);
  max.setUTCFullYear(max.getUTCFullYear() + EXPIRY_MAX_YEARS);
  return { min: new Date(now.getTime() + EXPIRY_MIN_LEAD_MS), max };
}

/** The first message for an expiry, or null when it lies within the bounds. */
export function checkExpiry(expiresAt: Date, now: Date): string | null {
  if (Number.isNaN(expiresAt.getTime())) return EXPIRY_MESSAGES.invalid;
  const { min, max } = expiryBounds(now);
  if (expiresAt < min) return EXPIRY_MESSAGES.tooSoon;
  if (expiresAt > max) return EXPIRY_MESSAGES.tooLate;
  return null;
}

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** `from` plus an ISO 8601 duration (calendar parts in UTC); null when the duration is not understood. */
export function addIsoDuration(from: Date, duration: IsoDuration): Date | null {
  const match = DURATION.exec(duration);
  if (!match || duration === "P" || duration.endsWith("T")) return null;
  const [y, mo, w, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const out = new Date(from);
  out.setUTCFullYear(out.getUTCFullYear() + y!, out.getUTCMonth() + mo!, out.getUTCDate() + w! * 7 + d!);
  out.setTime(out.getTime() + ((h! * 60 + mi!) * 60 + s!) * 1000);
  return out;
}

/** A date as the value of a datetime-local input, in UTC ("YYYY-MM-DDTHH:mm"). */
export function toUtcInputValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/**
 * A datetime-local value read as UTC (the form without JavaScript says so); with JavaScript the
 * browser sends the UTC ISO instant instead.
 */
export function parseExpiryInput(value: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?(Z?)$/.exec(value);
  if (!match) return new Date(Number.NaN);
  const date = new Date(match[4] ? value : `${value}Z`);
  // The parser rolls a day past the month's end over ("02-30" is March 2nd): that is no date.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 16) !== match[1]) return new Date(Number.NaN);
  return date;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** An expiry as shown (spec 02 §9 "MMM DD, YYYY hh:mm A"), in UTC. */
export function formatExpiry(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const hours = date.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())}, ${date.getUTCFullYear()} ${pad(twelve)}:${pad(date.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}
