/**
 * The cron job applying Paddle's scheduled downgrades (docs/decisions/015), on the real D1
 * schema: which future subscriptions are due (Paddle's, not ended, starting within the lead
 * time), that each is handed to Paddle once per run, and that a failure leaves it due for the
 * next run. Paddle itself is a recording stand-in here (the real SDK against the stub:
 * tests/unit/paddle-scheduled.test.ts and tests/e2e/paddle.spec.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyDueScheduledDowngrades, SCHEDULED_DOWNGRADE_LEAD_MS } from "../../app/lib/billing/scheduled-downgrades.server";
import type { AppEnv } from "../../app/env.server";
import { getDb } from "../../db/client.server";
import { applyBillingEvent } from "../../db/billing.server";
import type { BillingType, SubscriptionSnapshot } from "../../domain/billing";

const appEnv = env as unknown as AppEnv;
const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 11, 1, 12));

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await appEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

/** A user on Pro whose period ends at `periodEndsAt`, with Basic scheduled from then (or not). */
async function subscriber(periodEndsAt: number, opts: { billingType?: BillingType; scheduled?: boolean } = {}) {
  const userId = await newUser();
  const billingId = `sub_${crypto.randomUUID().slice(0, 8)}`;
  const current: SubscriptionSnapshot = {
    name: "pro",
    interval: "monthly",
    amount: 2900,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: periodEndsAt - 30 * DAY,
    periodEndsAt,
    billingStatus: null,
    billingId,
  };
  await applyBillingEvent(getDb(appEnv.DB), `evt_${crypto.randomUUID()}`, {
    billingType: opts.billingType ?? 2,
    type: "subscription.updated",
    userId,
    occurredAt: NOW.getTime() - DAY,
    subscription: current,
    scheduled:
      opts.scheduled === false
        ? null
        : { ...current, name: "basic", amount: 900, periodStartsAt: periodEndsAt, periodEndsAt: periodEndsAt + 30 * DAY },
  });
  return billingId;
}

function recordingPaddle(fail: Set<string> = new Set()) {
  const calls: string[] = [];
  return {
    calls,
    applyScheduledDowngrade(id: string) {
      calls.push(id);
      if (fail.has(id)) return Promise.reject(new Error("paddle unavailable"));
      return Promise.resolve("applied" as const);
    },
  };
}

describe("applyDueScheduledDowngrades", () => {
  it("applies Paddle's downgrades starting within the lead time, and only those", async () => {
    const due = await subscriber(NOW.getTime() + SCHEDULED_DOWNGRADE_LEAD_MS - 60_000);
    const overdue = await subscriber(NOW.getTime() - 60_000);
    const later = await subscriber(NOW.getTime() + SCHEDULED_DOWNGRADE_LEAD_MS + 60_000);
    const none = await subscriber(NOW.getTime() + 60_000, { scheduled: false });
    const stripe = await subscriber(NOW.getTime() + 60_000, { billingType: 1 });
    const paddle = recordingPaddle();
    const run = await applyDueScheduledDowngrades(appEnv, NOW, paddle);
    expect(paddle.calls).toContain(due);
    expect(paddle.calls).toContain(overdue);
    for (const id of [later, none, stripe]) expect(paddle.calls).not.toContain(id);
    expect(run.applied).toEqual(expect.arrayContaining([due, overdue]));
    expect(new Set(paddle.calls).size).toBe(paddle.calls.length);
  });

  it("reports a failure and tries the same downgrade again on the next run", async () => {
    const flaky = await subscriber(NOW.getTime() + 10 * 60_000);
    const first = await applyDueScheduledDowngrades(appEnv, NOW, recordingPaddle(new Set([flaky])));
    expect(first.failed).toEqual([flaky]);
    const retry = recordingPaddle();
    const second = await applyDueScheduledDowngrades(appEnv, new Date(NOW.getTime() + 5 * 60_000), retry);
    expect(retry.calls).toContain(flaky);
    expect(second.applied).toContain(flaky);
  });

  it("does nothing once Paddle's event has ended the future subscription", async () => {
    const periodEndsAt = NOW.getTime() + 10 * 60_000;
    const applied = await subscriber(periodEndsAt);
    // The event of the applied change: Basic now, nothing scheduled.
    const userId = (await appEnv.DB.prepare("SELECT user_id FROM subscriptions WHERE billing_id = ? LIMIT 1")
      .bind(applied)
      .first<{ user_id: string }>())!.user_id;
    await applyBillingEvent(getDb(appEnv.DB), `evt_${crypto.randomUUID()}`, {
      billingType: 2,
      type: "subscription.updated",
      userId,
      occurredAt: NOW.getTime(),
      subscription: {
        name: "basic",
        interval: "monthly",
        amount: 900,
        currency: "USD",
        quantity: 1,
        endsAt: null,
        trialEndsAt: null,
        periodStartsAt: periodEndsAt - 30 * DAY,
        periodEndsAt,
        billingStatus: null,
        billingId: applied,
      },
      scheduled: null,
    });
    const paddle = recordingPaddle();
    await applyDueScheduledDowngrades(appEnv, NOW, paddle);
    expect(paddle.calls).not.toContain(applied);
  });

  it("does nothing without Paddle configured", async () => {
    await subscriber(NOW.getTime() + 60_000);
    expect(await applyDueScheduledDowngrades(appEnv, NOW)).toEqual({ applied: [], unchanged: [], failed: [] });
  });
});
