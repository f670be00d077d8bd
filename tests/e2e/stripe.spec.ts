/**
 * Billing through Stripe (the real SDK against the local Stripe stub, which speaks Stripe's
 * wire format and signs its webhooks with the SDK's test signer): run by
 * playwright.stripe.config.ts, which starts the service with STRIPE_* set.
 *
 * A free user subscribes through Stripe Checkout, the webhook activates the plan and a paid
 * feature unlocks; the card shows on the payment-method page; the plan changes (prorated,
 * invoiced); cancel at period end and resume; a declining card on file makes a plan change
 * fail with the spec's 402 message; cancel now. A downgrade is a subscription schedule: shown as
 * scheduled, cancelled (released), and applied when the stub plays the period's end. And the webhook endpoint itself: bad
 * signatures and stale timestamps are refused with nothing written, duplicates and old events
 * change nothing. Coupons: a remembered one discounts the first invoice only; an unknown one, or
 * one the Stripe account lacks, applies nothing and the checkout goes on. Domain orders
 * (docs/decisions/049): paid through a payment-mode Checkout Session, registered and added as a
 * branded domain; a failed registration refunded once at Stripe; forged, unsigned and foreign
 * webhooks change nothing; a double click makes one session.
 */
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { STUB_SECRET_KEY, STUB_WEBHOOK_SECRET } from "../stubs/stripe-server";
import { apiLogin, devFixture, newUser, registerUser, registerVerifiedUser, STAFF } from "./accounts";
import { invoiceRows, stubBurst, stubUrl, subscribeCall, type BurstChange } from "./billing";
import { apiContext, BASE_URL, expect, test } from "./fixtures";
import {
  addDomainToCart,
  expectBrandedDomain,
  expectPartlyRefunded,
  orderIdOf,
  orderStatus,
  startOrderStubs,
  subscriberWithDomainInCart,
  uniqueDomain,
  waitForOrderStatus,
  type OrderStubs,
} from "./domain-orders";
import { registerByForm } from "./organizations";

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

/** Until the subscription page shows no scheduled downgrade. */
async function waitForNothingScheduled(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/subscription");
        return page.getByTestId("scheduled-downgrade").count();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe(0);
}

async function waitForCard(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/payment-method");
        return page.getByTestId("card-on-file").textContent();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toContain(text);
}

test("subscribe through Stripe Checkout, change plan, cancel and resume, a declined card, cancel now", async ({ page }) => {
  test.setTimeout(120_000);
  await registerUser(page);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();

  // Checkout: the stub's hosted page (Stripe's, in production), then back to the success page.
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
  await expect(page.getByRole("note")).toContainText("Stripe stub");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=cs_test_/);
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });

  // The paid plan's analytics capability: the bar offers the dashboard instead of My URLs.
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("current-plan")).toContainText("On trial until");

  // The card from the checkout's event, and the billing entries of the sidebar.
  await waitForCard(page, "Visa ending in 4242, expires 12/2034 (US)");
  const sidebar = page.getByRole("navigation", { name: "Account settings" });
  await expect(sidebar.getByRole("link", { name: "Payment Method" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Invoices" })).toBeVisible();

  // Change plan: the confirm page, then verification until the webhook shows it.
  await page.goto("/app/pricing?interval=yearly");
  await planCard(page, "pro5k").getByRole("button").click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/update\/pro5k\/yearly$/);
  await expect(page.getByTestId("plan-change")).toContainText("Pro 5K, $470.40 a year");
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/update\/verification\?plan=pro5k&interval=yearly/);
  await expect(page.getByText("Your plan is now Pro 5K.")).toBeVisible({ timeout: 30_000 });

  // The prorated charge is Stripe's invoice.
  await page.goto("/app/settings/invoices");
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText("$470.40");
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText("Paid");

  // Cancel at the period's end: a grace period; then resume.
  await page.goto("/app/settings/subscription/cancel");
  await page.getByRole("button", { name: "Cancel at Period End" }).click();
  await waitForSubscriptionPage(page, "Cancelled: your plan stays active until");
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await waitForSubscriptionPage(page, "Renews on");

  // A card that declines, put on file through the Billing Portal: the next charge fails (402).
  await page.goto("/app/settings/payment-method");
  await page.getByRole("button", { name: "Update Payment Method" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/portal\/bps_/);
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/payment-method\?updated=1$/);
  await waitForCard(page, "Visa ending in 0002");
  // (Pro 5K monthly: the same plan's other interval changes at once, so it is charged.)
  await page.goto("/app/settings/subscription/update/pro5k/monthly");
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
  await waitForSubscriptionPage(page, "Pro 5K");

  // Cancel now: back to Free, the paid feature gone.
  await page.goto("/app/settings/subscription/cancel/now");
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await waitForSubscriptionPage(page, "You are on the Free plan.");
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();
});

