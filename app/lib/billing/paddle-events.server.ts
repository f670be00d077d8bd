/**
 * Paddle's notifications as billing events: a subscription entity (as the SDK's
 * Webhooks.unmarshal returns it, camelCase) becomes the whole-state snapshot, with the
 * scheduled downgrade Snip keeps in the subscription's custom data (docs/decisions/015); a
 * completed transaction's card becomes the payment method on file. Pure; the route supplies
 * the lookups and the moment it looked.
 *
 * - A subscription event is applied as the subscription **is at Paddle now** (fetched when the
 *   event arrives), ordered by when it was read, never by the event's own copy: events arrive in
 *   any order and a burst may share one `occurred_at` (docs/decisions/021).
 * - The owner is the Snip user whose Paddle customer it is (`billing_customers`, recorded when
 *   Snip made the customer at checkout), never `custom_data.user_id`: custom data can be written
 *   from a browser (Paddle.js checkouts pass it), so it would let anyone attach a subscription
 *   to, or overwrite one of, another user.
 */
import { BILLING_TYPES, parsePriceLookupKey, type BillingEventPayload, type SubscriptionSnapshot } from "../../../domain/billing";
import { addMonthsClamped, type BillingStatus } from "../../../domain/subscription";

export interface PaddleSubscriptionLike {
  id: string;
  status: string;
  customerId: string;
  canceledAt: string | null;
  currentBillingPeriod: { startsAt: string; endsAt: string } | null;
  scheduledChange: { action: string; effectiveAt: string } | null;
  customData: Record<string, unknown> | null;
  items: {
    quantity: number;
    trialDates: { startsAt: string; endsAt: string } | null;
    price: { customData: Record<string, unknown> | null; unitPrice: { amount: string; currencyCode: string } };
  }[];
}

export interface PaddleTransactionLike {
  customerId: string | null;
  customData: Record<string, unknown> | null;
  payments: {
    methodDetails: { type: string; card: { type: string; last4: string; expiryMonth: number; expiryYear: number } | null } | null;
  }[];
}

