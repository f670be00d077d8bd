/**
 * Billing through Paddle (the real SDK against the local Paddle stub, which speaks Paddle's wire
 * format, serves a labelled Paddle.js stand-in and signs its webhooks as Paddle does): run by
 * playwright.paddle.config.ts, which starts the service with PADDLE_* set.
 *
 * A free user subscribes on /paddle/payment, the webhook activates the plan and a paid feature
 * unlocks; a plan change is prorated and charged at once; a declining card on file makes a
 * plan change fail with the spec's 402 message; cancel at period end and resume; cancel now;
 * the payment method update; invoices. A downgrade is scheduled (docs/decisions/015): shown,
 * cancelled, dropped by a cancel at period end, and applied at Paddle by the cron trigger near
 * the period's end without billing, so the renewal bills the new price. And the webhook
 * endpoint: bad, missing or stale signatures are refused with nothing written. Coupons: a
 * remembered one is Paddle's discount on the first payment only; an unknown one, or one without
 * an active Paddle discount, applies nothing and the checkout goes on. Domain orders
 * (docs/decisions/049): paid through a transaction Snip made with the order's lines, registered
 * and added as a branded domain; a failed registration refunded by one adjustment; forged,
 * unsigned and foreign notifications, and a transaction the browser names, change nothing.
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PADDLE_STUB_API_KEY, PADDLE_STUB_WEBHOOK_SECRET } from "../stubs/paddle-server";
import { apiLogin, devFixture, newUser, registerUser, type TestUser } from "./accounts";
import { invoiceRows, stubBurst, subscribeCall } from "./billing";
import { apiContext, BASE_URL, expect, PORT, test } from "./fixtures";
import {
  addDomainToCart,
  expectBrandedDomain,
  expectPartlyRefunded,
  orderStatus,
  startOrderStubs,
  subscriberWithDomainInCart,
  uniqueDomain,
  waitForOrderStatus,
  type OrderStubs,
} from "./domain-orders";
import { registerByForm } from "./organizations";

/** The stub's origin, written by tests/stubs/start-with-paddle.ts. */
function stubUrl(): string {
  const file = process.env.PADDLE_STUB_FILE ?? `.wrangler/paddle-stub-${PORT}.json`;
  return (JSON.parse(readFileSync(file, "utf8")) as { url: string }).url;
}

interface StubSubscription {
  id: string;
  status: string;
  custom_data: Record<string, unknown> | null;
  items: { price: { custom_data: { lookup_key: string } } }[];
  scheduled_change: { action: string } | null;
}

async function stubSubscription(page: Page, email: string): Promise<StubSubscription> {
  const res = await page.request.get(`${stubUrl()}/__stub/subscriptions?email=${encodeURIComponent(email)}`);
  const [sub] = ((await res.json()) as { data: StubSubscription[] }).data;
  return sub!;
}