test("a downgrade at Stripe waits for the period's end: shown as scheduled, cancelled, then applied when the period ends", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = await registerVerifiedUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
  const stub = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
  await page.goto("/app/settings/subscription");
  const trialEnd = /On trial until ([^.]+)\./.exec((await page.getByTestId("current-plan").textContent()) ?? "")?.[1];
  expect(trialEnd).toBeTruthy();
  const apiNotInPlan = page.getByText("API access is not included in your plan.");

  // Pro to Basic: a subscription schedule at Stripe; Pro stays until the period (the trial) ends.
  await page.goto("/app/settings/subscription/update/basic/monthly");
  await expect(page.getByText(`The change takes effect at the end of your current period, on ${trialEnd}.`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await waitForSubscriptionPage(page, `Your plan changes to Basic (Monthly) on ${trialEnd}.`);
  await expect(page.getByTestId("current-plan")).toContainText("Pro · Monthly, $29.00");
  await expect(page.getByRole("button", { name: "Cancel Scheduled Downgrade" })).toBeVisible();
  // Pro's API access remains until then.
  await page.goto("/app/settings/api");
  await expect(page.getByRole("link", { name: "Create Token" })).toBeVisible();
  await expect(apiNotInPlan).toHaveCount(0);

  // Cancelled: the schedule is released, nothing is scheduled, and at the period's end Pro renews.
  await page.goto("/app/settings/subscription");
  await page.getByRole("button", { name: "Cancel Scheduled Downgrade" }).click();
  await waitForNothingScheduled(page);
  /** The period ends at the stub; the value is the subscription's prices after it (by lookup key). */
  const endPeriod = async () => {
    const response = await page.request.post(`${stub}/__stub/end-period?email=${encodeURIComponent(user.email)}`);
    const { ended } = (await response.json()) as { ended: { lookup_keys: string[] }[] };
    expect(ended).toHaveLength(1);
    return ended[0]!.lookup_keys;
  };
  // The metered overage item rides along, before and after a downgrade.
  expect(await endPeriod()).toEqual(["snip_pro_monthly", "snip_overage"]);
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/subscription");
        return page.getByTestId("current-plan").textContent();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .not.toContain("On trial until");
  await expect(page.getByTestId("current-plan")).toContainText("Pro · Monthly, $29.00");
  await expect(page.getByTestId("current-plan")).toContainText("Renews on");
  await expect(page.getByTestId("scheduled-downgrade")).toHaveCount(0);
  await page.goto("/app/settings/invoices");
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText("$29.00");

  // Downgraded again, then cancelled at the period's end with the schedule attached (released
  // first, as Stripe requires): a grace period and nothing scheduled; resumed, Pro renews.
  const downgrade = async () => {
    await page.goto("/app/settings/subscription/update/basic/monthly");
    await page.getByRole("button", { name: "Confirm Change" }).click();
    await waitForSubscriptionPage(page, "Your plan changes to Basic (Monthly) on");
  };
  await downgrade();
  await page.goto("/app/settings/subscription/cancel");
  await page.getByRole("button", { name: "Cancel at Period End" }).click();
  await waitForSubscriptionPage(page, "Cancelled: your plan stays active until");
  await waitForNothingScheduled(page);
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await waitForSubscriptionPage(page, "Renews on");

  // An upgrade with a downgrade scheduled applies at once and drops the schedule.
  await downgrade();
  await page.goto("/app/settings/subscription/update/pro5k/monthly");
  await expect(page.getByText("The change takes effect now.")).toBeVisible();
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await expect(page.getByText("Your plan is now Pro 5K.")).toBeVisible({ timeout: 30_000 });
  await waitForNothingScheduled(page);
  await expect(page.getByTestId("current-plan")).toContainText("Pro 5K · Monthly, $49.00");

  // Downgraded again, and the period ends: Basic is the plan, Pro's API access is gone.
  await downgrade();
  expect(await endPeriod()).toEqual(["snip_basic_monthly", "snip_overage"]);
  await waitForSubscriptionPage(page, "Basic · Monthly, $9.00");
  await expect(page.getByTestId("scheduled-downgrade")).toHaveCount(0);
  await page.goto("/app/settings/api");
  await expect(apiNotInPlan).toBeVisible();
  await page.goto("/app/settings/invoices");
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText("$9.00");
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText("$49.00");
});

test("a card declined at Stripe's checkout subscribes nobody", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/pricing");
  await planCard(page, "basic").getByRole("button").click();
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.goto("/app/settings/subscription");
  await expect(page.getByText("You are on the Free plan.")).toBeVisible();
  await page.goto("/app/settings/invoices");
  await expect(page.getByText("No invoices yet.")).toBeVisible();
});

