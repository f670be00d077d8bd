/**
 * Paddle (billing type 2) through `@paddle/paddle-node-sdk`: a transaction per checkout, paid
 * on /paddle/payment with Paddle.js (Paddle's default payment link points there with
 * `?_ptxn=`), subscription update (prorated at once), cancel at the period's end or at once,
 * resume (removing the scheduled cancel), the payment-method change transaction, and the
 * completed transactions as invoices. Paddle prices carry Snip's lookup key in
 * custom_data.lookup_key. Webhooks: webhooks.paddle.ts.
 *
 * A downgrade waits for the end of the period (spec 01 §4), which Paddle cannot schedule for
 * items: it is kept in the subscription's custom data (so Paddle's events carry it to the
 * future subscription) and applied near the period's end without billing, so the renewal bills
 * the new price (applyScheduledDowngrade, run by the cron trigger; docs/decisions/015).
 */
import { Paddle, type Discount } from "@paddle/paddle-node-sdk";
import { getDb } from "../../../db/client.server";
import { createCheckoutSession, getBillingCustomer, getCurrentSubscriptionRow, type CheckoutSession } from "../../../db/billing.server";
import { BILLING_MESSAGES, BILLING_TYPES, isScheduledDowngrade, parsePriceLookupKey, priceLookupKey } from "../../../domain/billing";
import { discountedAmount, providerDiscountMismatch, type Coupon, type ProviderDiscount } from "../../../domain/coupons";
import { activePrice, getPlan, type BillingInterval, type PlanName } from "../../../domain/plans";
import type { AppEnv } from "../../env.server";
import { scheduledDowngradeOf, withScheduledDowngrade } from "./paddle-events.server";
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

export function paddleClient(env: { PADDLE_API_KEY?: string; PADDLE_ENVIRONMENT?: string }): Paddle {
  if (!env.PADDLE_API_KEY) throw new Error("PADDLE_API_KEY is not set");
  // The SDK takes "production", "sandbox", or any other API origin as its environment.
  return new Paddle(env.PADDLE_API_KEY, { environment: env.PADDLE_ENVIRONMENT as never });
}

/** Paddle's answer as the spec 01 §8 outcome: field errors are 422, a declined payment 402. */
function failure(error: unknown, otherwise: string): BillingResult<never> {
  const e = error as { code?: string; errors?: { field: string; message: string }[] | null };
  if (e?.code === "subscription_payment_declined" || e?.code === "transaction_payment_method_declined") {
    return { ok: false, status: 402, message: BILLING_MESSAGES.declined };
  }
  if (e?.errors?.length) {
    const fieldErrors: Record<string, string[]> = {};
    for (const { field, message } of e.errors) (fieldErrors[field] ??= []).push(message);
    return { ok: false, status: 422, message: otherwise, fieldErrors };
  }
  console.error("paddle call failed", error instanceof Error ? error.message : error);
  return { ok: false, status: 500, message: otherwise };
}

export type PaddleDiscountLike = Pick<Discount, "status" | "type" | "amount" | "currencyCode" | "recur" | "expiresAt">;

/**
 * A Paddle discount as Snip compares it with its own coupon: `percentage` amounts are percents
 * ("10"), `flat` ones minor units ("500"); `recur: false` is the first payment only.
 */
export function discountOfPaddle(discount: PaddleDiscountLike, now = Date.now()): ProviderDiscount {
  const amount = Number(discount.amount);
  const expired = discount.expiresAt !== null && Date.parse(discount.expiresAt) <= now;
  return {
    percentOff: discount.type === "percentage" ? amount : null,
    amountOff: discount.type === "flat" ? amount : null,
    currency: discount.currencyCode,
    firstPaymentOnly: !discount.recur,
    usable: discount.status === "active" && !expired && discount.type !== "flat_per_seat",
  };
}

export class PaddleBilling implements BillingProvider {
  readonly billingType = BILLING_TYPES.paddle;
  private readonly paddle: Paddle;
  constructor(private readonly env: AppEnv) {
    this.paddle = paddleClient(env);
  }

  private get db() {
    return getDb(this.env.DB);
  }

  /** The owner's Paddle customer (one per paying workspace). */
  private customerFor(ownerId: string, user: CheckoutRequest["user"]): Promise<string> {
    return billingCustomerId(this.db, ownerId, this.billingType, async () => {
      const customer = await this.paddle.customers.create({ email: user.email, name: user.name, customData: { user_id: ownerId } });
      return customer.id;
    });
  }

  private async price(plan: PlanName, interval: BillingInterval) {
    const key = priceLookupKey(plan, interval);
    const prices = await this.paddle.prices.list({ status: ["active"], perPage: 200 }).next();
    const price = prices.find((p) => (p.customData as Record<string, unknown> | null)?.lookup_key === key);
    if (!price) throw new Error(`Paddle has no active price with custom_data.lookup_key ${key}`);
    return price;
  }

