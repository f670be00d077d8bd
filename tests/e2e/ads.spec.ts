/**
 * Ads for non-subscribers (spec 01 §1, spec 02 §1 and §3; docs/decisions/041). The service under
 * test has no ad provider: a browser plays a deployment with ads on through the local dev client
 * fixture, which serves a labelled stand-in of the provider's script from our own origin.
 */
import { devFixture, giveSubscription, registerUser } from "./accounts";
import { acceptCookies, cookieBanner, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

const adUnit = (page: Page) => page.getByRole("complementary", { name: "Advertisement" });
const privacyManager = (page: Page) => page.getByRole("navigation", { name: "Footer" }).getByRole("button", { name: "Privacy Manager" });

test("a deployment without an ad provider shows no ad and no privacy manager", async ({ page }) => {
  await acceptCookies(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(adUnit(page)).toHaveCount(0);
  await expect(privacyManager(page)).toHaveCount(0);
  await expect(page.locator('script[src*="ads"]')).toHaveCount(0);
});

test.describe("with ads on", () => {
  test.beforeEach(async ({ page }) => {
    await devFixture(page, { action: "client", ads: true });
  });

  test("no ad loads before cookie consent; after it a guest sees the ad unit, and the footer has the privacy manager", async ({ page }) => {
    const adScripts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/__dev/ads.js")) adScripts.push(request.url());
    });
    await page.goto("/");
    await expect(cookieBanner(page)).toBeVisible();
    await expect(adUnit(page)).toHaveCount(0);
    await expect(privacyManager(page)).toBeVisible();
    expect(adScripts).toEqual([]);

    await cookieBanner(page).getByRole("button", { name: "Accept" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    await page.goto("/");
    await expect(adUnit(page)).toContainText("Advertisement (local stand-in)");
    expect(adScripts.length).toBeGreaterThan(0);
  });

  test("the do-not-sell choice removes the ad", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/app/features/link-management");
    await expect(adUnit(page)).toContainText("Advertisement (local stand-in)");
    await page.getByRole("button", { name: "Do Not Sell My Personal Information" }).click();
    await page.getByRole("checkbox", { name: "Do not sell or share my personal information" }).check();
    await page.getByRole("button", { name: "Save my choice" }).first().click();
    await expect(page.getByText("Current choice: opted out of sale and sharing")).toBeAttached();
    await expect(adUnit(page)).toHaveCount(0);
  });

  test("strict privacy from the privacy manager removes the ad for good (a cookie that never expires)", async ({ page, context }) => {
    await acceptCookies(page);
    await page.goto("/app/features/link-management");
    await expect(adUnit(page)).toBeVisible();
    await privacyManager(page).click();
    const dialog = page.getByRole("dialog", { name: "Privacy Manager" });
    await dialog.getByLabel("Strict privacy: load no advertising").check();
    await dialog.getByRole("button", { name: "Save my choice" }).click();
    await expect(page).toHaveURL(/\/app\/features\/link-management$/);
    await expect(adUnit(page)).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === "strict_private");
    expect(cookie?.value).toBeTruthy();
    // "Never expires": far beyond a year (browsers clamp the far date to their own maximum, 400 days).
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(380 * 24 * 3600 * 1000);
    await page.reload();
    await expect(adUnit(page)).toHaveCount(0);
  });

  test("a subscriber sees no ad", async ({ page }) => {
    const user = await registerUser(page);
    await page.goto("/app/settings/profile");
    await expect(adUnit(page)).toBeVisible();
    await giveSubscription(page, user.email);
    await page.goto("/app/settings/profile");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(adUnit(page)).toHaveCount(0);
  });
});

test("the local stand-in of the ad script answers in local runs (404 in production: production-safety.spec.ts)", async ({ request }) => {
  const response = await request.get("/__dev/ads.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("javascript");
});