test.describe("the Stripe webhook endpoint", () => {
  /**
   * A Pro subscription at the Stripe stub for the signed-in user (as a checkout would leave it),
   * and a function answering a customer.subscription.updated event, as Stripe sends it, after
   * the changes (sent by nobody: the test posts it).
   */
  async function atStripe(page: Page, email: string) {
    const made = await page.request.post(
      `${stubUrl("stripe")}/__stub/subscriptions?email=${encodeURIComponent(email)}&lookup_key=snip_pro_monthly&user_id=${await userId(page)}`,
    );
    expect(made.status()).toBe(200);
    return async (change: BurstChange = {}) => JSON.parse((await stubBurst(page, "stripe", email, [change], "none"))[0]!) as unknown;
  }

  async function post(
    page: Page,
    event: unknown,
    { secret = STUB_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
  ) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    return page.request.post("/app/webhooks/stripe", {
      data: payload,
      headers: { "content-type": "application/json", "stripe-signature": header },
    });
  }

  async function userId(page: Page): Promise<string> {
    const state = (await (await page.request.get("/app/api/state")).json()) as { data: { user: { id: string } } };
    return state.data.user.id;
  }

  test("a bad signature or a stale timestamp is refused and changes nothing", async ({ page }) => {
    const user = await registerUser(page);
    const event = await (await atStripe(page, user.email))();
    const now = Math.floor(Date.now() / 1000);

    expect((await post(page, event, { secret: "whsec_not_the_secret" })).status()).toBe(400);
    expect((await post(page, event, { timestamp: now - 301 })).status()).toBe(400);
    const unsigned = await page.request.post("/app/webhooks/stripe", {
      data: JSON.stringify(event),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status()).toBe(400);
    // Nothing was enqueued: after a valid event the plan shows, so the refused ones would have by now.
    await page.waitForTimeout(1500);
    await page.goto("/app/settings/subscription");
    await expect(page.getByText("You are on the Free plan.")).toBeVisible();

    // The same event, signed correctly and within the tolerance, is accepted and applied.
    expect((await post(page, event, { timestamp: now - 120 })).status()).toBe(200);
    await waitForSubscriptionPage(page, "Pro");
  });

  test("a redelivered event and an older one arriving later change nothing; the newest state wins", async ({ page }) => {
    const user = await registerUser(page);
    const eventAfter = await atStripe(page, user.email);
    const subscribed = await eventAfter();
    const cancelled = await eventAfter({ cancel_at_period_end: true });
    const upgradedLater = await eventAfter({ cancel_at_period_end: false, lookup_key: "snip_pro5k_yearly" });

    // Newest first, then the older ones, then a redelivery of the first.
    expect((await post(page, upgradedLater)).status()).toBe(200);
    await waitForSubscriptionPage(page, "Pro 5K");
    expect((await post(page, cancelled)).status()).toBe(200);
    expect((await post(page, subscribed)).status()).toBe(200);
    expect((await post(page, upgradedLater)).status()).toBe(200);
    await page.waitForTimeout(1500);
    await page.goto("/app/settings/subscription");
    await expect(page.getByTestId("current-plan")).toContainText("Pro 5K · Yearly, $470.40");
    await expect(page.getByTestId("current-plan")).toContainText("Renews on");
  });

  test("the webhook is exempt from the cross-site Origin rule (its signature decides); a GET is refused", async ({ request }) => {
    expect((await request.get("/app/webhooks/stripe")).status()).toBe(405);
    const crossSite = await request.post("/app/webhooks/stripe", {
      data: "{}",
      headers: { origin: "https://evil.example", "content-type": "application/json", "stripe-signature": "t=1,v1=bad" },
    });
    expect(crossSite.status()).toBe(400);
    // Every other path still refuses a cross-site POST (last: the refusal drops the unread body).
    expect(
      (
        await request.post("/app/settings/subscription", { form: { intent: "resume" }, headers: { origin: "https://evil.example" } })
      ).status(),
    ).toBe(419);
  });
});

test("a trial whose first payment fails holds the user on the past-due page until a working card is given", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
  const stub = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });

  // Stripe ends the trial and the first invoice fails: the subscription is past due.
  const failed = await page.request.post(`${stub}/__stub/fail-trial-payment?email=${encodeURIComponent(user.email)}`);
  expect(((await failed.json()) as { failed: string[] }).failed).toHaveLength(1);
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/profile");
        return new URL(page.url()).pathname;
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe("/app/subscribe");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Pro trial has ended");
  await page.goto("/app/terms");
  await expect(page).toHaveURL(/\/app\/terms$/);

  // A working card through the Billing Portal: Stripe retries the invoice, the plan is back.
  await page.goto("/app/subscribe");
  await page.getByRole("button", { name: "Update Payment Method" }).click();
  await expect(page).toHaveURL(/\/portal\/bps_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/app\/subscribe\?updated=1$|\/dashboard/);
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("current-plan")).toContainText("Pro");
});

test("overages: links past the plan's limit are reported to Stripe's meter, one prorated event a block, each once", async ({ page }) => {
  test.setTimeout(180_000);
  const user = await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "basic").getByRole("button", { name: "Start 7-day free trial" }).click();
  const stub = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You are subscribed to Basic. Thank you!")).toBeVisible({ timeout: 30_000 });

  // Basic allows 1,000 active links; with overages on, creating past them is billed, not refused.
  for (let i = 0; i < 10; i++) await devFixture(page, { action: "links", email: user.email, count: 100 });
  await page.goto("/app/settings/usage");
  await page.getByRole("button", { name: "Turn Overages On" }).click();
  await expect(page.getByTestId("overages-status")).toContainText("Overages are on");

  const meterEvents = async () => {
    const response = await page.request.get(`${stub}/__stub/meter-events?email=${encodeURIComponent(user.email)}`);
    return ((await response.json()) as { data: { identifier: string; payload: { value: string } }[] }).data;
  };
  const createLink = async (url: string) => {
    await page.goto("/app/links/create");
    await page.getByLabel("Long URL").fill(url);
    await page.getByRole("button", { name: "Shorten", exact: true }).click();
    await expect(page.getByLabel("Your short link")).toBeVisible();
  };

  // Link 1,001 starts the first block of 100: one meter event, its 2.00 prorated over the period left.
  await createLink("https://example.com/overage-1001");
  await expect.poll(async () => (await meterEvents()).length, { timeout: 20_000, intervals: [500, 1000] }).toBe(1);
  const [first] = await meterEvents();
  expect(first!.identifier).toMatch(/:1$/);
  expect(Number(first!.payload.value)).toBeGreaterThan(190); // the period has only just begun
  expect(Number(first!.payload.value)).toBeLessThanOrEqual(200);

  // 99 more fill the block (made directly, unreported); the next create starts block 2, and
  // block 1 is not reported again.
  await devFixture(page, { action: "links", email: user.email, count: 99 });
  await createLink("https://example.com/overage-1101");
  await expect.poll(async () => (await meterEvents()).map((e) => e.identifier.split(":").pop()), { timeout: 20_000 }).toEqual(["1", "2"]);
});

