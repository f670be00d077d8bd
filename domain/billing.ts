/**
 * Billing events as the queue carries them. Each event holds the whole subscription state it
 * leads to (as a provider's subscription events do), stamped with the moment it happened, so
 * events applied in any order end in the state of the newest.
 */
import type { Envelope } from "./events";
import { activePrice, getPlan, PLANS, type BillingInterval, type PlanName } from "./plans";
import type { BillingStatus } from "./subscription";

/** Billing types (spec 01 §3): 1 Stripe, 2 Paddle; 0 is the local test-mode checkout. */
export const BILLING_TYPES = { test: 0, stripe: 1, paddle: 2 } as const;
export type BillingType = (typeof BILLING_TYPES)[keyof typeof BILLING_TYPES];

export interface SubscriptionSnapshot {
  name: PlanName;
  interval: BillingInterval;
  amount: number;
  currency: string;
  quantity: number;
  /** epoch ms, or null */
  endsAt: number | null;
  trialEndsAt: number | null;
  periodStartsAt: number;
  periodEndsAt: number;
  billingStatus: BillingStatus | null;
  billingId: string;
}

/** The card (or other method) on file at the provider, as billing_customers keeps it (spec 01 §3). */
export interface PaymentMethodSnapshot {
  /** The provider's customer id (billing_customers.billing_id). */
  customerId: string;
  /** "visa", "mastercard", "paypal"... */
  type: string;
  lastFour: string | null;
  /** "MM/YYYY", or null */
  expiration: string | null;
  country: string | null;
}

export interface BillingEventPayload {
  billingType: BillingType;
  /** The provider's event type, e.g. checkout.completed, subscription.updated. */
  type: string;
  userId: string;
  /** epoch ms when the event happened at the provider */
  occurredAt: number;
  /** The subscription after the event; absent for an event about the payment method only. */
  subscription?: SubscriptionSnapshot;
  /**
   * The scheduled downgrade (the future subscription) after the event: a snapshot starting when
   * the current period ends, null when none is scheduled; absent when the event does not say.
   */
  scheduled?: SubscriptionSnapshot | null;
  /** The payment method after the event, when the event tells it. */
  paymentMethod?: PaymentMethodSnapshot;
  /** The checkout session this event completes, if any. */
  checkoutSessionId?: string;
}

export type BillingEvent = Envelope<"billing.event", BillingEventPayload>;

const PLAN_NAMES = new Set<string>(PLANS.map((p) => p.name));

function isPaymentMethodSnapshot(value: unknown): value is PaymentMethodSnapshot {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  const optionalString = (v: unknown) => v === null || typeof v === "string";
  return (
    typeof m.customerId === "string" &&
    typeof m.type === "string" &&
    optionalString(m.lastFour) &&
    optionalString(m.expiration) &&
    optionalString(m.country)
  );
}

export function isBillingEventPayload(value: unknown): value is BillingEventPayload {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Record<string, unknown>;
  const header =
    typeof p.type === "string" &&
    typeof p.userId === "string" &&
    typeof p.occurredAt === "number" &&
    (p.billingType === 0 || p.billingType === 1 || p.billingType === 2);
  if (!header) return false;
  if (p.paymentMethod !== undefined && !isPaymentMethodSnapshot(p.paymentMethod)) return false;
  if (p.scheduled !== undefined && p.scheduled !== null && !isSubscriptionSnapshot(p.scheduled)) return false;
  if (p.subscription === undefined) return p.paymentMethod !== undefined;
  return isSubscriptionSnapshot(p.subscription);
}

function isSubscriptionSnapshot(value: unknown): value is SubscriptionSnapshot {
  const s = value as Record<string, unknown>;
  return (
    typeof s === "object" &&
    s !== null &&
    typeof s.name === "string" &&
    PLAN_NAMES.has(s.name) &&
    (s.interval === "monthly" || s.interval === "yearly") &&
    typeof s.amount === "number" &&
    typeof s.periodStartsAt === "number" &&
    typeof s.periodEndsAt === "number" &&
    typeof s.billingId === "string"
  );
}

/** Spec 01 §8 texts for billing. */
export const BILLING_MESSAGES = {
  declined: "Payment declined. Please update your payment method.",
  subscribeFailed: "We were unable to create your subscription. Please contact customer support.",
  updateFailed: "We were unable to update your subscription. Please contact customer support.",
  verificationSlow: "The subscription verification takes longer than expected.",
  checkoutFailed: "Payment failed. Please try again later.",
  /** No payment provider is configured outside a local run: no self-serve checkout (docs/decisions/024). */
  noSelfServe: "Online checkout is not available. Please contact sales to subscribe or change your plan.",
  /** Snip's own texts (the spec has none): a checkout that can no longer be paid (docs/decisions/065). */
  checkoutReplaced:
    "This checkout is no longer valid: a newer checkout was started for this subscription. Please start again from the plans.",
  alreadySubscribed: "This subscription is already paid for. To change the plan, use Change Plan on the subscription page.",
  checkoutAlreadyPaid: "An earlier checkout for this subscription has just been paid. Please wait a moment for it to be confirmed.",
} as const;

/** The test card numbers of the test-mode checkout (the same as Stripe's). */
export const TEST_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;

/** User status bit (spec 01 §3): the user's invoices are hidden (sidebar entry and page). */
export const USER_STATUS_HIDE_INVOICES = 16;

export function invoicesHidden(status: number): boolean {
  return (status & USER_STATUS_HIDE_INVOICES) !== 0;
}

/**
 * The provider-side name of a plan's price: Stripe prices carry it as their lookup_key and
 * Paddle prices in custom_data.lookup_key, so the catalogue is set up once by name and no
 * price id is configured in Snip.
 */
export function priceLookupKey(plan: PlanName, interval: BillingInterval): string {
  return `snip_${plan.replaceAll("-", "_")}_${interval}`;
}

/** The plan and interval of a lookup key, or null for a price that is not Snip's. */
export function parsePriceLookupKey(key: string | null | undefined): { plan: PlanName; interval: BillingInterval } | null {
  if (!key) return null;
  for (const plan of PLANS) {
    for (const interval of ["monthly", "yearly"] as const) {
      if (priceLookupKey(plan.name, interval) === key) return { plan: plan.name, interval };
    }
  }
  return null;
}

/** What a plan costs a month, on its cheapest active price (a yearly price counts a twelfth). */
function monthlyCost(plan: PlanName): number {
  const p = getPlan(plan);
  const costs = (["monthly", "yearly"] as const).flatMap((interval) => {
    const price = activePrice(p, interval);
    return price ? [interval === "yearly" ? price.amount / 12 : price.amount] : [];
  });
  return costs.length > 0 ? Math.min(...costs) : 0;
}

/**
 * A downgrade waits for the end of the current period (spec 01 §4, the future subscription):
 * a cheaper plan, or yearly to monthly on a plan that does not allow an interval downgrade.
 */
export function isScheduledDowngrade(
  from: { name: PlanName; interval: BillingInterval },
  to: { name: PlanName; interval: BillingInterval },
): boolean {
  if (monthlyCost(to.name) < monthlyCost(from.name)) return true;
  return from.interval === "yearly" && to.interval === "monthly" && !getPlan(from.name).allowIntervalDowngrade;
}