async function stubUpdates(page: Page, email: string): Promise<{ body: Record<string, unknown> }[]> {
  const res = await page.request.get(`${stubUrl()}/__stub/updates?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { data: { body: Record<string, unknown> }[] }).data;
}

/** Runs the app worker's cron trigger now, as Cloudflare would every 5 minutes. */
async function fireCron(page: Page) {
  const res = await page.request.get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`, {
    headers: { "MF-Route-Override": "snip-app" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

function planCard(page: Page, plan: string) {
  return page.locator(`[data-plan="${plan}"]`);
}

async function waitForSubscriptionPage(page: Page, text: string, not?: string) {
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/subscription");
        const shown = (await page.getByTestId("current-plan").or(page.getByText("You are on the Free plan.")).first().textContent()) ?? "";
        return not !== undefined && shown.includes(not) ? `${shown} (still shows "${not}")` : shown;
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toContain(text);
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

/** Pays in the Paddle.js stand-in's overlay on /paddle/payment. */
async function payInOverlay(page: Page, card: string, button: "Pay now" | "Save card" = "Pay now") {
  await expect(page).toHaveURL(/\/paddle\/payment\?_ptxn=txn_/);
  const overlay = page.getByRole("dialog", { name: "Paddle checkout" });
  await expect(overlay.getByRole("note")).toContainText("Paddle.js stub");
  await overlay.getByLabel("Card number").fill(card);
  await overlay.getByRole("button", { name: button }).click();
}

/** A new user subscribed to Pro (monthly) through Paddle. */
async function subscribedToPro(page: Page): Promise<TestUser> {
  const user = await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button").click();
  await payInOverlay(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=cs_paddle_/);
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
  return user;
}

test("subscribe on /paddle/payment, change plan, cancel and resume, update the card, a declined charge, cancel now", async ({ page }) => {
  test.setTimeout(120_000);
  await subscribedToPro(page);

  // The paid plan's analytics capability: the bar offers the dashboard instead of My URLs.
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await waitForSubscriptionPage(page, "Renews on");
  await expect(page.getByTestId("current-plan")).toContainText("Pro · Monthly, $29.00");

  // The card from the transaction.completed event.
  await waitForCard(page, "Visa ending in 4242, expires 12/2034");

  // An upgrade: prorated and charged at once (the whole difference, at the start of the period).
  await page.goto("/app/settings/subscription/update/pro5k/monthly");
  await expect(page.getByText("The change takes effect now.")).toBeVisible();
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/update\/verification\?plan=pro5k&interval=monthly/);
  await expect(page.getByText("Your plan is now Pro 5K.")).toBeVisible({ timeout: 30_000 });

  // Both payments are Paddle's completed transactions, newest first.
  await page.goto("/app/settings/invoices");
  const invoices = page.getByRole("table", { name: "Invoices" });
  await expect(invoices.getByRole("row")).toHaveCount(3);
  await expect(invoices.getByRole("row").nth(1)).toContainText("$20.00");
  await expect(invoices.getByRole("row").nth(2)).toContainText("$29.00");

  // Cancel at the period's end: a grace period; then resume.
  await page.goto("/app/settings/subscription/cancel");
  await page.getByRole("button", { name: "Cancel at Period End" }).click();
  await waitForSubscriptionPage(page, "Cancelled: your plan stays active until");
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await waitForSubscriptionPage(page, "Renews on");

  // The payment method: Paddle's payment-method change transaction, paid in the overlay. This card
  // is saved but declines charges.
  await page.goto("/app/settings/payment-method");
  await page.getByRole("button", { name: "Update Payment Method" }).click();
  await payInOverlay(page, "4000 0000 0000 0002", "Save card");
  await expect(page).toHaveURL(/\/app\/settings\/payment-method\?updated=1$/);
  await waitForCard(page, "Visa ending in 0002");
  // A card change is no invoice.
  await page.goto("/app/settings/invoices");
  await expect(page.getByRole("table", { name: "Invoices" }).getByRole("row")).toHaveCount(3);

  // The next charge is declined: the change is refused with the spec's 402 message.
  await page.goto("/app/settings/subscription/update/pro5k/yearly");
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
  await waitForSubscriptionPage(page, "Pro 5K · Monthly");

  // Cancel now: back to Free, the paid feature gone.
  await page.goto("/app/settings/subscription/cancel/now");
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await waitForSubscriptionPage(page, "You are on the Free plan.");
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();
});

test("the JSON subscribe call (spec 01 §7) answers Paddle's checkout data, which /paddle/payment completes", async ({ page }) => {
  await registerUser(page);
  const headers = { Origin: new URL(page.url()).origin, "X-Requested-With": "XMLHttpRequest" };
  const start = () =>
    page.request.post("/app/api/settings/subscription/new", {
      headers,
      data: { billing_type: 2, subscription: "pro", interval: "monthly", currency: "USD", type: "default", trial: false },
    });
  // A checkout started earlier is cancelled at Paddle when the next one starts: only one can be paid.
  const earlier = (await (await start()).json()) as { data: { transaction_id: string } };
  const response = await start();
  expect(response.status(), await response.text()).toBe(200);
  const first = await page.request.get(`${stubUrl()}/transactions/${earlier.data.transaction_id}`, {
    headers: { authorization: `Bearer ${PADDLE_STUB_API_KEY}` },
  });
  expect(((await first.json()) as { data: { status: string } }).data.status).toBe("canceled");
  const { data } = (await response.json()) as {
    data: { transaction_id: string; url: string; customer: { id: string }; prices: { price_id: string }[]; payment_methods: string[] };
  };
  expect(data.transaction_id).toMatch(/^txn_/);
  expect(data.url).toBe(`/paddle/payment?_ptxn=${data.transaction_id}&session=${data.url.split("session=")[1]}`);
  expect(data.customer.id).toMatch(/^ctm_/);
  expect(data.prices).toEqual([{ price_id: expect.stringMatching(/^pri_/) }]);
  expect(data.payment_methods).toContain("paypal");
  await page.goto(data.url);
  await payInOverlay(page, "4242 4242 4242 4242");
  // The overlay goes to the success page: wait for it, or the next navigation races it.
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=cs_paddle_/);
  await waitForSubscriptionPage(page, "Pro");
});

test("a trial whose first charge fails at Paddle holds the user on the past-due page until a card is given there", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await subscribedToPro(page);
  // Paddle ends the trial and the first charge fails: past due, the period starting at the trial's end.
  await page.request.post(`${stubUrl()}/__stub/fail-trial-payment?email=${encodeURIComponent(user.email)}`);
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

  // Paddle's payment-method transaction, paid in the overlay, comes back to the past-due page,
  // which lets the user go once Paddle's event says the subscription is active again.
  await page.getByRole("button", { name: "Update Payment Method" }).click();
  await expect(page).toHaveURL(/\/paddle\/payment\?_ptxn=txn_\w+&from=subscribe$/);
  await payInOverlay(page, "4242 4242 4242 4242", "Save card");
  await expect(page).toHaveURL(/\/app\/subscribe\?updated=1$|\/dashboard/);
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("current-plan")).toContainText("Pro");
  await expect(page.getByTestId("current-plan")).not.toContainText("Your last payment failed");
});

test("a card declined in Paddle's checkout subscribes nobody; closing the checkout goes back to pricing", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "basic").getByRole("button").click();
  await payInOverlay(page, "4000 0000 0000 0002");
  await expect(page.getByRole("dialog", { name: "Paddle checkout" }).getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("button", { name: "Close checkout" }).click();
  await expect(page).toHaveURL(/\/app\/pricing$/);
  await page.goto("/app/settings/subscription");
  await expect(page.getByText("You are on the Free plan.")).toBeVisible();
  await page.goto("/app/settings/invoices");
  await expect(page.getByText("No invoices yet.")).toBeVisible();
});

