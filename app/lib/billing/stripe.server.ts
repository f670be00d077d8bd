/**
 * Stripe (billing type 1) through the official SDK's fetch client: Checkout Sessions in
 * subscription mode for a customer made once per user (billing_customers), the Billing Portal
 * for the payment method, invoices, and subscription update (prorated), a downgrade scheduled
 * for the period's end with a subscription schedule (docs/decisions/014), cancel at the period's
 * end or at once, and resume. Subscription changes come back as webhooks (webhooks.stripe.ts).
 * STRIPE_API_BASE points the SDK at another host (the wire-format stub in tests).
 */
import Stripe from "stripe";
import { getDb } from "../../../db/client.server";
import { createCheckoutSession, getBillingCustomer, type CheckoutSession } from "../../../db/billing.server";
import { BILLING_MESSAGES, BILLING_TYPES, isScheduledDowngrade, parsePriceLookupKey, priceLookupKey } from "../../../domain/billing";
import { discountedAmount, providerDiscountMismatch, type Coupon, type ProviderDiscount } from "../../../domain/coupons";
import { OVERAGE_PRICE_LOOKUP_KEY } from "../../../domain/overage";
import { activePrice, getPlan, type BillingInterval, type PlanName } from "../../../domain/plans";
import type { AppEnv } from "../../env.server";
import {
  ok,
  updateFailed,
  billingCustomerId,
  providerSubscriptionId,
  type BillingProvider,
  type BillingResult,
  type Checkout,
  type CheckoutRequest,
  type Invoice,
} from "./provider.server";

export function stripeClient(env: { STRIPE_SECRET_KEY?: string; STRIPE_API_BASE?: string }): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const https = base?.protocol !== "http:";
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { host: base.hostname, port: Number(base.port || (https ? 443 : 80)), protocol: https ? "https" : "http" } : {}),
  });
}

/** The id of a subscription's schedule, or null when no schedule manages it. */
function scheduleIdOf(sub: Stripe.Subscription): string | null {
  if (!sub.schedule) return null;
  return typeof sub.schedule === "string" ? sub.schedule : sub.schedule.id;
}

const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

export type StripeCouponLike = Pick<Stripe.Coupon, "percent_off" | "amount_off" | "currency" | "duration" | "valid">;

/** A Stripe coupon as Snip compares it with its own (domain/coupons.ts providerDiscountMismatch). */
export function discountOfStripeCoupon(coupon: StripeCouponLike): ProviderDiscount {
  return {
    percentOff: coupon.percent_off ?? null,
    amountOff: coupon.amount_off ?? null,
    currency: coupon.currency ? coupon.currency.toUpperCase() : null,
    firstPaymentOnly: coupon.duration === "once",
    usable: coupon.valid,
  };
}

const isResourceMissing = (error: unknown) => (error as { code?: string } | null)?.code === "resource_missing";

/** A Stripe error as the spec 01 §8 outcome: a declined card is 402 with the spec's text. */
function failure(error: unknown, otherwise: string): BillingResult<never> {
  if (error instanceof Stripe.errors.StripeCardError || (error as { statusCode?: number })?.statusCode === 402) {
    return { ok: false, status: 402, message: BILLING_MESSAGES.declined };
  }
  console.error("stripe call failed", error instanceof Error ? error.message : error);
  return { ok: false, status: 500, message: otherwise };
}

export class StripeBilling implements BillingProvider {
  readonly billingType = BILLING_TYPES.stripe;
  private readonly stripe: Stripe;
  constructor(private readonly env: AppEnv) {
    this.stripe = stripeClient(env);
  }

  private get db() {
    return getDb(this.env.DB);
  }

  /** The owner's Stripe customer (one per paying workspace): made on the first checkout, reused after. */
  private customerFor(ownerId: string, user: CheckoutRequest["user"]): Promise<string> {
    return billingCustomerId(this.db, ownerId, this.billingType, async () => {
      const customer = await this.stripe.customers.create({ email: user.email, name: user.name, metadata: { user_id: ownerId } });
      return customer.id;
    });
  }

