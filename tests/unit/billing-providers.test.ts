import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv, type AppEnv } from "../../app/env.server";
import { paddleEventPayload, snapshotOfPaddleSubscription, type PaddleSubscriptionLike } from "../../app/lib/billing/paddle-events.server";
import {
  scheduledOfStripeSchedule,
  snapshotOfStripeSubscription,
  stripeEventPayload,
  type StripeEventLookups,
  type StripePriceLike,
  type StripeScheduleLike,
  type StripeSubscriptionLike,
} from "../../app/lib/billing/stripe-events.server";
import { availableBillingTypes, billingFor, billingForSubscription, selfServeCheckout } from "../../app/lib/billing/select.server";
import { StripeBilling } from "../../app/lib/billing/stripe.server";
import { TestModeBilling } from "../../app/lib/billing/test-mode.server";
import type { CheckoutSession } from "../../db/billing.server";
import { handlePaddleWebhook, handleStripeWebhook } from "../../app/lib/billing/webhooks.server";
import {
  BILLING_MESSAGES,
  invoicesHidden,
  parsePriceLookupKey,
  priceLookupKey,
  TEST_CARDS,
  type SubscriptionSnapshot,
} from "../../domain/billing";
import { isPastDueTrial, type Subscription } from "../../domain/subscription";
import { PADDLE_STUB_API_KEY, startPaddleStub } from "../stubs/paddle-server";
import { startStripeStub, STUB_SECRET_KEY, STUB_WEBHOOK_SECRET, type StripeStub } from "../stubs/stripe-server";

const VARS = {
  SHORT_HOST: "snip.example",
  HELP_URL: "https://help.example/",
  HELPDESK_URL: "https://help.example/c",
  FREESCOUT_URL: "https://support.example/",
  BLOG_URL: "https://blog.example/",
  AUTH_SECRET: "s".repeat(40),
};
const DAY_S = 86_400;
const T0 = 1_790_000_000;

function stripeSub(overrides: Partial<StripeSubscriptionLike> = {}): StripeSubscriptionLike {
  return {
    id: "sub_1",
    status: "active",
    customer: "cus_1",
    metadata: { user_id: "u1" },
    cancel_at: null,
    cancel_at_period_end: false,
    ended_at: null,
    canceled_at: null,
    trial_end: null,
    items: {
      data: [
        {
          quantity: 1,
          current_period_start: T0,
          current_period_end: T0 + 365 * DAY_S,
          price: { lookup_key: "snip_pro5k_yearly", unit_amount: 47_040, currency: "usd" },
        },
      ],
    },
    ...overrides,
  };
}

describe("plans at the providers", () => {
  it("every lookup key names one plan and interval", () => {
    expect(priceLookupKey("pro", "monthly")).toBe("snip_pro_monthly");
    expect(priceLookupKey("domain-renewal-service", "yearly")).toBe("snip_domain_renewal_service_yearly");
    expect(parsePriceLookupKey("snip_domain_renewal_service_yearly")).toEqual({ plan: "domain-renewal-service", interval: "yearly" });
    expect(parsePriceLookupKey("someone_elses_price")).toBeNull();
    expect(parsePriceLookupKey(null)).toBeNull();
  });

  it("status bit 16 hides the invoices, other bits do not", () => {
    expect(invoicesHidden(16)).toBe(true);
    expect(invoicesHidden(4 | 8 | 16)).toBe(true);
    expect(invoicesHidden(4 | 8)).toBe(false);
  });
});

