/**
 * Card-free trials (docs/decisions/013): Snip's own records, kept by the test-mode provider in a
 * deployment too (no LOCAL_DEV), ending with the trial because there is no card to charge.
 * Resuming one must never make it run on unpaid. The provider's events are applied as the queue
 * job applies them (applyBillingEvent), on the real D1 schema.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/env.server";
import { TestModeBilling, TRIAL_OVER_MESSAGE } from "../../app/lib/billing/test-mode.server";
import { onCardFreeTrial } from "../../app/lib/billing/subscribe.server";
import { applyBillingEvent, getCurrentSubscriptionRow } from "../../db/billing.server";
import { getDb } from "../../db/client.server";
import type { BillingEvent } from "../../domain/billing";

const DAY = 86_400_000;
const db = getDb((env as unknown as AppEnv).DB);

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await (env as unknown as AppEnv).DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

/** A deployment's test mode (no LOCAL_DEV) whose queue applies each event at once. */
function deployedTestMode() {
  const sent: BillingEvent[] = [];
  const JOBS = {
    send: async (event: BillingEvent) => {
      sent.push(event);
      await applyBillingEvent(db, event.id, event.payload);
    },
  };
  const billing = new TestModeBilling({ ...(env as unknown as AppEnv), LOCAL_DEV: undefined, JOBS } as unknown as AppEnv);
  expect(billing.takesTestPayments).toBe(false);
  return { billing, sent };
}

describe("a card-free trial", () => {
  it("is resumed to end with its trial, never to run on unpaid", async () => {
    const user = await newUser();
    const { billing } = deployedTestMode();
    const start = new Date(Date.now() - DAY);
    await billing.startTrialWithoutCard(user, "basic", start);
    const trialEndsAt = start.getTime() + 7 * DAY;
    expect(await onCardFreeTrial(db, user)).toBe(true);
    expect((await getCurrentSubscriptionRow(db, user))?.endsAt?.getTime()).toBe(trialEndsAt);

    // The "Resume Subscription" the page offered (and PUT settings/subscription/resume) during the trial.
    expect((await billing.resume(user, new Date(start.getTime() + DAY))).ok).toBe(true);
    expect((await getCurrentSubscriptionRow(db, user))?.endsAt?.getTime()).toBe(trialEndsAt);

    // Cancelled at once, then resumed while the trial would still have run: back to the trial's end.
    await billing.cancel(user, true, new Date(start.getTime() + 2 * DAY));
    expect((await getCurrentSubscriptionRow(db, user))?.endsAt?.getTime()).toBe(start.getTime() + 2 * DAY);
    expect((await billing.resume(user, new Date(start.getTime() + 3 * DAY))).ok).toBe(true);
    expect((await getCurrentSubscriptionRow(db, user))?.endsAt?.getTime()).toBe(trialEndsAt);
  });

  it("cannot be resumed once its trial is over; nothing is sent", async () => {
    const user = await newUser();
    const { billing, sent } = deployedTestMode();
    const start = new Date(Date.now() - 10 * DAY);
    await billing.startTrialWithoutCard(user, "basic", start);
    sent.length = 0;
    const result = await billing.resume(user, new Date(start.getTime() + 8 * DAY));
    expect(result).toEqual({ ok: false, status: 406, message: TRIAL_OVER_MESSAGE });
    expect(sent).toEqual([]);
    expect((await getCurrentSubscriptionRow(db, user))?.endsAt?.getTime()).toBe(start.getTime() + 7 * DAY);
  });

  it("a paid subscription is still resumed to run on", async () => {
    const user = await newUser();
    const { billing } = deployedTestMode();
    const now = Date.now();
    await applyBillingEvent(db, `evt_${crypto.randomUUID()}`, {
      billingType: 0,
      type: "checkout.completed",
      userId: user,
      occurredAt: now - DAY,
      subscription: {
        name: "pro",
        interval: "monthly",
        amount: 2900,
        currency: "USD",
        quantity: 1,
        endsAt: now + 20 * DAY,
        trialEndsAt: null,
        periodStartsAt: now - 10 * DAY,
        periodEndsAt: now + 20 * DAY,
        billingStatus: null,
        billingId: "sub_test_paid",
      },
    });
    expect(await onCardFreeTrial(db, user)).toBe(false);
    expect((await billing.resume(user, new Date(now))).ok).toBe(true);
    expect((await getCurrentSubscriptionRow(db, user))?.endsAt).toBeNull();
  });
});
