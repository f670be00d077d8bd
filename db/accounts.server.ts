/** Account data beyond credentials: subscriptions and the viewer's summary. */
import { and, eq } from "drizzle-orm";
import type { PlanName } from "../domain/plans";
import { settleScheduledDowngrade, type Subscription } from "../domain/subscription";
import type { Db } from "./client.server";
import { subscriptions } from "./schema";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    name: row.name as PlanName,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    quantity: row.quantity,
    endsAt: row.endsAt,
    trialEndsAt: row.trialEndsAt,
    periodStartsAt: row.periodStartsAt,
    periodEndsAt: row.periodEndsAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    billingStatus: row.billingStatus,
    type: row.type,
  };
}

/**
 * A billing owner's (a user's, team's or organization's, docs/decisions/033) current and future
 * default subscriptions.
 */
export async function getOwnerSubscriptions(
  db: Db,
  ownerId: string,
): Promise<{ current: Subscription | null; future: Subscription | null }> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.ownerId, ownerId), eq(subscriptions.type, "default")));
  const current = rows.find((row) => row.slot === "current");
  const future = rows.find((row) => row.slot === "future");
  return settleScheduledDowngrade(current ? toSubscription(current) : null, future ? toSubscription(future) : null, new Date());
}

/** The user's current and future (scheduled downgrade) default subscriptions. */
export async function getUserSubscriptions(db: Db, userId: string): Promise<{ current: Subscription | null; future: Subscription | null }> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.type, "default")));
  const current = rows.find((row) => row.slot === "current");
  const future = rows.find((row) => row.slot === "future");
  return settleScheduledDowngrade(current ? toSubscription(current) : null, future ? toSubscription(future) : null, new Date());
}
