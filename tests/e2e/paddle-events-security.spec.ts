/**
 * Security of billing events at Paddle (run by playwright.paddle.config.ts):
 *
 * - A subscription's owner is the Snip user whose Paddle customer it is (recorded when Snip made
 *   the customer at checkout), never `custom_data.user_id`: custom data is writable from outside
 *   Snip (Paddle.js checkouts pass it from the browser), so a notification whose custom_data names
 *   another user must not give that user the subscription, nor overwrite theirs.
 * - A burst of changes whose notifications share one `occurred_at`, arriving in any order, ends
 *   in the subscription Paddle has at the end (docs/decisions/021).
 */
import type { Page } from "@playwright/test";
import { registerUser, type TestUser } from "./accounts";
import { currentPlan, settlesOn, stubBurst, stubUrl, userId } from "./billing";
import { expect, interceptExternalHosts, test } from "./fixtures";

/** A new user subscribed to Pro (monthly) through Paddle's checkout on /paddle/payment. */
async function subscribedToPro(page: Page): Promise<TestUser> {
  const user = await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await page.locator('[data-plan="pro"]').getByRole("button").click();
  await expect(page).toHaveURL(/\/paddle\/payment\?_ptxn=txn_/);
  const overlay = page.getByRole("dialog", { name: "Paddle checkout" });
  await overlay.getByLabel("Card number").fill("4242 4242 4242 4242");
  await overlay.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
  return user;
}

test("custom_data naming another user gives them nothing: the owner is the stored customer's user", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The victim: a free user in a browser of their own.
  const victimContext = await browser.newContext();
  await interceptExternalHosts(victimContext);
  const victimPage = await victimContext.newPage();
  await registerUser(victimPage);
  const victimId = await userId(victimPage);

  // A subscription of a Paddle customer that is no Snip user's, whose custom data claims the victim.
  const stranger = `stranger-${Date.now().toString(36)}@example.com`;
  const made = await page.request.post(
    `${stubUrl("paddle")}/__stub/subscriptions?email=${encodeURIComponent(stranger)}&lookup_key=snip_pro5k_yearly`,
    { data: JSON.stringify({ user_id: victimId }), headers: { "content-type": "application/json" } },
  );
  expect(made.status()).toBe(201);
  await stubBurst(page, "paddle", stranger, [{}]);
  await page.waitForTimeout(3000);
  expect(await currentPlan(victimPage), "the victim's plan").toContain("You are on the Free plan.");

  // The attacker subscribes to Pro, then writes the victim's id into the subscription's custom data.
  const attacker = await subscribedToPro(page);
  await stubBurst(page, "paddle", attacker.email, [{ custom_data: { user_id: victimId } }]);
  await page.waitForTimeout(3000);
  expect(await currentPlan(victimPage), "the victim's plan").toContain("You are on the Free plan.");

  // The attacker's later changes stay the attacker's (and show once the notifications before them were handled).
  await stubBurst(page, "paddle", attacker.email, [{ cancel_at_period_end: true }]);
  await settlesOn(page, "Cancelled: your plan stays active until");
  expect(await currentPlan(page)).toContain("Pro · Monthly, $29.00");
  // Neither subscription became the victim's.
  expect(await currentPlan(victimPage), "the victim's plan").toContain("You are on the Free plan.");
  await victimContext.close();
});

test("a burst of notifications with one occurred_at ends in Paddle's final state, in whichever order they arrive", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await subscribedToPro(page);

  // Cancelled at the period's end and resumed at the same moment: Paddle ends renewing.
  const resumed = await stubBurst(page, "paddle", user.email, [{ cancel_at_period_end: true }, { cancel_at_period_end: false }]);
  expect(new Set(resumed.map((body) => (JSON.parse(body) as { occurred_at: string }).occurred_at)).size).toBe(1);
  await settlesOn(page, "Renews on");
  expect(await currentPlan(page)).toContain("Pro · Monthly, $29.00");

  // Changed to Pro 5K yearly, then cancelled; the notifications arrive newest first.
  await stubBurst(page, "paddle", user.email, [{ lookup_key: "snip_pro5k_yearly" }, { cancel_at_period_end: true }], "reverse");
  await settlesOn(page, "Cancelled: your plan stays active until");
  expect(await currentPlan(page)).toContain("Pro 5K");

  // Resumed and back to Pro monthly, in order: Paddle's last state again.
  await stubBurst(page, "paddle", user.email, [{ cancel_at_period_end: false }, { lookup_key: "snip_pro_monthly" }]);
  await settlesOn(page, "Pro · Monthly, $29.00");
  expect(await currentPlan(page)).toContain("Renews on");
});
