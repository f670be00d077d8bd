/** Checkout sessions and the application of billing events (one db.batch each). */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { BillingEventPayload, BillingType, PaymentMethodSnapshot, SubscriptionSnapshot } from "../domain/billing";
import type { Db } from "./client.server";
import { billingCustomers, billingEvents, checkoutSessions, organizations, subscriptions, users, workspaces } from "./schema";

/**
 * Who pays (docs/decisions/033): a user's personal workspace (ownerId = userId), a team's
 * workspace (ownerId = teamId) or an organization (ownerId = organizationId). The columns a
 * subscription, customer or checkout of that owner carries.
 */
export interface BillingOwnerColumns {
  ownerId: string;
  userId: string | null;
  organizationId: string | null;
  teamId: string | null;
}

/**
 * The billing owner an id names, read from D1 (never from a provider's event or a client): a
 * personal or team workspace, else an organization; null when none exists (any more).
 */
export async function findBillingOwner(db: Db, ownerId: string): Promise<BillingOwnerColumns | null> {
  const [[workspace], [organization], [user]] = await db.batch([
    db
      .select({ kind: workspaces.kind, organizationId: workspaces.organizationId, teamId: workspaces.teamId })
      .from(workspaces)
      .where(and(eq(workspaces.id, ownerId), inArray(workspaces.kind, ["personal", "team"])))
      .limit(1),
    db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, ownerId)).limit(1),
    db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).limit(1),
  ]);
  if (workspace?.kind === "team" && workspace.organizationId && workspace.teamId) {
    return { ownerId, userId: null, organizationId: workspace.organizationId, teamId: workspace.teamId };
  }
  if (workspace?.kind === "personal" || user) return { ownerId, userId: ownerId, organizationId: null, teamId: null };
  if (organization) return { ownerId, userId: null, organizationId: ownerId, teamId: null };
  return null;
}

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

/** The owner's checkouts that could still be paid (open or declined), oldest first. */
export async function listPayableCheckoutSessions(db: Db, ownerId: string): Promise<CheckoutSession[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(sessionOwner, ownerId), inArray(checkoutSessions.status, ["open", "declined"])))
    .orderBy(asc(checkoutSessions.createdAt));
}

/** A checkout closed unpaid (a newer one was started for its owner): it can no longer be paid. */
export async function markCheckoutExpired(db: Db, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.id, id), inArray(checkoutSessions.status, ["open", "declined"])));
}

/** The one row of a billing owner's current default subscription (a user's: the user's id). */
export function currentSubscriptionId(ownerId: string): string {
  return `${ownerId}:default:current`;
}

/** The one row of a billing owner's scheduled downgrade (the future default subscription). */
export function futureSubscriptionId(ownerId: string): string {
  return `${ownerId}:default:future`;
}

/**
 * Whether a batch failed on the event's own id (a redelivery): the clash on `billing_events.id`
 * only. A clash on any other unique column (a customer id stored for another owner, say) is a
 * real failure, which the caller throws so that the queue retries the event and it is logged.
 */
export function isDuplicateEventError(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + " " + String(error);
  // SQLite names the columns of the clash: "UNIQUE constraint failed: billing_events.id" for the event's.
  const clashes = [...text.matchAll(/UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/gi)].map((m) => m[1]);
  return clashes.length > 0 && clashes.every((columns) => columns === "billing_events.id");
}

/**
 * Applies one event to the billing owner it names (`event.userId`: a user's, team's or
 * organization's id, found by the webhook from the stored customer): its id is stored in the same batch as its effect, so a redelivery fails
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
  // An owner deleted since (an organization, a team): the event is recorded and changes nothing.
  const owner = await findBillingOwner(db, event.userId);
  try {
    await db.batch([
      db.insert(billingEvents).values({ id: eventId, billingType: event.billingType, type: event.type, occurredAt, handledAt: now }),
      ...(owner && event.subscription ? [upsertSubscription(db, owner, event, event.subscription, now)] : []),
      ...(owner && event.scheduled !== undefined && (event.scheduled !== null || event.subscription)
        ? [upsertSubscription(db, owner, event, event.scheduled ?? unscheduled(event, event.subscription!), now, "future")]
        : []),
      ...(owner && event.paymentMethod ? [upsertPaymentMethod(db, owner, event, event.paymentMethod, now)] : []),
      ...(event.checkoutSessionId
        ? [
            db
              .update(checkoutSessions)
              .set({ status: "paid" as const })
              // Only the event owner's own checkout (a provider's custom data names the session).
              .where(and(eq(checkoutSessions.id, event.checkoutSessionId), eq(sessionOwner, event.userId))),
          ]
        : []),
    ]);
    return "applied";
  } catch (error) {
    if (isDuplicateEventError(error)) return "duplicate";
    console.error(`billing event ${eventId} (${event.type}) for ${event.userId} failed; it will be retried`, String(error));
    throw error;
  }
}

/** A checkout's owner (rows made before migration 0019 name none: their user's). */
const sessionOwner = sql<string>`coalesce(${checkoutSessions.ownerId}, ${checkoutSessions.userId})`;

