/**
 * Pixel scripts on the hot path (issue 20, docs/decisions/047). A link whose record carries
 * pixels answers a human visitor with a minimal page that fires them and forwards at once; a
 * bot (the same rule the clicks consumer counts bots by: no User-Agent, or isbot's) and every
 * link without pixels keep the plain 302. The click is counted by the caller exactly as for the
 * 302: the page forwards straight to the destination, never back through the short link.
 *
 * Each pixel fires as an image request to its kind's documented no-script endpoint
 * (domain/pixels.ts), so no third-party script runs on the short host's origin; the page's only
 * script is the fixed one below, allowed by a per-response nonce. The CSP allows images from the
 * pixels' hosts only.
 */
import { isbot } from "isbot";
import { pixelImageHosts, pixelRequestUrl, type PixelTag } from "../../../domain/pixels";
import { STRICT_TRANSPORT_SECURITY, X_ROBOTS_TAG } from "../../../domain/security-headers";

/** The longest the page waits for the pixels before it forwards anyway. */
export const PIXEL_WAIT_MS = 1_500;

/** The destination (and the pixels' hosts) see the short host's origin, never the alias. */
export const PIXEL_PAGE_REFERRER_POLICY = "strict-origin";

/** Whether this visit gets the pixel page: the same bot rule as domain/click-facts.ts. */
export function firesPixels(request: Request): boolean {
  const ua = request.headers.get("user-agent") ?? "";
  return ua !== "" && !isbot(ua);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Waits for every image (loaded or failed) or PIXEL_WAIT_MS, then replaces this page with the
 * destination (read from the Continue link, so no URL is ever written into script).
 */
const SCRIPT =
  `(function(){var a=document.getElementById("go").href,m=document.images,n=m.length,d=0,t=0;` +
  `function go(){if(!t){t=1;location.replace(a)}}function one(){if(++d>=n)go()}` +
  `for(var k=0;k<n;k++){if(m[k].complete)one();else m[k].onload=m[k].onerror=one}` +
  `if(!n)go();setTimeout(go,${PIXEL_WAIT_MS})})();`;

const STYLE =
  "body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#475569;display:flex;min-height:100vh;align-items:center;justify-content:center}a{color:#4f46e5;font-weight:600}";

/**
 * The page for `location` (the destination, query forwarded) firing `pixels`; `requestUrl` is the
 * short link's URL as visited. The pixels are told the short link (origin and alias, which is what
 * the link's owner measures), never its query or fragment, which may carry a visitor's data.
 */
export function pixelPage(location: string, pixels: readonly PixelTag[], requestUrl: string): Response {
  const visited = new URL(requestUrl);
  const page = `${visited.origin}${visited.pathname}`;
  const n = nonce();
  const to = escapeHtml(location);
  const images = pixels.map((tag) => `<img src="${escapeHtml(pixelRequestUrl(tag, page))}" alt="" width="1" height="1" hidden>`).join("");
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>Redirecting…</title>` +
    `<noscript><meta http-equiv="refresh" content="0;url=${to}"></noscript>` +
    `<style nonce="${n}">${STYLE}</style></head>` +
    `<body>${images}<p>Redirecting… <a id="go" href="${to}" rel="noreferrer">Continue</a></p>` +
    `<script nonce="${n}">${SCRIPT}</script></body></html>`;
  const policy = [
    "default-src 'none'",
    `img-src ${pixelImageHosts(pixels).join(" ")}`,
    `script-src 'nonce-${n}'`,
    `style-src 'nonce-${n}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": X_ROBOTS_TAG,
      "strict-transport-security": STRICT_TRANSPORT_SECURITY,
      "content-security-policy": policy,
      "x-content-type-options": "nosniff",
      "referrer-policy": PIXEL_PAGE_REFERRER_POLICY,
    },
  });
}
