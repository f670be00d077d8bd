import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import {
  stripeEventId,
  stripeEventPayload,
  type StripeEventLike,
  type StripeScheduleLike,
  type StripeSubscriptionLike,
} from "../../app/lib/billing/stripe-events.server";
import type { BillingEvent, SubscriptionSnapshot } from "../../domain/billing";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const DAY = 86_400_000;

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

function snapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  const start = Date.UTC(2026, 10, 1);
  return {
    name: "pro",
    interval: "yearly",
    amount: 27_840,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: start,
    periodEndsAt: start + 365 * DAY,
    billingStatus: null,
    billingId: "sub_test_1",
    ...overrides,
  };
}

function event(userId: string, occurredAt: number, subscription: SubscriptionSnapshot, id = `evt_${crypto.randomUUID()}`): BillingEvent {
  return { type: "billing.event", v: 1, id, payload: { billingType: 0, type: "subscription.updated", userId, occurredAt, subscription } };
}

let seq = 0;
async function deliver(bodies: unknown[]) {
  const batch = createMessageBatch(
    "snip-jobs",
    bodies.map((body) => ({ id: `b${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return { batch, result: await getQueueResult(batch, ctx) };
}

async function subscriptionOf(userId: string) {
  return testEnv.DB.prepare("SELECT name, interval, ends_at, billing_status FROM subscriptions WHERE user_id = ?")
    .bind(userId)
    .all<{ name: string; interval: string; ends_at: number | null; billing_status: string | null }>();
}

async function eventCount(id: string) {
  return (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM billing_events WHERE id = ?").bind(id).first<{ n: number }>())!.n;
}

describe("billing events", () => {
  it("the same event twice has one effect", async () => {
    const user = await newUser();
    const first = event(user, 1_000, snapshot());
    await deliver([first]);
    // A later event cancels; then the first is redelivered: it must not undo the cancellation.
    await deliver([event(user, 2_000, snapshot({ endsAt: Date.UTC(2027, 10, 1) }))]);
    const { result, batch } = await deliver([first]);
    expect(result.explicitAcks).toEqual([batch.messages[0]!.id]);
    expect((await subscriptionOf(user)).results).toEqual([
      { name: "pro", interval: "yearly", ends_at: Date.UTC(2027, 10, 1), billing_status: null },
    ]);
    expect(await eventCount(first.id)).toBe(1);
  });

  it("events arriving newest first end in the newest state", async () => {
    const user = await newUser();
    const upgraded = event(user, 3_000, snapshot({ name: "pro5k", amount: 47_040 }));
    const original = event(user, 1_000, snapshot({ name: "basic", amount: 8_640 }));
    const pastDue = event(user, 2_000, snapshot({ name: "pro", billingStatus: "past_due" }));
    await deliver([upgraded, original, pastDue]);
    expect((await subscriptionOf(user)).results).toEqual([{ name: "pro5k", interval: "yearly", ends_at: null, billing_status: null }]);
    // Every event is recorded as handled, the older ones without effect.
    for (const e of [upgraded, original, pastDue]) expect(await eventCount(e.id)).toBe(1);
  });

  it("a failure mid-event leaves nothing written, and the retry completes it once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await newUser();
    const e = event(user, 1_000, snapshot());
    const failing = { ...testEnv, DB: { ...testEnv.DB, batch: () => Promise.reject(new Error("D1 went away")) } as unknown as D1Database };
    const batch = createMessageBatch("snip-jobs", [{ id: "crash", timestamp: new Date(), attempts: 1, body: e }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, failing, ctx);
    const crashed = await getQueueResult(batch, ctx);
    expect(crashed.retryMessages.map((m) => m.msgId)).toEqual(["crash"]);
    expect(await eventCount(e.id)).toBe(0);
    expect((await subscriptionOf(user)).results).toEqual([]);

    await deliver([e]);
    await deliver([e]);
    expect(await eventCount(e.id)).toBe(1);
    expect((await subscriptionOf(user)).results).toHaveLength(1);
    errors.mockRestore();
  });

  it("a scheduled downgrade is kept in the future slot, and an older event cannot bring back one cancelled", async () => {
    const user = await newUser();
    const slots = async () =>
      (
        await testEnv.DB.prepare("SELECT slot, name, interval, ends_at FROM subscriptions WHERE user_id = ? ORDER BY slot")
          .bind(user)
          .all<{ slot: string; name: string; interval: string; ends_at: number | null }>()
      ).results;
    const basic = snapshot({ name: "basic", interval: "monthly", amount: 900, periodStartsAt: snapshot().periodEndsAt });
    const schedule = event(user, 1_000, snapshot());
    schedule.payload.scheduled = basic;
    await deliver([schedule]);
    expect(await slots()).toEqual([
      { slot: "current", name: "pro", interval: "yearly", ends_at: null },
      { slot: "future", name: "basic", interval: "monthly", ends_at: null },
    ]);
    const cancelled = event(user, 2_000, snapshot());
    cancelled.payload.scheduled = null;
    const older = event(user, 1_500, snapshot());
    older.payload.scheduled = basic;
    await deliver([cancelled]);
    await deliver([older]);
    // The future row stays, ended by the cancellation: no scheduled downgrade, and the older event lost.
    expect(await slots()).toEqual([
      { slot: "current", name: "pro", interval: "yearly", ends_at: null },
      { slot: "future", name: "pro", interval: "yearly", ends_at: 2_000 },
    ]);
  });

  it("only the event id's clash is a duplicate: a clash on another unique column is retried and logged, not dropped", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const [holder, user] = [await newUser(), await newUser()];
    // The provider customer id is already stored for another owner (billing_customers' unique billing id).
    await testEnv.DB.prepare(
      "INSERT INTO billing_customers (owner_id, user_id, billing_type, billing_id, created_at, updated_at) VALUES (?, ?, 0, 'cus_shared', 0, 0)",
    )
      .bind(holder, holder)
      .run();
    const e = event(user, 1_000, snapshot());
    e.payload.paymentMethod = { customerId: "cus_shared", type: "visa", lastFour: "4242", expiration: null, country: "US" };
    const { result, batch } = await deliver([e]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(result.explicitAcks).toEqual([]);
    // Nothing of it was written (one batch), so the retry can still apply it.
    expect(await eventCount(e.id)).toBe(0);
    expect((await subscriptionOf(user)).results).toEqual([]);
    expect(errors.mock.calls.some((call) => String(call[0]).includes(e.id))).toBe(true);
    errors.mockRestore();
  });

  it("a malformed event is retried (and so dead-lettered), never applied", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result, batch } = await deliver([{ type: "billing.event", v: 1, id: "evt_bad", payload: { userId: "x" } }]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(await eventCount("evt_bad")).toBe(0);
    errors.mockRestore();
  });
});

describe("Stripe events through the billing-event job", () => {
  const DAY_S = 86_400;

  function stripeSubscription(userId: string, overrides: Partial<StripeSubscriptionLike> = {}): StripeSubscriptionLike {
    return {
      id: "sub_1",
      status: "active",
      customer: "cus_1",
      metadata: { user_id: userId },
      cancel_at: null,
      cancel_at_period_end: false,
      ended_at: null,
      canceled_at: null,
      trial_end: null,
      default_payment_method: {
        id: "pm_1",
        type: "card",
        customer: "cus_1",
        card: { brand: "visa", last4: "4242", exp_month: 3, exp_year: 2031, country: "DE" },
      },
      items: {
        data: [
          {
            quantity: 1,
            current_period_start: 1_790_000_000,
            current_period_end: 1_790_000_000 + 30 * DAY_S,
            price: { lookup_key: "snip_pro_monthly", unit_amount: 2_900, currency: "usd" },
          },
        ],
      },
      ...overrides,
    };
  }

  const PRICES = {
    price_pro_monthly: { id: "price_pro_monthly", lookup_key: "snip_pro_monthly", unit_amount: 2_900, currency: "usd" },
    price_basic_monthly: { id: "price_basic_monthly", lookup_key: "snip_basic_monthly", unit_amount: 900, currency: "usd" },
  };

  /**
   * The billing event the webhook makes of `event`: `sub` (and `schedule`) are the state Stripe
   * answered when the webhook looked them up, at `observedAt` (here: the event's second).
   */
  async function stripeEnvelope(
    event: StripeEventLike,
    sub: StripeSubscriptionLike,
    schedule?: StripeScheduleLike,
    observedAt = event.created * 1000,
  ): Promise<BillingEvent> {
    const payload = await stripeEventPayload(
      event,
      {
        retrieveSubscription: () => Promise.resolve(sub),
        retrieveSchedule: () => (schedule ? Promise.resolve(schedule) : Promise.reject(new Error("no schedule"))),
        retrievePrice: (id) => Promise.resolve(PRICES[id as keyof typeof PRICES]),
        userOfCustomer: () => Promise.resolve(undefined),
      },
      observedAt,
    );
    if (!payload) throw new Error("not a billing event");
    return { type: "billing.event", v: 1, id: stripeEventId(event), payload };
  }

  async function cardOf(userId: string) {
    return testEnv.DB.prepare(
      "SELECT billing_type, billing_id, pm_type, pm_last_four, pm_expiration, pm_country FROM billing_customers WHERE user_id = ?",
    )
      .bind(userId)
      .all();
  }

  it("a completed checkout activates the plan and stores the card, once however often it arrives", async () => {
    const user = await newUser();
    const sub = stripeSubscription(user);
    const completed = await stripeEnvelope(
      {
        id: "evt_checkout_1",
        type: "checkout.session.completed",
        created: 1_790_000_010,
        data: { object: { id: "cs_1", mode: "subscription", client_reference_id: user, subscription: "sub_1" } },
      },
      sub,
    );
    expect(completed.id).toBe("stripe:evt_checkout_1");
    await deliver([completed, completed]);
    await deliver([completed]);
    expect((await subscriptionOf(user)).results).toEqual([{ name: "pro", interval: "monthly", ends_at: null, billing_status: null }]);
    expect((await cardOf(user)).results).toEqual([
      { billing_type: 1, billing_id: "cus_1", pm_type: "visa", pm_last_four: "4242", pm_expiration: "03/2031", pm_country: "DE" },
    ]);
    expect(await eventCount(completed.id)).toBe(1);
  });

  it("subscription events out of order end in the newest state; a crash mid-event is completed once by the retry", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await newUser();
    const cancelled = await stripeEnvelope(
      {
        id: "evt_cancel",
        type: "customer.subscription.updated",
        created: 1_790_000_200,
        data: { object: stripeSubscription(user, { cancel_at_period_end: true }) },
      },
      stripeSubscription(user, { cancel_at_period_end: true }),
    );
    const created = await stripeEnvelope(
      { id: "evt_created", type: "customer.subscription.created", created: 1_790_000_100, data: { object: stripeSubscription(user) } },
      stripeSubscription(user),
    );
    const failing = { ...testEnv, DB: { ...testEnv.DB, batch: () => Promise.reject(new Error("D1 went away")) } as unknown as D1Database };
    const batch = createMessageBatch("snip-jobs", [{ id: "crash-stripe", timestamp: new Date(), attempts: 1, body: cancelled }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, failing, ctx);
    expect((await getQueueResult(batch, ctx)).retryMessages.map((m) => m.msgId)).toEqual(["crash-stripe"]);
    expect(await eventCount(cancelled.id)).toBe(0);

    await deliver([cancelled]); // the retry
    await deliver([created, cancelled]); // the older event, then a redelivery
    const periodEnd = (1_790_000_000 + 30 * DAY_S) * 1000;
    expect((await subscriptionOf(user)).results).toEqual([{ name: "pro", interval: "monthly", ends_at: periodEnd, billing_status: null }]);
    expect(await eventCount(cancelled.id)).toBe(1);
    errors.mockRestore();
  });

  it("a late event about the customer's ended subscription leaves the new one in force", async () => {
    const user = await newUser();
    const T = 1_790_000_000;
    const customer = `cus_${user}`;
    const first = stripeSubscription(user, { customer });
    const ended = stripeSubscription(user, { customer, status: "canceled", ended_at: T + 100, canceled_at: T + 100 });
    const second = stripeSubscription(user, {
      id: "sub_2",
      customer,
      items: {
        data: [
          {
            quantity: 1,
            current_period_start: T + 200,
            current_period_end: T + 200 + 365 * DAY_S,
            price: { lookup_key: "snip_pro_yearly", unit_amount: 27_840, currency: "usd" },
          },
        ],
      },
    });
    const checkout = (id: string, sub: StripeSubscriptionLike, at: number) =>
      stripeEnvelope(
        {
          id: `evt_co_${id}_${user}`,
          type: "checkout.session.completed",
          created: at,
          data: { object: { id: `cs_${id}`, mode: "subscription", client_reference_id: user, subscription: sub.id } },
        },
        sub,
      );
    // Subscribed, cancelled at once, subscribed again (a new Stripe subscription for the same customer).
    await deliver([await checkout("1", first, T)]);
    await deliver([
      await stripeEnvelope(
        { id: `evt_del_${user}`, type: "customer.subscription.deleted", created: T + 100, data: { object: first } },
        ended,
      ),
    ]);
    await deliver([await checkout("2", second, T + 200)]);
    // Stripe retries an event about the first subscription days later: read now, it is the ended one.
    const late = await stripeEnvelope(
      { id: `evt_late_${user}`, type: "customer.subscription.updated", created: T + 50, data: { object: first } },
      ended,
      undefined,
      (T + 300) * 1000,
    );
    await deliver([late]);
    const row = await testEnv.DB.prepare(
      "SELECT name, interval, ends_at, billing_id FROM subscriptions WHERE user_id = ? AND slot = 'current'",
    )
      .bind(user)
      .first();
    expect(row).toEqual({ name: "pro", interval: "yearly", ends_at: null, billing_id: "sub_2" });
    expect(await eventCount(late.id)).toBe(1);
  });

  it("a card event with an older timestamp than the stored card changes nothing", async () => {
    const user = await newUser();
    const card = (last4: string, occurredAt: number): BillingEvent => ({
      type: "billing.event",
      v: 1,
      id: `evt_card_${last4}_${user}`,
      payload: {
        billingType: 1,
        type: "payment_method.attached",
        userId: user,
        occurredAt,
        paymentMethod: { customerId: "cus_9", type: "visa", lastFour: last4, expiration: "01/2030", country: null },
      },
    });
    await deliver([card("1111", 2_000), card("0000", 1_000)]);
    expect((await cardOf(user)).results).toMatchObject([{ pm_last_four: "1111" }]);
    // No subscription came with it.
    expect((await subscriptionOf(user)).results).toEqual([]);
  });
  it("a subscription schedule's next phase is the scheduled downgrade; schedule and subscription events out of order end in the newest state", async () => {
    const user = await newUser();
    const T = 1_790_000_000;
    const END = T + 30 * DAY_S;
    const slots = async () =>
      (
        await testEnv.DB.prepare(
          "SELECT slot, name, interval, period_starts_at, ends_at FROM subscriptions WHERE user_id = ? ORDER BY slot",
        )
          .bind(user)
          .all<{ slot: string; name: string; interval: string; period_starts_at: number; ends_at: number | null }>()
      ).results;
    const phases = [
      { start_date: T, end_date: END, items: [{ price: "price_pro_monthly", quantity: 1 }] },
      { start_date: END, end_date: END + 30 * DAY_S, items: [{ price: "price_basic_monthly", quantity: 1 }] },
    ];
    const active: StripeScheduleLike = {
      id: "sub_sched_1",
      status: "active",
      customer: "cus_1",
      subscription: "sub_1",
      end_behavior: "release",
      current_phase: { start_date: T, end_date: END },
      phases,
    };
    const released: StripeScheduleLike = {
      ...active,
      status: "released",
      current_phase: null,
      subscription: null,
      released_subscription: "sub_1",
    };
    const pro = stripeSubscription(user, { schedule: "sub_sched_1" });
    const on = (id: string, type: string, created: number, object: unknown, sub: StripeSubscriptionLike, schedule?: StripeScheduleLike) =>
      stripeEnvelope({ id, type, created, data: { object } }, sub, schedule);

    // Before the schedule (no schedule on the subscription), then the downgrade scheduled: newest first.
    const before = await on(
      `evt_before_${user}`,
      "customer.subscription.updated",
      T + 100,
      stripeSubscription(user, { schedule: null }),
      stripeSubscription(user, { schedule: null }),
    );
    const scheduled = await on(`evt_sched_${user}`, "subscription_schedule.updated", T + 200, active, pro, active);
    await deliver([scheduled]);
    await deliver([before]);
    expect(await slots()).toEqual([
      { slot: "current", name: "pro", interval: "monthly", period_starts_at: T * 1000, ends_at: null },
      { slot: "future", name: "basic", interval: "monthly", period_starts_at: END * 1000, ends_at: null },
    ]);

    // Released (the scheduled downgrade cancelled); the subscription's own event of the same change
    // arrives first, and the older scheduling event after both changes nothing.
    const unscheduled = stripeSubscription(user, { schedule: null });
    const releasedEvent = await on(`evt_released_${user}`, "subscription_schedule.released", T + 300, released, unscheduled);
    const subUpdated = await on(`evt_sub_rel_${user}`, "customer.subscription.updated", T + 301, unscheduled, unscheduled);
    const late = await on(`evt_late_${user}`, "subscription_schedule.updated", T + 250, active, pro, active);
    await deliver([subUpdated, releasedEvent]);
    await deliver([late]);
    expect((await slots())[1]).toMatchObject({ slot: "future", name: "pro", ends_at: (T + 301) * 1000 });

    // Scheduled again, then the period ends: Stripe moves the subscription to phase 2's price.
    const again = await on(`evt_again_${user}`, "subscription_schedule.updated", T + 400, active, pro, active);
    const inPhase2: StripeScheduleLike = { ...active, current_phase: { start_date: END, end_date: END + 30 * DAY_S } };
    const basic = stripeSubscription(user, {
      schedule: "sub_sched_1",
      items: {
        data: [
          {
            quantity: 1,
            current_period_start: END,
            current_period_end: END + 30 * DAY_S,
            price: { lookup_key: "snip_basic_monthly", unit_amount: 900, currency: "usd" },
          },
        ],
      },
    });
    const phase2 = await on(`evt_phase2_${user}`, "customer.subscription.updated", END, basic, basic, inPhase2);
    // The phase change first, the scheduling after it: the lower plan is current, nothing is scheduled.
    await deliver([phase2]);
    await deliver([again]);
    expect(await slots()).toEqual([
      { slot: "current", name: "basic", interval: "monthly", period_starts_at: END * 1000, ends_at: null },
      { slot: "future", name: "basic", interval: "monthly", period_starts_at: END * 1000, ends_at: END * 1000 },
    ]);
  });
});
