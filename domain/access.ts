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