describe("a Stripe subscription as a snapshot", () => {
  it("active: plan, interval, amount and period from the item", () => {
    expect(snapshotOfStripeSubscription(stripeSub())).toEqual({
      name: "pro5k",
      interval: "yearly",
      amount: 47_040,
      currency: "USD",
      quantity: 1,
      endsAt: null,
      trialEndsAt: null,
      periodStartsAt: T0 * 1000,
      periodEndsAt: (T0 + 365 * DAY_S) * 1000,
      billingStatus: null,
      billingId: "sub_1",
    });
  });

  it("cancelled at the period's end or at a date: a grace period until then; ended: when it ended", () => {
    expect(snapshotOfStripeSubscription(stripeSub({ cancel_at_period_end: true }))!.endsAt).toBe((T0 + 365 * DAY_S) * 1000);
    expect(snapshotOfStripeSubscription(stripeSub({ cancel_at: T0 + DAY_S }))!.endsAt).toBe((T0 + DAY_S) * 1000);
    expect(snapshotOfStripeSubscription(stripeSub({ status: "canceled", ended_at: T0 + 5 }))!.endsAt).toBe((T0 + 5) * 1000);
  });

  it("trialing, past due, unpaid and incomplete map to the spec's states", () => {
    expect(snapshotOfStripeSubscription(stripeSub({ status: "trialing", trial_end: T0 + 14 * DAY_S }))!.trialEndsAt).toBe(
      (T0 + 14 * DAY_S) * 1000,
    );
    expect(snapshotOfStripeSubscription(stripeSub({ status: "past_due" }))!.billingStatus).toBe("past_due");
    expect(snapshotOfStripeSubscription(stripeSub({ status: "unpaid" }))!.billingStatus).toBe("past_due");
    expect(snapshotOfStripeSubscription(stripeSub({ status: "incomplete" }))!.billingStatus).toBe("incomplete");
  });

  it("a price that is not Snip's is no event", () => {
    const sub = stripeSub();
    sub.items.data[0]!.price.lookup_key = "other_product";
    expect(snapshotOfStripeSubscription(sub)).toBeNull();
  });
});

