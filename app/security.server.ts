/**
 * Cross-site request checks for cookie-authenticated state changes: only non-GET methods
 * change state, and those must come from our own origin.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  const origin = request.headers.get("origin");
  if (origin !== null) return origin !== url.origin;
  // No Origin header (old clients, some privacy tools): fall back to Fetch Metadata.
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};