test("a downgrade waits for the period's end: shown, cancelled, dropped by a cancel, applied at Paddle near the end without billing", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = await subscribedToPro(page);
  await waitForSubscriptionPage(page, "Pro · Monthly");

  async function scheduleBasic() {
    await page.goto("/app/pricing?interval=monthly");
    await planCard(page, "basic").getByRole("button").click();
    await expect(page).toHaveURL(/\/app\/settings\/subscription\/update\/basic\/monthly$/);
    await expect(page.getByText("The change takes effect at the end of your current period, on")).toBeVisible();
    await page.getByRole("button", { name: "Confirm Change" }).click();
    await waitForSubscriptionPage(page, "Your plan changes to Basic (Monthly) on");
    await expect(page.getByTestId("current-plan")).toContainText("Pro · Monthly, $29.00");
    await expect(page.getByRole("button", { name: "Cancel Scheduled Downgrade" })).toBeVisible();
  }

  // Scheduled: Pro stays, and Paddle still bills Pro (only the subscription's custom data says it).
  await scheduleBasic();
  let sub = await stubSubscription(page, user.email);
  expect(sub.items[0]!.price.custom_data.lookup_key).toBe("snip_pro_monthly");
  expect(sub.custom_data).toMatchObject({ snip_scheduled_downgrade: { lookup_key: "snip_basic_monthly", amount: "900" } });

  // Cancelling the scheduled downgrade: Pro renews.
  await page.getByRole("button", { name: "Cancel Scheduled Downgrade" }).click();
  await waitForSubscriptionPage(page, "Renews on", "Your plan changes to");
  sub = await stubSubscription(page, user.email);
  expect(sub.custom_data).not.toHaveProperty("snip_scheduled_downgrade");
  expect(sub.custom_data).toHaveProperty("user_id");

  // A cancel at period end drops it too, and resuming does not bring it back.
  await scheduleBasic();
  await page.goto("/app/settings/subscription/cancel");
  await page.getByRole("button", { name: "Cancel at Period End" }).click();
  await waitForSubscriptionPage(page, "Cancelled: your plan stays active until", "Your plan changes to");
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await waitForSubscriptionPage(page, "Renews on", "Your plan changes to");
  expect(await stubSubscription(page, user.email)).toMatchObject({ scheduled_change: null });

  // Scheduled again. The cron leaves it alone while the period's end is far.
  await scheduleBasic();
  await fireCron(page);
  await page.waitForTimeout(1000);
  expect((await stubUpdates(page, user.email)).filter((u) => u.body.proration_billing_mode === "do_not_bill")).toHaveLength(0);
  await waitForSubscriptionPage(page, "Your plan changes to Basic (Monthly) on");

  // The period nears its end at Paddle: the cron applies the downgrade there, without billing.
  await page.request.post(`${stubUrl()}/__stub/period-ends-in?email=${encodeURIComponent(user.email)}&minutes=30`);
  await expect
    .poll(
      async () => {
        await fireCron(page);
        return (await stubUpdates(page, user.email)).filter((u) => u.body.proration_billing_mode === "do_not_bill").length;
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(1);
  sub = await stubSubscription(page, user.email);
  expect(sub.items[0]!.price.custom_data.lookup_key).toBe("snip_basic_monthly");
  expect(sub.custom_data).not.toHaveProperty("snip_scheduled_downgrade");
  await waitForSubscriptionPage(page, "Basic · Monthly, $9.00", "Your plan changes to");
  // Running again changes nothing (the downgrade is no longer scheduled).
  await fireCron(page);
  await page.waitForTimeout(1000);
  expect((await stubUpdates(page, user.email)).filter((u) => u.body.proration_billing_mode === "do_not_bill")).toHaveLength(1);

  // Nothing was charged for the change; the renewal bills the new price.
  await page.goto("/app/settings/invoices");
  await expect(page.getByRole("table", { name: "Invoices" }).getByRole("row")).toHaveCount(2);
  await page.request.post(`${stubUrl()}/__stub/renew?email=${encodeURIComponent(user.email)}`);
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/invoices");
        return page.getByRole("table", { name: "Invoices" }).getByRole("row").nth(1).textContent();
      },
      { timeout: 10_000 },
    )
    .toContain("$9.00");
  await waitForSubscriptionPage(page, "Basic · Monthly, $9.00");
});

