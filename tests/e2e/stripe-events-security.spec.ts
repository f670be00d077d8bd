/**
 * Security of billing events at Stripe (run by playwright.stripe.config.ts): Stripe stamps events
 * in whole seconds, so a burst of changes shares one `created`, and its events arrive in any
 * order. Whatever the order, the subscription Snip keeps is the one Stripe has at the end (each
 * event is applied as the subscription is at Stripe when it arrives, docs/decisions/021), never
 * the first of the burst that happened to arrive.
 */
import { registerUser } from "./accounts";
import { currentPlan, settlesOn, stubBurst, stubUrl, userId } from "./billing";
import { expect, test } from "./fixtures";

function createdOf(events: string[]): number[] {
  return events.map((body) => (JSON.parse(body) as { created: number }).created);
}

test("a burst of same-second events ends in Stripe's final state, in whichever order they arrive", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await registerUser(page);
  // A Pro subscription at Stripe, made by the checkout in production (here without one).
  const made = await page.request.post(
    `${stubUrl("stripe")}/__stub/subscriptions?email=${encodeURIComponent(user.email)}&lookup_key=snip_pro_monthly&user_id=${await userId(page)}`,
  );
  expect(made.status()).toBe(200);

  // Cancelled at the period's end and resumed within one second: Stripe ends renewing.
  const resumed = await stubBurst(page, "stripe", user.email, [{ cancel_at_period_end: true }, { cancel_at_period_end: false }]);
  expect(new Set(createdOf(resumed)).size).toBe(1);
  await settlesOn(page, "Renews on");
  expect(await currentPlan(page)).toContain("Pro · Monthly, $29.00");

  // Changed to Pro 5K yearly, then cancelled, in one second; the events arrive newest first.
  const cancelled = await stubBurst(
    page,
    "stripe",
    user.email,
    [{ lookup_key: "snip_pro5k_yearly" }, { cancel_at_period_end: true }],
    "reverse",
  );
  expect(new Set(createdOf(cancelled)).size).toBe(1);
  await settlesOn(page, "Cancelled: your plan stays active until");
  expect(await currentPlan(page)).toContain("Pro 5K · Yearly");

  // Resumed and changed back to Pro monthly in one second, in order: Stripe's last state again.
  await stubBurst(page, "stripe", user.email, [{ cancel_at_period_end: false }, { lookup_key: "snip_pro_monthly" }]);
  await settlesOn(page, "Pro · Monthly, $29.00");
  expect(await currentPlan(page)).toContain("Renews on");
});
