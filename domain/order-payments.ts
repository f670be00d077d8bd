/**
 * Paying a domain order through Stripe or Paddle (issue 18, docs/decisions/049). Pure rules: what
 * the provider is asked to charge (the order's lines at the prices Snip computed), whether a
 * provider's paid checkout is the payment of an order, and how much a refund gives back.
 */

/** An order line as stored (domain_order_items): yearly price, years, the discount (minor units). */
export interface OrderLineLike {
  domain: string;
  price: number;
  years: number;
  discount: number;
}

/** A line the provider charges: what the buyer pays for one domain. */
export interface ChargeLine {
  domain: string;
  description: string;
  /** minor units, after the discount */
  amount: number;
}

/** What a line costs after its discount (the plan's free first year), never below zero. */
export function netAmount(line: OrderLineLike): number {
  return Math.max(0, line.price * line.years - line.discount);
}

/**
 * The lines the provider charges: each domain with its years and its amount after the discount.
 * A line the discount makes free is not sent (providers refuse or hide zero-amount items); its
 * domain is still in the order.
 */
export function chargeLines(items: readonly OrderLineLike[]): ChargeLine[] {
  return items
    .map((item) => ({
      domain: item.domain,
      description: `${item.domain}, registration for ${item.years} ${item.years === 1 ? "year" : "years"}`,
      amount: netAmount(item),
    }))
    .filter((line) => line.amount > 0);
}

/** The order a payment is checked against (domain_orders). */
export interface PayableOrder {
  id: string;
  total: number;
  currency: string;
  checkoutRef: string | null;
}

export type PaymentVerdict = { ok: true; paymentRef: string } | { ok: false; reason: string };

/** The fields of a Stripe Checkout Session Snip reads. */
export interface StripeOrderSessionLike {
  id: string;
  mode: string;
  payment_status: string;
  amount_total: number | null;
  currency: string | null;
  client_reference_id: string | null;
  payment_intent: string | { id: string } | null;
}

/**
 * Whether a completed Stripe Checkout Session paid this order: it must be the session Snip made
 * for it (its stored id), in payment mode, paid, in the order's currency, for exactly the order's
 * total. The payment reference is its PaymentIntent (what a refund names).
 */
export function stripeOrderPayment(session: StripeOrderSessionLike, order: PayableOrder): PaymentVerdict {
  if (!order.checkoutRef || session.id !== order.checkoutRef) return { ok: false, reason: "not the order's checkout session" };
  if (session.mode !== "payment") return { ok: false, reason: `mode ${session.mode}` };
  if (session.client_reference_id !== order.id) return { ok: false, reason: "client_reference_id is not the order" };
  if (session.payment_status !== "paid") return { ok: false, reason: `payment_status ${session.payment_status}` };
  if ((session.currency ?? "").toUpperCase() !== order.currency.toUpperCase())
    return { ok: false, reason: `currency ${session.currency ?? "none"}` };
  if (session.amount_total !== order.total) return { ok: false, reason: `amount ${session.amount_total ?? "none"} is not ${order.total}` };
  const intent = session.payment_intent;
  if (!intent) return { ok: false, reason: "no payment intent" };
  return { ok: true, paymentRef: typeof intent === "string" ? intent : intent.id };
}

/** A payment a checkout actually took: its reference (what a refund names) and its amount (minor units). */
export interface TakenPayment {
  paymentRef: string;
  amount: number;
}

/** What a completed Stripe Checkout Session in payment mode took, whether or not it pays its order. */
export function stripeTakenPayment(session: StripeOrderSessionLike): TakenPayment | null {
  const intent = session.payment_intent;
  if (session.mode !== "payment" || session.payment_status !== "paid" || !intent || !session.amount_total) return null;
  return { paymentRef: typeof intent === "string" ? intent : intent.id, amount: session.amount_total };
}

/** The fields of a Paddle transaction Snip reads (as the SDK gives it, camelCase). */
export interface PaddleOrderTransactionLike {
  id: string;
  status: string;
  currencyCode: string;
  details: { totals: { subtotal: string; discount: string } | null } | null;
}

/**
 * Whether a Paddle transaction paid this order: the transaction Snip made for it (its stored id),
 * paid or completed, in the order's currency, its amount before tax (the prices are tax-exclusive,
 * Paddle adds the buyer's tax) exactly the order's total. The payment reference is the transaction.
 */
export function paddleOrderPayment(transaction: PaddleOrderTransactionLike, order: PayableOrder): PaymentVerdict {
  if (!order.checkoutRef || transaction.id !== order.checkoutRef) return { ok: false, reason: "not the order's transaction" };
  if (transaction.status !== "paid" && transaction.status !== "completed") return { ok: false, reason: `status ${transaction.status}` };
  if (transaction.currencyCode.toUpperCase() !== order.currency.toUpperCase())
    return { ok: false, reason: `currency ${transaction.currencyCode}` };
  const totals = transaction.details?.totals;
  const paid = totals ? Number(totals.subtotal) - Number(totals.discount) : NaN;
  if (paid !== order.total) return { ok: false, reason: `amount ${Number.isNaN(paid) ? "none" : paid} is not ${order.total}` };
  return { ok: true, paymentRef: transaction.id };
}

/** What a paid or completed Paddle transaction took (before tax), whether or not it pays its order. */
export function paddleTakenPayment(transaction: PaddleOrderTransactionLike): TakenPayment | null {
  if (transaction.status !== "paid" && transaction.status !== "completed") return null;
  const totals = transaction.details?.totals;
  const paid = totals ? Number(totals.subtotal) - Number(totals.discount) : NaN;
  return Number.isFinite(paid) && paid > 0 ? { paymentRef: transaction.id, amount: paid } : null;
}

/**
 * What a refund gives back: the whole total when no domain could be registered, else what the
 * failed lines cost (their amounts after discount). Zero: nothing to refund.
 */
export function refundAmount(order: { total: number }, items: readonly (OrderLineLike & { state: string })[]): number {
  if (items.length > 0 && items.every((i) => i.state === "failed")) return order.total;
  return Math.min(
    order.total,
    items.filter((i) => i.state === "failed").reduce((sum, i) => sum + netAmount(i), 0),
  );
}

/** The idempotency key of an order's refund: one refund per order, whatever the job's retries. */
export const refundIdempotencyKey = (orderId: string) => `domain-order-refund-${orderId}`;

/** The key of giving back a payment its order could not take (one per payment, apart from the order's own refund). */
export const untakenRefundIdempotencyKey = (orderId: string, paymentRef: string) => `domain-order-untaken-${orderId}-${paymentRef}`;

/**
 * The idempotency key of an order's checkout: a double click makes one session; after an expired
 * one (`previous`), the next attempt is a new key of its own.
 */
export const checkoutIdempotencyKey = (orderId: string, previous: string | null) =>
  previous ? `domain-order-${orderId}-after-${previous}` : `domain-order-${orderId}`;
