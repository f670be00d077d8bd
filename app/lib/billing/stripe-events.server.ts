/**
 * Stripe's objects as billing events: a subscription object becomes the whole-state snapshot
 * the queue job applies (docs/decisions/007), its subscription schedule's next phase the
 * scheduled downgrade (docs/decisions/014), a card the payment method on file. Pure: the
 * webhook route supplies what needs a lookup (the subscription, a schedule, a price, the user
 * of a customer id) and the moment it looked.
 *
 * An event about a subscription is applied as the subscription **is at Stripe now**, fetched
 * when the event arrives, not as the event's copy shows it: Stripe stamps events in whole
 * seconds, a burst of changes shares one `created`, and events arrive in any order, so no
 * event's own copy can be ordered against another's. The fetched state is ordered by when it
 * was read, a later read being at least as fresh (docs/decisions/021).
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
  /** The subscription schedule managing it (null: none); absent in objects that do not say. */
  schedule?: string | { id: string } | null;
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

/** The fields of a Price Snip reads. */
export interface StripePriceLike {
  id?: string;
  lookup_key: string | null;
  unit_amount: number | null;
  currency: string;
}

/** The fields of a SubscriptionSchedule Snip reads; phase prices are ids unless expanded. */
export interface StripeScheduleLike {
  id: string;
  status: string;
  customer: string | { id: string };
  subscription: string | { id: string } | null;
  released_subscription?: string | null;
  end_behavior?: string;
  current_phase: { start_date: number; end_date: number } | null;
  phases: { start_date: number; end_date: number; items: { price: string | StripePriceLike; quantity?: number | null }[] }[];
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

/**
 * The scheduled downgrade of a subscription schedule: its phase after the current one, as the
 * future subscription from that phase's start, or null when the schedule is not active (released,
 * completed, cancelled), has no next phase, or the next phase keeps the current plan.
 */
export async function scheduledOfStripeSchedule(
  schedule: StripeScheduleLike,
  current: SubscriptionSnapshot,
  priceOf: (id: string) => Promise<StripePriceLike>,
): Promise<SubscriptionSnapshot | null> {
  const phase = schedule.current_phase;
  if (schedule.status !== "active" || !phase) return null;
  const later = schedule.phases.filter((p) => p.start_date >= phase.end_date).sort((a, b) => a.start_date - b.start_date);
  const next = later[0];
  if (!next) return null;
  for (const item of next.items) {
    const price = typeof item.price === "string" ? await priceOf(item.price) : item.price;
    const plan = parsePriceLookupKey(price.lookup_key);
    if (!plan) continue; // the metered overage item
    if (plan.plan === current.name && plan.interval === current.interval) return null;
    return {
      name: plan.plan,
      interval: plan.interval,
      amount: price.unit_amount ?? 0,
      currency: price.currency.toUpperCase(),
      quantity: item.quantity ?? 1,
      // A schedule that cancels at its end ends the subscription with its last phase.
      endsAt: schedule.end_behavior === "cancel" && later.length === 1 ? next.end_date * SECOND_MS : null,
      trialEndsAt: null,
      periodStartsAt: next.start_date * SECOND_MS,
      periodEndsAt: next.end_date * SECOND_MS,
      billingStatus: null,
      billingId: current.billingId,
    };
  }
  return null;
}

export interface StripeEventLookups {
  /** The subscription as it is at Stripe now, its default payment method expanded; null when Stripe has none by that id. */
  retrieveSubscription(id: string): Promise<StripeSubscriptionLike | null>;
  /** A subscription schedule with its phases' prices expanded. */
  retrieveSchedule(id: string): Promise<StripeScheduleLike>;
  retrievePrice(id: string): Promise<StripePriceLike>;
  /** The Snip user of a Stripe customer id. */
  userOfCustomer(customerId: string): Promise<string | undefined>;
}

/**
 * The scheduled downgrade a subscription object tells: its schedule's next phase (the schedule
 * looked up), null without a schedule or once it has ended, nothing when the object does not say.
 */
async function scheduledOfSubscription(
  sub: StripeSubscriptionLike,
  subscription: SubscriptionSnapshot,
  lookups: StripeEventLookups,
): Promise<{ scheduled?: SubscriptionSnapshot | null }> {
  if (sub.schedule === undefined) return {};
  if (sub.schedule === null || sub.status === "canceled" || sub.status === "incomplete_expired") return { scheduled: null };
  const schedule = await lookups.retrieveSchedule(idOf(sub.schedule));
  return { scheduled: await scheduledOfStripeSchedule(schedule, subscription, lookups.retrievePrice) };
}

/** The envelope id of a Stripe event: de-duplicated in billing_events. */
export const stripeEventId = (event: StripeEventLike) => `stripe:${event.id}`;

/**
 * The subscription's state now, as a billing event observed at `observedAt`: the snapshot, its
 * scheduled downgrade (from its schedule now) and its owner; null when Stripe has no such
 * subscription or it is not one of Snip's plans or users.
 */
async function currentState(subscriptionId: string, type: string, lookups: StripeEventLookups, observedAt: number, knownUser?: string) {
  const sub = await lookups.retrieveSubscription(subscriptionId);
  if (!sub) return null;
  const subscription = snapshotOfStripeSubscription(sub);
  // The owner is the stored customer's (a user, team or organization, decision 033); what Snip's
  // secret key wrote at checkout (client_reference_id, metadata) only for a customer Snip has no
  // record of (made before the mapping was stored).
  const userId = (await lookups.userOfCustomer(idOf(sub.customer))) ?? knownUser ?? sub.metadata?.user_id;
  if (!subscription || !userId) return null;
  const payload: BillingEventPayload = {
    billingType: BILLING_TYPES.stripe,
    type,
    occurredAt: observedAt,
    userId,
    subscription,
    ...(await scheduledOfSubscription(sub, subscription, lookups)),
  };
  return { sub, payload };
}

/**
 * The billing event of a Stripe event, or null for an event Snip does not act on (or one
 * about a customer or price that is not Snip's). `observedAt`: when the lookups start (the
 * event's subscription is read after it); the order of subscription states.
 */
export async function stripeEventPayload(
  event: StripeEventLike,
  lookups: StripeEventLookups,
  observedAt: number,
): Promise<BillingEventPayload | null> {
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
      // The checkout names its user (set by Snip when it made the session).
      const state = await currentState(idOf(session.subscription), "checkout.completed", lookups, observedAt, session.client_reference_id);
      if (!state) return null;
      const { sub, payload } = state;
      const pm = typeof sub.default_payment_method === "object" && sub.default_payment_method ? sub.default_payment_method : null;
      return {
        ...payload,
        ...(pm ? { paymentMethod: paymentMethodOfStripe(pm, idOf(sub.customer)) } : {}),
        checkoutSessionId: session.id,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      // Only the id is read from the event: the state is Stripe's now.
      const sub = event.data.object as Pick<StripeSubscriptionLike, "id">;
      return (await currentState(sub.id, event.type, lookups, observedAt))?.payload ?? null;
    }
    case "subscription_schedule.created":
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.canceled":
    case "subscription_schedule.completed":
    case "subscription_schedule.aborted": {
      // The subscription the schedule manages (or managed), as it is now with its schedule now:
      // a released schedule is no longer the subscription's, a new one is.
      const schedule = event.data.object as StripeScheduleLike;
      const subscriptionId = schedule.subscription ? idOf(schedule.subscription) : (schedule.released_subscription ?? null);
      if (!subscriptionId) return null;
      return (await currentState(subscriptionId, event.type, lookups, observedAt))?.payload ?? null;
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
