/**
 * Domain orders paid through Stripe or Paddle (issue 18, docs/decisions/049).
 *
 * - Paying: the server makes the provider's checkout from the order as stored (its lines at the
 *   prices Snip computed, its currency; the order's id as Snip's reference) and keeps the
 *   provider's id of it on the order (`checkout_ref`): a Stripe Checkout Session in `payment`
 *   mode (one per order: an idempotency key), or a Paddle transaction with non-catalog prices
 *   opened by Paddle.js on /paddle/payment. Nothing the browser sends names the order's price or
 *   its checkout.
 * - Paid: the provider's signed webhook names its checkout; the order is the one that stored that
 *   id, and the amount paid must be its total (domain/order-payments.ts); then it is authorized
 *   through the same `moveOrder(0 → 17)` and job as a test-mode payment.
 */
import Stripe from "stripe";
import { BILLING_TYPES } from "../../../domain/billing";
import {
  chargeLines,
  checkoutIdempotencyKey,
  paddleOrderPayment,
  paddleTakenPayment,
  stripeOrderPayment,
  stripeTakenPayment,
  untakenRefundIdempotencyKey,
  type PaddleOrderTransactionLike,
  type StripeOrderSessionLike,
  type TakenPayment,
} from "../../../domain/order-payments";
import { getDb } from "../../../db/client.server";
import {
  expireOrderCheckout,
  getOrder,
  getOrderByCheckoutRef,
  listOrderItems,
  setOrderCheckoutRef,
  type DomainOrder,
} from "../../../db/orders.server";
import { ORDER_STATUS } from "../../../domain/orders";
import type { AppEnv } from "../../env.server";
import { authorizeOrder } from "../orders.server";
import { refundOrderPayment } from "./order-refunds.server";
import { paddleClient } from "./paddle.server";
import { billingCustomerId } from "./provider.server";
import { stripeClient } from "./stripe.server";

export interface OrderBuyer {
  id: string;
  email: string;
  name: string;
}

/** Where the browser goes next: the provider's checkout, or the order's page when nothing is left to pay. */
export type OrderPaymentStart = { ok: true; url: string } | { ok: false };

const successPath = (order: DomainOrder) => `/app/shopping-cart/success?order=${order.id}`;

/**
 * Starts (or resumes) the payment of a new order at its provider. A checkout already made for the
 * order and still open is reused; a paid one goes to the order's page (its webhook is on the way);
 * an expired or cancelled one is replaced. An order whose total is zero (the plan's free first
 * years) has nothing to charge and is authorized at once.
 */
export async function startOrderPayment(env: AppEnv, order: DomainOrder, buyer: OrderBuyer, origin: string): Promise<OrderPaymentStart> {
  if (order.total === 0) {
    await authorizeOrder(env, order, null);
    return { ok: true, url: successPath(order) };
  }
  try {
    if (order.billingType === BILLING_TYPES.stripe) return { ok: true, url: await stripeCheckout(env, order, buyer, origin) };
    if (order.billingType === BILLING_TYPES.paddle) return { ok: true, url: await paddleCheckout(env, order, buyer) };
    return { ok: false };
  } catch (error) {
    console.error("domain order: the provider's checkout failed", order.id, error instanceof Error ? error.message : error);
    return { ok: false };
  }
}

/**
 * The checkout id stored for the order now (another request's, when it stored first). The
 * provider's expiry webhook may have cleared `previous` meanwhile (decision 051): the new checkout
 * then takes the empty place.
 */
async function storedCheckout(env: AppEnv, order: DomainOrder, previous: string | null, made: string): Promise<string | null> {
  const db = getDb(env.DB);
  if (await setOrderCheckoutRef(db, order.id, previous, made)) return made;
  const now = await getOrder(db, order.id);
  if (
    previous !== null &&
    now?.status === ORDER_STATUS.new &&
    now.checkoutRef === null &&
    (await setOrderCheckoutRef(db, order.id, null, made))
  )
    return made;
  return (await getOrder(db, order.id))?.checkoutRef ?? null;
}

