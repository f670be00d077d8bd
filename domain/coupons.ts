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
