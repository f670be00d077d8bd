/**
 * The pages a visitor sees when a short link does not redirect. Plain HTML with the
 * product's look (no React on the hot path); the 404 page offers to shorten a link.
 */
import { STRICT_TRANSPORT_SECURITY, X_ROBOTS_TAG } from "../../../domain/security-headers";
const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;min-height:100vh;display:flex;flex-direction:column}
header{background:#fff;border-bottom:1px solid #e2e8f0;padding:14px 24px}header a{font-weight:800;font-size:22px;color:#4f46e5;text-decoration:none;letter-spacing:-.02em}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:32px 16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px;max-width:560px;width:100%;box-shadow:0 10px 30px -15px rgba(15,23,42,.25)}
h1{margin:0 0 8px;font-size:28px;letter-spacing:-.02em}p{color:#475569;line-height:1.6;margin:0 0 16px}
form{display:flex;gap:8px;flex-wrap:wrap}label{width:100%;font-weight:600;font-size:14px}
input{flex:1;min-width:220px;padding:12px 14px;border:1px solid #cbd5e1;border-radius:10px;font-size:16px}
button,.button{background:#4f46e5;color:#fff;border:0;border-radius:10px;padding:12px 18px;font-size:16px;font-weight:600;cursor:pointer;text-decoration:none;display:inline-block}
footer{text-align:center;color:#64748b;font-size:13px;padding:16px}footer a{color:#64748b}`;

/**
 * The pages run no script and load nothing: their only inline style is allowed, their one form
 * may post only to the app, and no site may frame them (docs/decisions/022).
 */
function pagePolicy(appOrigin: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${appOrigin}; base-uri 'none'; frame-ancestors 'none'`;
}

function page(status: number, title: string, body: string, appOrigin: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Snip</title><style>${STYLE}</style></head><body><header><a href="${appOrigin}/">Snip</a></header><main><div class="card">${body}</div></main><footer>© Snip · <a href="${appOrigin}/app/terms">Terms</a> · <a href="${appOrigin}/app/privacy-policy">Privacy Policy</a></footer></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": X_ROBOTS_TAG,
      "strict-transport-security": STRICT_TRANSPORT_SECURITY,
      "content-security-policy": pagePolicy(appOrigin),
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    },
  });
}

function shortenForm(appOrigin: string): string {
  return `<form method="post" action="${appOrigin}/?index"><label for="url">Shorten a link</label><input id="url" name="url" type="url" placeholder="Paste a long URL" required><button type="submit">Shorten</button></form>`;
}

export function notFoundPage(appOrigin: string): Response {
  return page(
    404,
    "Link not found",
    `<h1>This short link doesn't exist</h1><p>Check that you typed it correctly: short links are case-sensitive. Or make one of your own.</p>${shortenForm(appOrigin)}`,
    appOrigin,
  );
}

export function expiredPage(appOrigin: string): Response {
  return page(
    410,
    "Link expired",
    `<h1>This link has expired</h1><p>Its owner set it to stop working after a date, and that date has passed. The destination is no longer shared through this link.</p><a class="button" href="${appOrigin}/">Shorten a link</a>`,
    appOrigin,
  );
}

export function archivedPage(appOrigin: string): Response {
  return page(
    410,
    "Link archived",
    `<h1>This link is not active</h1><p>Its owner has archived it, so it no longer redirects.</p><a class="button" href="${appOrigin}/">Shorten a link</a>`,
    appOrigin,
  );
}

/**
 * A host that reaches us but serves nothing (docs/decisions/035): unknown, not verified yet, or
 * whose verification has lapsed. It names no owner and shows no link.
 */
export function unknownHostPage(appOrigin: string): Response {
  return page(
    404,
    "Domain not connected",
    `<h1>This domain isn't serving short links</h1><p>It is not connected to Snip, or its owner's setup is not finished or no longer verified. No short link is available here.</p><a class="button" href="${appOrigin}/">Go to Snip</a>`,
    appOrigin,
  );
}

/** `/` of a branded domain or vanity subdomain without a root redirect. */
export function hostHomePage(appOrigin: string): Response {
  return page(
    200,
    "Short links",
    `<h1>This domain serves short links</h1><p>Short links on this domain are made with Snip. Open a full short link to reach its destination.</p><a class="button" href="${appOrigin}/">Shorten a link</a>`,
    appOrigin,
  );
}

/** A link held by trust and safety (docs/decisions/036): its link, its account or its destination's domain. */
export function terminatedPage(appOrigin: string): Response {
  return page(
    451,
    "Link disabled",
    `<h1>This link has been disabled</h1><p>It was found to break Snip's <a href="${appOrigin}/app/terms">terms of service</a> (for example by leading to spam, phishing or malware), so it no longer redirects. Be careful if someone sent it to you.</p><a class="button" href="${appOrigin}/">Shorten a link</a>`,
    appOrigin,
  );
}
