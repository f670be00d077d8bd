/**
 * Billing events as the queue carries them. Each event holds the whole subscription state it
 * leads to (as a provider's subscription events do), stamped with the moment it happened, so
 * events applied in any order end in the state of the newest.
 */
import type { Envelope } from "./events";
import { PLANS, type BillingInterval, type PlanName } from "./plans";
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

export interface BillingEventPayload {
  billingType: BillingType;
  /** The provider's event type, e.g. checkout.completed, subscription.updated. */
  type: string;
  userId: string;
  /** epoch ms when the event happened at the provider */
  occurredAt: number;
  subscription: SubscriptionSnapshot;
  /** The checkout session this event completes, if any. */
  checkoutSessionId?: string;
}

export type BillingEvent = Envelope<"billing.event", BillingEventPayload>;

const PLAN_NAMES = new Set<string>(PLANS.map((p) => p.name));

export function isBillingEventPayload(value: unknown): value is BillingEventPayload {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Record<string, unknown>;
  const s = p.subscription as Record<string, unknown> | undefined;
  return (
    typeof p.type === "string" &&
    typeof p.userId === "string" &&
    typeof p.occurredAt === "number" &&
    (p.billingType === 0 || p.billingType === 1 || p.billingType === 2) &&
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
} as const;

/** The test card numbers of the test-mode checkout (the same as Stripe's). */
export const TEST_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;