async function stripeCheckout(env: AppEnv, order: DomainOrder, buyer: OrderBuyer, origin: string): Promise<string> {
  const stripe = stripeClient(env);
  const previous = order.checkoutRef;
  if (previous) {
    const existing = await stripe.checkout.sessions.retrieve(previous);
    if (existing.status === "open" && existing.url) return existing.url;
    if (existing.status === "complete") return successPath(order);
  }
  const db = getDb(env.DB);
  const items = await listOrderItems(db, [order.id]);
  const customer = await billingCustomerId(db, order.userId, BILLING_TYPES.stripe, async () => {
    const made = await stripe.customers.create({ email: buyer.email, name: buyer.name, metadata: { user_id: order.userId } });
    return made.id;
  });
  const currency = order.currency.toLowerCase();
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      customer,
      client_reference_id: order.id,
      metadata: { order_id: order.id, user_id: order.userId },
      payment_intent_data: { metadata: { order_id: order.id }, description: `Snip domain order ${order.id}` },
      line_items: chargeLines(items).map((line) => ({
        quantity: 1,
        price_data: { currency, unit_amount: line.amount, product_data: { name: line.description } },
      })),
      success_url: `${origin}${successPath(order)}`,
      cancel_url: `${origin}/app/shopping-cart/pay/${order.id}`,
    },
    // After an expired session (still held, or cleared by its webhook) the key is a new one: Stripe would replay the dead session.
    { idempotencyKey: checkoutIdempotencyKey(order.id, previous ?? order.expiredCheckoutRef) },
  );
  const stored = await storedCheckout(env, order, previous, session.id);
  if (stored === session.id) {
    if (!session.url) throw new Error("Stripe returned a checkout session without a url");
    return session.url;
  }
  if (!stored) throw new Error("the order is no longer new");
  const kept = await stripe.checkout.sessions.retrieve(stored);
  return kept.status === "open" && kept.url ? kept.url : successPath(order);
}

const PADDLE_OPEN = ["draft", "ready"];
const PADDLE_PAID = ["paid", "completed", "billed"];

async function paddleCheckout(env: AppEnv, order: DomainOrder, buyer: OrderBuyer): Promise<string> {
  const paddle = paddleClient(env);
  const page = (transactionId: string) => `/paddle/payment?_ptxn=${encodeURIComponent(transactionId)}&order=${order.id}`;
  const previous = order.checkoutRef;
  if (previous) {
    const existing = await paddle.transactions.get(previous);
    if (PADDLE_OPEN.includes(existing.status)) return page(existing.id);
    if (PADDLE_PAID.includes(existing.status)) return successPath(order);
  }
  const db = getDb(env.DB);
  const items = await listOrderItems(db, [order.id]);
  const customerId = await billingCustomerId(db, order.userId, BILLING_TYPES.paddle, async () => {
    const made = await paddle.customers.create({ email: buyer.email, name: buyer.name, customData: { user_id: order.userId } });
    return made.id;
  });
  const transaction = await paddle.transactions.create({
    // Non-catalog prices: the order's lines as Snip priced them, tax-exclusive (Paddle adds the buyer's tax).
    items: chargeLines(items).map((line) => ({
      quantity: 1,
      price: {
        name: line.domain,
        description: line.description,
        unitPrice: { amount: String(line.amount), currencyCode: order.currency as "USD" },
        taxMode: "external" as const,
        product: { name: `Domain ${line.domain}`, taxCategory: "standard" as const },
        customData: { domain: line.domain },
      },
    })),
    customerId,
    currencyCode: order.currency as "USD",
    customData: { order_id: order.id },
  });
  const stored = await storedCheckout(env, order, previous, transaction.id);
  if (!stored) throw new Error("the order is no longer new");
  return page(stored);
}

/**
 * A Stripe Checkout Session in payment mode completed (signed event): the order that stored its
 * id is authorized if the session paid exactly its total. Anything else changes nothing.
 */
export async function settleStripeOrderSession(env: AppEnv, session: StripeOrderSessionLike): Promise<boolean> {
  const order = await getOrderByCheckoutRef(getDb(env.DB), BILLING_TYPES.stripe, session.id);
  if (!order) {
    console.warn("stripe: a paid checkout session that is no order's checkout; ignored", session.id);
    return false;
  }
  const verdict = stripeOrderPayment(session, order);
  if (verdict.ok && (await authorizeOrder(env, order, verdict.paymentRef))) return true;
  if (!verdict.ok)
    console.error(`stripe: checkout session ${session.id} does not pay order ${order.id} (${verdict.reason}); not authorized`);
  if (stripeTakenPayment(session)) {
    // What the session took, as Stripe keeps it (the event's copy is not what is refunded).
    const kept = await stripeClient(env).checkout.sessions.retrieve(session.id);
    await giveBackUntaken(env, order, stripeTakenPayment(kept as unknown as StripeOrderSessionLike));
  }
  return false;
}

