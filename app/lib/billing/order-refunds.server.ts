/**
 * The refund of a domain order whose domains could not be registered (step 3 of the order job,
 * docs/decisions/043, 049), at the provider that took the payment:
 *
 * - Stripe: `refunds.create` on the order's PaymentIntent with the order's idempotency key, so a
 *   retried job gets the same refund back instead of a second one;
 * - Paddle (no idempotency keys): the transaction's refund adjustment if it has one already, else
 *   a new one (`action: refund`; the whole transaction, or the failed lines' items);
 * - test mode: its recorded refund id, as before.
 *
 * A provider that does not answer throws: the job retries, and the retry finds the same refund.
 */
import Stripe from "stripe";
import { BILLING_TYPES } from "../../../domain/billing";
import { refundIdempotencyKey } from "../../../domain/order-payments";
import { paddleClient } from "./paddle.server";
import { stripeClient } from "./stripe.server";

export interface RefundEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_API_BASE?: string;
  PADDLE_API_KEY?: string;
  PADDLE_ENVIRONMENT?: string;
}

export interface RefundOrder {
  id: string;
  billingType: number;
  paymentRef: string | null;
}

/**
 * Refunds `amount` (minor units) of the order's payment; `whole`: all of it. `domains`: the failed
 * lines (Paddle refunds them as its transaction's items). Answers the refund's id, or null when
 * nothing was charged (a zero total).
 */
export async function refundOrderPayment(
  env: RefundEnv,
  order: RefundOrder,
  refund: { amount: number; whole: boolean; domains: string[]; idempotencyKey?: string },
): Promise<string | null> {
  if (order.billingType === BILLING_TYPES.test) return `re_test_${order.id.replaceAll("-", "")}`;
  if (!order.paymentRef || refund.amount <= 0) return null;
  if (order.billingType === BILLING_TYPES.stripe) return stripeRefund(env, order, order.paymentRef, refund);
  if (order.billingType === BILLING_TYPES.paddle) return paddleRefund(env, order, order.paymentRef, refund);
  throw new Error(`order ${order.id}: unknown billing type ${order.billingType}`);
}

async function stripeRefund(
  env: RefundEnv,
  order: RefundOrder,
  paymentIntent: string,
  refund: { amount: number; whole: boolean; idempotencyKey?: string },
) {
  const stripe = stripeClient(env);
  try {
    const made = await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        ...(refund.whole ? {} : { amount: refund.amount }),
        reason: "requested_by_customer",
        metadata: { order_id: order.id },
      },
      { idempotencyKey: refund.idempotencyKey ?? refundIdempotencyKey(order.id) },
    );
    return made.id;
  } catch (error) {
    // Refunded already (by a retry whose key Stripe no longer keeps): that refund is the order's.
    if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
      const refunds = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 1 });
      const first = refunds.data[0];
      if (first) return first.id;
    }
    throw error;
  }
}

async function paddleRefund(
  env: RefundEnv,
  order: RefundOrder,
  transactionId: string,
  refund: { whole: boolean; domains: string[] },
): Promise<string> {
  const paddle = paddleClient(env);
  const existing = await paddle.adjustments.list({ transactionId: [transactionId], action: "refund" }).next();
  const made = existing.find((a) => a.status !== "rejected");
  if (made) return made.id;
  const reason = `Snip domain order ${order.id}: the domain could not be registered`;
  if (refund.whole) {
    const adjustment = await paddle.adjustments.create({ action: "refund", type: "full", transactionId, reason });
    return adjustment.id;
  }
  // The failed lines: the transaction's items whose price names their domain.
  const transaction = await paddle.transactions.get(transactionId);
  const priceIds = new Set(
    transaction.items
      .filter((item) => refund.domains.includes(String((item.price?.customData as Record<string, unknown> | null)?.domain ?? "")))
      .map((item) => item.price?.id),
  );
  const items = (transaction.details?.lineItems ?? [])
    .filter((line) => priceIds.has(line.priceId))
    .map((line) => ({ itemId: line.id, type: "full" as const, amount: null }));
  if (items.length === 0) throw new Error(`paddle transaction ${transactionId} has no items for ${refund.domains.join(", ")}`);
  const adjustment = await paddle.adjustments.create({ action: "refund", type: "partial", transactionId, reason, items });
  return adjustment.id;
}
