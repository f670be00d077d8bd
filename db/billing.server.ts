/** Checkout sessions and the application of billing events (one db.batch each). */
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { BillingEventPayload, BillingType, PaymentMethodSnapshot, SubscriptionSnapshot } from "../domain/billing";
import type { Db } from "./client.server";
import { billingCustomers, billingEvents, checkoutSessions, overageReports, subscriptions } from "./schema";

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

export async function createCheckoutSession(db: Db, session: Omit<CheckoutSession, "status" | "createdAt" | "currency">, now = new Date()) {
  const row: CheckoutSession = { ...session, currency: "USD", status: "open", createdAt: now };
  await db.insert(checkoutSessions).values(row);
  return row;
}

export async function getCheckoutSession(db: Db, userId: string, id: string): Promise<CheckoutSession | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
    .limit(1);
  return row;
}

export async function markCheckoutDeclined(db: Db, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: "declined" })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
}

/** The one row of a user's current default subscription. */
export function currentSubscriptionId(userId: string): string {
  return `${userId}:default:current`;
}

/** The one row of a user's scheduled downgrade (the future default subscription). */
export function futureSubscriptionId(userId: string): string {
  return `${userId}:default:future`;
}

function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? "") + String(error));
}

/**
 * Applies one event: its id is stored in the same batch as its effect, so a redelivery fails
 * on the id and changes nothing ("duplicate"); the subscription changes only when the event's
 * state is not older than the last one applied to it, so events arriving out of order end in the
 * newest state.
 */
export async function applyBillingEvent(
  db: Db,
  eventId: string,
  event: BillingEventPayload,
  now = new Date(),
): Promise<"applied" | "duplicate"> {
  const occurredAt = new Date(event.occurredAt);
  try {
    await db.batch([
      db.insert(billingEvents).values({ id: eventId, billingType: event.billingType, type: event.type, occurredAt, handledAt: now }),
      ...(event.subscription ? [upsertSubscription(db, event, event.subscription, now)] : []),
      ...(event.scheduled !== undefined && (event.scheduled !== null || event.subscription)
        ? [upsertSubscription(db, event, event.scheduled ?? unscheduled(event, event.subscription!), now, "future")]
        : []),
      ...(event.paymentMethod ? [upsertPaymentMethod(db, event, event.paymentMethod, now)] : []),
      ...(event.checkoutSessionId
        ? [
            db
              .update(checkoutSessions)
              .set({ status: "paid" as const })
              // Only the event's user's own checkout (a provider's custom data names the session).
              .where(and(eq(checkoutSessions.id, event.checkoutSessionId), eq(checkoutSessions.userId, event.userId))),
          ]
        : []),
    ]);
    return "applied";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

function upsertSubscription(
  db: Db,
  event: BillingEventPayload,
  s: SubscriptionSnapshot,
  now: Date,
  slot: "current" | "future" = "current",
) {
  const occurredAt = new Date(event.occurredAt);
  const values = {
    id: slot === "current" ? currentSubscriptionId(event.userId) : futureSubscriptionId(event.userId),
    userId: event.userId,
    slot,
    name: s.name,
    interval: s.interval,
    amount: s.amount,
    currency: s.currency,
    quantity: s.quantity,
    endsAt: s.endsAt === null ? null : new Date(s.endsAt),
    trialEndsAt: s.trialEndsAt === null ? null : new Date(s.trialEndsAt),
    periodStartsAt: new Date(s.periodStartsAt),
    periodEndsAt: new Date(s.periodEndsAt),
    billingStatus: s.billingStatus,
    type: "default" as const,
    billingType: event.billingType,
    billingId: s.billingId,
    eventAt: occurredAt,
    createdAt: now,
    updatedAt: now,
  };
  const { id: _id, userId: _user, createdAt: _created, ...changes } = values;
  return db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: changes,
      setWhere: sqlNewer(occurredAt),
    });
}

/**
 * No downgrade scheduled any more: the future row stays, ended at the event, so that an older
 * event arriving later (which would schedule one) is not newer than it. An ended future
 * subscription is no scheduled downgrade (domain/subscription.ts settleScheduledDowngrade).
 */
function unscheduled(event: BillingEventPayload, current: SubscriptionSnapshot): SubscriptionSnapshot {
  return { ...current, endsAt: event.occurredAt };
}