  private async priceId(plan: PlanName, interval: BillingInterval): Promise<string> {
    const key = priceLookupKey(plan, interval);
    const prices = await this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`Stripe has no active price with lookup_key ${key}`);
    return price.id;
  }

  async startCheckout({
    user,
    ownerId,
    subscriptionPath,
    plan,
    interval,
    withTrial,
    coupon,
    origin,
  }: CheckoutRequest): Promise<BillingResult<Checkout>> {
    const p = getPlan(plan);
    const price = activePrice(p, interval);
    if (!price || !p.billable) return { ok: false, status: 422, message: BILLING_MESSAGES.subscribeFailed };
    try {
      const [customer, priceId, overagePrice, applied] = await Promise.all([
        this.customerFor(ownerId, user),
        this.priceId(plan, interval),
        this.stripe.prices.list({ lookup_keys: [OVERAGE_PRICE_LOOKUP_KEY], active: true, limit: 1 }),
        this.couponAtStripe(coupon),
      ]);
      // The metered overage price rides along when the account has one (README "Billing").
      const overagePriceId = overagePrice.data[0]?.id;
      const trialDays = withTrial ? p.trialDays : 0;
      const session = await this.stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        client_reference_id: ownerId,
        line_items: [{ price: priceId, quantity: 1 }, ...(overagePriceId ? [{ price: overagePriceId }] : [])],
        subscription_data: { metadata: { user_id: ownerId }, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
        // Snip's coupon codes are Stripe coupon ids, `duration: once` (docs/decisions/013).
        ...(applied ? { discounts: [{ coupon: applied.coupon }] } : {}),
        metadata: { user_id: ownerId },
        success_url: `${origin}${subscriptionPath}/success?session={CHECKOUT_SESSION_ID}`,
        cancel_url: ownerId === user.id ? `${origin}/app/pricing` : `${origin}${subscriptionPath}`,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a url");
      await createCheckoutSession(this.db, {
        id: session.id,
        userId: user.id,
        ownerId,
        billingType: this.billingType,
        plan,
        interval,
        amount: price.amount,
        trialDays,
        coupon: applied?.coupon ?? null,
        firstAmount: discountedAmount(price.amount, applied),
      });
      return ok({
        url: session.url,
        sessionId: session.id,
        customerId: customer,
        priceIds: [priceId, ...(overagePriceId ? [overagePriceId] : [])],
        transactionId: null,
        paymentMethods: ["card"],
        appliedCoupon: applied?.coupon ?? null,
      });
    } catch (error) {
      return failure(error, BILLING_MESSAGES.checkoutFailed);
    }
  }

  /**
   * Expires an open Checkout Session (`checkout.sessions.expire`), so that it cannot be paid beside
   * a newer one. A session Stripe no longer has open is read back: "paid" when it was completed.
   */
  async closeCheckout(session: CheckoutSession): Promise<"closed" | "paid"> {
    try {
      await this.stripe.checkout.sessions.expire(session.id);
      return "closed";
    } catch (error) {
      if (isResourceMissing(error)) return "closed";
      const now = await this.stripe.checkout.sessions.retrieve(session.id);
      if (now.status === "complete") return "paid";
      if (now.status === "expired") return "closed";
      throw error;
    }
  }

  /**
   * Snip's coupon when the Stripe account has it as Snip describes it (the same value, `duration:
   * once`), else null: the checkout then goes on at the full price and the gap is logged, so a
   * coupon missing at Stripe never fails a checkout (docs/decisions/013).
   */
  private async couponAtStripe(coupon: Coupon | null): Promise<Coupon | null> {
    if (!coupon) return null;
    try {
      const mismatch = providerDiscountMismatch(coupon, discountOfStripeCoupon(await this.stripe.coupons.retrieve(coupon.coupon)));
      if (!mismatch) return coupon;
      console.error(`stripe coupon ${coupon.coupon} is ${mismatch}: checkout without it`);
      return null;
    } catch (error) {
      if (!isResourceMissing(error)) throw error;
      console.error(`stripe has no coupon ${coupon.coupon}: checkout without it`);
      return null;
    }
  }

  private subscriptionId(userId: string): Promise<string | null> {
    return providerSubscriptionId(this.db, userId, this.billingType);
  }

  /** The user's Stripe subscription (its schedule, if any, by id). */
  private async subscription(userId: string): Promise<Stripe.Subscription | null> {
    const id = await this.subscriptionId(userId);
    return id ? this.stripe.subscriptions.retrieve(id) : null;
  }

  /** Drops the subscription's schedule, if any: the subscription keeps its current plan and renews. */
  private async releaseSchedule(sub: Stripe.Subscription): Promise<void> {
    const scheduleId = scheduleIdOf(sub);
    if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
  }

  /**
   * Another plan or interval. An upgrade applies at once, prorated (a declined proration charge
   * is a 402), and drops a scheduled downgrade; a downgrade (domain/billing.ts
   * isScheduledDowngrade) is scheduled for the end of the current period.
   */
  async changePlan(userId: string, plan: PlanName, interval: BillingInterval): Promise<BillingResult> {
    try {
      const [current, priceId] = await Promise.all([this.subscription(userId), this.priceId(plan, interval)]);
      if (!current) return updateFailed;
      // The plan's item, not the metered overage item beside it.
      const item = current.items.data.find((i) => i.price.lookup_key !== OVERAGE_PRICE_LOOKUP_KEY);
      if (!item) return updateFailed;
      const from = parsePriceLookupKey(item.price.lookup_key);
      if (from && isScheduledDowngrade({ name: from.plan, interval: from.interval }, { name: plan, interval })) {
        await this.scheduleDowngrade(current, item, priceId, interval);
        return ok();
      }
      // Stripe refuses item changes on a subscription its schedule manages.
      await this.releaseSchedule(current);
      await this.stripe.subscriptions.update(current.id, {
        items: [{ id: item.id, price: priceId, quantity: 1 }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
        cancel_at_period_end: false,
      });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /**
   * The downgrade as a subscription schedule (made from the subscription, or its existing one):
   * the current phase as it is until the current period ends, then the new plan's price (with
   * the metered overage item kept), released to run on its own after that; nothing prorated.
   */
  private async scheduleDowngrade(
    sub: Stripe.Subscription,
    item: Stripe.SubscriptionItem,
    priceId: string,
    interval: BillingInterval,
  ): Promise<void> {
    // A subscription set to cancel is resumed by a plan change (as an immediate change does);
    // Stripe makes no schedule from one that is set to cancel.
    if (sub.cancel_at_period_end) await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    const existing = scheduleIdOf(sub);
    const schedule = existing
      ? await this.stripe.subscriptionSchedules.retrieve(existing)
      : await this.stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const startsAt = schedule.current_phase?.start_date;
    const phase = schedule.phases.find((p) => p.start_date === startsAt) ?? schedule.phases[0];
    if (!phase) throw new Error(`subscription schedule ${schedule.id} has no current phase`);
    const overage = sub.items.data.find((i) => i.price.lookup_key === OVERAGE_PRICE_LOOKUP_KEY);
    await this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      proration_behavior: "none",
      phases: [
        {
          items: phase.items.map((i) => ({ price: idOf(i.price), ...(typeof i.quantity === "number" ? { quantity: i.quantity } : {}) })),
          start_date: phase.start_date,
          end_date: item.current_period_end,
          ...(phase.trial_end ? { trial_end: phase.trial_end } : {}),
          proration_behavior: "none",
        },
        {
          items: [{ price: priceId, quantity: 1 }, ...(overage ? [{ price: overage.price.id }] : [])],
          duration: { interval: interval === "yearly" ? "year" : "month", interval_count: 1 },
          proration_behavior: "none",
        },
      ],
    });
  }

  /** The scheduled downgrade is dropped: the schedule is released, the current plan renews. */
  async cancelScheduledChange(userId: string): Promise<BillingResult> {
    try {
      const sub = await this.subscription(userId);
      if (!sub) return updateFailed;
      await this.releaseSchedule(sub);
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /** Cancel at the period's end or at once; either drops a scheduled downgrade first. */
  async cancel(userId: string, immediately: boolean): Promise<BillingResult> {
    try {
      const sub = await this.subscription(userId);
      if (!sub) return updateFailed;
      // Already ended at Stripe (its webhook not yet here): cancelling again is done, not an error.
      if (immediately && sub.status === "canceled") return ok();
      // Stripe refuses cancellation changes on a subscription its schedule manages.
      await this.releaseSchedule(sub);
      if (immediately) await this.stripe.subscriptions.cancel(sub.id);
      else await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /** Resume: no cancellation at the period's end (a schedule that would cancel releases instead). */
  async resume(userId: string): Promise<BillingResult> {
    try {
      const sub = await this.subscription(userId);
      if (!sub) return updateFailed;
      const scheduleId = scheduleIdOf(sub);
      if (scheduleId) await this.stripe.subscriptionSchedules.update(scheduleId, { end_behavior: "release" });
      else await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /** The Billing Portal, where Stripe takes the new card (and retries an unpaid invoice with it). */
  async paymentMethodUrl(userId: string, returnUrl: string): Promise<BillingResult<string | null>> {
    const customer = await getBillingCustomer(this.db, userId, this.billingType);
    if (!customer) return ok(null);
    try {
      const portal = await this.stripe.billingPortal.sessions.create({
        customer: customer.billingId,
        return_url: returnUrl,
      });
      return ok(portal.url);
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  async listInvoices(userId: string): Promise<Invoice[]> {
    const customer = await getBillingCustomer(this.db, userId, this.billingType);
    if (!customer) return [];
    const invoices = await this.stripe.invoices.list({ customer: customer.billingId, limit: 24 });
    return invoices.data.map((invoice) => ({
      id: invoice.id ?? "",
      number: invoice.number ?? invoice.id ?? "",
      date: invoice.created * 1000,
      amount: invoice.total,
      currency: invoice.currency.toUpperCase(),
      status: invoice.status ?? "draft",
      url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
    }));
  }
}
