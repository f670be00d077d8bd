/**
 * What the browser is sent (decision 001): forms are validated with zod on the server only, so
 * no page ships zod to the browser. A client component that imports a message or a helper from a
 * module that also builds zod schemas at its top level brings all of zod (about 22 kB gzip) into
 * its page's chunks; the `*-rules` modules exist to prevent that. This test loads the hydrated
 * pages that have been hit by it and reads every script each page loads.
 */
import type { Page, Response } from "@playwright/test";
import { devFixture, giveSubscription, registerUser } from "./accounts";
import { expect, test } from "./fixtures";

/** Strings that are in zod's code however it is bundled and minified (its class names). */
const ZOD_MARKERS = ["$ZodType", "ZodError"] as const;

/**
 * Loads `path` and returns each JavaScript file the page loaded (module scripts, preloads, and
 * the route modules imported while hydrating), by URL. The test's context intercepts requests
 * (fixtures.ts), which turns Chromium's HTTP cache off, so every script of every page is fetched
 * and seen here, including the ones an earlier page already loaded.
 */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const bodies = new Map<string, Promise<string>>();
  const onResponse = (response: Response) => {
    const isScript = response.request().resourceType() === "script" || /javascript/.test(response.headers()["content-type"] ?? "");
    if (isScript && response.ok()) bodies.set(response.url(), response.text());
  };
  page.on("response", onResponse);
  try {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("response", onResponse);
  }
  const scripts = new Map<string, string>();
  for (const [url, body] of bodies) scripts.set(url, await body);
  return scripts;
}

/** Loads `path` and asserts that it loads JavaScript (it is hydrated) and that none of it is zod. */
async function expectNoZod(page: Page, path: string): Promise<void> {
  const scripts = await scriptsOf(page, path);
  expect(scripts.size, `${path} loads no JavaScript: the check would prove nothing`).toBeGreaterThan(0);
  const withZod = [...scripts]
    .filter(([, body]) => ZOD_MARKERS.some((marker) => body.includes(marker)))
    .map(([url]) => new URL(url).pathname);
  expect(withZod, `scripts of ${path} that contain zod`).toEqual([]);
}

test("pages ship no validation library to the browser", async ({ page }) => {
  test.setTimeout(60_000);
  // As a guest.
  for (const path of ["/", "/app/my-urls", "/app/password/reset"]) await expectNoZod(page, path);

  // Signed in (a Pro user, email not verified yet, with one link).
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  const { data } = await devFixture(page, { action: "links", email: user.email, count: 1 });
  const [link] = data.links as { id: string }[];
  for (const path of [
    "/app/email/verify",
    "/app/settings/profile",
    "/app/settings/api",
    "/app/settings/api/new",
    `/dashboard/edit/${link!.id}`,
  ]) {
    await expectNoZod(page, path);
  }
});