test.describe("the Paddle webhook endpoint", () => {
  /**
   * The signed-in user's Paddle customer (made and recorded by Snip's checkout, left unpaid), a
   * Pro subscription of it at the stub made without notifying anyone, and the subscription.updated
   * notification Paddle would send about it (for the test to post).
   */
  async function notificationAtPaddle(page: Page, email: string): Promise<string> {
    await subscribeCall(page, 2);
    const made = await page.request.post(
      `${stubUrl()}/__stub/subscriptions?email=${encodeURIComponent(email)}&lookup_key=snip_pro_monthly`,
    );
    expect(made.status()).toBe(201);
    return (await stubBurst(page, "paddle", email, [{}], "none"))[0]!;
  }

  function signature(body: string, { secret = PADDLE_STUB_WEBHOOK_SECRET, ts = Math.floor(Date.now() / 1000) } = {}) {
    return `ts=${ts};h1=${createHmac("sha256", secret).update(`${ts}:${body}`).digest("hex")}`;
  }

  test("a bad, missing or stale signature is refused and changes nothing; a GET is refused", async ({ page }) => {
    const user = await registerUser(page);
    const body = await notificationAtPaddle(page, user.email);
    const post = (headers: Record<string, string>) =>
      page.request.post("/paddle/webhook", { data: body, headers: { "content-type": "application/json", ...headers } });

    expect((await post({ "paddle-signature": signature(body, { secret: "pdl_ntfset_not_the_secret" }) })).status()).toBe(400);
    expect((await post({ "paddle-signature": signature(body, { ts: Math.floor(Date.now() / 1000) - 60 }) })).status()).toBe(400);
    expect((await post({ "paddle-signature": signature(`${body} `) })).status()).toBe(400);
    expect((await post({})).status()).toBe(400);
    expect((await page.request.get("/paddle/webhook")).status()).toBe(405);
    // Nothing was enqueued: a valid event shows within this time, so the refused ones would have.
    await page.waitForTimeout(1500);
    await page.goto("/app/settings/subscription");
    await expect(page.getByText("You are on the Free plan.")).toBeVisible();

    // The same event, signed correctly, is accepted and applied.
    expect((await post({ "paddle-signature": signature(body) })).status()).toBe(200);
    await waitForSubscriptionPage(page, "Pro · Monthly, $29.00");
  });
});