function upsertSubscription(
  db: Db,
  owner: BillingOwnerColumns,
  event: BillingEventPayload,
  s: SubscriptionSnapshot,
  now: Date,
  slot: "current" | "future" = "current",
) {
  const occurredAt = new Date(event.occurredAt);
  const values = {
    id: slot === "current" ? currentSubscriptionId(owner.ownerId) : futureSubscriptionId(owner.ownerId),
    ...owner,
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
  const { id: _id, ownerId: _owner, userId: _user, organizationId: _org, teamId: _team, createdAt: _created, ...changes } = values;
  return db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: changes,
      setWhere:
        slot === "current" && s.endsAt !== null && s.endsAt <= occurredAt.getTime()
          ? and(sqlNewer(occurredAt), sqlNotReplacingAnother(s.billingId, occurredAt))
          : sqlNewer(occurredAt),
    });
}

/**
 * A provider subscription that had ended when it was read replaces the current record only when the
 * record is that same subscription, or has ended too. A customer who cancelled and subscribed again
 * has two subscriptions at the provider; a late (retried, resent) event about the ended one must not
 * put the owner on it while the new one is paid (docs/decisions/021).
 */
function sqlNotReplacingAnother(billingId: string, at: Date) {
  return sql`(${subscriptions.billingId} IS ${billingId} OR (${subscriptions.endsAt} IS NOT NULL AND ${subscriptions.endsAt} <= ${at.getTime()}))`;
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
function upsertPaymentMethod(db: Db, owner: BillingOwnerColumns, event: BillingEventPayload, pm: PaymentMethodSnapshot, now: Date) {
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
    .values({ ...owner, billingType: event.billingType, createdAt: now, ...changes })
    .onConflictDoUpdate({
      target: [billingCustomers.ownerId, billingCustomers.billingType],
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

export async function getCurrentSubscriptionRow(db: Db, ownerId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, currentSubscriptionId(ownerId)))
    .limit(1);
  return row;
}

export async function getFutureSubscriptionRow(db: Db, ownerId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, futureSubscriptionId(ownerId)))
    .limit(1);
  return row;
}

/**
 * Scheduled downgrades held at one provider that start by `before` (oldest first, at most
 * `limit`): the future rows not ended, with the provider's subscription id.
 */
export async function listDueScheduledDowngrades(db: Db, billingType: BillingType, before: Date, limit = 50) {
  return (
    db
      // `userId`: the billing owner's id (a user's, team's or organization's).
      .select({ userId: subscriptions.ownerId, billingId: subscriptions.billingId, periodStartsAt: subscriptions.periodStartsAt })
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
      .limit(limit)
  );
}

/** A card was given at a checkout, or a provider told us of one: the owner has a payment method on file. */
export async function hasPaymentMethod(db: Db, ownerId: string): Promise<boolean> {
  const [[paid], [card]] = await Promise.all([
    db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(and(eq(sessionOwner, ownerId), eq(checkoutSessions.status, "paid")))
      .limit(1),
    db
      .select({ id: billingCustomers.billingId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.ownerId, ownerId), isNotNull(billingCustomers.pmType)))
      .limit(1),
  ]);
  return paid !== undefined || card !== undefined;
}

export type BillingCustomer = typeof billingCustomers.$inferSelect;

export async function getBillingCustomer(db: Db, ownerId: string, billingType: BillingType): Promise<BillingCustomer | undefined> {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.ownerId, ownerId), eq(billingCustomers.billingType, billingType)))
    .limit(1);
  return row;
}

/** The owner's customer records, the one with a payment method first. */
export async function listBillingCustomers(db: Db, ownerId: string): Promise<BillingCustomer[]> {
  return db.select().from(billingCustomers).where(eq(billingCustomers.ownerId, ownerId)).orderBy(desc(billingCustomers.pmEventAt));
}

/**
 * Which billing owner (user, team or organization id) a provider's customer id belongs to: the
 * mapping Snip stored when it made the customer, the only source of a webhook's owner (decision 021, 033).
 */
export async function findBillingCustomerUser(db: Db, billingType: BillingType, billingId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: billingCustomers.ownerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.billingType, billingType), eq(billingCustomers.billingId, billingId)))
    .limit(1);
  return row?.userId;
}

/** Remembers the provider's customer id made for an owner (a second one for the same owner is ignored). */
export async function saveBillingCustomer(db: Db, ownerId: string, billingType: BillingType, billingId: string, now = new Date()) {
  const owner = await findBillingOwner(db, ownerId);
  if (!owner) throw new Error("billing owner not found");
  await db
    .insert(billingCustomers)
    .values({ ...owner, billingType, billingId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Paid checkouts, newest first: the test-mode stand-in for the provider's invoices. */
export async function listPaidCheckoutSessions(db: Db, ownerId: string): Promise<CheckoutSession[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(sessionOwner, ownerId), eq(checkoutSessions.status, "paid")))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(50);
}
