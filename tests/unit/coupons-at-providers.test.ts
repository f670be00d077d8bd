/**
 * Snip's coupons at the providers (docs/decisions/013, "Coupons"): a Stripe coupon or a Paddle
 * discount is applied only when it is the coupon as Snip's catalog describes it (same value,
 * first payment only, usable now); the stubs' discount arithmetic agrees with Snip's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountOfPaddle, type PaddleDiscountLike } from "../../app/lib/billing/paddle.server";
import { discountOfStripeCoupon, type StripeCouponLike } from "../../app/lib/billing/stripe.server";
import { COUPONS, discountedAmount, findCoupon, providerDiscountMismatch, type Coupon } from "../../domain/coupons";
import { amountAfterDiscount } from "../stubs/paddle-server";
import { amountAfterCoupon } from "../stubs/stripe-server";

const WELCOME10 = findCoupon("WELCOME10")!;
const SNIP5 = findCoupon("SNIP5")!;

const stripeCoupon = (over: Partial<StripeCouponLike> = {}): StripeCouponLike => ({
  percent_off: 10,
  amount_off: null,
  currency: null,
  duration: "once",
  valid: true,
  ...over,
});

const paddleDiscount = (over: Partial<PaddleDiscountLike> = {}): PaddleDiscountLike => ({
  status: "active",
  type: "percentage",
  amount: "10",
  currencyCode: null,
  recur: false,
  expiresAt: null,
  ...over,
});

/** Snip's coupon as the stubs seed it at Stripe and at Paddle. */
const asStripe = (c: Coupon): StripeCouponLike =>
  stripeCoupon({ percent_off: c.percent_off, amount_off: c.amount_off, currency: c.amount_off !== null ? "usd" : null });
const asPaddle = (c: Coupon): PaddleDiscountLike =>
  paddleDiscount({
    type: c.percent_off !== null ? "percentage" : "flat",
    amount: String(c.percent_off ?? c.amount_off),
    currencyCode: c.percent_off !== null ? null : "USD",
  });

describe("a Stripe coupon compared with Snip's", () => {
  it("matches when it has the same value and duration once", () => {
    expect(providerDiscountMismatch(WELCOME10, discountOfStripeCoupon(asStripe(WELCOME10)))).toBeNull();
    expect(providerDiscountMismatch(SNIP5, discountOfStripeCoupon(asStripe(SNIP5)))).toBeNull();
  });
  it("does not match when it lasts longer, has another value or currency, or is no longer valid", () => {
    const mismatch = (over: Partial<StripeCouponLike>, coupon = WELCOME10) =>
      providerDiscountMismatch(coupon, discountOfStripeCoupon(stripeCoupon(over)));
    expect(mismatch({ duration: "forever" })).toBe("not limited to the first payment");
    expect(mismatch({ duration: "repeating" })).toBe("not limited to the first payment");
    expect(mismatch({ percent_off: 15 })).toBe("not 10% off");
    expect(mismatch({ percent_off: null, amount_off: 1000, currency: "usd" })).toBe("not 10% off");
    expect(mismatch({ valid: false })).toBe("not usable now");
    expect(mismatch({ percent_off: null, amount_off: 500, currency: "eur" }, SNIP5)).toBe("not 500 USD cents off");
    expect(mismatch({ percent_off: 5 }, SNIP5)).toBe("not 500 USD cents off");
  });
});

describe("a Paddle discount compared with Snip's", () => {
  it("matches when it has the same value, does not recur and is active", () => {
    expect(providerDiscountMismatch(WELCOME10, discountOfPaddle(asPaddle(WELCOME10)))).toBeNull();
    expect(providerDiscountMismatch(SNIP5, discountOfPaddle(asPaddle(SNIP5)))).toBeNull();
  });
  it("reads percentage amounts as percents and flat ones as cents", () => {
    expect(discountOfPaddle(paddleDiscount({ amount: "12.5" }))).toMatchObject({ percentOff: 12.5, amountOff: null });
    expect(discountOfPaddle(paddleDiscount({ type: "flat", amount: "500", currencyCode: "USD" }))).toMatchObject({
      percentOff: null,
      amountOff: 500,
      currency: "USD",
    });
  });
  it("does not match when it recurs, is archived, expired or per seat, or has another value", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    const mismatch = (over: Partial<PaddleDiscountLike>, coupon = WELCOME10) =>
      providerDiscountMismatch(coupon, discountOfPaddle(paddleDiscount(over), now));
    expect(mismatch({ recur: true })).toBe("not limited to the first payment");
    expect(mismatch({ status: "archived" })).toBe("not usable now");
    expect(mismatch({ expiresAt: "2026-11-22T09:59:59Z" })).toBe("not usable now");
    expect(mismatch({ expiresAt: "2026-11-22T10:00:01Z" })).toBeNull();
    expect(mismatch({ type: "flat_per_seat", amount: "500", currencyCode: "USD" }, SNIP5)).toBe("not usable now");
    expect(mismatch({ amount: "20" })).toBe("not 10% off");
  });
});

describe("the stubs' discounts", () => {
  it("take off what Snip's catalog says, for every catalog coupon and amount", () => {
    fc.assert(
      fc.property(fc.constantFrom(...COUPONS), fc.integer({ min: 0, max: 1_000_000 }), (coupon, amount) => {
        const expected = discountedAmount(amount, coupon);
        expect(amountAfterCoupon(amount, asStripe(coupon))).toBe(expected);
        const paddle = asPaddle(coupon);
        expect(amountAfterDiscount(amount, { type: paddle.type as "percentage" | "flat", amount: paddle.amount })).toBe(expected);
      }),
    );
  });
});
