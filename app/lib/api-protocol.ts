/**
 * What the browser and the /app/api calls agree on (spec 01 §7): the prefix, the ajax marker
 * and per-session fingerprint headers every request carries, the storage keys the shell uses,
 * and the refresh intervals (spec 01 §9). Browser-safe: no server imports.
 */

/** Every JSON call's path is relative to this prefix. */
export const API_BASE = "/app/api";

/** The ajax marker: a cross-site page cannot set it without a CORS preflight, which Snip never allows. */
export const AJAX_HEADER = "X-Requested-With";
export const AJAX_HEADER_VALUE = "XMLHttpRequest";

/** A random id per browser session (kept in sessionStorage), sent with every call. */
export const FINGERPRINT_HEADER = "X-Snip-Fingerprint";
export const FINGERPRINT_STORAGE_KEY = "snip.fingerprint";

/** localStorage: the signed-in user's id ("" for a guest); other tabs reload when it changes. */
export const AUTH_STORAGE_KEY = "snip.auth";

/** Heartbeat and notification refresh (spec 01 §9). */
export const NOTIFICATION_REFRESH_MS = 120_000;
export const HEARTBEAT_INTERVAL_MS = 120_000;

/** Toast durations (spec 01 §9): the global error handling's, and the default. */
export const TOAST_INTERCEPTOR_MS = 3_000;
export const TOAST_DEFAULT_MS = 5_000;

/** How long "Session expired" stays on screen before the page reloads. */
export const SESSION_EXPIRED_RELOAD_DELAY_MS = 1_500;

/** A fingerprint: 32 hex characters. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{32}$/;

export function newFingerprint(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The absolute path of a call: "notifications/recent" → "/app/api/notifications/recent"; "/x" stays "/x". */
export function apiPath(path: string): string {
  return path.startsWith("/") ? path : `${API_BASE}/${path}`;
}
