/**
 * Paddle (billing type 2) through `@paddle/paddle-node-sdk`: a transaction per checkout, paid
 * on /paddle/payment with Paddle.js (Paddle's default payment link points there with
 * `?_ptxn=`), subscription update (prorated at once), cancel at the period's end or at once,
 * resume (removing the scheduled cancel), the payment-method change transaction, and the
 * completed transactions as invoices. Paddle prices carry Snip's lookup key in
 * custom_data.lookup_key. Webhooks: webhooks.paddle.ts.
 */
import { Paddle } from "@paddle/paddle-node-sdk";
import { getDb } from "../../../db/client.server";
import { createCheckoutSession, getBillingCustomer, getCurrentSubscriptionRow } from "../../../db/billing.server";
import { BILLING_MESSAGES, BILLING_TYPES, priceLookupKey } from "../../../domain/billing";
import { discountedAmount } from "../../../domain/coupons";
import { activePrice, getPlan, type BillingInterval, type PlanName } from "../../../domain/plans";
import type { AppEnv } from "../../env.server";
import {
  ok,
  updateFailed,
  billingCustomerId,
  type BillingProvider,
  type BillingResult,
  type Checkout,
  type CheckoutRequest,
  type Invoice,
} from "./provider.server";

export function paddleClient(env: AppEnv): Paddle {
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

export class PaddleBilling implements BillingProvider {
  readonly billingType = BILLING_TYPES.paddle;
  private readonly paddle: Paddle;
  constructor(private readonly env: AppEnv) {
    this.paddle = paddleClient(env);
  }

  private get db() {
    return getDb(this.env.DB);
  }

  private customerFor(user: CheckoutRequest["user"]): Promise<string> {
    return billingCustomerId(this.db, user.id, this.billingType, async () => {
      const customer = await this.paddle.customers.create({ email: user.email, name: user.name, customData: { user_id: user.id } });
      return customer.id;
    });
  }

  private async priceId(plan: PlanName, interval: BillingInterval): Promise<string> {
    const key = priceLookupKey(plan, interval);
    const prices = await this.paddle.prices.list({ status: ["active"], perPage: 200 }).next();
    const price = prices.find((p) => (p.customData as Record<string, unknown> | null)?.lookup_key === key);
    if (!price) throw new Error(`Paddle has no active price with custom_data.lookup_key ${key}`);
    return price.id;
  }

  async startCheckout({ user, plan, interval, withTrial, coupon }: CheckoutRequest): Promise<BillingResult<Checkout>> {
    const p = getPlan(plan);
    const price = activePrice(p, interval);
    if (!price || !p.billable) return { ok: false, status: 422, message: BILLING_MESSAGES.subscribeFailed };
    try {
      const [customerId, priceId] = await Promise.all([this.customerFor(user), this.priceId(plan, interval)]);
      const sessionId = `cs_paddle_${crypto.randomUUID().replaceAll("-", "")}`;
      const transaction = await this.paddle.transactions.create({
        items: [{ priceId, quantity: 1 }],
        customerId,
        customData: { user_id: user.id, checkout_session_id: sessionId },
      });
      await createCheckoutSession(this.db, {
        id: sessionId,
        userId: user.id,
        billingType: this.billingType,
        plan,
        interval,
        amount: price.amount,
        // Paddle prices carry their own trial period; Snip records what the plan offers.
        trialDays: withTrial ? p.trialDays : 0,
        coupon: coupon?.coupon ?? null,
        firstAmount: discountedAmount(price.amount, coupon),
      });
      return ok({
        url: `/paddle/payment?_ptxn=${encodeURIComponent(transaction.id)}&session=${sessionId}`,
        sessionId,
        customerId,
        priceIds: [priceId],
        transactionId: transaction.id,
        // What Paddle's checkout offers besides cards (the reason to offer it beside Stripe).
        paymentMethods: ["card", "paypal", "apple_pay", "google_pay"],
      });
    } catch (error) {
      return failure(error, BILLING_MESSAGES.checkoutFailed);
    }
  }

  private async subscriptionId(userId: string): Promise<string | null> {
    const row = await getCurrentSubscriptionRow(this.db, userId);
    return row?.billingType === this.billingType && row.billingId ? row.billingId : null;
  }

  async changePlan(userId: string, plan: PlanName, interval: BillingInterval): Promise<BillingResult> {
    const id = await this.subscriptionId(userId);
    if (!id) return updateFailed;
    try {
      const priceId = await this.priceId(plan, interval);
      await this.paddle.subscriptions.update(id, {
        items: [{ priceId, quantity: 1 }],
        prorationBillingMode: "prorated_immediately",
        onPaymentFailure: "prevent_change",
      });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  async cancel(userId: string, immediately: boolean): Promise<BillingResult> {
    const id = await this.subscriptionId(userId);
    if (!id) return updateFailed;
    try {
      await this.paddle.subscriptions.cancel(id, { effectiveFrom: immediately ? "immediately" : "next_billing_period" });
      return ok();
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
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
  async paymentMethodUrl(userId: string): Promise<BillingResult<string | null>> {
    const id = await this.subscriptionId(userId);
    if (!id) return ok(null);
    try {
      const transaction = await this.paddle.subscriptions.getPaymentMethodChangeTransaction(id);
      return ok(`/paddle/payment?_ptxn=${encodeURIComponent(transaction.id)}`);
    } catch (error) {
      return failure(error, BILLING_MESSAGES.updateFailed);
    }
  }

  async listInvoices(userId: string): Promise<Invoice[]> {
    const customer = await getBillingCustomer(this.db, userId, this.billingType);
    if (!customer) return [];
    const transactions = await this.paddle.transactions
      .list({ customerId: [customer.billingId], status: ["completed"], perPage: 24 })
      .next();
    return transactions.map((t) => ({
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
