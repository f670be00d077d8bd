/**
 * Coupons (spec 01 §3 Coupon: coupon, amount_off, percent_off). The catalog is data; the sale
 * coupon of the 2024 promotion exists (its value is not shown in the spec: Snip's choice below).
 */
export interface Coupon {
  coupon: string;
  /** USD cents off the first payment, or null */
  amount_off: number | null;
  /** percent off the first payment, or null */
  percent_off: number | null;
}

export const SALE_COUPON_2024 = "BFCM2024";

export const COUPONS: readonly Coupon[] = [
  { coupon: "WELCOME10", amount_off: null, percent_off: 10 },
  { coupon: "SNIP5", amount_off: 500, percent_off: null },
  { coupon: SALE_COUPON_2024, amount_off: null, percent_off: 30 },
];

const COUPON_SHAPE = /^[A-Za-z0-9_-]{1,40}$/;

/** The coupon for a code (case-insensitive), or null. */
export function findCoupon(code: string | null | undefined): Coupon | null {
  if (!code || !COUPON_SHAPE.test(code)) return null;
  const upper = code.toUpperCase();
  return COUPONS.find((c) => c.coupon === upper) ?? null;
}

/** The first payment after the coupon, never below zero. */
export function discountedAmount(amount: number, coupon: Coupon | null): number {
  if (!coupon) return amount;
  const off = coupon.percent_off !== null ? Math.round((amount * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
  return Math.max(0, amount - off);
}

/**
 * A provider's discount as Snip compares it with its own coupon: a Stripe coupon or a Paddle
 * discount, mapped by the provider module (stripe.server.ts, paddle.server.ts).
 */
export interface ProviderDiscount {
  /** percent off, or null */
  percentOff: number | null;
  /** minor units off, or null */
  amountOff: number | null;
  /** the currency of amountOff (upper case), or null */
  currency: string | null;
  /** whether the discount ends after the first payment (Stripe `duration: once`, Paddle `recur: false`) */
  firstPaymentOnly: boolean;
  /** whether the provider would apply it now */
  usable: boolean;
}

/**
 * Why the provider's discount is not Snip's coupon (docs/decisions/013: the checkout then goes on
 * without it), or null when it is: the same value, first payment only, usable now.
 */
export function providerDiscountMismatch(coupon: Coupon, discount: ProviderDiscount): string | null {
  if (!discount.usable) return "not usable now";
  if (!discount.firstPaymentOnly) return "not limited to the first payment";
  if (coupon.percent_off !== null) {
    return discount.percentOff === coupon.percent_off && discount.amountOff === null ? null : `not ${coupon.percent_off}% off`;
  }
  const amount = coupon.amount_off ?? 0;
  return discount.amountOff === amount && discount.percentOff === null && discount.currency === "USD"
    ? null
    : `not ${amount} USD cents off`;
}