test("a team's overages at Stripe: links past the team's plan are reported to the meter for the team's subscription, each block once (decision 052)", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = await registerUser(page);
  await devFixture(page, { action: "developer", email: owner.email });
  const slug = `so-${Date.now().toString(36)}`;
  const made = await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name: "Stripe Overages Org",
    teams: [{ slug: "alpha", name: "Alpha" }],
  });
  const teamId = (made.data.teams as Record<string, string>).alpha!;
  const teamBase = `/app/organization/${slug}/team/alpha`;

  // The team subscribes to Basic through Stripe (no trial for a workspace), from its subscription page.
  await page.goto(`${teamBase}/subscription`);
  await page
    .getByTestId("plan-basic")
    .getByRole("button", { name: /a month/ })
    .click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
  const stub = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("subscription-success")).toContainText("Alpha is on the Basic plan", { timeout: 30_000 });

  // Basic allows 1,000 active links: the team holds them; the owner turns the team's overages on.
  for (let i = 0; i < 10; i++)
    await devFixture(page, { action: "links", email: owner.email, count: 100, organization: slug, team: "alpha" });
  await page.goto(`${teamBase}/subscription`);
  await page.getByRole("button", { name: "Turn Overages On" }).click();
  await expect(page.getByTestId("overages-status")).toContainText("Overages are on");

  const meterEvents = async () => {
    const response = await page.request.get(`${stub}/__stub/meter-events?email=${encodeURIComponent(owner.email)}`);
    return ((await response.json()) as { data: { identifier: string; payload: { value: string } }[] }).data;
  };
  const create = async (n: string) => {
    const response = await page.request.post(`/app/api/organization/${slug}/team/alpha/url/create`, {
      data: { url: `https://example.com/team-overage/${slug}/${n}` },
      headers: { Origin: BASE_URL },
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  // Link 1,001 of the team starts its first block: one event, for the team's own customer and period.
  await create("1001");
  await expect.poll(async () => (await meterEvents()).length, { timeout: 30_000, intervals: [500, 1000] }).toBe(1);
  const [first] = await meterEvents();
  expect(first!.identifier).toMatch(new RegExp(`^overage:${teamId}:\\d+:1$`));
  expect(Number(first!.payload.value)).toBeGreaterThan(190);
  expect(Number(first!.payload.value)).toBeLessThanOrEqual(200);
  // Another create in the same block reports nothing new.
  await create("1002");
  await page.waitForTimeout(3_000);
  expect((await meterEvents()).map((e) => e.identifier.split(":").pop())).toEqual(["1"]);
  await page.goto(`${teamBase}/subscription`);
  await expect(page.getByTestId("overages-status")).toContainText("(1 blocks over the limit)");
});

test.describe("coupons at Stripe", () => {
  test("a coupon remembered from the query discounts the first invoice only: $26.10, then $29.00 at the renewal", async ({ page }) => {
    test.setTimeout(90_000);
    const user = await registerUser(page);
    await page.goto("/app/features/custom-links?coupon=welcome10");
    const checkout = await subscribeCall(page, 1);
    expect(checkout.discount_code).toBe("WELCOME10");

    // Stripe's checkout page shows the coupon's price, and the first invoice is discounted.
    await page.goto(checkout.url);
    await expect(page.getByText("Due today: 26.10 USD")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
    const first = await invoiceRows(page, 1);
    await expect(first.nth(1)).toContainText("$26.10");

    // The coupon lasts once: the renewal is the full price.
    const stub = new URL(checkout.url).origin;
    const ended = await page.request.post(`${stub}/__stub/end-period?email=${encodeURIComponent(user.email)}`);
    expect(ended.ok()).toBe(true);
    const rows = await invoiceRows(page, 2);
    await expect(rows.nth(1)).toContainText("$29.00");
    await expect(rows.nth(2)).toContainText("$26.10");
  });

  test("an unknown coupon in the query applies nothing; a coupon the Stripe account lacks is left out and checkout goes on", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerUser(page);
    await page.goto("/app/terms?coupon=NOT-A-COUPON");
    const plain = await subscribeCall(page, 1);
    expect(plain.discount_code).toBeNull();
    await page.goto(plain.url);
    await expect(page.getByText("Due today: 29.00 USD")).toBeVisible();

    // SNIP5 is deleted at Stripe (no other Stripe test uses it): Snip knows the code, the account does not.
    const stub = new URL(plain.url);
    const stripe = new Stripe(STUB_SECRET_KEY, { host: stub.hostname, port: Number(stub.port), protocol: "http" });
    expect((await stripe.coupons.del("SNIP5")).deleted).toBe(true);
    await page.goto("/app/terms?coupon=snip5");
    const missing = await subscribeCall(page, 1);
    expect(missing.discount_code).toBeNull();
    await page.goto(missing.url);
    await expect(page.getByText("Due today: 29.00 USD")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
    const rows = await invoiceRows(page, 1);
    await expect(rows.nth(1)).toContainText("$29.00");
  });
});

test("deleting the account cancels its Stripe subscription first; its links stop redirecting at once", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
  const stub = new URL(page.url());
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
  const stripe = new Stripe(STUB_SECRET_KEY, { host: stub.hostname, port: Number(stub.port), protocol: "http" });
  const [customer] = (await stripe.customers.list({ email: user.email })).data;
  const live = async () => (await stripe.subscriptions.list({ customer: customer!.id, status: "all" })).data.map((s) => s.status);
  expect(await live()).toEqual(["trialing"]);

  const prefix = `stripegone${Date.now().toString(36)}`;
  await devFixture(page, { action: "links", email: user.email, count: 1, url: "https://example.com/paid", aliasPrefix: prefix });
  expect((await page.request.get(`/${prefix}01`, { maxRedirects: 0 })).headers().location).toBe("https://example.com/paid");

  await page.goto("/app/settings/profile/delete");
  await expect(page.getByText("it is cancelled at once, before your account is deleted")).toBeVisible();
  await page.getByLabel("Your password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/app\/deleted$/);
  // Cancelled at Stripe before the account went: nothing more is billed.
  expect(await live()).toEqual(["canceled"]);
  expect((await page.request.get(`/${prefix}01`, { maxRedirects: 0 })).headers().location).toMatch(/\/app\/deleted$/);
});

test("an organization owner subscribes a team through Stripe: its members gain the plan in that team only; cancelling there leaves the owner's plan; deleting the organization cancels its Stripe subscription", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The owner pays for their own workspace (Basic, no API access); the member has no plan.
  const owner = await registerUser(page);
  const member = newUser("stripe-team-member");
  const memberContext = await apiContext();
  await registerByForm(memberContext, member);
  for (const email of [owner.email, member.email]) await devFixture(page, { action: "developer", email });
  await devFixture(page, { action: "subscription", email: owner.email, plan: "basic", interval: "monthly" });
  const slug = `st-${Date.now().toString(36)}`;
  const made = await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name: "Stripe Team Org",
    teams: [
      { slug: "alpha", name: "Alpha", members: [{ email: member.email, role: "admin" }] },
      { slug: "beta", name: "Beta", members: [{ email: member.email, role: "admin" }] },
    ],
  });
  const teamIds = made.data.teams as Record<string, string>;
  const organizationId = made.data.organizationId as string;
  const teamBase = `/app/organization/${slug}/team/alpha`;
  const teamApi = (team: string) => `/app/organization/${slug}/team/${team}/api`;
  const NO_API = "API access is not included in your plan.";
  const subscriptionsOf = async (path: string) =>
    ((await (await page.request.get(`/app/api${path}`)).json()) as { data: { current: { name: string } | null } }).data.current;
  await apiLogin(memberContext, member);
  expect(await (await memberContext.get(teamApi("alpha"))).text()).toContain(NO_API);

  // Checkout at the Stripe stub, from the team's subscription page.
  await page.goto(`${teamBase}/subscription`);
  await page
    .getByTestId("plan-pro")
    .getByRole("button", { name: /a month/ })
    .click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
  const stub = new URL(page.url());
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(new RegExp(`${teamBase}/subscription/success\\?session=cs_test_`));
  await expect(page.getByTestId("subscription-success")).toContainText("Alpha is on the Pro plan", { timeout: 30_000 });

  // One Stripe customer for the team, made for the team's workspace (not the owner's own).
  const stripe = new Stripe(STUB_SECRET_KEY, { host: stub.hostname, port: Number(stub.port), protocol: "http" });
  const customers = (await stripe.customers.list({ email: owner.email })).data;
  const teamCustomer = customers.find((c) => c.metadata.user_id === teamIds.alpha);
  expect(teamCustomer, "the team's customer").toBeDefined();
  expect(customers, "no customer for anyone else").toHaveLength(1);
  const statuses = async (customer: string) => (await stripe.subscriptions.list({ customer, status: "all" })).data.map((s) => s.status);
  expect(await statuses(teamCustomer!.id)).toEqual(["active"]);

  // The team's member has the plan's API access in Alpha only; nobody's own plan changed.
  expect(await (await memberContext.get(teamApi("alpha"))).text()).not.toContain(NO_API);
  expect(await (await memberContext.get(teamApi("beta"))).text()).toContain(NO_API);
  const memberOwn = (await (await memberContext.get("/app/api/subscriptions")).json()) as { data: { current: unknown } };
  expect(memberOwn.data.current).toBeNull();
  expect(await subscriptionsOf(`/organization/${slug}/team/alpha/subscriptions`)).toMatchObject({ name: "pro" });
  expect(await subscriptionsOf("/subscriptions")).toMatchObject({ name: "basic" });

  // Cancel in the team, at once: cancelled at Stripe, the team back to Free; the owner's Basic stays.
  await page.goto(`${teamBase}/subscription/cancel`);
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await expect.poll(() => subscriptionsOf(`/organization/${slug}/team/alpha/subscriptions`), { timeout: 30_000 }).toBeNull();
  expect(await statuses(teamCustomer!.id)).toEqual(["canceled"]);
  expect(await (await memberContext.get(teamApi("alpha"))).text()).toContain(NO_API);
  expect(await subscriptionsOf("/subscriptions")).toMatchObject({ name: "basic" });

  // The organization subscribes through Stripe too; deleting the organization cancels it there first.
  await page.goto(`/app/organizations/${slug}/settings/profile/subscription`);
  await page
    .getByTestId("plan-pro")
    .getByRole("button", { name: /a month/ })
    .click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("subscription-success")).toContainText("is on the Pro plan", { timeout: 30_000 });
  const orgCustomer = (await stripe.customers.list({ email: owner.email })).data.find((c) => c.metadata.user_id === organizationId);
  expect(await statuses(orgCustomer!.id)).toEqual(["active"]);
  await page.goto(`/app/organizations/${slug}/settings/profile`);
  await expect(page.getByText("cancelled at once, before anything is deleted")).toBeVisible();
  await page.getByLabel("Organization slug").fill(slug);
  await page.getByRole("button", { name: "Delete Organization" }).click();
  await expect(page).toHaveURL(/\/app\/organizations\?notice=deleted$/);
  expect(await statuses(orgCustomer!.id)).toEqual(["canceled"]);
  expect(await subscriptionsOf("/subscriptions")).toMatchObject({ name: "basic" });
  await memberContext.dispose();
});

