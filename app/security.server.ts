/**
 * Cross-site request checks for cookie-authenticated state changes: only non-GET methods
 * change state, and those must come from our own origin.
 */
import { READ_METHODS } from "../domain/access";
import { API_MESSAGES } from "../domain/api-messages";
import { STRICT_TRANSPORT_SECURITY } from "../domain/security-headers";
import { SESSION_COOKIE } from "./auth.server";
import { API_BASE } from "./lib/api-protocol";

/**
 * The billing providers' webhook endpoints: posted by the provider's servers, not a browser,
 * and authenticated by their signature instead of a cookie, so the Origin rule does not apply.
 */
export const WEBHOOK_PATHS: ReadonlySet<string> = new Set(["/app/webhooks/stripe", "/paddle/webhook"]);

export function isCrossSiteMutation(request: Request): boolean {
  if (READ_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (WEBHOOK_PATHS.has(url.pathname)) return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin !== url.origin;
  // No Origin header (old clients, some privacy tools): fall back to Fetch Metadata.
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * The 419 answer to a cross-site mutation: JSON {message} for the JSON calls (an /app/api path,
 * or a request that asks for JSON), plain text for a page's form.
 */
export function securityCheckFailure(request: Request): Response {
  const wantsJson =
    new URL(request.url).pathname.startsWith(`${API_BASE}/`) || (request.headers.get("accept") ?? "").includes("application/json");
  if (wantsJson) return Response.json({ message: API_MESSAGES.securityCheck }, { status: 419 });
  return new Response(API_MESSAGES.securityCheck, { status: 419, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** Request bodies up to this size are read to the end when a handler answered without reading them. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads what is left of a request body that the handler did not read (a refusal answered before
 * looking at the upload), so the client's keep-alive connection stays usable: the runtime resets
 * a connection whose request body was left unread, and the client's next request on it fails.
 * Bodies above the limit are cancelled instead; that connection closes, which is acceptable. The
 * limit counts the bytes read, not the Content-Length header (absent when chunked, and a client
 * may send more than it declared): past the limit, reading stops and the rest is cancelled.
 */
export async function drainUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (length > DRAIN_LIMIT_BYTES) {
    await request.body.cancel().catch(() => {});
    return;
  }
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel().catch(() => {});
        return;
      }
    }
  } catch {
    // the client went away: nothing to keep
  }
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // Browsers ignore it on plain HTTP, so local runs are unaffected (docs/decisions/022).
  "strict-transport-security": STRICT_TRANSPORT_SECURITY,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * What a signed-in person's pages and page data hold (their links, a token shown once, staff's view
 * of users) is theirs alone: a response to a request that carries the session cookie, and that sets
 * no caching rule of its own, is `private, no-store`, so that neither a shared cache nor the browser's
 * disk keeps it, and Back after signing out on a shared computer asks the server again.
 */
export function signedInCacheControl(request: Request, headers: Headers): void {
  if (headers.has("cache-control")) return;
  const cookie = request.headers.get("cookie");
  if (cookie !== null && cookie.includes(`${SESSION_COOKIE}=`)) headers.set("cache-control", "private, no-store");
}
