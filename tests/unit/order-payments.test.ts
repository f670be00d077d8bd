/**
 * Paying domain orders through Stripe and Paddle (domain/order-payments.ts, docs/decisions/049):
 * what the provider is asked to charge, which paid checkout authorizes which order (only the one
 * Snip made for it, for exactly its total), and what a refund gives back.
 */
import { describe, expect, it } from "vitest";
import {
  chargeLines,
  checkoutIdempotencyKey,
  paddleOrderPayment,
  paddleTakenPayment,
  refundAmount,
  refundIdempotencyKey,
  stripeOrderPayment,
  stripeTakenPayment,
  untakenRefundIdempotencyKey,
  type PaddleOrderTransactionLike,
  type StripeOrderSessionLike,
} from "../../domain/order-payments";

const order = { id: "7d1c2a9e-0000-4000-8000-000000000001", total: 3600, currency: "USD", checkoutRef: "cs_test_made" };

describe("chargeLines", () => {
  it("charges each domain its years at the stored price, less its discount; a line made free is not sent", () => {
    expect(
      chargeLines([
        { domain: "a.com", price: 1200, years: 2, discount: 1200 },
        { domain: "b.io", price: 2400, years: 1, discount: 0 },
        { domain: "c.com", price: 1200, years: 1, discount: 1200 },
      ]),
    ).toEqual([
      { domain: "a.com", description: "a.com, registration for 2 years", amount: 1200 },
      { domain: "b.io", description: "b.io, registration for 1 year", amount: 2400 },
    ]);
  });
});

describe("stripeOrderPayment", () => {
  const paid: StripeOrderSessionLike = {
    id: "cs_test_made",
    mode: "payment",
    payment_status: "paid",
    amount_total: 3600,
    currency: "usd",
    client_reference_id: order.id,
    payment_intent: "pi_123",
  };

  it("authorizes with the PaymentIntent when the order's own session paid its total", () => {
    expect(stripeOrderPayment(paid, order)).toEqual({ ok: true, paymentRef: "pi_123" });
    expect(stripeOrderPayment({ ...paid, payment_intent: { id: "pi_456" } }, order)).toEqual({ ok: true, paymentRef: "pi_456" });
  });

  it("refuses another session, an unpaid one, another amount or currency, a subscription checkout", () => {
    expect(stripeOrderPayment({ ...paid, id: "cs_test_other" }, order).ok).toBe(false);
    expect(stripeOrderPayment(paid, { ...order, checkoutRef: null }).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, payment_status: "unpaid" }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, amount_total: 3599 }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, amount_total: 3601 }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, amount_total: null }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, currency: "eur" }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, mode: "subscription" }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, client_reference_id: "someone-else" }, order).ok).toBe(false);
    expect(stripeOrderPayment({ ...paid, payment_intent: null }, order).ok).toBe(false);
  });
});

describe("paddleOrderPayment", () => {
  const completed: PaddleOrderTransactionLike = {
    id: "txn_made",
    status: "completed",
    currencyCode: "USD",
    details: { totals: { subtotal: "3600", discount: "0" } },
  };
  const paddleOrder = { ...order, checkoutRef: "txn_made" };

  it("authorizes with the transaction when the order's own transaction is paid or completed for its total (before tax)", () => {
    expect(paddleOrderPayment(completed, paddleOrder)).toEqual({ ok: true, paymentRef: "txn_made" });
    expect(paddleOrderPayment({ ...completed, status: "paid" }, paddleOrder)).toEqual({ ok: true, paymentRef: "txn_made" });
  });

  it("refuses another transaction, one not paid, another amount or currency", () => {
    expect(paddleOrderPayment({ ...completed, id: "txn_other" }, paddleOrder).ok).toBe(false);
    expect(paddleOrderPayment({ ...completed, status: "ready" }, paddleOrder).ok).toBe(false);
    expect(paddleOrderPayment({ ...completed, details: { totals: { subtotal: "3600", discount: "100" } } }, paddleOrder).ok).toBe(false);
    expect(paddleOrderPayment({ ...completed, details: { totals: { subtotal: "1", discount: "0" } } }, paddleOrder).ok).toBe(false);
    expect(paddleOrderPayment({ ...completed, details: null }, paddleOrder).ok).toBe(false);
    expect(paddleOrderPayment({ ...completed, currencyCode: "EUR" }, paddleOrder).ok).toBe(false);
  });
});