test.describe("coupons at Paddle", () => {
  async function dueInOverlay(page: Page, url: string, amount: string) {
    await page.goto(url);
    await expect(page.getByRole("dialog", { name: "Paddle checkout" })).toContainText(`Due today: ${amount} USD`);
  }

  /** Pays in the overlay, back on the success page once the event made the user a subscriber. */
  async function paid(page: Page) {
    await payInOverlay(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=cs_paddle_/);
    await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
  }

  test("a coupon remembered from the query is Paddle's discount on the first payment: $26.10, then $29.00 at the renewal", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const user = await registerUser(page);
    await page.goto("/app/features/custom-links?coupon=welcome10");
    const checkout = await subscribeCall(page, 2);
    expect(checkout.discount_code).toBe("WELCOME10");
    await dueInOverlay(page, checkout.url, "26.10");
    await paid(page);
    const first = await invoiceRows(page, 1);
    await expect(first.nth(1)).toContainText("$26.10");

    // The discount does not recur: the renewal is the full price.
    const renewed = await page.request.post(`${stubUrl()}/__stub/renew?email=${encodeURIComponent(user.email)}`);
    expect(renewed.ok()).toBe(true);
    const rows = await invoiceRows(page, 2);
    await expect(rows.nth(1)).toContainText("$29.00");
    await expect(rows.nth(2)).toContainText("$26.10");
  });

  test("an unknown coupon in the query applies nothing; a code without an active Paddle discount is left out and checkout goes on", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerUser(page);
    await page.goto("/app/terms?coupon=NOT-A-COUPON");
    const plain = await subscribeCall(page, 2);
    expect(plain.discount_code).toBeNull();
    await dueInOverlay(page, plain.url, "29.00");

    // SNIP5's discount is archived at Paddle (no other Paddle test uses it).
    const archived = await page.request.post(`${stubUrl()}/__stub/discounts/SNIP5/archive`);
    expect(archived.ok()).toBe(true);
    await page.goto("/app/terms?coupon=snip5");
    const missing = await subscribeCall(page, 2);
    expect(missing.discount_code).toBeNull();
    await dueInOverlay(page, missing.url, "29.00");
    await paid(page);
    const rows = await invoiceRows(page, 1);
    await expect(rows.nth(1)).toContainText("$29.00");
  });
});

test("deleting the account cancels its Paddle subscription first; its links stop redirecting at once", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await subscribedToPro(page);
  expect((await stubSubscription(page, user.email)).status).toBe("active");
  const prefix = `paddlegone${Date.now().toString(36)}`;
  await devFixture(page, { action: "links", email: user.email, count: 1, url: "https://example.com/paid", aliasPrefix: prefix });
  expect((await page.request.get(`/${prefix}01`, { maxRedirects: 0 })).headers().location).toBe("https://example.com/paid");

  await page.goto("/app/settings/profile/delete");
  await page.getByLabel("Your password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/app\/deleted$/);
  // Cancelled at Paddle, effective now, before the account went.
  expect((await stubSubscription(page, user.email)).status).toBe("canceled");
  expect((await page.request.get(`/${prefix}01`, { maxRedirects: 0 })).headers().location).toMatch(/\/app\/deleted$/);
});

