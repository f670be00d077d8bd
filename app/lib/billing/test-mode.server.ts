/**
 * The test-mode billing provider (billing type 0), used when no provider key is configured:
 * a clearly labelled checkout page, and every change sent as a billing event through the same
 * queue job a provider webhook feeds. Card-free trials are Snip's own records whichever
 * provider is configured, so they start here too (docs/decisions/013).
 */
import { getDb } from "../../../db/client.server";
import {
  createCheckoutSession,
  getCurrentSubscriptionRow,
  getFutureSubscriptionRow,
  listPaidCheckoutSessions,
  markCheckoutDeclined,
  type CheckoutSession,
} from "../../../db/billing.server";
import {
  BILLING_MESSAGES,
  BILLING_TYPES,
  isScheduledDowngrade,
  type BillingEvent,
  type BillingEventPayload,
  type PaymentMethodSnapshot,
  type SubscriptionSnapshot,
} from "../../../domain/billing";
import { discountedAmount } from "../../../domain/coupons";
import { activePrice, getPlan, type BillingInterval, type PlanName } from "../../../domain/plans";
import { addMonthsClamped, settleScheduledDowngrade } from "../../../domain/subscription";
import { isLocalDev, type AppEnv } from "../../env.server";
import {
  ok,
  updateFailed,
  type BillingProvider,
  type BillingResult,
  type Checkout,
  type CheckoutRequest,
  type Invoice,
} from "./provider.server";

const DAY_MS = 86_400_000;

/** The provider id of a card-free trial (startTrialWithoutCard): a trial that ends with its trial, nothing to charge. */
const CARD_FREE_TRIAL_PREFIX = "sub_test_trial_";

/** Whether a subscription record is a card-free trial: Snip's own, started without a card, ending with its trial. */
export function isCardFreeTrial(row: { billingType: number | null; billingId: string | null } | null | undefined): boolean {
  return row?.billingType === BILLING_TYPES.test && (row.billingId?.startsWith(CARD_FREE_TRIAL_PREFIX) ?? false);
}

/** Resume of a card-free trial whose trial is over: nothing was paid, so nothing runs on. */
export const TRIAL_OVER_MESSAGE = "Your free trial has ended. Choose a plan to subscribe.";

function periodEnd(start: Date, interval: BillingInterval): Date {
  return addMonthsClamped(start, interval === "yearly" ? 12 : 1);
}

export async function sendBillingEvent(env: AppEnv, payload: BillingEventPayload, id = `evt_test_${crypto.randomUUID()}`): Promise<void> {
  const event: BillingEvent = { type: "billing.event", v: 1, id, payload };
  try {
    await env.JOBS.send(event);
  } catch {
    await env.JOBS.send(event); // local queues refuse a small share of sends under load
  }
}

/** A test card as the payment method on file (brand from the first digit, as test numbers go). */
function testCard(userId: string, number: string, expiration: string | null): PaymentMethodSnapshot {
  return {
    customerId: `cus_test_${userId}`,
    type: number.startsWith("5") ? "mastercard" : number.startsWith("3") ? "amex" : "visa",
    lastFour: number.slice(-4),
    expiration,
    country: "US",
  };
}

/** What test mode answers for anything that would take a payment outside a local run. */
const NO_SELF_SERVE = { ok: false, status: 406, message: BILLING_MESSAGES.noSelfServe } as const;

/**
 * Test mode. It takes "payments" (any test card) only in local runs; outside them it still
 * keeps Snip's own records (card-free trials, cancel, resume) but refuses every checkout, plan
 * change, card and past-due payment, so a deployment without a provider never hands out a
 * paid plan (docs/decisions/024).
 */
export class TestModeBilling implements BillingProvider {
  readonly billingType = BILLING_TYPES.test;
  constructor(private readonly env: AppEnv) {}

  /** Whether test cards pay here: in local runs only. */
  get takesTestPayments(): boolean {
    return isLocalDev(this.env);
  }

  private requireLocalRun(what: string): void {
    if (!this.takesTestPayments) throw new Error(`test mode: ${what} outside a local run`);
  }