test("a checkout Stripe refuses shows the message, marks the onboarding survey skipped, and the next checkout works (spec 01 §8)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Checkout survey ${Date.now().toString(36)}`;
  await devFixture(page, { action: "onboarding-survey", email: STAFF.email, title });
  try {
    await registerVerifiedUser(page);
    const pending = async () =>
      (
        (await (await page.request.get("/app/api/survey/onboarding", { headers: { "X-Requested-With": "XMLHttpRequest" } })).json()) as {
          data: unknown[];
        }
      ).data.length;
    expect(await pending()).toBe(1);

    await page.goto("/app/pricing?interval=monthly");

    expect((await page.request.post(`${stubUrl("stripe")}/__stub/fail-next-checkout`)).ok()).toBe(true);
    await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
    await expect(page.getByText("Payment failed. Please try again later.")).toBeVisible();
    expect(await pending()).toBe(0);

    // Stripe takes the next one.
    await page.goto("/app/pricing?interval=monthly");
    await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
  } finally {
    await devFixture(page, { action: "onboarding-survey", email: STAFF.email });
  }
});

test.describe("domain orders paid through Stripe Checkout (docs/decisions/049)", () => {
  let stubs: OrderStubs;
  test.beforeAll(async () => {
    stubs = await startOrderStubs();
  });
  test.afterAll(async () => {
    await stubs.close();
  });
  // Each journey crosses Stripe's stub, the queue, the registrar's and Cloudflare's stubs.
  test.describe.configure({ timeout: 150_000 });

  interface StubSession {
    id: string;
    client_reference_id: string | null;
    payment_status: string;
    amount_total: number;
    payment_intent: string | null;
    mode: string;
    status: string;
  }

  async function sessionsOf(page: Page, orderId: string): Promise<StubSession[]> {
    const res = await page.request.get(`${stubUrl("stripe")}/__stub/checkout-sessions?client_reference_id=${orderId}`);
    return ((await res.json()) as { data: StubSession[] }).data;
  }

  async function refundsOf(page: Page, paymentIntent: string): Promise<{ amount: number; metadata: Record<string, string> }[]> {
    const res = await page.request.get(`${stubUrl("stripe")}/__stub/refunds?payment_intent=${paymentIntent}`);
    return ((await res.json()) as { data: { amount: number; metadata: Record<string, string> }[] }).data;
  }

  /** Checkout in the cart: Stripe's hosted page of a payment-mode session. Answers the order's id. */
  async function checkoutAtStripe(page: Page, domain: string): Promise<string> {
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
    await expect(page.getByRole("note")).toContainText("Stripe stub");
    await expect(page.getByText(`${domain}, registration for 1 year: 12.00`)).toBeVisible();
    await expect(page.getByTestId("due-today")).toHaveText("Due today: 12.00 USD");
    const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;
    const res = await page.request.get(`${stubUrl("stripe")}/__stub/checkout-sessions`);
    const session = ((await res.json()) as { data: StubSession[] }).data.find((s) => s.id === sessionId)!;
    expect(session).toMatchObject({ mode: "payment", amount_total: 1200, status: "open" });
    return session.client_reference_id!;
  }

  test("a subscriber buys a domain: one payment-mode session, paid at Stripe, the order goes to paid and the domain is a branded domain", async ({
    page,
  }) => {
    const domain = uniqueDomain("stripebuy");
    await subscriberWithDomainInCart(page, domain);
    const orderId = await checkoutAtStripe(page, domain);
    await page.screenshot({ path: "test-results/domain-order-stripe-checkout.png", fullPage: true });
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${orderId}`);
    await waitForOrderStatus(page, orderId, "paid");
    await page.screenshot({ path: "test-results/domain-order-stripe-paid.png", fullPage: true });
    expect(stubs.registrar.state.calls.filter((c) => c.domain === domain && c.kind === "register")).toHaveLength(1);
    await expectBrandedDomain(page, domain);

    const sessions = await sessionsOf(page, orderId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ payment_status: "paid", amount_total: 1200 });
    expect(await refundsOf(page, sessions[0]!.payment_intent!)).toEqual([]);
    // Paid: its payment page goes to the order, offering no second payment.
    await page.goto(`/app/shopping-cart/pay/${orderId}`);
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${orderId}`);
  });

  test("a registration the registrar refuses ends refunded, with exactly one refund of the payment at Stripe", async ({ page }) => {
    const domain = uniqueDomain("stripefail");
    stubs.registrar.setName(domain, "fails");
    await subscriberWithDomainInCart(page, domain);
    const orderId = await checkoutAtStripe(page, domain);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${orderId}`);
    await waitForOrderStatus(page, orderId, "refunded");
    const [session] = await sessionsOf(page, orderId);
    const refunds = await refundsOf(page, session!.payment_intent!);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1200, metadata: { order_id: orderId } });
    await page.goto("/app/settings/branded-domains");
    await expect(page.getByText(domain, { exact: true })).toHaveCount(0);
  });

  test("one line of two the registrar refuses: only that line's amount is refunded at Stripe; the order shows its reason and the refund (decision 051)", async ({
    page,
  }) => {
    const kept = uniqueDomain("stripepartok");
    const failed = uniqueDomain("stripepartno");
    stubs.registrar.setName(failed, "fails");
    await subscriberWithDomainInCart(page, kept);
    await addDomainToCart(page, failed, "$24.00");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByTestId("due-today")).toHaveText("Due today: 24.00 USD");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/app\/shopping-cart\/success\?order=[0-9a-f-]+$/);
    const orderId = orderIdOf(page.url());
    await waitForOrderStatus(page, orderId, "paid");

    const [session] = await sessionsOf(page, orderId);
    expect(session).toMatchObject({ payment_status: "paid", amount_total: 2400 });
    const refunds = await refundsOf(page, session!.payment_intent!);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1200, metadata: { order_id: orderId } });
    expect(stubs.registrar.state.calls.filter((c) => c.kind === "register" && c.domain === kept)).toHaveLength(1);
    await expectPartlyRefunded(page, orderId, kept, failed, "$12.00");
    await page.goto(`/app/settings/order/${orderId}`);
    await page.screenshot({ path: "test-results/domain-order-stripe-partly-refunded.png", fullPage: true });
  });

  test("a Checkout Session that expires unpaid: the order stays new and lets it go, once; the next payment makes a new session and pays (decision 051)", async ({
    page,
  }) => {
    const domain = uniqueDomain("stripeexpiry");
    await subscriberWithDomainInCart(page, domain);
    const orderId = await checkoutAtStripe(page, domain);
    const expiring = new URL(page.url()).pathname.split("/").at(-1)!;
    const expiredEvent = (object: Record<string, unknown>) => {
      const payload = JSON.stringify({
        id: `evt_expired_${Date.now()}`,
        object: "event",
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        type: "checkout.session.expired",
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...object, status: "expired", url: null } },
      });
      return page.request.post("/app/webhooks/stripe", {
        data: payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: STUB_WEBHOOK_SECRET }),
        },
      });
    };
    const [open] = await sessionsOf(page, orderId);

    // A signed event claiming the session expired while Stripe still has it open: Stripe's copy counts, nothing changes.
    expect((await expiredEvent(open as unknown as Record<string, unknown>)).status()).toBe(200);
    await page.goto(`/app/settings/order/${orderId}`);
    await expect(page.getByTestId("order-status")).toHaveText("new");
    await expect(page.getByTestId("order-checkout-expired")).toHaveCount(0);
    await page.goto(`/app/shopping-cart/pay/${orderId}`);
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${open!.id}$`));

    // Stripe expires it (sessions.expire, as after 24 hours): the order page says so and offers to pay again.
    const stub = new URL(stubUrl("stripe"));
    const stripe = new Stripe(STUB_SECRET_KEY, { host: stub.hostname, port: Number(stub.port), protocol: "http" });
    const expired = await stripe.checkout.sessions.expire(expiring);
    expect(expired.status).toBe("expired");
    await expect
      .poll(
        async () => {
          await page.goto(`/app/settings/order/${orderId}`);
          return page.getByTestId("order-checkout-expired").count();
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toBe(1);
    await expect(page.getByTestId("order-status")).toHaveText("new");
    await expect(page.getByTestId("order-checkout-expired")).toHaveText(
      "Your previous checkout expired before it was paid. Nothing was charged; pay again to complete your order.",
    );
    await page.screenshot({ path: "test-results/domain-order-stripe-checkout-expired.png", fullPage: true });
    // Redelivered: nothing more.
    expect((await expiredEvent(expired as unknown as Record<string, unknown>)).status()).toBe(200);
    expect(await orderStatus(page, orderId)).toBe("new");

    // The next payment: a new session (not the dead one replayed), paid, and the order goes on.
    await page.goto(`/app/settings/order/${orderId}`);
    await page.getByRole("link", { name: "Pay $12.00" }).click();
    await expect(
      page.getByText("Your previous checkout expired before it was paid. Nothing was charged; pay again to complete your order."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_test_/);
    const fresh = new URL(page.url()).pathname.split("/").at(-1)!;
    expect(fresh).not.toBe(expiring);
    await page.getByRole("button", { name: "Pay" }).click();
    await waitForOrderStatus(page, orderId, "paid");
    const sessions = await sessionsOf(page, orderId);
    expect(sessions.map((s) => [s.id, s.status])).toEqual([
      [expiring, "expired"],
      [fresh, "complete"],
    ]);

    // The dead session's event again, now that the order holds the paid one: nothing changes.
    expect((await expiredEvent(expired as unknown as Record<string, unknown>)).status()).toBe(200);
    expect(await orderStatus(page, orderId)).toBe("paid");
    expect(stubs.registrar.state.calls.filter((c) => c.domain === domain && c.kind === "register")).toHaveLength(1);
    expect(await refundsOf(page, sessions[1]!.payment_intent!)).toEqual([]);
  });

  test("a payment for an order a later checkout replaced is given back whole, once; the new order is still to pay (decisions 043, 049)", async ({
    page,
  }) => {
    const first = uniqueDomain("stripeold");
    const second = uniqueDomain("stripenew");
    await subscriberWithDomainInCart(page, first);
    const oldOrder = await checkoutAtStripe(page, first);
    const oldCheckout = page.url();

    // Back in Snip: a second domain, and Checkout again replaces the unpaid order with one for both.
    await page.goto("/app/purchase/domain");
    await page.getByLabel("Domain name").fill(second);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("domain-result")).toContainText("Available");
    await page.getByRole("button", { name: "Add to cart" }).click();
    // The cart holds the new domain; the unpaid order's comes back into the next order at Checkout.
    await expect(page.getByTestId("cart-total")).toHaveText("$12.00");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByTestId("due-today")).toHaveText("Due today: 24.00 USD");
    const newSession = new URL(page.url()).pathname.split("/").at(-1)!;

    // The old checkout page, still open in the buyer's history, is paid anyway.
    await page.goto(oldCheckout);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${oldOrder}`);
    const [paidOld] = await sessionsOf(page, oldOrder);
    expect(paidOld).toMatchObject({ payment_status: "paid", amount_total: 1200 });
    await expect
      .poll(async () => (await refundsOf(page, paidOld!.payment_intent!)).map((r) => r.amount), { timeout: 30_000 })
      .toEqual([1200]);
    expect(await orderStatus(page, oldOrder)).not.toBe("paid");
    expect(stubs.registrar.state.calls.filter((c) => c.kind === "register" && [first, second].includes(c.domain))).toEqual([]);

    // The new order is the one to pay, for both domains.
    const res = await page.request.get(`${stubUrl("stripe")}/__stub/checkout-sessions`);
    const pending = ((await res.json()) as { data: StubSession[] }).data.find((s) => s.id === newSession)!;
    expect(pending).toMatchObject({ status: "open", amount_total: 2400 });
    expect(await orderStatus(page, pending.client_reference_id!)).toBe("new");
  });

  test("a forged, unsigned or foreign webhook changes nothing; a double click makes one session; the real payment then pays", async ({
    page,
  }) => {
    const domain = uniqueDomain("stripeforged");
    await subscriberWithDomainInCart(page, domain);
    // Stripe refuses the first session: the order waits on its payment page, with the spec's message.
    expect((await page.request.post(`${stubUrl("stripe")}/__stub/fail-next-checkout`)).status()).toBe(200);
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/app\/shopping-cart\/pay\/[0-9a-f-]+\?failed=1$/);
    await expect(page.getByText("Payment failed. Please try again later.")).toBeVisible();
    await page.screenshot({ path: "test-results/domain-order-stripe-pay-page.png", fullPage: true });
    const orderId = new URL(page.url()).pathname.split("/").at(-1)!;

    // A double click: two posts at once, one session, both sent to it.
    const pay = () => page.request.post(`/app/shopping-cart/pay/${orderId}`, { form: {}, headers: { origin: BASE_URL }, maxRedirects: 0 });
    const [first, second] = await Promise.all([pay(), pay()]);
    expect([first.status(), second.status()]).toEqual([302, 302]);
    expect(first.headers().location).toMatch(/\/checkout\/cs_test_/);
    expect(second.headers().location).toBe(first.headers().location);
    const sessions = await sessionsOf(page, orderId);
    expect(sessions).toHaveLength(1);
    const session = sessions[0]!;

    const paidEvent = (object: Record<string, unknown>) => ({
      id: `evt_forged_${Date.now()}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type: "checkout.session.completed",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          ...session,
          status: "complete",
          payment_status: "paid",
          payment_intent: "pi_forged",
          currency: "usd",
          metadata: { order_id: orderId },
          ...object,
        },
      },
    });
    const post = (event: unknown, secret: string | null = STUB_WEBHOOK_SECRET) => {
      const payload = JSON.stringify(event);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (secret) headers["stripe-signature"] = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return page.request.post("/app/webhooks/stripe", { data: payload, headers });
    };
    // Forged (another secret) and unsigned: refused.
    expect((await post(paidEvent({}), "whsec_not_the_secret")).status()).toBe(400);
    expect((await post(paidEvent({}), null)).status()).toBe(400);
    // Signed, but a session that is not the order's (naming the order in its reference and metadata), or not its total: nothing.
    expect((await post(paidEvent({ id: "cs_test_not_the_orders", client_reference_id: orderId }))).status()).toBe(200);
    expect((await post(paidEvent({ amount_total: 100 }))).status()).toBe(200);
    expect((await post(paidEvent({ payment_status: "unpaid" }))).status()).toBe(200);
    await page.waitForTimeout(2000);
    expect(await orderStatus(page, orderId)).toBe("new");
    expect(stubs.registrar.state.calls.filter((c) => c.domain === domain)).toEqual([]);

    // The payment page sends to the same open session; paying it pays the order.
    await page.goto(`/app/shopping-cart/pay/${orderId}`);
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await expect(page).toHaveURL(first.headers().location!);
    await page.getByRole("button", { name: "Pay" }).click();
    await waitForOrderStatus(page, orderId, "paid");
    expect(await sessionsOf(page, orderId)).toHaveLength(1);
  });
});
