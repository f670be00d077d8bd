/**
 * Access rules of spec 01 §2 as data: the guard letters each route carries, and the pages a
 * user with a past-due trial may still open. Read by the routes' guards and by the tests.
 */

/** L login, G guests only, V verified email or paid, D developer only. */
export type Guard = "L" | "G" | "V" | "D";

/** The past-due page (route subscription.past_due). */
export const PAST_DUE_PATH = "/app/subscribe";

const PAST_DUE_ALLOWED_PREFIXES = ["/app/pricing", "/app/cookies-policy", "/app/privacy-policy", "/app/terms", PAST_DUE_PATH];
/**
 * Calls and endpoints a past-due user still needs: state, logout, consent, the dev mailbox, and
 * Paddle's payment page, where the way out of the past-due page is paid (Stripe's is its own site),
 * and the tax-id form (a billing page without login, docs/decisions/046).
 */
const ALWAYS_ALLOWED_PREFIXES = ["/app/api/", "/app/logout", "/__dev/", "/app/user-photo/", "/paddle/payment", "/user/vatinfo/"];

function matchesPrefix(path: string, prefix: string): boolean {
  return prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

/** A user whose trial is past due is sent to the past-due page except on these paths. */
export function pastDueAllows(path: string): boolean {
  return [...PAST_DUE_ALLOWED_PREFIXES, ...ALWAYS_ALLOWED_PREFIXES].some((prefix) => matchesPrefix(path, prefix));
}

/** The methods that read: no state changes, so no Origin check, no past-due refusal. */
export const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The JSON calls that change something which a user whose trial is past due may still make: paying
 * (the subscription calls, and the password confirmation a sensitive one asks for), and the shell's
 * own (logging out, notifications read, consent, closing a banner, ending an impersonation). Reading is open.
 */
const PAST_DUE_ALLOWED_WRITES = [
  "/app/api/logout",
  "/app/api/settings/subscription",
  "/app/api/user/confirm-password",
  "/app/api/password/confirm",
  "/app/api/notifications/read",
  "/app/api/user/last-read-announcements-at",
  "/app/api/cookies/accept",
  "/app/api/privacy/",
  "/app/api/promo/close",
  "/app/api/trial-reminder/close",
  "/app/api/stop-impersonating",
];

/**
 * The past-due rule for the JSON calls, which a page redirect cannot answer: any other write (a
 * link, a preset, a bulk import, an organization's change...) is refused with 402 'Payment
 * Required' (spec 01 §8), as the pages that make them are refused with the past-due page.
 */
export function pastDueAllowsCall(method: string, path: string): boolean {
  return READ_METHODS.has(method.toUpperCase()) || PAST_DUE_ALLOWED_WRITES.some((prefix) => matchesPrefix(path, prefix));
}