describe("a Stripe subscription schedule as the scheduled downgrade", () => {
  const YEAR_END = T0 + 365 * DAY_S;
  const PRICES: Record<string, StripePriceLike> = {
    price_basic_monthly: { id: "price_basic_monthly", lookup_key: "snip_basic_monthly", unit_amount: 900, currency: "usd" },
    price_pro5k_yearly: { id: "price_pro5k_yearly", lookup_key: "snip_pro5k_yearly", unit_amount: 47_040, currency: "usd" },
    price_snip_overage: { id: "price_snip_overage", lookup_key: "snip_overage", unit_amount: 1, currency: "usd" },
  };
  const priceOf = vi.fn((id: string) => Promise.resolve(PRICES[id]!));

  /** pro5k yearly until the period's end, then basic monthly (with the metered item kept). */
  function schedule(overrides: Partial<StripeScheduleLike> = {}): StripeScheduleLike {
    return {
      id: "sub_sched_1",
      status: "active",
      customer: "cus_1",
      subscription: "sub_1",
      end_behavior: "release",
      current_phase: { start_date: T0, end_date: YEAR_END },
      phases: [
        { start_date: T0, end_date: YEAR_END, items: [{ price: "price_pro5k_yearly", quantity: 1 }, { price: "price_snip_overage" }] },
        {
          start_date: YEAR_END,
          end_date: YEAR_END + 30 * DAY_S,
          items: [{ price: "price_snip_overage" }, { price: "price_basic_monthly", quantity: 1 }],
        },
      ],
      ...overrides,
    };
  }
  const current = snapshotOfStripeSubscription(stripeSub())!;

  it("the phase after the current one is the future subscription, from that phase's start", async () => {
    expect(await scheduledOfStripeSchedule(schedule(), current, priceOf)).toEqual({
      name: "basic",
      interval: "monthly",
      amount: 900,
      currency: "USD",
      quantity: 1,
      endsAt: null,
      trialEndsAt: null,
      periodStartsAt: YEAR_END * 1000,
      periodEndsAt: (YEAR_END + 30 * DAY_S) * 1000,
      billingStatus: null,
      billingId: "sub_1",
    });
    // A schedule that cancels the subscription at its end: the downgrade ends with its phase.
    expect((await scheduledOfStripeSchedule(schedule({ end_behavior: "cancel" }), current, priceOf))!.endsAt).toBe(
      (YEAR_END + 30 * DAY_S) * 1000,
    );
  });

  it("released, completed or cancelled, in its last phase, or keeping the plan: nothing is scheduled", async () => {
    for (const status of ["released", "completed", "canceled"]) {
      expect(await scheduledOfStripeSchedule(schedule({ status, current_phase: null }), current, priceOf)).toBeNull();
    }
    const inPhase2 = schedule({ current_phase: { start_date: YEAR_END, end_date: YEAR_END + 30 * DAY_S } });
    expect(await scheduledOfStripeSchedule(inPhase2, current, priceOf)).toBeNull();
    const samePlan = schedule();
    samePlan.phases[1]!.items = [{ price: "price_pro5k_yearly", quantity: 1 }];
    expect(await scheduledOfStripeSchedule(samePlan, current, priceOf)).toBeNull();
  });

  /** When the webhook looked the subscription up (its state's place in the order). */
  const OBSERVED = (T0 + 95) * 1000 + 123;

  function lookups(
    sub: StripeSubscriptionLike,
    sched: StripeScheduleLike = schedule(),
  ): StripeEventLookups & { retrieveSchedule: ReturnType<typeof vi.fn> } {
    return {
      retrieveSubscription: () => Promise.resolve(sub),
      retrieveSchedule: vi.fn(() => Promise.resolve(sched)),
      retrievePrice: priceOf,
      userOfCustomer: () => Promise.resolve(undefined),
    };
  }

  it("a subscription event says what its schedule has scheduled, null without a schedule, nothing when it does not say", async () => {
    const event = (sub: StripeSubscriptionLike) => ({
      id: "evt_1",
      type: "customer.subscription.updated",
      created: T0 + 60,
      data: { object: sub },
    });
    // The subscription as Stripe has it now (looked up) decides, not the event's copy.
    const withSchedule = stripeSub({ schedule: "sub_sched_1" });
    const l = lookups(withSchedule);
    const scheduled = await stripeEventPayload(event(stripeSub({ schedule: null })), l, OBSERVED);
    expect(l.retrieveSchedule).toHaveBeenCalledWith("sub_sched_1");
    expect(scheduled).toMatchObject({ subscription: { name: "pro5k" }, scheduled: { name: "basic", periodStartsAt: YEAR_END * 1000 } });
    expect(await stripeEventPayload(event(withSchedule), lookups(stripeSub({ schedule: null })), OBSERVED)).toMatchObject({
      scheduled: null,
    });
    expect(await stripeEventPayload(event(stripeSub()), lookups(stripeSub()), OBSERVED)).not.toHaveProperty("scheduled");
    // A cancelled subscription has nothing left to downgrade.
    const ended = stripeSub({ status: "canceled", ended_at: T0 + 5, schedule: "sub_sched_1" });
    expect(await stripeEventPayload({ ...event(ended), type: "customer.subscription.deleted" }, lookups(ended), OBSERVED)).toMatchObject({
      scheduled: null,
    });
    // A subscription Stripe does not have is no event.
    expect(await stripeEventPayload(event(withSchedule), { ...l, retrieveSubscription: () => Promise.resolve(null) }, OBSERVED)).toBeNull();
  });

  it("schedule events carry the subscription and its schedule as they are now (looked up), read at the observed time", async () => {
    const sub = stripeSub({ schedule: "sub_sched_1" });
    const event = (type: string, object: StripeScheduleLike) => ({ id: `evt_${type}`, type, created: T0 + 90, data: { object } });
    expect(await stripeEventPayload(event("subscription_schedule.updated", schedule()), lookups(sub), OBSERVED)).toMatchObject({
      type: "subscription_schedule.updated",
      userId: "u1",
      occurredAt: OBSERVED,
      subscription: { name: "pro5k", interval: "yearly" },
      scheduled: { name: "basic", interval: "monthly" },
    });
    const released = schedule({ status: "released", current_phase: null, subscription: null, released_subscription: "sub_1" });
    expect(
      await stripeEventPayload(event("subscription_schedule.released", released), lookups(stripeSub({ schedule: null })), OBSERVED),
    ).toMatchObject({
      subscription: { name: "pro5k" },
      scheduled: null,
    });
    // An event of a schedule since released, arriving late: the subscription's schedule now decides.
    expect(
      await stripeEventPayload(event("subscription_schedule.updated", schedule()), lookups(stripeSub({ schedule: null })), OBSERVED),
    ).toMatchObject({ scheduled: null });
    // A schedule of no subscription (never started) is no event.
    expect(
      await stripeEventPayload(
        event("subscription_schedule.canceled", schedule({ status: "canceled", subscription: null })),
        lookups(sub),
        OBSERVED,
      ),
    ).toBeNull();
  });
});

