/**
 * Paid plans without any provider key: pricing, the labelled test-mode checkout, the event that
 * activates the subscription, a paid feature unlocking, cancel at period end (grace period) and
 * resume, cancel now, and a declined card.
 */
import type { Page } from "@playwright/test";
import { registerUser } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

function planCard(page: Page, plan: string) {
  return page.locator(`[data-plan="${plan}"]`);
}

async function waitForSubscriptionPage(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/subscription");
        return page.getByTestId("current-plan").or(page.getByText("You are on the Free plan.")).first().textContent();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toContain(text);
}

test("pricing offers the billable plans, yearly by default, in ascending price, with the markers", async ({ page }) => {
  await page.goto("/app/pricing");
  await expect(page.getByRole("link", { name: "Yearly" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("list", { name: "Plans" }).getByRole("heading")).toHaveText(["Basic", "Pro", "Pro 5K", "Enterprise"]);
  await expect(planCard(page, "pro")).toContainText("Most popular");
  await expect(planCard(page, "enterprise")).toContainText("Custom");
  await expect(planCard(page, "enterprise").getByRole("link", { name: "Request a Quote" })).toBeVisible();
  await expect(planCard(page, "pro")).toContainText("$23.20 / month");
  await page.getByRole("link", { name: "Monthly" }).click();
  await expect(planCard(page, "pro")).toContainText("$29 / month");
  await expect(planCard(page, "pro").getByRole("link", { name: "Start 14-day free trial" })).toHaveAttribute(
    "href",
    /\/app\/register\?plan=pro/,
  );
});

test("a free user subscribes through the test-mode checkout; the plan unlocks; cancel, resume, cancel now", async ({ page }) => {
  await registerUser(page);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();

  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);
  await expect(page.getByRole("note")).toContainText("TEST MODE");
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Start Trial" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=/);
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });

  // The paid plan's analytics capability: the bar offers the dashboard instead of My URLs.
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.goto("/app/pricing");
  await expect(planCard(page, "pro")).toContainText("Current plan");

  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("current-plan")).toContainText("Pro");
  await expect(page.getByTestId("current-plan")).toContainText("On trial until");
  await page.getByRole("button", { name: "Cancel at Period End" }).click();
  await waitForSubscriptionPage(page, "Cancelled: your plan stays active until");
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await waitForSubscriptionPage(page, "Renews on");
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await waitForSubscriptionPage(page, "You are on the Free plan.");
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();
});

test("a declined card shows the spec's message and subscribes nobody", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/pricing");
  await planCard(page, "basic").getByRole("button").click();
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /Start Trial|Pay/ }).click();
  await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
  await page.getByLabel("Card number").fill("");
  await page.getByLabel("Cardholder name").fill("");
  await page.getByRole("button", { name: /Start Trial|Pay/ }).click();
  await expect(page.getByText("Cardholder name is required.")).toBeVisible();
  await page.goto("/app/settings/subscription");
  await expect(page.getByText("You are on the Free plan.")).toBeVisible();
});

test("another user's checkout session is not found", async ({ page, browser }) => {
  await registerUser(page);
  await page.goto("/app/pricing");
  await planCard(page, "basic").getByRole("button").click();
  await expect(page).toHaveURL(/test-checkout/);
  const url = page.url();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerUser(otherPage);
  const response = await otherPage.goto(url);
  expect(response?.status()).toBe(404);
  await other.close();
  expect(url.startsWith(BASE_URL)).toBe(true);
});
