/**
 * The public REST API's rules as data (issue 5, docs/decisions/011): what a token may be
 * allowed to do, which plan capability each permission also needs, what each operation costs
 * in API credits (spec 01 §3 max_api_credits, a monthly allowance; §5 the credits rule), the
 * token format, and the expiry choices of the settings form. Pure: no I/O.
 */
import type { FeatureFlag } from "./plans";

export const API_PERMISSIONS = ["read", "create", "update", "change", "archive", "delete", "analytics", "bulk"] as const;
export type ApiPermission = (typeof API_PERMISSIONS)[number];

export const API_PERMISSION_LABELS: Record<ApiPermission, { label: string; hint: string }> = {
  read: { label: "Read links", hint: "Get a link, list links and count them." },
  create: { label: "Create links", hint: "POST /create." },
  update: { label: "Update links", hint: "Alias, tags, expiry and description (PATCH /update)." },
  change: { label: "Change destination", hint: "PATCH /change." },
  archive: { label: "Archive links", hint: "PATCH /archive and /unarchive." },
  delete: { label: "Delete links", hint: "DELETE /alias/{domain}/{alias}." },
  analytics: { label: "Read analytics", hint: "GET /analytics/…" },
  bulk: { label: "Bulk create", hint: "POST /bulk (also needs Create links)." },
};

/** The plan capabilities (spec 01 §3 feature flags) an operation needs besides use_api. */
export const PERMISSION_FLAGS: Record<ApiPermission, readonly FeatureFlag[]> = {
  read: [],
  create: ["create_snip_url"],
  update: ["update_snip_url"],
  change: ["change_snip_url"],
  archive: ["archive_snip_url"],
  delete: ["delete_snip_url"],
  analytics: ["use_analytics"],
  // Spec 01 §6: bulk creation needs both the create and the bulk flags.
  bulk: ["create_snip_url", "use_bulk"],
};

/**
 * API credits an operation costs (spec 01 §3 "operationsCosts"): every call costs one credit,
 * a bulk call one per link in it. The allowance is the plan's max_api_credits a calendar month
 * (UTC); null = unlimited.
 */
export const API_CALL_COST = 1;
export function bulkCost(items: number): number {
  return Math.max(1, items);
}

/** Requests a token may make in one minute unless configured otherwise (API_RATE_LIMIT_PER_MINUTE). */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 600;

/** Tokens: "snip_" and 43 base64url characters (32 random bytes). */
export const API_TOKEN_PREFIX = "snip_";
export const API_TOKEN_RANDOM_BYTES = 32;
/** Characters of the token shown in the list. */
export const API_TOKEN_SHOWN_CHARS = 12;
export const API_TOKEN_NAME_MAX_LENGTH = 60;
export const API_TOKEN_SHAPE = /^snip_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_EXPIRIES = [
  { value: "30d", label: "30 days", days: 30 },
  { value: "90d", label: "90 days", days: 90 },
  { value: "1y", label: "1 year", days: 365 },
  { value: "never", label: "No expiry", days: null },
] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number]["value"];

export function tokenExpiresAt(choice: ApiTokenExpiry, now: Date): Date | null {
  const days = API_TOKEN_EXPIRIES.find((e) => e.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}

export function shownPrefix(token: string): string {
  return token.slice(0, API_TOKEN_SHOWN_CHARS);
}

export function parsePermissions(json: string): ApiPermission[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? API_PERMISSIONS.filter((p) => list.includes(p)) : [];
  } catch {
    return [];
  }
}

/** The public API's base path: a TinyURL v2 client changes only its base URL. */
export const API_V2_BASE = "/api";
export const OPENAPI_V2_PATH = "/openapi/v2.json";
/** Largest request body (a bulk call of 100 links fits many times over). */
export const API_MAX_BODY_BYTES = 1024 * 1024;

export const API_V2_MESSAGES = {
  unauthenticated: "Unauthenticated. Send a valid API token as a Bearer token or as api_token.",
  tokenPermission: "This API token does not have the permission for this operation.",
  planFeature: "Your plan does not include this operation.",
  apiNotInPlan: "API access is not included in your plan.",
  notFound: "Not Found",
  rateLimited: "Too many requests. Try again in a minute.",
  notEnoughCreditsKey: "not_enough_credits",
  notEnoughCredits: "Not enough credits for this operation",
  invalidJson: "The request body must be valid JSON.",
  bodyTooLarge: "The request body must not be larger than 1 MB.",
  internal: "An error has occurred, please try again.",
  unknownDomain: "The selected domain is invalid.",
  rangeInvalid: "The from date must be before the to date.",
  rangeTooLong: "The range is too long for this interval.",
  rangeOutsidePlan: "The from date is outside the analytics period of your plan.",
} as const;