/**
 * A D1 holding no billing customers: the webhook asks it for the subscription's stored customer
 * first (decision 033) and, finding none, takes what Snip wrote at Stripe.
 */
const noCustomers = {
  prepare() {
    const statement = {
      bind: () => statement,
      all: () => Promise.resolve({ results: [], success: true, meta: {} }),
      raw: () => Promise.resolve([]),
      first: () => Promise.resolve(null),
      run: () => Promise.resolve({ results: [], success: true, meta: {} }),
    };
    return statement;
  },
} as unknown as D1Database;

function fakeEnv(overrides: Partial<AppEnv> = {}) {
  const send = vi.fn(() => Promise.resolve());
  const env = { ...parseEnv(VARS), JOBS: { send } as unknown as Queue, DB: noCustomers, ...overrides } as AppEnv;
  return { env, send };
}

describe("closing an earlier checkout at Stripe (one payable checkout per owner)", () => {
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub({ webhookUrl: "http://127.0.0.1:9/unused" });
  });
  afterAll(() => stub.close());

  async function openSession() {
    const stripe = new Stripe(STUB_SECRET_KEY, {
      httpClient: Stripe.createFetchHttpClient(),
      host: new URL(stub.url).hostname,
      port: Number(new URL(stub.url).port),
      protocol: "http",
    });
    const customer = await stripe.customers.create({ email: "close@example.com" });
    const [price] = (await stripe.prices.list({ lookup_keys: ["snip_pro_monthly"] })).data;
    return stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price!.id, quantity: 1 }],
      success_url: "https://snip.example/ok",
      cancel_url: "https://snip.example/back",
    });
  }
  const billing = () =>
    new StripeBilling(
      fakeEnv({ STRIPE_SECRET_KEY: STUB_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET, STRIPE_API_BASE: stub.url }).env,
    );
  const asCheckout = (id: string) => ({ id }) as CheckoutSession;

  it("an open session is expired there and can no longer be paid; closing it again is no error", async () => {
    const session = await openSession();
    expect(await billing().closeCheckout(asCheckout(session.id))).toBe("closed");
    const sessions = (await (await fetch(`${stub.url}/__stub/checkout-sessions`)).json()) as { data: { id: string; status: string }[] };
    expect(sessions.data.find((s) => s.id === session.id)?.status).toBe("expired");
    const pay = await fetch(`${stub.url}/checkout/${session.id}`, { method: "POST", body: "card=4242424242424242" });
    expect(pay.status).toBe(410);
    expect(await billing().closeCheckout(asCheckout(session.id))).toBe("closed");
  });

  it("a session paid before it could be closed is reported paid", async () => {
    const session = await openSession();
    const pay = await fetch(`${stub.url}/checkout/${session.id}`, { method: "POST", body: "card=4242424242424242", redirect: "manual" });
    expect(pay.status).toBe(303);
    expect(await billing().closeCheckout(asCheckout(session.id))).toBe("paid");
  });
});

