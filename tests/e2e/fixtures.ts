/**
 * Shared pieces of the end-to-end tests: the base URL, the interception of external hosts
 * (the machine has no internet), and helpers that act as a user would.
 */
import "./connections";
import { readFileSync } from "node:fs";
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 8790);
export const BASE_URL = `http://localhost:${PORT}`;
/** Origin header of a same-site form post. */
export const SAME_ORIGIN = { Origin: BASE_URL };

/**
 * A new API request context for the service (`baseURL` BASE_URL unless `options` name another);
 * the caller disposes of it. Each of its requests opens a connection of its own
 * (tests/e2e/connections.ts).
 */
export function apiContext(options: Parameters<typeof playwrightRequest.newContext>[0] = {}): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: BASE_URL, ...options });
}

/** A random short link on the default domain: the origin, then 8 characters of [A-Za-z0-9]. */
export const SHORT_LINK = new RegExp(`^${BASE_URL.replace(/[.]/g, "\\.")}/[A-Za-z0-9]{8}$`);

export const SEO_TITLE = "Snip — Short links, QR codes and link analytics";
export const SEO_DESCRIPTION =
  "Snip shortens long links into short, memorable ones you can share anywhere, with custom aliases, QR codes, link expiry and click analytics.";

export const MESSAGES = {
  urlRequired: "The URL field is required.",
  urlScheme: "Only http and https links can be shortened.",
  urlUserinfo: "Links with a username or password in them can't be shortened.",
  urlOwnHost: "This is already a Snip link; shortening it again would create a loop.",
  urlShortener: "Links to other URL shorteners can't be shortened.",
  emailInvalid: "The email must be a valid email address.",
} as const;

/** The seven feature pages, in menu order. */
export const FEATURE_PAGES = [
  { path: "/app/features/link-management", label: "Link Management" },
  { path: "/app/features/custom-links", label: "Custom Links" },
  { path: "/app/features/branded-domains", label: "Branded Domains" },
  { path: "/app/features/link-analytics", label: "Link Analytics" },
  { path: "/app/features/free-domains", label: "Free Domains" },
  { path: "/app/features/how-snip-works", label: "How Snip Works" },
  { path: "/app/features/about-us", label: "About Us" },
] as const;

/** A variable of the app worker, as configured in wrangler.toml ([vars]). */
export function wranglerVar(name: string): string {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const match = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m").exec(toml);
  if (!match) throw new Error(`wrangler.toml has no ${name}`);
  return match[1]!;
}

// ---------------------------------------------------------------------------------------------
// External hosts
// ---------------------------------------------------------------------------------------------

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The text the stand-in page of an external host shows. */
export function landedText(url: string): string {
  return `landed at ${url}`;
}

/**
 * Every request to a host other than the local service is answered by a stand-in page that
 * names the URL it was asked for, so a test can assert where the browser landed.
 */
export async function interceptExternalHosts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !LOCAL_HOSTS.has(url.hostname),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html><head><title>External</title></head><body><h1 id="landed">${escapeHtml(landedText(route.request().url()))}</h1></body></html>`,
      }),
  );
}

/** Asserts the page is the stand-in of an external URL (exactly this one). */
export async function expectLandedAt(page: Page, url: string): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(page.locator("#landed")).toHaveText(landedText(url));
}

/**
 * Follows a link to `url` as a visitor does: a click on a link (from a fresh, blank document).
 *
 * Why not `page.goto(url)`: with the system Chromium, the redirect of a browser-initiated
 * navigation (goto, or a script setting location) to another site is not handed to the
 * request interception, so Chromium tries DNS for the external host and fails
 * (net::ERR_NAME_NOT_RESOLVED; see microsoft/playwright#33882 and #39480). A link click from a
 * blank document is intercepted reliably, with JavaScript on or off.
 */
export async function followLink(page: Page, url: string): Promise<void> {
  await page.goto("about:blank");
  await page.setContent(`<!doctype html><a id="follow-link" href="${escapeHtml(url)}">follow</a>`);
  await page.locator("#follow-link").click();
}

/** `test` with external hosts intercepted in every browser context. */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await interceptExternalHosts(context);
    await provide(context);
  },
});

export { expect };

// ---------------------------------------------------------------------------------------------
// The shorten form and its result view
// ---------------------------------------------------------------------------------------------

export function urlField(page: Page): Locator {
  return page.getByLabel("Enter a long URL to make it short");
}

/** The element right under the URL field: where its error is announced. */
export function urlFieldMessage(page: Page): Locator {
  return urlField(page).locator("xpath=following-sibling::*[1]");
}

/** Asserts the URL field shows this error, in the alert right under it, tied to the field. */
export async function expectUrlError(page: Page, message: string): Promise<void> {
  const field = urlField(page);
  const alert = urlFieldMessage(page);
  await expect(alert).toHaveText(message);
  await expect(alert).toHaveAttribute("role", "alert");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const alertId = await alert.getAttribute("id");
  expect(alertId, "the alert has an id the field can point to").toBeTruthy();
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`(^|\\s)${alertId!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`));
}

export function resultView(page: Page): Locator {
  return page.getByTestId("result");
}

export function shortLinkField(page: Page): Locator {
  return page.getByLabel("Your short link");
}

/** Types a URL into the home page form and submits it (the page must show the form). */
export async function submitUrl(page: Page, url: string): Promise<void> {
  await urlField(page).fill(url);
  await page.getByRole("button", { name: "Shorten" }).click();
}

/**
 * Shortens `url` from the homepage, as a guest, and returns the short link the result view
 * shows. Works with JavaScript on and off.
 */
export async function shorten(page: Page, url: string): Promise<string> {
  await page.goto("/");
  await submitUrl(page, url);
  await expect(resultView(page)).toBeVisible();
  const shortUrl = await shortLinkField(page).inputValue();
  expect(shortUrl).toMatch(SHORT_LINK);
  return shortUrl;
}

// ---------------------------------------------------------------------------------------------
// My URLs
// ---------------------------------------------------------------------------------------------

/** The entry of My URLs for this short link. */
export function recentLink(page: Page, shortUrl: string): Locator {
  return page
    .getByRole("list", { name: "Recent links" })
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="${shortUrl}"]`) });
}

// ---------------------------------------------------------------------------------------------
// Cookie banner
// ---------------------------------------------------------------------------------------------

export function cookieBanner(page: Page): Locator {
  return page.getByRole("region", { name: "Cookie consent" });
}

/**
 * Accepts cookies through the banner, as a visitor does, on a page without client-side routing
 * (a plain form post), so that tests about other things start without the banner.
 */
export async function acceptCookies(page: Page): Promise<void> {
  await page.goto("/app/cookies-policy");
  await cookieBanner(page).getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/cookies-policy`);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(cookieBanner(page)).toHaveCount(0);
}

/**
 * The header that makes a local request come from `country` as Cloudflare's edge would say it
 * (`request.cf.country`): Miniflare builds `request.cf` from `MF-CF-Blob`. Only Miniflare reads
 * it; in production `request.cf` comes from the edge alone, and a client's `CF-IPCountry` counts
 * for nothing (tests/redirect/redirect.test.ts).
 */
export function fromCountry(country: string): Record<string, string> {
  return { "mf-cf-blob": JSON.stringify({ country }) };
}