test("an organization owner subscribes a team through Paddle: its members gain the plan in that team only; deleting the organization cancels it at Paddle", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await registerUser(page);
  const member = newUser("paddle-team-member");
  const memberContext = await apiContext();
  await registerByForm(memberContext, member);
  for (const email of [owner.email, member.email]) await devFixture(page, { action: "developer", email });
  await devFixture(page, { action: "subscription", email: owner.email, plan: "basic", interval: "monthly" });
  const slug = `pt-${Date.now().toString(36)}`;
  await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name: "Paddle Team Org",
    teams: [
      { slug: "alpha", name: "Alpha", members: [{ email: member.email, role: "admin" }] },
      { slug: "beta", name: "Beta", members: [{ email: member.email, role: "admin" }] },
    ],
  });
  const teamBase = `/app/organization/${slug}/team/alpha`;
  const teamApi = (team: string) => `/app/organization/${slug}/team/${team}/api`;
  const NO_API = "API access is not included in your plan.";
  const subscriptionsOf = async (path: string) =>
    ((await (await page.request.get(`/app/api${path}`)).json()) as { data: { current: { name: string } | null } }).data.current;
  await apiLogin(memberContext, member);
  expect(await (await memberContext.get(teamApi("alpha"))).text()).toContain(NO_API);

  await page.goto(`${teamBase}/subscription`);
  await page
    .getByTestId("plan-pro")
    .getByRole("button", { name: /a month/ })
    .click();
  await payInOverlay(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`${teamBase}/subscription/success\\?session=cs_paddle_`));
  await expect(page.getByTestId("subscription-success")).toContainText("Alpha is on the Pro plan", { timeout: 30_000 });
  // The Paddle subscription is the team's (its customer was made for the team's workspace).
  const sub = await stubSubscription(page, owner.email);
  expect(sub.status).toBe("active");

  expect(await (await memberContext.get(teamApi("alpha"))).text()).not.toContain(NO_API);
  expect(await (await memberContext.get(teamApi("beta"))).text()).toContain(NO_API);
  expect(await subscriptionsOf(`/organization/${slug}/team/alpha/subscriptions`)).toMatchObject({ name: "pro" });
  expect(await subscriptionsOf("/subscriptions")).toMatchObject({ name: "basic" });

  // Deleting the organization cancels the team's subscription at Paddle, at once, first.
  await page.goto(`/app/organizations/${slug}/settings/profile`);
  await page.getByLabel("Organization slug").fill(slug);
  await page.getByRole("button", { name: "Delete Organization" }).click();
  await expect(page).toHaveURL(/\/app\/organizations\?notice=deleted$/);
  expect((await stubSubscription(page, owner.email)).status).toBe("canceled");
  expect(await subscriptionsOf("/subscriptions")).toMatchObject({ name: "basic" });
  await memberContext.dispose();
});

