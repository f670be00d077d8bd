/**
 * Clicks options (issue 20, docs/decisions/038), end to end in Chromium: the link editor's
 * "Unlimited click tracking" checkbox. A plan without exempt links shows it disabled and refuses a
 * posted tick with its message next to the field; a plan with them saves it. The pricing page
 * states the tracked clicks per link.
 */
import { devFixture, giveSubscription, registerVerifiedUser, type TestUser } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

const NOT_IN_PLAN = "Your plan does not include unlimited click tracking. Upgrade your plan to count every click of a link.";

async function linkOf(page: Page, user: TestUser): Promise<{ id: string; alias: string }> {
  const { data } = await devFixture(page, {
    action: "links",
    email: user.email,
    count: 1,
    aliasPrefix: `ct${Date.now().toString(36)}`,
    url: "https://example.com/clicks",
  });
  return (data.links as { id: string; alias: string }[])[0]!;
}

test.describe("unlimited click tracking", () => {
  test("a plan without exempt links refuses a posted tick next to the field; Pro saves it", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await registerVerifiedUser(page);
    await giveSubscription(page, user.email, { plan: "basic" });
    const link = await linkOf(page, user);

    await page.goto(`/dashboard/edit/${link.id}`);
    const box = page.getByLabel("Unlimited click tracking");
    await expect(box).toBeDisabled();
    await expect(
      page.getByText("Your plan counts 100,000 clicks per link; later clicks redirect but are not counted. Not included in your plan."),
    ).toBeVisible();

    // A crafted post (the box enabled and its marker added in the page) is refused on the server.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="clicksUnlimited"]')!;
      input.disabled = false;
      const marker = document.createElement("input");
      marker.type = "hidden";
      marker.name = "clicksUnlimitedField";
      marker.value = "1";
      input.form!.appendChild(marker);
    });
    await box.check();
    const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/dashboard/edit/${link.id}`));
    await page.getByRole("button", { name: "Save changes" }).click();
    expect((await response).status()).toBe(403);
    await expect(page.getByRole("alert").filter({ hasText: NOT_IN_PLAN })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("refused.png"), fullPage: true });
    await page.goto(`/dashboard/edit/${link.id}`);
    await expect(page.getByLabel("Unlimited click tracking")).not.toBeChecked();

    // Pro allows exempt links: the tick is saved.
    await giveSubscription(page, user.email, { plan: "pro" });
    await page.goto(`/dashboard/edit/${link.id}`);
    await expect(page.getByText("Up to 100 links may count every click.")).toBeVisible();
    await page.getByLabel("Unlimited click tracking").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?done=updated`);
    await page.goto(`/dashboard/edit/${link.id}`);
    await expect(page.getByLabel("Unlimited click tracking")).toBeChecked();
  });

  test("the analytics page of a link that reached the plan's tracked clicks says so", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await registerVerifiedUser(page);
    await giveSubscription(page, user.email, { plan: "basic" });
    const capped = await linkOf(page, user);
    const notice = "This link reached your plan's 100,000 tracked clicks; later clicks redirect but are not counted.";
    await devFixture(page, { action: "tracked-clicks", email: user.email, linkId: capped.id, tracked: 99_999 });
    await page.goto(`/app/analytics/${capped.alias}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(notice)).toHaveCount(0);
    await devFixture(page, { action: "tracked-clicks", email: user.email, linkId: capped.id, tracked: 100_000 });
    await page.goto(`/app/analytics/${capped.alias}`);
    await expect(page.getByTestId("click-limit")).toHaveText(notice);
    await page.screenshot({ path: test.info().outputPath("analytics.png"), fullPage: true });
  });

  test("the pricing page states the tracked clicks per link", async ({ page }) => {
    await page.goto("/app/pricing");
    await expect(page.getByRole("list", { name: "Plans" }).getByText("100,000 tracked clicks per link").first()).toBeVisible();
  });
});