/** A Paddle transaction paid or completed (signed notification): as settleStripeOrderSession. */
export async function settlePaddleOrderTransaction(
  env: AppEnv,
  order: DomainOrder,
  transaction: PaddleOrderTransactionLike,
): Promise<boolean> {
  const verdict = paddleOrderPayment(transaction, order);
  if (verdict.ok && (await authorizeOrder(env, order, verdict.paymentRef))) return true;
  if (!verdict.ok)
    console.error(`paddle: transaction ${transaction.id} does not pay order ${order.id} (${verdict.reason}); not authorized`);
  if (paddleTakenPayment(transaction)) {
    // What the transaction took, as Paddle keeps it (the notification's copy is not what is refunded).
    const kept = await paddleClient(env).transactions.get(transaction.id);
    await giveBackUntaken(env, order, paddleTakenPayment(kept as unknown as PaddleOrderTransactionLike));
  }
  return false;
}

/**
 * Money a checkout took that its order cannot take — the order was replaced by a later checkout
 * (cancelled), repriced after its checkout was made, or paid another amount — is given back whole
 * at the provider (once: the refund's key is this payment's; Paddle finds its adjustment). A
 * payment the order already took (a redelivered event) is left alone. What was taken is read from
 * the provider's own record of the checkout, never from the event's body. A provider that does not
 * answer throws: the webhook answers 500 and the provider sends it again.
 */
async function giveBackUntaken(env: AppEnv, order: DomainOrder, taken: TakenPayment | null): Promise<void> {
  if (!taken) return;
  const now = await getOrder(getDb(env.DB), order.id);
  if (now?.paymentRef === taken.paymentRef) return;
  const refund = await refundOrderPayment(
    env,
    { id: order.id, billingType: order.billingType, paymentRef: taken.paymentRef },
    { amount: taken.amount, whole: true, domains: [], idempotencyKey: untakenRefundIdempotencyKey(order.id, taken.paymentRef) },
  );
  console.warn(`order ${order.id}: a payment it could not take (${taken.paymentRef}) was refunded (${refund ?? "nothing charged"})`);
}

/**
 * A Stripe Checkout Session expired (signed `checkout.session.expired`, decision 051): the session
 * is read again from Stripe (the event's body is not trusted) and, if it is an expired
 * payment-mode session, the new order still holding it lets it go, so the buyer's next payment
 * makes a fresh session. A redelivery, or a session the order no longer holds, changes nothing.
 * A Stripe that does not answer throws: the webhook answers 500 and Stripe sends it again.
 */
export async function expireStripeOrderSession(env: AppEnv, sessionId: string): Promise<boolean> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(env).checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
      console.warn("stripe: an expired checkout session Stripe does not know; ignored", sessionId);
      return false;
    }
    throw error;
  }
  if (session.mode !== "payment" || session.status !== "expired") {
    console.warn(`stripe: checkout session ${session.id} is not an expired payment (${session.mode}, ${session.status}); ignored`);
    return false;
  }
  const released = await expireOrderCheckout(getDb(env.DB), BILLING_TYPES.stripe, session.id);
  if (released) console.info(`stripe: checkout session ${session.id} expired; its order waits for a new payment`);
  return released;
}

/** A Paddle transaction of an order was cancelled (signed `transaction.canceled`, decision 051): as expireStripeOrderSession. */
export async function cancelPaddleOrderTransaction(env: AppEnv, transactionId: string): Promise<boolean> {
  const transaction = await paddleClient(env).transactions.get(transactionId);
  if (transaction.status !== "canceled") {
    console.warn(`paddle: transaction ${transaction.id} is ${transaction.status}, not canceled; ignored`);
    return false;
  }
  return expireOrderCheckout(getDb(env.DB), BILLING_TYPES.paddle, transaction.id);
}

/** Whether a Stripe event is about a domain order's checkout (payment mode), not a subscription's. */
export function isStripeOrderEvent(event: Stripe.Event): boolean {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return false;
  return (event.data.object as { mode?: string }).mode === "payment";
}