test.describe("domain orders paid through Paddle (docs/decisions/049)", () => {
  let stubs: OrderStubs;
  test.beforeAll(async () => {
    stubs = await startOrderStubs();
  });
  test.afterAll(async () => {
    await stubs.close();
  });
  // Each journey crosses Paddle's stub, the queue, the registrar's and Cloudflare's stubs.
  test.describe.configure({ timeout: 150_000 });

  interface StubTransaction {
    id: string;
    status: string;
    custom_data: Record<string, unknown> | null;
    items: { price: { description: string; unit_price: { amount: string } } }[];
  }

  async function transactionsOf(page: Page, orderId: string): Promise<StubTransaction[]> {
    const res = await page.request.get(`${stubUrl()}/__stub/transactions?order_id=${orderId}`);
    return ((await res.json()) as { data: StubTransaction[] }).data;
  }

  async function adjustmentsOf(page: Page, transactionId: string): Promise<{ action: string; type: string; totals: { total: string } }[]> {
    const res = await page.request.get(`${stubUrl()}/__stub/adjustments?transaction_id=${transactionId}`);
    return ((await res.json()) as { data: { action: string; type: string; totals: { total: string } }[] }).data;
  }

  /** Checkout in the cart: /paddle/payment opens Paddle's overlay on the transaction Snip made. Answers the order and the transaction. */
  async function checkoutAtPaddle(page: Page, domain: string): Promise<{ orderId: string; transactionId: string }> {
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/paddle\/payment\?_ptxn=txn_[a-z0-9]+&order=[0-9a-f-]+$/);
    const url = new URL(page.url());
    const orderId = url.searchParams.get("order")!;
    const transactionId = url.searchParams.get("_ptxn")!;
    const overlay = page.getByRole("dialog", { name: "Paddle checkout" });
    await expect(overlay).toContainText(`${domain}, registration for 1 year`);
    await expect(overlay).toContainText("Due today: 12.00 USD");
    const [made] = await transactionsOf(page, orderId);
    expect(made).toMatchObject({ id: transactionId, status: "ready" });
    expect(made!.items.map((i) => i.price.unit_price.amount)).toEqual(["1200"]);
    return { orderId, transactionId };
  }

  test("a subscriber buys a domain: a transaction with the order's lines, paid in Paddle's checkout; the order goes to paid and the domain is a branded domain", async ({
    page,
  }) => {
    const domain = uniqueDomain("paddlebuy");
    await subscriberWithDomainInCart(page, domain);
    const { orderId, transactionId } = await checkoutAtPaddle(page, domain);
    await page.screenshot({ path: "test-results/domain-order-paddle-checkout.png", fullPage: true });
    await page.getByRole("dialog", { name: "Paddle checkout" }).getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${orderId}`);
    await waitForOrderStatus(page, orderId, "paid");
    await expectBrandedDomain(page, domain);
    expect(stubs.registrar.state.calls.filter((c) => c.domain === domain && c.kind === "register")).toHaveLength(1);
    expect(await transactionsOf(page, orderId)).toHaveLength(1);
    expect(await adjustmentsOf(page, transactionId)).toEqual([]);
  });

  test("a registration the registrar refuses ends refunded, with exactly one refund adjustment at Paddle", async ({ page }) => {
    const domain = uniqueDomain("paddlefail");
    stubs.registrar.setName(domain, "fails");
    await subscriberWithDomainInCart(page, domain);
    const { orderId, transactionId } = await checkoutAtPaddle(page, domain);
    await page.getByRole("dialog", { name: "Paddle checkout" }).getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${orderId}`);
    await waitForOrderStatus(page, orderId, "refunded");
    const adjustments = await adjustmentsOf(page, transactionId);
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({ action: "refund", type: "full", totals: { total: "1200" } });
  });

  test("one line of two the registrar refuses: a partial refund adjustment at Paddle of that line's item only; the order shows its reason and the refund (decision 051)", async ({
    page,
  }) => {
    const kept = uniqueDomain("paddlepartok");
    const failed = uniqueDomain("paddlepartno");
    stubs.registrar.setName(failed, "fails");
    await subscriberWithDomainInCart(page, kept);
    await addDomainToCart(page, failed, "$24.00");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/paddle\/payment\?_ptxn=txn_[a-z0-9]+&order=[0-9a-f-]+$/);
    const url = new URL(page.url());
    const orderId = url.searchParams.get("order")!;
    const transactionId = url.searchParams.get("_ptxn")!;
    const overlay = page.getByRole("dialog", { name: "Paddle checkout" });
    await expect(overlay).toContainText("Due today: 24.00 USD");
    await overlay.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/shopping-cart/success?order=${orderId}`);
    await waitForOrderStatus(page, orderId, "paid");

    const adjustments = await adjustmentsOf(page, transactionId);
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({ action: "refund", type: "partial", totals: { total: "1200" } });
    expect(stubs.registrar.state.calls.filter((c) => c.kind === "register" && c.domain === kept)).toHaveLength(1);
    await expectPartlyRefunded(page, orderId, kept, failed, "$12.00");
  });

  test("a transaction cancelled at Paddle: the order stays new and lets it go, once; the next payment makes a new transaction and pays (decision 051)", async ({
    page,
  }) => {
    const domain = uniqueDomain("paddlecancel");
    await subscriberWithDomainInCart(page, domain);
    const { orderId, transactionId } = await checkoutAtPaddle(page, domain);
    const cancel = () =>
      page.request.patch(`${stubUrl()}/transactions/${transactionId}`, {
        data: { status: "canceled" },
        headers: { authorization: `Bearer ${PADDLE_STUB_API_KEY}` },
      });
    expect((await cancel()).status()).toBe(200);
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
    // The cancelled transaction is no longer the order's: its payment page is a 404.
    expect((await page.request.get(`/paddle/payment?_ptxn=${transactionId}&order=${orderId}`)).status()).toBe(404);

    // Paddle's notification again (a redelivery), signed: nothing more.
    const [cancelled] = await transactionsOf(page, orderId);
    expect(cancelled).toMatchObject({ id: transactionId, status: "canceled" });
    const notification = (data: unknown) =>
      JSON.stringify({
        event_id: `evt_again${Date.now()}`,
        event_type: "transaction.canceled",
        occurred_at: new Date().toISOString(),
        notification_id: `ntf_again${Date.now()}`,
        data,
      });
    const redeliver = async () => {
      const body = notification(cancelled);
      const ts = Math.floor(Date.now() / 1000);
      const h1 = createHmac("sha256", PADDLE_STUB_WEBHOOK_SECRET).update(`${ts}:${body}`).digest("hex");
      return page.request.post("/paddle/webhook", {
        data: body,
        headers: { "content-type": "application/json", "paddle-signature": `ts=${ts};h1=${h1}` },
      });
    };
    expect((await redeliver()).status()).toBe(200);
    expect(await orderStatus(page, orderId)).toBe("new");

    // The next payment: a new transaction, paid in the overlay.
    await page.goto(`/app/shopping-cart/pay/${orderId}`);
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await expect(page).toHaveURL(/\/paddle\/payment\?_ptxn=txn_/);
    const fresh = new URL(page.url()).searchParams.get("_ptxn")!;
    expect(fresh).not.toBe(transactionId);
    await page.getByRole("dialog", { name: "Paddle checkout" }).getByRole("button", { name: "Pay now" }).click();
    await waitForOrderStatus(page, orderId, "paid");
    expect((await transactionsOf(page, orderId)).map((t) => [t.id, t.status])).toEqual([
      [transactionId, "canceled"],
      [fresh, "completed"],
    ]);
    // The old transaction's notification once more: the paid order is left alone.
    expect((await redeliver()).status()).toBe(200);
    expect(await orderStatus(page, orderId)).toBe("paid");
    expect(stubs.registrar.state.calls.filter((c) => c.domain === domain && c.kind === "register")).toHaveLength(1);
  });

  test("a forged, unsigned or foreign notification changes nothing, nor does a transaction the browser names", async ({ page }) => {
    const domain = uniqueDomain("paddleforged");
    await subscriberWithDomainInCart(page, domain);
    const { orderId, transactionId } = await checkoutAtPaddle(page, domain);
    // The payment page opens only the order's own transaction.
    expect((await page.request.get(`/paddle/payment?_ptxn=txn_notthisorders&order=${orderId}`)).status()).toBe(404);

    const [made] = await transactionsOf(page, orderId);
    const completed = (data: Record<string, unknown>) =>
      JSON.stringify({
        event_id: `evt_forged${Date.now()}`,
        event_type: "transaction.completed",
        occurred_at: new Date().toISOString(),
        notification_id: `ntf_forged${Date.now()}`,
        data: { ...made, status: "completed", billed_at: new Date().toISOString(), ...data },
      });
    const post = (body: string, headers: Record<string, string>) =>
      page.request.post("/paddle/webhook", { data: body, headers: { "content-type": "application/json", ...headers } });
    const signature = (body: string, secret = PADDLE_STUB_WEBHOOK_SECRET) => {
      const ts = Math.floor(Date.now() / 1000);
      return `ts=${ts};h1=${createHmac("sha256", secret).update(`${ts}:${body}`).digest("hex")}`;
    };
    const genuine = completed({});
    expect((await post(genuine, { "paddle-signature": signature(genuine, "pdl_ntfset_not_the_secret") })).status()).toBe(400);
    expect((await post(genuine, {})).status()).toBe(400);
    // Signed, but another transaction claiming the order in its custom data: nothing.
    const foreign = completed({ id: "txn_notthisorders", custom_data: { order_id: orderId } });
    expect((await post(foreign, { "paddle-signature": signature(foreign) })).status()).toBe(200);
    await page.waitForTimeout(2000);
    expect(await orderStatus(page, orderId)).toBe("new");
    expect(stubs.registrar.state.calls.filter((c) => c.domain === domain)).toEqual([]);

    // The order's payment page opens its transaction again, and paying it pays the order.
    await page.goto(`/app/shopping-cart/pay/${orderId}`);
    await page.getByRole("button", { name: "Pay $12.00" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/paddle/payment?_ptxn=${transactionId}&order=${orderId}`);
    await page.getByRole("dialog", { name: "Paddle checkout" }).getByRole("button", { name: "Pay now" }).click();
    await waitForOrderStatus(page, orderId, "paid");
    expect(await transactionsOf(page, orderId)).toHaveLength(1);
  });
});