export interface PaddleEventLike {
  eventId: string;
  eventType: string;
  occurredAt: string;
  data: unknown;
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * Paddle has no scheduled change of items: Snip records a downgrade that waits for the period's
 * end in the subscription's custom data under this key, and applies it near the period's end
 * (scheduled-downgrades.server.ts). So every subscription event tells the scheduled downgrade too.
 */
export const SCHEDULED_DOWNGRADE_KEY = "snip_scheduled_downgrade";

/** The new price of a scheduled downgrade, as kept in the subscription's custom data. */
export interface PaddleScheduledDowngrade {
  lookup_key: string;
  /** minor units, as Paddle writes amounts */
  amount: string;
  currency_code: string;
}

export function scheduledDowngradeOf(customData: Record<string, unknown> | null | undefined): PaddleScheduledDowngrade | null {
  const d = customData?.[SCHEDULED_DOWNGRADE_KEY] as Record<string, unknown> | null | undefined;
  const lookupKey = str(d?.lookup_key);
  const amount = str(d?.amount);
  const currency = str(d?.currency_code);
  if (!lookupKey || !amount || !/^\d+$/.test(amount) || !currency || !parsePriceLookupKey(lookupKey)) return null;
  return { lookup_key: lookupKey, amount, currency_code: currency };
}

/** The custom data with this downgrade scheduled, or with none (null). Other keys are kept. */
export function withScheduledDowngrade(
  customData: Record<string, unknown> | null | undefined,
  downgrade: PaddleScheduledDowngrade | null,
): Record<string, unknown> {
  const { [SCHEDULED_DOWNGRADE_KEY]: _old, ...rest } = customData ?? {};
  return downgrade ? { ...rest, [SCHEDULED_DOWNGRADE_KEY]: downgrade } : rest;
}

/**
 * The future subscription of a Paddle subscription: the scheduled downgrade from the end of the
 * current period, or null. A cancelled or cancelling subscription has nothing to downgrade, and
 * a downgrade whose price the subscription already has was applied.
 */
export function scheduledSnapshotOf(sub: PaddleSubscriptionLike, current: SubscriptionSnapshot): SubscriptionSnapshot | null {
  const downgrade = scheduledDowngradeOf(sub.customData);
  const plan = parsePriceLookupKey(downgrade?.lookup_key);
  if (!downgrade || !plan || sub.status === "canceled" || current.endsAt !== null) return null;
  if (plan.plan === current.name && plan.interval === current.interval) return null;
  return {
    ...current,
    name: plan.plan,
    interval: plan.interval,
    amount: Number(downgrade.amount),
    currency: downgrade.currency_code,
    trialEndsAt: null,
    periodStartsAt: current.periodEndsAt,
    periodEndsAt: addMonthsClamped(new Date(current.periodEndsAt), plan.interval === "yearly" ? 12 : 1).getTime(),
  };
}

function billingStatusOf(status: string): BillingStatus | null {
  return status === "past_due" ? "past_due" : null;
}

export function snapshotOfPaddleSubscription(sub: PaddleSubscriptionLike): SubscriptionSnapshot | null {
  const item = sub.items[0];
  const period = sub.currentBillingPeriod;
  const plan = parsePriceLookupKey(str(item?.price.customData?.lookup_key));
  if (!item || !plan) return null;
  const canceled = sub.status === "canceled";
  const startsAt = period ? Date.parse(period.startsAt) : Date.parse(sub.canceledAt ?? "") || 0;
  const endsAtPeriod = period ? Date.parse(period.endsAt) : startsAt;
  const scheduledCancel = sub.scheduledChange?.action === "cancel" ? Date.parse(sub.scheduledChange.effectiveAt) : null;
  return {
    name: plan.plan,
    interval: plan.interval,
    amount: Number(item.price.unitPrice.amount),
    currency: item.price.unitPrice.currencyCode,
    quantity: item.quantity,
    endsAt: canceled ? Date.parse(sub.canceledAt ?? "") || endsAtPeriod : scheduledCancel,
    // Kept after the trial, so a renewal that fails right after it is a past-due trial (spec 01 §4).
    trialEndsAt: item.trialDates ? Date.parse(item.trialDates.endsAt) : null,
    periodStartsAt: startsAt,
    periodEndsAt: endsAtPeriod,
    billingStatus: billingStatusOf(sub.status),
    billingId: sub.id,
  };
}

export const paddleEventId = (event: PaddleEventLike) => `paddle:${event.eventId}`;

export interface PaddleEventLookups {
  /** The subscription as it is at Paddle now; null when Paddle has none by that id. */
  retrieveSubscription(id: string): Promise<PaddleSubscriptionLike | null>;
  /** The Snip user whose Paddle customer this is. */
  userOfCustomer(customerId: string): Promise<string | undefined>;
}

/** The owner of a customer's subscription or transaction: the stored customer's user, or nobody. */
async function ownerOf(customerId: string | null, customData: Record<string, unknown> | null, lookups: PaddleEventLookups) {
  const userId = customerId ? await lookups.userOfCustomer(customerId) : undefined;
  const claimed = str(customData?.user_id);
  if (claimed !== undefined && claimed !== userId) {
    console.warn(`paddle: custom_data.user_id ${claimed} is not the owner of customer ${customerId ?? "(none)"}; ignored`);
  }
  return userId;
}

/**
 * The billing event of a Paddle notification, or null for one Snip does not act on (or one about
 * a customer that is not a Snip user's). `observedAt`: when the lookups start; the order of
 * subscription states.
 */
export async function paddleEventPayload(
  event: PaddleEventLike,
  lookups: PaddleEventLookups,
  observedAt: number,
): Promise<BillingEventPayload | null> {
  const base = { billingType: BILLING_TYPES.paddle, type: event.eventType, occurredAt: Date.parse(event.occurredAt) };
  if (event.eventType.startsWith("subscription.")) {
    // Only the id is read from the notification: the state is Paddle's now.
    const sub = await lookups.retrieveSubscription((event.data as Pick<PaddleSubscriptionLike, "id">).id);
    if (!sub) return null;
    const subscription = snapshotOfPaddleSubscription(sub);
    const userId = await ownerOf(sub.customerId, sub.customData, lookups);
    if (!subscription || !userId) return null;
    const checkoutSessionId = str(sub.customData?.checkout_session_id);
    return {
      ...base,
      occurredAt: observedAt,
      userId,
      subscription,
      scheduled: scheduledSnapshotOf(sub, subscription),
      // Marks that checkout paid only if it is this user's (db/billing.server.ts).
      ...(event.eventType === "subscription.created" && checkoutSessionId ? { checkoutSessionId } : {}),
    };
  }
  if (event.eventType === "transaction.completed") {
    const t = event.data as PaddleTransactionLike;
    const method = t.payments.find((p) => p.methodDetails)?.methodDetails;
    const userId = await ownerOf(t.customerId, t.customData, lookups);
    if (!method || !t.customerId || !userId) return null;
    const card = method.card;
    return {
      ...base,
      userId,
      paymentMethod: {
        customerId: t.customerId,
        type: card ? card.type : method.type,
        lastFour: card?.last4 ?? null,
        expiration: card ? `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}` : null,
        country: null,
      },
    };
  }
  return null;
}