  /** A checkout for a plan's price; the test-mode page completes it. */
  async startCheckout({ user, ownerId, plan, interval, withTrial, coupon }: CheckoutRequest): Promise<BillingResult<Checkout>> {
    if (!this.takesTestPayments) return NO_SELF_SERVE;
    const userId = user.id;
    const p = getPlan(plan);
    const price = activePrice(p, interval);
    if (!price || !p.billable) throw new Error(`plan ${plan} has no ${interval} price`);
    const session = await createCheckoutSession(getDb(this.env.DB), {
      coupon: coupon?.coupon ?? null,
      firstAmount: discountedAmount(price.amount, coupon),
      id: `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
      userId,
      ownerId,
      billingType: this.billingType,
      plan,
      interval,
      amount: price.amount,
      trialDays: withTrial ? p.trialDays : 0,
    });
    return ok({
      url: `/app/billing/test-checkout/${session.id}`,
      sessionId: session.id,
      customerId: `cus_test_${ownerId}`,
      priceIds: [`price_test_${plan}_${interval}`],
      transactionId: null,
      paymentMethods: ["card"],
      appliedCoupon: coupon?.coupon ?? null,
    });
  }

  /** A local checkout has nothing at a provider: the caller marks it expired, and the page refuses it from then on. */
  closeCheckout(): Promise<"closed"> {
    return Promise.resolve("closed");
  }

  async decline(session: CheckoutSession): Promise<void> {
    await markCheckoutDeclined(getDb(this.env.DB), session.id);
  }

  /** The card was accepted: the subscription starts (on trial when the plan offers one). */
  async completeCheckout(session: CheckoutSession, cardNumber: string, now = new Date()): Promise<void> {
    this.requireLocalRun("completing a checkout");
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
    await sendBillingEvent(this.env, {
      billingType: this.billingType,
      type: "checkout.completed",
      // The owner the checkout subscribes (a team's, an organization's, or the user's own).
      userId: session.ownerId ?? session.userId,
      occurredAt: now.getTime(),
      subscription,
      paymentMethod: testCard(session.ownerId ?? session.userId, cardNumber, null),
      checkoutSessionId: session.id,
    });
  }

  /** A trial that needs no card (the plan does not force a payment method): it starts at once. */
  async startTrialWithoutCard(userId: string, plan: PlanName, now = new Date()): Promise<void> {
    const p = getPlan(plan);
    const price = activePrice(p, "monthly") ?? activePrice(p, "yearly");
    if (!price || p.trialDays <= 0 || p.forcePaymentMethod) throw new Error(`plan ${plan} offers no card-free trial`);
    const trialEndsAt = now.getTime() + p.trialDays * DAY_MS;
    await sendBillingEvent(this.env, {
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
        billingId: `${CARD_FREE_TRIAL_PREFIX}${crypto.randomUUID().replaceAll("-", "")}`,
      },
    });
  }

  /**
   * Sends the subscription after `edit` as an event. A downgrade scheduled for a period that has
   * ended is the subscription the edit starts from (and is no longer scheduled). `scheduled` is
   * the downgrade after the change: kept when `edit` does not set it.
   */
  private async change(
    userId: string,
    type: string,
    edit: (s: SubscriptionSnapshot) => SubscriptionSnapshot & { scheduled?: SubscriptionSnapshot | null },
    now = new Date(),
  ): Promise<BillingResult> {
    const db = getDb(this.env.DB);
    const [current, future] = await Promise.all([getCurrentSubscriptionRow(db, userId), getFutureSubscriptionRow(db, userId)]);
    const settled = settleScheduledDowngrade(current ?? null, future ?? null, now);
    const due = current !== undefined && settled.current !== current;
    const row = settled.current;
    if (!row || row.periodStartsAt === null || row.periodEndsAt === null) return updateFailed;
    const snapshot: SubscriptionSnapshot = {
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
      // A record made without a provider (the seed, a fixture) gets a local id.
      billingId: current?.billingId ?? `sub_local_${current?.id ?? row.id}`,
    };
    const { scheduled, ...subscription } = edit(snapshot);
    await sendBillingEvent(this.env, {
      billingType: this.billingType,
      type,
      userId,
      occurredAt: now.getTime(),
      subscription,
      ...(scheduled !== undefined ? { scheduled } : due ? { scheduled: null } : {}),
    });
    return ok();
  }

  /** Cancel at the period's end (a grace period until then), or at once. */
  cancel(userId: string, immediately: boolean, now = new Date()): Promise<BillingResult> {
    return this.change(
      userId,
      "subscription.cancelled",
      // A cancelled subscription has nothing left to downgrade.
      (s) => ({ ...s, endsAt: immediately ? now.getTime() : (s.trialEndsAt ?? s.periodEndsAt), scheduled: null }),
      now,
    );
  }

  /**
   * Undo a cancel. A card-free trial has no card to charge after its trial: it is resumed to end
   * with its trial again (never to run on unpaid), and once the trial is over there is nothing to resume.
   */
  async resume(userId: string, now = new Date()): Promise<BillingResult> {
    const row = await getCurrentSubscriptionRow(getDb(this.env.DB), userId);
    if (isCardFreeTrial(row)) {
      const trialEndsAt = row?.trialEndsAt?.getTime() ?? null;
      if (trialEndsAt === null || trialEndsAt <= now.getTime()) return { ok: false, status: 406, message: TRIAL_OVER_MESSAGE };
      return this.change(userId, "subscription.resumed", (s) => ({ ...s, endsAt: trialEndsAt }), now);
    }
    return this.change(userId, "subscription.resumed", (s) => ({ ...s, endsAt: null }), now);
  }

  /**
   * Another plan or interval: from now on (test mode does not prorate), or, for a downgrade,
   * scheduled as the future subscription from the end of the current period.
   */
  changePlan(userId: string, plan: PlanName, interval: BillingInterval, now = new Date()): Promise<BillingResult> {
    if (!this.takesTestPayments) return Promise.resolve(NO_SELF_SERVE);
    const price = activePrice(getPlan(plan), interval);
    if (!price) return Promise.resolve(updateFailed);
    const to = { name: plan, interval, amount: price.amount };
    return this.change(
      userId,
      "subscription.updated",
      (s) =>
        isScheduledDowngrade(s, to)
          ? {
              ...s,
              scheduled: {
                ...s,
                ...to,
                trialEndsAt: null,
                periodStartsAt: s.periodEndsAt,
                periodEndsAt: periodEnd(new Date(s.periodEndsAt), interval).getTime(),
              },
            }
          : { ...s, ...to, periodStartsAt: now.getTime(), periodEndsAt: periodEnd(now, interval).getTime(), scheduled: null },
      now,
    );
  }

  /** The scheduled downgrade is dropped: the current plan renews (spec 01 §4). */
  cancelScheduledChange(userId: string, now = new Date()): Promise<BillingResult> {
    return this.change(userId, "subscription.schedule_cancelled", (s) => ({ ...s, scheduled: null }), now);
  }

  /**
   * A past-due subscription paid with a new card: the card goes on file and a new period starts
   * (as a provider's retried invoice would), through the same event path.
   */
  async settlePastDue(userId: string, cardNumber: string, now = new Date()): Promise<BillingResult> {
    if (!this.takesTestPayments) return NO_SELF_SERVE;
    await this.updatePaymentMethod(userId, { number: cardNumber, expiration: null }, now);
    return this.change(
      userId,
      "invoice.paid",
      (s) => ({
        ...s,
        billingStatus: null,
        endsAt: null,
        periodStartsAt: now.getTime(),
        periodEndsAt: periodEnd(now, s.interval).getTime(),
      }),
      now,
    );
  }

  /** Test mode has no provider page: the payment-method page takes the card itself. */
  paymentMethodUrl(): Promise<BillingResult<string | null>> {
    return Promise.resolve(ok(null));
  }

  /** A test card replaces the one on file, through the same event path as a provider's. */
  async updatePaymentMethod(userId: string, card: { number: string; expiration: string | null }, now = new Date()): Promise<void> {
    this.requireLocalRun("a test card");
    await sendBillingEvent(this.env, {
      billingType: this.billingType,
      type: "payment_method.attached",
      userId,
      occurredAt: now.getTime(),
      paymentMethod: testCard(userId, card.number, card.expiration),
    });
  }

  /** The paid test-mode checkouts stand in for invoices. */
  async listInvoices(userId: string): Promise<Invoice[]> {
    const sessions = await listPaidCheckoutSessions(getDb(this.env.DB), userId);
    return sessions.map((s, i) => ({
      id: s.id,
      number: `TEST-${String(sessions.length - i).padStart(4, "0")}`,
      date: s.createdAt.getTime(),
      amount: s.trialDays > 0 ? 0 : s.firstAmount,
      currency: s.currency,
      status: "paid",
      url: null,
    }));
  }
}
