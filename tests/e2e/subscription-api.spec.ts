/**
 * The subscription calls of spec 01 §7 as the browser's JSON client makes them (same-origin,
 * with the ajax marker and the session cookie), without any provider key (test mode): the plans
 * offered, subscribe → checkout data → paid, update (and a downgrade scheduled), cancel at the
 * period's end and resume, cancel the scheduled downgrade, cancel now and reactivate, the
 * payment-method checkout, and the errors of spec 01 §8.
 */
import type { APIResponse, Page } from "@playwright/test";
import { giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const HEADERS = { ...SAME_ORIGIN, "X-Requested-With": "XMLHttpRequest", "X-Snip-Fingerprint": "0123456789abcdef0123456789abcdef" };
const SUB = "/app/api/settings/subscription";

type Sub = { name: string; interval: string; active: boolean; onGracePeriod: boolean } | null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely; every field used is asserted
type Json = any;

async function body(response: APIResponse): Promise<Json> {
  return (await response.json()) as Json;
}

/** The state the client refreshes after a change (spec 01 §4), polled until `check` holds. */
async function stateUntil(page: Page, check: (subs: { current: Sub; future: Sub }) => boolean): Promise<{ current: Sub; future: Sub }> {
  let last: { current: Sub; future: Sub } = { current: null, future: null };
  await expect
    .poll(
      async () => {
        const state = await body(await page.request.get("/app/api/state", { headers: HEADERS }));
        last = state.data.subscriptions;
        return check(last);
      },
      { timeout: 20_000, intervals: [300, 500, 1000] },
    )
    .toBe(true);
  return last;
}

test("GET subscriptions lists the plans offered, yearly by default, in ascending price, and refuses an unknown provider", async ({
  request,
}) => {
  const yearly = await body(await request.get("/app/api/subscriptions", { headers: HEADERS }));
  expect(yearly.data.interval).toBe("yearly");
  expect(yearly.data.billing_types).toEqual([0]);
  const names = yearly.data.plans.map((p: { name: string }) => p.name);
  expect(names).toEqual(["basic", "pro", "pro5k", "enterprise"]);
  const amounts = yearly.data.plans.map((p: Json) => p.prices.find((x: Json) => x.interval === "yearly").price.amount);
  expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
  const pro = yearly.data.plans.find((p: { name: string }) => p.name === "pro");
  expect(pro).toMatchObject({ popular: true, trialDays: 14 });
  expect(pro.prices[0]).toMatchObject({ active: true, price: { currency: "USD" }, metered_by: "active_aliases" });
  expect(pro.prices[0].features).toContain("use_analytics");

  const monthly = await body(await request.get("/app/api/subscriptions?interval=monthly", { headers: HEADERS }));
  expect(monthly.data.interval).toBe("monthly");

  // Paddle is not configured here: asking for it is a field error, not a silent switch.
  const paddle = await request.get("/app/api/subscriptions?billing_type=2", { headers: HEADERS });
  expect(paddle.status()).toBe(422);
  expect((await body(paddle)).errors.billing_type).toEqual(["This payment provider is not available."]);
  expect((await request.get("/app/api/subscriptions?billing_type=x", { headers: HEADERS })).status()).toBe(422);
});

test("subscribe answers checkout data; paying it makes the user a subscriber", async ({ page }) => {
  await registerUser(page);
  const bad = await page.request.post(`${SUB}/new`, {
    headers: HEADERS,
    data: { subscription: "gold", interval: "weekly", currency: "EUR", type: "addon", billing_type: 7 },
  });
  expect(bad.status()).toBe(422);
  expect(Object.keys((await body(bad)).errors).sort()).toEqual(["billing_type", "currency", "interval", "subscription", "type"]);
  const enterprise = await page.request.post(`${SUB}/new`, { headers: HEADERS, data: { subscription: "enterprise", interval: "yearly" } });
  expect(enterprise.status(), "a custom plan is quoted, not bought").toBe(422);
  const badCoupon = await page.request.post(`${SUB}/new`, {
    headers: HEADERS,
    data: { subscription: "pro", interval: "monthly", coupon: "NOT-A-COUPON" },
  });
  expect((await body(badCoupon)).errors.coupon).toEqual(["This coupon is not valid."]);

  const response = await page.request.post(`${SUB}/new`, {
    headers: HEADERS,
    data: { billing_type: 0, subscription: "pro", interval: "monthly", currency: "usd", type: "default", trial: false },
  });
  expect(response.status()).toBe(200);
  const checkout = (await body(response)).data;
  expect(checkout).toMatchObject({
    session_id: expect.stringMatching(/^cs_test_/),
    transaction_id: null,
    url: expect.stringMatching(/^\/app\/billing\/test-checkout\/cs_test_/),
    customer: { id: expect.any(String), auth_token: null },
    prices: [{ price_id: expect.any(String) }],
    locale: "en",
    payment_methods: ["card"],
    trial: false,
  });

  await page.goto(checkout.url);
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByRole("button", { name: /^Pay / }).click();
  await stateUntil(page, (s) => s.current?.name === "pro");

  // A subscriber does not subscribe again: the plan is changed instead.
  const again = await page.request.post(`${SUB}/new`, { headers: HEADERS, data: { subscription: "basic", interval: "monthly" } });
  expect(again.status()).toBe(422);
  expect((await body(again)).errors.subscription).toEqual(["You already have a subscription: change its plan instead."]);
});

test("update, a scheduled downgrade and its cancel, cancel at period end and resume, cancel now and reactivate", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro", interval: "monthly" });

  const same = await page.request.put(`${SUB}/update`, { headers: HEADERS, data: { subscription: "pro", interval: "monthly" } });
  expect(same.status()).toBe(406);
  expect((await body(same)).message).toBe("You are already on this plan.");

  // An upgrade applies at once.
  const up = await page.request.put(`${SUB}/update`, {
    headers: HEADERS,
    data: { billing_type: 0, subscription: "pro5k", interval: "monthly", currency: "USD", type: "default" },
  });
  expect(up.status()).toBe(202);
  expect((await body(up)).data).toMatchObject({ pending: true, refresh_after_ms: 3000, scheduled: false });
  await stateUntil(page, (s) => s.current?.name === "pro5k");

  // A downgrade waits for the period's end: the future subscription (spec 01 §4).
  const down = await page.request.put(`${SUB}/update`, { headers: HEADERS, data: { subscription: "basic", interval: "monthly" } });
  expect(down.status()).toBe(202);
  expect((await body(down)).data).toMatchObject({ scheduled: true, starts_at: expect.any(String) });
  await stateUntil(page, (s) => s.current?.name === "pro5k" && s.future?.name === "basic");
  expect((await page.request.delete(`${SUB}/scheduled`, { headers: HEADERS })).status()).toBe(202);
  await stateUntil(page, (s) => s.future === null);
  const none = await page.request.delete(`${SUB}/scheduled`, { headers: HEADERS });
  expect(none.status()).toBe(406);
  expect((await body(none)).message).toBe("There is no scheduled downgrade.");

  expect((await page.request.put(`${SUB}/resume`, { headers: HEADERS })).status(), "nothing to resume").toBe(406);
  expect((await page.request.patch(`${SUB}/reactivate`, { headers: HEADERS })).status(), "active: nothing to reactivate").toBe(406);

  expect((await page.request.delete(SUB, { headers: HEADERS, data: { billing_type: 0 } })).status()).toBe(202);
  await stateUntil(page, (s) => s.current?.onGracePeriod === true);
  expect((await page.request.delete(SUB, { headers: HEADERS })).status(), "already cancelled").toBe(406);
  expect((await page.request.put(`${SUB}/resume`, { headers: HEADERS })).status()).toBe(202);
  await stateUntil(page, (s) => s.current?.onGracePeriod === false);

  expect((await page.request.delete(`${SUB}/now`, { headers: HEADERS })).status()).toBe(202);
  await stateUntil(page, (s) => s.current?.active === false);
  const reactivate = await page.request.patch(`${SUB}/reactivate`, { headers: HEADERS });
  expect(reactivate.status()).toBe(200);
  const checkout = (await body(reactivate)).data;
  expect(checkout.url).toMatch(/^\/app\/billing\/test-checkout\//);
  await page.goto(checkout.url);
  await expect(page.getByText("Pro 5K")).toBeVisible();
});

test("the payment-method call opens the card form; guests, other methods and cross-site calls are refused", async ({ page }) => {
  const user = await registerUser(page);
  expect((await page.request.get("/app/api/settings/payment-method", { headers: HEADERS })).status(), "no card, no subscription").toBe(406);
  await giveSubscription(page, user.email, { plan: "pro", interval: "monthly" });
  const method = await page.request.get("/app/api/settings/payment-method?subscription=pro&subscription_type=default&billing_type=0", {
    headers: HEADERS,
  });
  expect(method.status()).toBe(200);
  expect((await body(method)).data).toMatchObject({ billing_type: 0, url: "/app/settings/payment-method" });
  expect((await page.request.get("/app/api/settings/payment-method?subscription_type=team", { headers: HEADERS })).status()).toBe(422);

  expect((await page.request.get(SUB, { headers: HEADERS })).status()).toBe(405);
  expect((await page.request.post(`${SUB}/elsewhere`, { headers: HEADERS })).status()).toBe(404);
  const crossSite = await page.request.delete(`${SUB}/now`, { headers: { ...HEADERS, Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(419);
  await stateUntil(page, (s) => s.current?.name === "pro");

  const guest = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  const refused = await guest.request.delete(SUB, { headers: HEADERS });
  expect(refused.status()).toBe(401);
  await guest.close();
});

test("an ended subscription is reactivated from the subscription page through a new checkout", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro", interval: "monthly" });
  await page.goto("/app/settings/subscription");
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await stateUntil(page, (s) => s.current?.active === false);
  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("ended-subscription")).toContainText(/Your Pro plan \(Monthly\) ended on \w+ \d+, \d{4}\./);
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByRole("button", { name: /^Pay / }).click();
  await stateUntil(page, (s) => s.current?.name === "pro" && s.current.active);
  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("ended-subscription")).toHaveCount(0);
  await expect(page.getByTestId("current-plan")).toContainText("Pro");
});
