/**
 * Domain orders and the shopping cart (issue 18, spec 01 §3 Shopping cart, §4 Orders, §5, §8;
 * docs/decisions/043). Pure rules: status codes, their labels and groups, the cancellation
 * reasons, the cart's prices and discount, and the messages the pages show.
 */
import type { Plan } from "./plans";

/** Spec 01 §4: every status code of an order. */
export const ORDER_STATUS = {
  new: 0,
  authorizing: 16,
  authorized: 17,
  authorizationExpired: 18,
  fraudReview: 19,
  processing: 32,
  processed: 33,
  paid: 48,
  paymentCancelled: 49,
  paymentFailed: 50,
  refunded: 51,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Spec 01 §4 status names ("0 new, 16 authorizing, ..."). */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  0: "new",
  16: "authorizing",
  17: "authorized",
  18: "authorization expired",
  19: "fraud review in progress",
  32: "processing",
  33: "processed",
  48: "paid",
  49: "payment cancelled",
  50: "payment failed",
  51: "refunded",
};

/** Spec 01 §4 payment-status labels ("0 empty, ..., 32 and 33 authorized, ..."). */
export const PAYMENT_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  0: "",
  16: "authorizing",
  17: "authorized",
  18: "expired",
  19: "fraud review",
  32: "authorized",
  33: "authorized",
  48: "paid",
  49: "cancelled",
  50: "failed",
  51: "refunded",
};

export const FINALIZED_STATUSES: readonly number[] = [48, 49, 51];
export const FAILED_STATUSES: readonly number[] = [18, 49, 50];
export const REVIEW_STATUSES: readonly number[] = [19];

export function isFinalized(status: number): boolean {
  return FINALIZED_STATUSES.includes(status);
}

/** The group an order's status belongs to (spec 01 §4: finalized, failed, on review), or "open". */
export function orderGroup(status: number): "finalized" | "failed" | "review" | "open" {
  if (FINALIZED_STATUSES.includes(status)) return "finalized";
  if (FAILED_STATUSES.includes(status)) return "failed";
  if (REVIEW_STATUSES.includes(status)) return "review";
  return "open";
}

export function paymentStatusLabel(status: number): string {
  return PAYMENT_STATUS_LABELS[status as OrderStatus] ?? "";
}

/** Spec 01 §4 cart cancellation reasons. */
export const CANCELLATION_REASON = { priceChanged: 1, notAvailable: 2, registrationFailed: 3 } as const;
export type CancellationReason = (typeof CANCELLATION_REASON)[keyof typeof CANCELLATION_REASON];
export const CANCELLATION_REASON_LABELS: Readonly<Record<CancellationReason, string>> = {
  1: "price changed",
  2: "not available",
  3: "registration or renewal failed",
};

export function cancellationReasonLabel(reason: number | null): string | null {
  return reason === null ? null : (CANCELLATION_REASON_LABELS[reason as CancellationReason] ?? null);
}

/** The job that moves a paid order through registration (workers/queue/src/domain-orders.ts). */
export const DOMAIN_ORDER_JOB = "domain-order.process";
export interface DomainOrderJob {
  type: typeof DOMAIN_ORDER_JOB;
  v: 1;
  id: string;
  payload: { orderId: string };
}

/** The job for one order (its id is the order's: a resend is the same job). */
export function orderJob(orderId: string): DomainOrderJob {
  return { type: DOMAIN_ORDER_JOB, v: 1, id: `order-${orderId}`, payload: { orderId } };
}

export const ORDER_MESSAGES = {
  /** Spec 01 §5 and §8: "Shopping cart refused". */
  permissionDenied: "Permission denied",
  domainRequired: "Enter a domain name to search for.",
  invalidDomain: "Enter a valid domain name, like mybrand.com.",
  notAvailable: "This domain is not available.",
  alreadyInCart: "This domain is already in your cart.",
  cartEmpty: "Your cart is empty.",
  /** A remove or a change of years for a domain the cart no longer holds (another tab, a resent form). */
  notInCart: "This domain is not in your cart.",
  cartFull: "Your cart holds at most 10 domains.",
  years: "Choose from 1 to 10 years.",
  notConfigured: "Domain purchase is not available right now. Please try again later or contact customer support.",
  registrarFailed: "The domain registrar did not answer. Please try again in a moment.",
  /** Spec 01 §8 "for a checkout error". */
  paymentFailed: "Payment failed. Please try again later.",
  /** The order's checkout at the provider expired (or was cancelled) unpaid: the order waits for a new one (decision 051). */
  checkoutExpired: "Your previous checkout expired before it was paid. Nothing was charged; pay again to complete your order.",
  /** The order's discount was rechecked before payment and its total changed: nothing was charged. */
  priceChanged: "The price of your order changed. Please check the new total and pay again.",
  notInPlan: "Your plan does not include domain purchase.",
} as const;