  private async priceId(plan: PlanName, interval: BillingInterval): Promise<string> {
    return (await this.price(plan, interval)).id;
  }

  /**
   * Cancels the unpaid transaction of a checkout (`PATCH /transactions/{id}` with `status:
   * canceled`), so that Paddle.js can no longer pay it beside a newer one. The transaction is the
   * customer's whose custom data names the checkout (Snip wrote it there at checkout); one already
   * billed, paid or completed is "paid"; none, or one cancelled already, is "closed".
   */
  async closeCheckout(session: CheckoutSession): Promise<"closed" | "paid"> {
    const customer = await getBillingCustomer(this.db, session.ownerId ?? session.userId, this.billingType);
    if (!customer) return "closed";
    const transactions = await this.paddle.transactions
      .list({
        customerId: [customer.billingId],
        status: ["draft", "ready", "billed", "paid", "completed", "past_due"],
        perPage: 200,
        orderBy: "created_at[DESC]",
      })
      .next();
    const mine = transactions.filter((t) => (t.customData as Record<string, unknown> | null)?.checkout_session_id === session.id);
    if (mine.some((t) => t.status !== "draft" && t.status !== "ready")) return "paid";
    for (const t of mine) await this.paddle.transactions.update(t.id, { status: "canceled" });
    return "closed";
  }

  async startCheckout({ user, ownerId, plan, interval, withTrial, coupon }: CheckoutRequest): Promise<BillingResult<Checkout>> {
    const p = getPlan(plan);
    const price = activePrice(p, interval);
    if (!price || !p.billable) return { ok: false, status: 422, message: BILLING_MESSAGES.subscribeFailed };
    try {
      const [customerId, priceId, discount] = await Promise.all([
        this.customerFor(ownerId, user),
        this.priceId(plan, interval),
        this.discountAtPaddle(coupon),
      ]);
      const applied = discount ? coupon : null;
      const sessionId = `cs_paddle_${crypto.randomUUID().replaceAll("-", "")}`;
      const transaction = await this.paddle.transactions.create({
        items: [{ priceId, quantity: 1 }],
        customerId,
        // Snip's coupon code is the Paddle discount's code, `recur: false` (docs/decisions/013).
        ...(discount ? { discountId: discount.id } : {}),
        customData: { user_id: ownerId, checkout_session_id: sessionId },
      });
      await createCheckoutSession(this.db, {
        id: sessionId,
        userId: user.id,
        ownerId,
        billingType: this.billingType,
        plan,
        interval,
        amount: price.amount,
        // Paddle prices carry their own trial period; Snip records what the plan offers.
        trialDays: withTrial ? p.trialDays : 0,
        coupon: applied?.coupon ?? null,
        firstAmount: discountedAmount(price.amount, applied),
      });
      return ok({
        url: `/paddle/payment?_ptxn=${encodeURIComponent(transaction.id)}&session=${sessionId}`,
        sessionId,
        customerId,
        priceIds: [priceId],
        transactionId: transaction.id,
        // What Paddle's checkout offers besides cards (the reason to offer it beside Stripe).
        paymentMethods: ["card", "paypal", "apple_pay", "google_pay"],
        appliedCoupon: applied?.coupon ?? null,
      });
    } catch (error) {
      return failure(error, BILLING_MESSAGES.checkoutFailed);
    }
  }

  /**
   * The Paddle discount whose code is Snip's coupon, when it is the coupon as Snip describes it
   * (the same value, `recur: false`, active), else null: the checkout then goes on at the full
   * price and the gap is logged, as at Stripe (docs/decisions/013).
   */
  private async discountAtPaddle(coupon: Coupon | null): Promise<Discount | null> {
    if (!coupon) return null;
    const found = await this.paddle.discounts.list({ code: [coupon.coupon], perPage: 50 }).next();
    const discount = found.find((d) => d.code?.toUpperCase() === coupon.coupon && d.status === "active");
    if (!discount) {
      console.error(`paddle has no active discount with code ${coupon.coupon}: checkout without it`);
      return null;
    }
    const mismatch = providerDiscountMismatch(coupon, discountOfPaddle(discount));
    if (!mismatch) return discount;
    console.error(`paddle discount ${coupon.coupon} (${discount.id}) is ${mismatch}: checkout without it`);
    return null;
  }

  private subscriptionId(userId: string): Promise<string | null> {
    return providerSubscriptionId(this.db, userId, this.billingType);
  }