describe("refundAmount", () => {
  const line = (domain: string, state: string, price = 1200, years = 1, discount = 0) => ({ domain, state, price, years, discount });

  it("gives back the whole total when nothing could be registered", () => {
    expect(refundAmount({ total: 2400 }, [line("a.com", "failed"), line("b.com", "failed")])).toBe(2400);
  });

  it("gives back what the failed lines cost after their discount, and nothing when none failed", () => {
    expect(refundAmount({ total: 4800 }, [line("a.com", "registered", 1200, 2, 1200), line("b.com", "failed", 1200, 3, 0)])).toBe(3600);
    expect(refundAmount({ total: 2400 }, [line("a.com", "registered"), line("b.com", "failed", 1200, 1, 1200)])).toBe(0);
    expect(refundAmount({ total: 2400 }, [line("a.com", "registered"), line("b.com", "registered")])).toBe(0);
  });
});

describe("idempotency keys", () => {
  it("name the order: one checkout per order (a new one only after an expired session), one refund per order", () => {
    expect(checkoutIdempotencyKey(order.id, null)).toBe(`domain-order-${order.id}`);
    expect(checkoutIdempotencyKey(order.id, null)).toBe(checkoutIdempotencyKey(order.id, null));
    expect(checkoutIdempotencyKey(order.id, "cs_test_old")).not.toBe(checkoutIdempotencyKey(order.id, null));
    expect(refundIdempotencyKey(order.id)).toBe(`domain-order-refund-${order.id}`);
    // Giving back a payment the order could not take is keyed by that payment, apart from the order's own refund.
    expect(untakenRefundIdempotencyKey(order.id, "pi_1")).not.toBe(refundIdempotencyKey(order.id));
    expect(untakenRefundIdempotencyKey(order.id, "pi_1")).not.toBe(untakenRefundIdempotencyKey(order.id, "pi_2"));
  });
});

describe("the money a checkout took, whether or not it pays its order", () => {
  const session: StripeOrderSessionLike = {
    id: "cs_test_old",
    mode: "payment",
    payment_status: "paid",
    amount_total: 1200,
    currency: "usd",
    client_reference_id: order.id,
    payment_intent: "pi_old",
  };
  it("Stripe: a paid payment-mode session's PaymentIntent and amount; nothing when unpaid, a subscription or free", () => {
    // It pays another total than the order's (replaced or repriced since): not authorized, yet taken.
    expect(stripeOrderPayment(session, { ...order, checkoutRef: "cs_test_old" })).toMatchObject({ ok: false });
    expect(stripeTakenPayment(session)).toEqual({ paymentRef: "pi_old", amount: 1200 });
    expect(stripeTakenPayment({ ...session, payment_status: "unpaid" })).toBeNull();
    expect(stripeTakenPayment({ ...session, mode: "subscription" })).toBeNull();
    expect(stripeTakenPayment({ ...session, amount_total: 0 })).toBeNull();
    expect(stripeTakenPayment({ ...session, payment_intent: null })).toBeNull();
  });
  it("Paddle: a paid or completed transaction's amount before tax; nothing before it is paid", () => {
    const transaction: PaddleOrderTransactionLike = {
      id: "txn_old",
      status: "paid",
      currencyCode: "USD",
      details: { totals: { subtotal: "1200", discount: "200" } },
    };
    expect(paddleTakenPayment(transaction)).toEqual({ paymentRef: "txn_old", amount: 1000 });
    expect(paddleTakenPayment({ ...transaction, status: "completed" })).toEqual({ paymentRef: "txn_old", amount: 1000 });
    expect(paddleTakenPayment({ ...transaction, status: "ready" })).toBeNull();
    expect(paddleTakenPayment({ ...transaction, details: null })).toBeNull();
  });
});