export const MAX_CART_ITEMS = 10;
export const MAX_YEARS = 10;

/** A cart line: a domain, its yearly price (minor units), how many years (the quantity). */
export interface CartLine {
  domain: string;
  price: number;
  years: number;
  premium: boolean;
}

export interface PricedLine extends CartLine {
  /** price × years, before the discount. */
  amount: number;
  discount: number;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * The cart's prices. The discount is the plan's `discounted_domain_count` (spec 01 §3 Plan options)
 * as the free-domains page promises it: with a yearly paid plan, the first year of that many
 * standard-priced (not premium) domains is free, counting the domains already discounted.
 */
export function priceCart(lines: readonly CartLine[], discountsLeft: number): CartTotals {
  let left = Math.max(0, discountsLeft);
  const priced = lines.map((line) => {
    const amount = line.price * line.years;
    let discount = 0;
    if (left > 0 && !line.premium) {
      discount = line.price;
      left -= 1;
    }
    return { ...line, amount, discount };
  });
  const subtotal = priced.reduce((sum, l) => sum + l.amount, 0);
  const discount = priced.reduce((sum, l) => sum + l.discount, 0);
  return { lines: priced, subtotal, discount, total: subtotal - discount };
}

/**
 * The plan's discounted first years that can be used (decision 051): `discounted_domain_count`
 * counts only where `purchase_branded_domains` is granted. A plan that may not buy domains (Pro
 * carries a count of 1 in the plan table but not the flag) has no free domain: not in the cart,
 * not on the pricing card, not on the free-domains page.
 */
export function usableDomainDiscounts(mayPurchase: boolean, discountedDomainCount: number | null): number {
  return mayPurchase ? Math.max(0, discountedDomainCount ?? 0) : 0;
}

/** A plan's usable free first years, from its own flags and options (the pricing card, the free-domains page). */
export function planDomainDiscounts(plan: Pick<Plan, "features" | "options">): number {
  return usableDomainDiscounts(plan.features.includes("purchase_branded_domains"), plan.options.discounted_domain_count);
}

/** The offered paid plans whose yearly billing includes free first years, with how many (decision 051). */
export function plansWithFreeDomains(plans: readonly Plan[]): { title: string; count: number }[] {
  return plans
    .filter((plan) => !plan.hidden && plan.billable && planDomainDiscounts(plan) > 0 && plan.prices.some((p) => p.interval === "yearly"))
    .map((plan) => ({ title: plan.title, count: planDomainDiscounts(plan) }));
}

/** How many discounted first years the subject still has: the plan's count on a yearly paid plan, minus those used. */
export function discountsLeft(plan: { interval: "monthly" | "yearly" | null; discountedDomainCount: number }, used: number): number {
  if (plan.interval !== "yearly") return 0;
  return Math.max(0, plan.discountedDomainCount - used);
}

/** A registrable domain name: lower-case labels of letters, digits and hyphens, a letters-only TLD. */
export function normalizeDomainName(input: string): string | null {
  const name = input.trim().toLowerCase().replace(/\.$/, "");
  if (name.length < 4 || name.length > 253) return null;
  const labels = name.split(".");
  if (labels.length !== 2) return null;
  const [sld, tld] = labels as [string, string];
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(sld)) return null;
  if (!/^[a-z]{2,24}$/.test(tld)) return null;
  return name;
}

/** Registrar prices are in the currency's major units ("12.5"): the cart keeps minor units. */
export function toMinorUnits(major: number): number {
  return Math.round(major * 100);
}

export function formatMoney(minor: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 100);
}