  /**
   * An upgrade is prorated and charged at once (a declined charge leaves the plan as it was: 402)
   * and drops a scheduled downgrade; a downgrade is scheduled for the period's end.
   */
  async changePlan(userId: string, plan: PlanName, interval: BillingInterval): Promise<BillingResult> {
    const row = await getCurrentSubscriptionRow(this.db, userId);
    const id = row?.billingType === this.billingType ? row.billingId : null;
    if (!row || !id) return updateFailed;
    try {
      const [price, sub] = await Promise.all([this.price(plan, interval), this.paddle.subscriptions.get(id)]);
      if (isScheduledDowngrade({ name: row.name as PlanName, interval: row.interval }, { name: plan, interval })) {
        const downgrade = {
          lookup_key: priceLookupKey(plan, interval),
          amount: price.unitPrice.amount,
          currency_code: price.unitPrice.currencyCode,
        };
        await this.paddle.subscriptions.update(id, { customData: withScheduledDowngrade(sub.customData, downgrade) });
        return ok();
      }
      await this.paddle.subscriptions.update(id, {
        items: [{ priceId: price.id, quantity: 1 }],
        prorationBillingMode: "prorated_immediately",
        onPaymentFailure: "prevent_change",
        ...(scheduledDowngradeOf(sub.customData) ? { customData: withScheduledDowngrade(sub.customData, null) } : {}),
      });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /** Drops a scheduled downgrade kept in the subscription's custom data, if there is one. */
  private async dropScheduledDowngrade(id: string): Promise<void> {
    const sub = await this.paddle.subscriptions.get(id);
    if (scheduledDowngradeOf(sub.customData)) {
      await this.paddle.subscriptions.update(id, { customData: withScheduledDowngrade(sub.customData, null) });
    }
  }

  /**
   * A cancel at the period's end drops a scheduled downgrade first (nothing is left to downgrade);
   * a cancel now ends the subscription, whose events then carry none.
   */
  async cancel(userId: string, immediately: boolean): Promise<BillingResult> {
    const id = await this.subscriptionId(userId);
    if (!id) return updateFailed;
    try {
      if (!immediately) await this.dropScheduledDowngrade(id);
      await this.paddle.subscriptions.cancel(id, { effectiveFrom: immediately ? "immediately" : "next_billing_period" });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /** The scheduled downgrade is dropped: the current plan renews (spec 01 §4). */
  async cancelScheduledChange(userId: string): Promise<BillingResult> {
    const id = await this.subscriptionId(userId);
    if (!id) return updateFailed;
    try {
      await this.dropScheduledDowngrade(id);
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /**
   * Applies a scheduled downgrade at Paddle: the new price from now without billing
   * (`do_not_bill`), so the renewal at the period's end bills it, and the downgrade leaves the
   * custom data in the same call. Idempotent: a subscription without one (already applied,
   * dropped or cancelled since) is left alone. Errors are thrown (the cron retries).
   */
  async applyScheduledDowngrade(subscriptionId: string): Promise<"applied" | "none"> {
    const sub = await this.paddle.subscriptions.get(subscriptionId);
    const downgrade = scheduledDowngradeOf(sub.customData);
    const target = parsePriceLookupKey(downgrade?.lookup_key);
    if (!downgrade || !target || sub.status === "canceled" || sub.scheduledChange?.action === "cancel") return "none";
    const price = await this.price(target.plan, target.interval);
    await this.paddle.subscriptions.update(subscriptionId, {
      items: [{ priceId: price.id, quantity: 1 }],
      prorationBillingMode: "do_not_bill",
      customData: withScheduledDowngrade(sub.customData, null),
    });
    return "applied";
  }

  async resume(userId: string): Promise<BillingResult> {
    const id = await this.subscriptionId(userId);
    if (!id) return updateFailed;
    try {
      await this.paddle.subscriptions.update(id, { scheduledChange: null });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  /** Paddle's payment-method change transaction, paid on /paddle/payment. */
  async paymentMethodUrl(userId: string, returnUrl: string): Promise<BillingResult<string | null>> {
    const id = await this.subscriptionId(userId);
    if (!id) return ok(null);
    try {
      const transaction = await this.paddle.subscriptions.getPaymentMethodChangeTransaction(id);
      // /paddle/payment goes back to the page the change started from (the past-due page or settings).
      const from = new URL(returnUrl).pathname === "/app/subscribe" ? "&from=subscribe" : "";
      return ok(`/paddle/payment?_ptxn=${encodeURIComponent(transaction.id)}${from}`);
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  async listInvoices(userId: string): Promise<Invoice[]> {
    const customer = await getBillingCustomer(this.db, userId, this.billingType);
    if (!customer) return [];
    // Newest first (Paddle lists by id otherwise); a payment-method change is no invoice.
    const transactions = await this.paddle.transactions
      .list({ customerId: [customer.billingId], status: ["completed"], perPage: 24, orderBy: "billed_at[DESC]" })
      .next();
    return transactions
      .filter((t) => t.origin !== "subscription_payment_method_change")
      .map((t) => ({
        id: t.id,
        number: t.invoiceNumber ?? t.id,
        date: Date.parse(t.billedAt ?? t.createdAt),
        amount: Number(t.details?.totals?.grandTotal ?? 0),
        currency: t.currencyCode,
        status: t.status,
        url: null,
      }));
  }
}