/** The card on file, newest event wins (as for the subscription). */
function upsertPaymentMethod(db: Db, event: BillingEventPayload, pm: PaymentMethodSnapshot, now: Date) {
  const occurredAt = new Date(event.occurredAt);
  const changes = {
    billingId: pm.customerId,
    pmType: pm.type,
    pmLastFour: pm.lastFour,
    pmExpiration: pm.expiration,
    pmCountry: pm.country,
    pmEventAt: occurredAt,
    updatedAt: now,
  };
  return db
    .insert(billingCustomers)
    .values({ userId: event.userId, billingType: event.billingType, createdAt: now, ...changes })
    .onConflictDoUpdate({
      target: [billingCustomers.userId, billingCustomers.billingType],
      set: changes,
      setWhere: sql`${billingCustomers.pmEventAt} IS NULL OR ${billingCustomers.pmEventAt} < ${occurredAt.getTime()}`,
    });
}

/**
 * Not older than the state applied last. Provider events carry the subscription as read from the
 * provider when the event arrived (docs/decisions/021), so two states read at the same moment are
 * equally fresh and the later applied one stands; a redelivered event never gets here (its id).
 */
function sqlNewer(occurredAt: Date) {
  return sql`${subscriptions.eventAt} IS NULL OR ${subscriptions.eventAt} <= ${occurredAt.getTime()}`;
}

export async function getCurrentSubscriptionRow(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, currentSubscriptionId(userId)))
    .limit(1);
  return row;
}

export async function getFutureSubscriptionRow(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, futureSubscriptionId(userId)))
    .limit(1);
  return row;
}

/**
 * Scheduled downgrades held at one provider that start by `before` (oldest first, at most
 * `limit`): the future rows not ended, with the provider's subscription id.
 */
export async function listDueScheduledDowngrades(db: Db, billingType: BillingType, before: Date, limit = 50) {
  return db
    .select({ userId: subscriptions.userId, billingId: subscriptions.billingId, periodStartsAt: subscriptions.periodStartsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.slot, "future"),
        eq(subscriptions.billingType, billingType),
        isNull(subscriptions.endsAt),
        isNotNull(subscriptions.billingId),
        lte(subscriptions.periodStartsAt, before),
      ),
    )
    .orderBy(asc(subscriptions.periodStartsAt))
    .limit(limit);
}

/** A card was given at a checkout, or a provider told us of one: the user has a payment method on file. */
export async function hasPaymentMethod(db: Db, userId: string): Promise<boolean> {
  const [[paid], [card]] = await Promise.all([
    db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "paid")))
      .limit(1),
    db
      .select({ id: billingCustomers.billingId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), isNotNull(billingCustomers.pmType)))
      .limit(1),
  ]);
  return paid !== undefined || card !== undefined;
}

export type BillingCustomer = typeof billingCustomers.$inferSelect;

export async function getBillingCustomer(db: Db, userId: string, billingType: BillingType): Promise<BillingCustomer | undefined> {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.billingType, billingType)))
    .limit(1);
  return row;
}

/** The user's customer records, the one with a payment method first. */
export async function listBillingCustomers(db: Db, userId: string): Promise<BillingCustomer[]> {
  return db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).orderBy(desc(billingCustomers.pmEventAt));
}

/** Who a provider's customer id belongs to. */
export async function findBillingCustomerUser(db: Db, billingType: BillingType, billingId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.billingType, billingType), eq(billingCustomers.billingId, billingId)))
    .limit(1);
  return row?.userId;
}

/** Remembers the provider's customer id made for a user (a second one for the same user is ignored). */
export async function saveBillingCustomer(db: Db, userId: string, billingType: BillingType, billingId: string, now = new Date()) {
  await db.insert(billingCustomers).values({ userId, billingType, billingId, createdAt: now, updatedAt: now }).onConflictDoNothing();
}

/** Paid checkouts, newest first: the test-mode stand-in for the provider's invoices. */
export async function listPaidCheckoutSessions(db: Db, userId: string): Promise<CheckoutSession[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "paid")))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(50);
}

/** Overage blocks already reported for the user's billing period starting at `periodStartsAt`. */
export async function getReportedOverageBlocks(db: Db, userId: string, periodStartsAt: Date): Promise<number> {
  const [row] = await db
    .select({ blocks: overageReports.blocks })
    .from(overageReports)
    .where(and(eq(overageReports.userId, userId), eq(overageReports.periodStartsAt, periodStartsAt)))
    .limit(1);
  return row?.blocks ?? 0;
}

/** Records the block count reached; never lowers it (reports may finish out of order). */
export async function recordOverageBlocks(db: Db, userId: string, periodStartsAt: Date, blocks: number, now = new Date()): Promise<void> {
  await db
    .insert(overageReports)
    .values({ userId, periodStartsAt, blocks, updatedAt: now })
    .onConflictDoUpdate({
      target: [overageReports.userId, overageReports.periodStartsAt],
      set: { blocks: sql`MAX(${overageReports.blocks}, excluded.blocks)`, updatedAt: now },
    });
}
