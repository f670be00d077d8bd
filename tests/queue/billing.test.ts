import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
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

  it("a malformed event is retried (and so dead-lettered), never applied", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result, batch } = await deliver([{ type: "billing.event", v: 1, id: "evt_bad", payload: { userId: "x" } }]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(await eventCount("evt_bad")).toBe(0);
    errors.mockRestore();
  });
});