describe("the Stripe webhook", () => {
  // The real SDK against the Stripe stub (tests/stubs/stripe-server.ts), which holds the subscription.
  let stub: StripeStub;
  let subscriptionId = "";
  beforeAll(async () => {
    stub = await startStripeStub({ webhookUrl: "http://127.0.0.1:9/unused" });
    const made = await fetch(`${stub.url}/__stub/subscriptions?email=unit@example.com&lookup_key=snip_pro_monthly&user_id=u1`, {
      method: "POST",
    });
    subscriptionId = ((await made.json()) as { subscription: { id: string } }).subscription.id;
  });
  afterAll(() => stub.close());

  const secret = STUB_WEBHOOK_SECRET;
  const configured = () => ({ STRIPE_SECRET_KEY: STUB_SECRET_KEY, STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: stub.url });
  /** The event's copy of the subscription is stale (basic, cancelling): Stripe's state now decides. */
  const payload = () =>
    JSON.stringify({
      id: "evt_unit_1",
      object: "event",
      created: T0,
      type: "customer.subscription.updated",
      data: { object: stripeSub({ id: subscriptionId, cancel_at_period_end: true }) },
    });

  function request(header: string | null) {
    return new Request("https://snip.example/app/webhooks/stripe", {
      method: "POST",
      body: payload(),
      headers: header ? { "stripe-signature": header } : {},
    });
  }

  it("a valid signature enqueues the subscription's state at Stripe under the provider's event id", async () => {
    const { env, send } = fakeEnv(configured());
    const before = Date.now();
    const response = await handleStripeWebhook(request(Stripe.webhooks.generateTestHeaderString({ payload: payload(), secret })), env);
    expect(response.status).toBe(200);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        type: "billing.event",
        id: "stripe:evt_unit_1",
        payload: expect.objectContaining({
          billingType: 1,
          userId: "u1",
          subscription: expect.objectContaining({ name: "pro", interval: "monthly", endsAt: null, billingId: subscriptionId }),
          occurredAt: expect.any(Number),
        }),
      }),
    );
    const { occurredAt } = (send.mock.calls[0] as unknown as [{ payload: { occurredAt: number } }])[0].payload;
    expect(occurredAt).toBeGreaterThanOrEqual(before);
    expect(occurredAt).toBeLessThanOrEqual(Date.now());
  });

  it("an event about a subscription Stripe does not have enqueues nothing", async () => {
    const { env, send } = fakeEnv(configured());
    const body = JSON.stringify({
      id: "evt_unit_2",
      object: "event",
      created: T0,
      type: "customer.subscription.updated",
      data: { object: stripeSub({ id: "sub_not_at_stripe" }) },
    });
    const response = await handleStripeWebhook(
      new Request("https://snip.example/app/webhooks/stripe", {
        method: "POST",
        body,
        headers: { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) },
      }),
      env,
    );
    expect(response.status).toBe(200);
    expect(send).not.toHaveBeenCalled();
  });

  it("a wrong secret, a stale timestamp or no signature is a 400 and nothing is enqueued", async () => {
    const { env, send } = fakeEnv(configured());
    const now = Math.floor(Date.now() / 1000);
    for (const header of [
      Stripe.webhooks.generateTestHeaderString({ payload: payload(), secret: "whsec_other" }),
      Stripe.webhooks.generateTestHeaderString({ payload: payload(), secret, timestamp: now - 301 }),
      null,
    ]) {
      expect((await handleStripeWebhook(request(header), env)).status).toBe(400);
    }
    expect(send).not.toHaveBeenCalled();
  });

  it("is not there without Stripe configured", async () => {
    const { env } = fakeEnv();
    expect((await handleStripeWebhook(request("t=1,v1=x"), env)).status).toBe(404);
  });
});

