/**
 * Unknown paths go to the homepage, old aliases to their new pages, and the help, helpdesk,
 * support and blog paths to the addresses configured in wrangler.toml.
 */
import type { APIRequestContext } from "@playwright/test";
import { BASE_URL, expect, expectLandedAt, test, wranglerVar } from "./fixtures";

/** The first hop of a redirect: its status and its Location resolved against the request. */
async function firstHop(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const location = response.headers()["location"];
  return { status: response.status(), location: location === undefined ? undefined : new URL(location, `${BASE_URL}${path}`).href };
}

function expectRedirectStatus(status: number) {
  expect([301, 302, 303, 307, 308], `a redirect status, got ${status}`).toContain(status);
}

test.describe("unknown paths", () => {
  for (const path of ["/app/does-not-exist", "/some/deep/path"]) {
    test(`${path} redirects to the homepage`, async ({ request, page }) => {
      const hop = await firstHop(request, path);
      // 302, not 301: a path unknown today may be a page tomorrow, and browsers keep a 301 for ever.
      expect(hop.status).toBe(302);
      expect(hop.location).toBe(`${BASE_URL}/`);

      await page.goto(path);
      await expect(page).toHaveURL(`${BASE_URL}/`);
      await expect(page.getByLabel("Enter a long URL to make it short")).toBeVisible();
    });
  }
});

test.describe("old aliases", () => {
  const ALIASES: [string, string][] = [
    ["/app/myurls", "/app/my-urls"],
    ["/app/myurls/clear-history", "/app/my-urls/clear-history"],
    ["/app/features/branded", "/app/features/branded-domains"],
    ["/app/features/custom-domains", "/app/features/branded-domains"],
    ["/app/features/analytics", "/app/features/link-analytics"],
    ["/app/features/howit", "/app/features/how-snip-works"],
    ["/app/features/aboutus", "/app/features/about-us"],
    ["/app/signup", "/app/pricing"],
    ["/app/features", "/app/pricing"],
    ["/app/analytics/download", "/app"],
  ];
  for (const [from, to] of ALIASES) {
    test(`${from} redirects to ${to}`, async ({ request }) => {
      const hop = await firstHop(request, from);
      // An old alias has moved for good.
      expect(hop.status).toBe(301);
      expect(hop.location).toBe(`${BASE_URL}${to}`);
    });
  }

  test("a browser following /app/myurls ends on My URLs", async ({ page }) => {
    await page.goto("/app/myurls");
    await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My URLs");
  });
});

test.describe("external addresses", () => {
  const EXTERNAL: [string, string][] = [
    ["/app/help", "HELP_URL"],
    ["/app/helpdesk", "HELPDESK_URL"],
    ["/app/freescout", "FREESCOUT_URL"],
    ["/app/blog", "BLOG_URL"],
  ];
  for (const [path, variable] of EXTERNAL) {
    test(`${path} redirects to ${variable}`, async ({ request }) => {
      const target = wranglerVar(variable);
      expect(target).toMatch(/^https:\/\//);
      const hop = await firstHop(request, path);
      expectRedirectStatus(hop.status);
      expect(hop.location).toBe(target);
    });
  }

  test("the Blog link in the navigation lands on the blog", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expectLandedAt(page, wranglerVar("BLOG_URL"));
  });
});
