/**
 * The billing provider behind subscribe, change, cancel and resume. Production uses the card
 * provider (Stripe, billing type 1) once configured; without a key (local runs) the test-mode
 * provider below stands in: a clearly labelled checkout page, and every change sent as a
 * billing event through the same queue job a provider webhook feeds.
 */
import { getDb } from "../../db/client.server";
import { createCheckoutSession, getCurrentSubscriptionRow, markCheckoutDeclined, type CheckoutSession } from "../../db/billing.server";
import { BILLING_TYPES, type BillingEvent, type BillingEventPayload, type SubscriptionSnapshot } from "../../domain/billing";
import { discountedAmount, type Coupon } from "../../domain/coupons";
import { activePrice, getPlan, type BillingInterval, type PlanName } from "../../domain/plans";
import { addMonthsClamped } from "../../domain/subscription";
import type { AppEnv } from "../env.server";

const DAY_MS = 86_400_000;

function periodEnd(start: Date, interval: BillingInterval): Date {
  return addMonthsClamped(start, interval === "yearly" ? 12 : 1);
}

async function sendEvent(env: AppEnv, payload: BillingEventPayload): Promise<void> {
  const event: BillingEvent = { type: "billing.event", v: 1, id: `evt_test_${crypto.randomUUID()}`, payload };
  try {
    await env.JOBS.send(event);
  } catch {
    await env.JOBS.send(event); // local queues refuse a small share of sends under load
  }
}

export class TestModeBilling {
  readonly billingType = BILLING_TYPES.test;
  constructor(private readonly env: AppEnv) {}

  /** A checkout for a plan's price; the test-mode page completes it. */
  async startCheckout(
    userId: string,
    plan: PlanName,
    interval: BillingInterval,
    withTrial: boolean,
    coupon: Coupon | null,
  ): Promise<CheckoutSession> {
    const p = getPlan(plan);
    const price = activePrice(p, interval);
    if (!price || !p.billable) throw new Error(`plan ${plan} has no ${interval} price`);
    return createCheckoutSession(getDb(this.env.DB), {
      coupon: coupon?.coupon ?? null,
      firstAmount: discountedAmount(price.amount, coupon),
      id: `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
      userId,
      billingType: this.billingType,
      plan,
      interval,
      amount: price.amount,
      trialDays: withTrial ? p.trialDays : 0,
    });
  }

  async decline(session: CheckoutSession): Promise<void> {
    await markCheckoutDeclined(getDb(this.env.DB), session.id);
  }

  /** The card was accepted: the subscription starts (on trial when the plan offers one). */
  async completeCheckout(session: CheckoutSession, now = new Date()): Promise<void> {
    const subscription: SubscriptionSnapshot = {
      name: session.plan as PlanName,
      interval: session.interval,
      amount: session.amount,
      currency: session.currency,
      quantity: 1,
      endsAt: null,
      trialEndsAt: session.trialDays > 0 ? now.getTime() + session.trialDays * DAY_MS : null,
      periodStartsAt: now.getTime(),
      periodEndsAt: periodEnd(now, session.interval).getTime(),
      billingStatus: null,
      billingId: `sub_test_${session.id.slice(8)}`,
    };
    await sendEvent(this.env, {
      billingType: this.billingType,
      type: "checkout.completed",
      userId: session.userId,
      occurredAt: now.getTime(),
      subscription,
      checkoutSessionId: session.id,
    });
  }

  /** A trial that needs no card (the plan does not force a payment method): it starts at once. */
  async startTrialWithoutCard(userId: string, plan: PlanName, now = new Date()): Promise<void> {
    const p = getPlan(plan);
    const price = activePrice(p, "monthly") ?? activePrice(p, "yearly");
    if (!price || p.trialDays <= 0 || p.forcePaymentMethod) throw new Error(`plan ${plan} offers no card-free trial`);
    const trialEndsAt = now.getTime() + p.trialDays * DAY_MS;
    await sendEvent(this.env, {
      billingType: this.billingType,
      type: "trial.started",
      userId,
      occurredAt: now.getTime(),
      subscription: {
        name: plan,
        interval: price.interval,
        amount: price.amount,
        currency: price.currency,
        quantity: 1,
        // Without a card the subscription ends with the trial unless the user subscribes.
        endsAt: trialEndsAt,
        trialEndsAt,
        periodStartsAt: now.getTime(),
        periodEndsAt: trialEndsAt,
        billingStatus: null,
        billingId: `sub_test_trial_${crypto.randomUUID().replaceAll("-", "")}`,
      },
    });
  }

  private async change(
    userId: string,
    type: string,
    edit: (s: SubscriptionSnapshot) => SubscriptionSnapshot,
    now = new Date(),
  ): Promise<boolean> {
    const row = await getCurrentSubscriptionRow(getDb(this.env.DB), userId);
    if (!row || row.periodStartsAt === null || row.periodEndsAt === null || row.billingId === null) return false;
    const current: SubscriptionSnapshot = {
      name: row.name as PlanName,
      interval: row.interval,
      amount: row.amount,
      currency: row.currency,
      quantity: row.quantity,
      endsAt: row.endsAt?.getTime() ?? null,
      trialEndsAt: row.trialEndsAt?.getTime() ?? null,
      periodStartsAt: row.periodStartsAt.getTime(),
      periodEndsAt: row.periodEndsAt.getTime(),
      billingStatus: row.billingStatus,
      billingId: row.billingId,
    };
    await sendEvent(this.env, { billingType: this.billingType, type, userId, occurredAt: now.getTime(), subscription: edit(current) });
    return true;
  }

  /** Cancel at the period's end (a grace period until then), or at once. */
  cancel(userId: string, immediately: boolean, now = new Date()): Promise<boolean> {
    return this.change(
      userId,
      "subscription.cancelled",
      (s) => ({ ...s, endsAt: immediately ? now.getTime() : (s.trialEndsAt ?? s.periodEndsAt) }),
      now,
    );
  }

  resume(userId: string, now = new Date()): Promise<boolean> {
    return this.change(userId, "subscription.resumed", (s) => ({ ...s, endsAt: null }), now);
  }

  /** Another plan or interval, from now on (test mode does not prorate). */
  changePlan(userId: string, plan: PlanName, interval: BillingInterval, now = new Date()): Promise<boolean> {
    const price = activePrice(getPlan(plan), interval);
    if (!price) return Promise.resolve(false);
    return this.change(
      userId,
      "subscription.updated",
      (s) => ({
        ...s,
        name: plan,
        interval,
        amount: price.amount,
        periodStartsAt: now.getTime(),
        periodEndsAt: periodEnd(now, interval).getTime(),
      }),
      now,
    );
  }
}

export function billingFor(env: AppEnv): TestModeBilling {
  return new TestModeBilling(env);
}