describe("Paddle", () => {
  const secret = "pdl_ntfset_unit_secret";
  const configured = { PADDLE_API_KEY: "pdl_test_key", PADDLE_WEBHOOK_SECRET: secret };

  function paddleSub(overrides: Partial<PaddleSubscriptionLike> = {}): PaddleSubscriptionLike {
    return {
      id: "sub_01paddle",
      status: "active",
      customerId: "ctm_01",
      canceledAt: null,
      currentBillingPeriod: { startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" },
      scheduledChange: null,
      customData: { user_id: "u2", checkout_session_id: "cs_paddle_1" },
      items: [
        {
          quantity: 1,
          trialDates: null,
          price: { customData: { lookup_key: "snip_basic_monthly" }, unitPrice: { amount: "900", currencyCode: "USD" } },
        },
      ],
      ...overrides,
    };
  }

  it("a subscription entity as a snapshot: a scheduled cancel is the grace period", () => {
    const snapshot = snapshotOfPaddleSubscription(
      paddleSub({ scheduledChange: { action: "cancel", effectiveAt: "2026-12-01T00:00:00Z" }, status: "past_due" }),
    );
    expect(snapshot).toMatchObject({
      name: "basic",
      interval: "monthly",
      amount: 900,
      endsAt: Date.parse("2026-12-01T00:00:00Z"),
      billingStatus: "past_due",
      billingId: "sub_01paddle",
    });
  });

  /** The fields the past-due-trial rule reads, as the stored subscription has them. */
  const subscriptionOf = (s: SubscriptionSnapshot) =>
    ({
      billingStatus: s.billingStatus,
      trialEndsAt: s.trialEndsAt === null ? null : new Date(s.trialEndsAt),
      periodStartsAt: new Date(s.periodStartsAt),
    }) as Subscription;

  it("a renewal that fails right after the trial is a past-due trial (spec 01 §4)", () => {
    const trialEnd = "2026-11-01T00:00:00Z";
    const item = paddleSub().items[0]!;
    const snapshot = snapshotOfPaddleSubscription(
      paddleSub({ status: "past_due", items: [{ ...item, trialDates: { startsAt: "2026-10-18T00:00:00Z", endsAt: trialEnd } }] }),
    );
    expect(snapshot).toMatchObject({ trialEndsAt: Date.parse(trialEnd), periodStartsAt: Date.parse(trialEnd), billingStatus: "past_due" });
    expect(isPastDueTrial(subscriptionOf(snapshot!))).toBe(true);
    // A paid subscription that fails later is past due, not a past-due trial.
    const later = snapshotOfPaddleSubscription(paddleSub({ status: "past_due" }));
    expect(isPastDueTrial(subscriptionOf(later!))).toBe(false);
  });

  it("subscription.created completes its checkout session", async () => {
    const payload = await paddleEventPayload(
      { eventId: "evt_01", eventType: "subscription.created", occurredAt: "2026-11-01T00:00:01Z", data: { id: "sub_01paddle" } },
      { retrieveSubscription: () => Promise.resolve(paddleSub()), userOfCustomer: () => Promise.resolve("u2") },
      Date.parse("2026-11-01T00:00:02.345Z"),
    );
    expect(payload).toMatchObject({
      billingType: 2,
      userId: "u2",
      checkoutSessionId: "cs_paddle_1",
      occurredAt: Date.parse("2026-11-01T00:00:02.345Z"),
    });
  });

  function paddleRequest(body: string, ts: number, key = secret) {
    const h1 = createHmac("sha256", key).update(`${ts}:${body}`).digest("hex");
    return new Request("https://snip.example/paddle/webhook", {
      method: "POST",
      body,
      headers: { "paddle-signature": `ts=${ts};h1=${h1}` },
    });
  }

  it("the webhook verifies ts=...;h1=... with the SDK: a bad or stale signature is a 400; a valid one reads the subscription at Paddle", async () => {
    const body = JSON.stringify({
      event_id: "evt_01paddle",
      event_type: "subscription.updated",
      occurred_at: "2026-11-02T00:00:00.000Z",
      notification_id: "ntf_01",
      data: {
        id: "sub_01paddle",
        status: "active",
        customer_id: "ctm_01",
        address_id: "add_01",
        currency_code: "USD",
        created_at: "2026-11-01T00:00:00Z",
        updated_at: "2026-11-02T00:00:00Z",
        collection_mode: "automatic",
        billing_cycle: { interval: "month", frequency: 1 },
        current_billing_period: { starts_at: "2026-11-01T00:00:00Z", ends_at: "2026-12-01T00:00:00Z" },
        scheduled_change: null,
        custom_data: { user_id: "u2" },
        items: [
          {
            status: "active",
            quantity: 1,
            recurring: true,
            created_at: "2026-11-01T00:00:00Z",
            updated_at: "2026-11-01T00:00:00Z",
            price: {
              id: "pri_01",
              product_id: "pro_01",
              description: "Basic monthly",
              unit_price: { amount: "900", currency_code: "USD" },
              custom_data: { lookup_key: "snip_basic_monthly" },
            },
          },
        ],
      },
    });
    const now = Math.floor(Date.now() / 1000);
    // The real SDK against the Paddle stub (tests/stubs/paddle-server.ts), which has no such subscription.
    const stub = await startPaddleStub({ webhookUrl: "http://127.0.0.1:9/unused" });
    try {
      const { env, send } = fakeEnv({ ...configured, PADDLE_API_KEY: PADDLE_STUB_API_KEY, PADDLE_ENVIRONMENT: stub.url });
      expect((await handlePaddleWebhook(paddleRequest(body, now, "wrong"), env)).status).toBe(400);
      expect((await handlePaddleWebhook(paddleRequest(body, now - 60), env)).status).toBe(400);
      expect(send).not.toHaveBeenCalled();
      // Accepted; the subscription is not at Paddle, so whatever the notification's copy says, nothing is enqueued.
      const ok = await handlePaddleWebhook(paddleRequest(body, now), env);
      expect(ok.status).toBe(200);
      expect(send).not.toHaveBeenCalled();
    } finally {
      await stub.close();
    }
  });
});

describe("billing configuration", () => {
  it("Stripe is preferred, Paddle is offered as billing type 2, test mode without keys in local runs only", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const paddle = { PADDLE_API_KEY: "pdl_x", PADDLE_WEBHOOK_SECRET: "pdl_ntfset_x" };
    const both = parseEnv({ ...VARS, ...stripe, ...paddle });
    expect(availableBillingTypes(both)).toEqual([1, 2]);
    expect(billingFor(both).billingType).toBe(1);
    expect(billingFor(both, 2).billingType).toBe(2);
    expect(availableBillingTypes(parseEnv({ ...VARS, ...paddle }))).toEqual([2]);
    const none = parseEnv({ ...VARS, LOCAL_DEV: "true" });
    expect(availableBillingTypes(none)).toEqual([0]);
    expect(billingFor(none, 1).billingType).toBe(0);
    // A deployment without a provider sells nothing by itself (docs/decisions/024).
    expect(availableBillingTypes(parseEnv(VARS))).toEqual([]);
    expect(selfServeCheckout(parseEnv(VARS))).toBe(false);
    expect(selfServeCheckout(none)).toBe(true);
    // A subscription is changed where it lives; records made without a provider, locally.
    expect(billingForSubscription(both, 2).billingType).toBe(2);
    expect(billingForSubscription(both, null).billingType).toBe(0);
  });

  it("outside a local run, test mode takes no payment: no checkout, plan change, card or past-due payment", async () => {
    const send = vi.fn(async () => {});
    const env = { ...parseEnv(VARS), JOBS: { send } as unknown as Queue, DB: {} as D1Database } as AppEnv;
    const billing = billingFor(env);
    expect(billing.billingType).toBe(0);
    const user = { id: "u1", email: "a@example.com", name: "A" };
    const refused = { ok: false, status: 406, message: BILLING_MESSAGES.noSelfServe };
    expect(
      await billing.startCheckout({
        user,
        ownerId: user.id,
        subscriptionPath: "/app/settings/subscription",
        plan: "pro",
        interval: "monthly",
        withTrial: false,
        coupon: null,
        origin: "https://snip.example",
      }),
    ).toEqual(refused);
    expect(await billing.changePlan("u1", "enterprise", "yearly")).toEqual(refused);
    const test = new TestModeBilling(env);
    expect(await test.settlePastDue("u1", TEST_CARDS.success)).toEqual(refused);
    await expect(test.updatePaymentMethod("u1", { number: TEST_CARDS.success, expiration: null })).rejects.toThrow(/outside a local run/);
    expect(send).not.toHaveBeenCalled();
  });

  it("a provider's key and webhook secret are set together or not at all", () => {
    expect(() => parseEnv({ ...VARS, STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ ...VARS, PADDLE_WEBHOOK_SECRET: "x" })).toThrow(/PADDLE_API_KEY/);
    expect(() => parseEnv({ ...VARS, STRIPE_SECRET_KEY: "pk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow();
    const env = parseEnv({ ...VARS, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(env.STRIPE_SECRET_KEY).toBe("sk_test_x");
  });
});
