/**
 * Alias rules, shared by the creation form, the API and the redirect path.
 */
import { MESSAGES } from "./messages";

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ALIAS_MIN_LENGTH = 5;
export const ALIAS_MAX_LENGTH = 30;
/** Random aliases: 8 characters of 62 give ~47.6 bits, far beyond enumeration. */
export const RANDOM_ALIAS_LENGTH = 8;
export const RANDOM_ALIAS_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const RANDOM_ALIAS_ATTEMPTS = 5;

/**
 * Every first path segment the app uses, plus names a visitor could be fooled by.
 * Compared case-insensitively.
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  "app",
  "api",
  "dashboard",
  "openapi",
  "paddle",
  "user",
  "assets",
  "static",
  "build",
  "favicon.ico",
  "robots.txt",
  "sitemap.xml",
  "manifest.json",
  ".well-known",
  "admin",
  "login",
  "logout",
  "register",
  "signup",
  "settings",
  "help",
  "support",
  "status",
  "blog",
  "pricing",
  "kiosk",
]);

/**
 * Reserved: the words above, in any letter case, and anything starting with "__" (the
 * framework's own endpoints, such as React Router's /__manifest).
 */
export function isReservedAlias(alias: string): boolean {
  return alias.startsWith("__") || RESERVED_ALIASES.has(alias.toLowerCase());
}

/** Shape check used on the hot path: a single segment in the alias charset, not reserved. */
export function isAliasShaped(segment: string): boolean {
  return segment.length > 0 && segment.length <= ALIAS_MAX_LENGTH * 2 && ALIAS_PATTERN.test(segment) && !isReservedAlias(segment);
}

/** The first message that applies to a chosen alias, or null when it is acceptable. */
export function checkCustomAlias(alias: string): string | null {
  if (!ALIAS_PATTERN.test(alias)) return MESSAGES.aliasCharset;
  if (alias.length < ALIAS_MIN_LENGTH) return MESSAGES.aliasMin(ALIAS_MIN_LENGTH);
  if (alias.length > ALIAS_MAX_LENGTH) return MESSAGES.aliasMax(ALIAS_MAX_LENGTH);
  if (isReservedAlias(alias)) return MESSAGES.aliasReserved;
  return null;
}

/** A random alias from a CSPRNG, without modulo bias. */
export function randomAlias(length = RANDOM_ALIAS_LENGTH): string {
  const alphabet = RANDOM_ALIAS_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      if (b < limit) out += alphabet[b % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
