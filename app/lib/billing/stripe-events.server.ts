/**
 * Stripe's objects as billing events: a subscription object becomes the whole-state snapshot
 * the queue job applies (docs/decisions/007), a card becomes the payment method on file. Pure:
 * the webhook route supplies what needs a lookup (the subscription of a completed checkout,
 * the user of a customer id).
 */
import {
  BILLING_TYPES,
  parsePriceLookupKey,
  type BillingEventPayload,
  type PaymentMethodSnapshot,
  type SubscriptionSnapshot,
} from "../../../domain/billing";
import type { BillingStatus } from "../../../domain/subscription";

/** The fields of Stripe's Subscription object Snip reads (API 2026-10-28). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string };
  metadata?: Record<string, string> | null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  canceled_at: number | null;
  trial_end: number | null;
  default_payment_method?: string | StripePaymentMethodLike | null;
  items: {
    data: {
      quantity?: number | null;
      current_period_start: number;
      current_period_end: number;
      price: { lookup_key: string | null; unit_amount: number | null; currency: string; metadata?: Record<string, string> | null };
    }[];
  };
}

export interface StripePaymentMethodLike {
  id: string;
  type: string;
  customer?: string | { id: string } | null;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number; country: string | null } | null;
}

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

const SECOND_MS = 1000;
const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

function billingStatusOf(status: string): BillingStatus | null {
  if (status === "past_due" || status === "unpaid") return "past_due";
  if (status === "incomplete") return "incomplete";
  return null;
}

/** The snapshot of a Stripe subscription, or null when its price is not one of Snip's plans. */
export function snapshotOfStripeSubscription(sub: StripeSubscriptionLike): SubscriptionSnapshot | null {
  // The plan's item (the metered overage item rides beside it).
  const item = sub.items.data.find((i) => parsePriceLookupKey(i.price.lookup_key) !== null);
  if (!item) return null;
  const plan = parsePriceLookupKey(item.price.lookup_key);
  if (!plan) return null;
  const periodEndsAt = item.current_period_end * SECOND_MS;
  // Ended: when it ended. Cancelled at the period's end (or at a date): the grace period runs until then.
  const endsAt =
    sub.status === "canceled" || sub.status === "incomplete_expired"
      ? (sub.ended_at ?? sub.canceled_at ?? item.current_period_end) * SECOND_MS
      : sub.cancel_at !== null
        ? sub.cancel_at * SECOND_MS
        : sub.cancel_at_period_end
          ? periodEndsAt
          : null;
  return {
    name: plan.plan,
    interval: plan.interval,
    amount: item.price.unit_amount ?? 0,
    currency: item.price.currency.toUpperCase(),
    quantity: item.quantity ?? 1,
    endsAt,
    trialEndsAt: sub.trial_end === null ? null : sub.trial_end * SECOND_MS,
    periodStartsAt: item.current_period_start * SECOND_MS,
    periodEndsAt,
    billingStatus: billingStatusOf(sub.status),
    billingId: sub.id,
  };
}

export function paymentMethodOfStripe(pm: StripePaymentMethodLike, customerId: string): PaymentMethodSnapshot {
  const card = pm.card ?? null;
  return {
    customerId,
    type: card ? card.brand : pm.type,
    lastFour: card ? card.last4 : null,
    expiration: card ? `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` : null,
    country: card?.country ?? null,
  };
}

export interface StripeEventLookups {
  /** The subscription with its default payment method expanded. */
  retrieveSubscription(id: string): Promise<StripeSubscriptionLike>;
  /** The Snip user of a Stripe customer id. */
  userOfCustomer(customerId: string): Promise<string | undefined>;
}

/** The envelope id of a Stripe event: de-duplicated in billing_events. */
export const stripeEventId = (event: StripeEventLike) => `stripe:${event.id}`;

/**
 * The billing event of a Stripe event, or null for an event Snip does not act on (or one
 * about a customer or price that is not Snip's).
 */
export async function stripeEventPayload(event: StripeEventLike, lookups: StripeEventLookups): Promise<BillingEventPayload | null> {
  const occurredAt = event.created * SECOND_MS;
  const base = { billingType: BILLING_TYPES.stripe, type: event.type, occurredAt };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object as {
        id: string;
        mode: string;
        client_reference_id: string | null;
        subscription: string | { id: string } | null;
      };
      if (session.mode !== "subscription" || !session.subscription || !session.client_reference_id) return null;
      const sub = await lookups.retrieveSubscription(idOf(session.subscription));
      const subscription = snapshotOfStripeSubscription(sub);
      if (!subscription) return null;
      const pm = typeof sub.default_payment_method === "object" && sub.default_payment_method ? sub.default_payment_method : null;
      return {
        ...base,
        type: "checkout.completed",
        userId: session.client_reference_id,
        subscription,
        ...(pm ? { paymentMethod: paymentMethodOfStripe(pm, idOf(sub.customer)) } : {}),
        checkoutSessionId: session.id,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object as StripeSubscriptionLike;
      const subscription = snapshotOfStripeSubscription(sub);
      const userId = sub.metadata?.user_id ?? (await lookups.userOfCustomer(idOf(sub.customer)));
      if (!subscription || !userId) return null;
      return { ...base, userId, subscription };
    }
    case "payment_method.attached": {
      const pm = event.data.object as StripePaymentMethodLike;
      if (!pm.customer) return null;
      const customerId = idOf(pm.customer);
      const userId = await lookups.userOfCustomer(customerId);
      if (!userId) return null;
      return { ...base, userId, paymentMethod: paymentMethodOfStripe(pm, customerId) };
    }
    default:
      return null;
  }
}
