/**
 * Usage counters (issue 3): active aliases and aliases this month are counted from the links
 * themselves (indexed by owner), API credits from the metered counter of the current month.
 */
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { links, usageCounters } from "./schema";

export type MeteredCounter = "api_credits";

export interface Usage {
  activeAliases: number;
  aliasesThisMonth: number;
  apiCredits: number;
}

/** The calendar month (UTC) a metered counter is kept under, as YYYY-MM. */
export function usagePeriod(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** A workspace's usage (a personal workspace's id is its user's id: docs/decisions/027). */
export async function getUsage(db: Db, workspaceId: string, now = new Date()): Promise<Usage> {
  const [active, thisMonth, credits] = await db.batch([
    db
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.workspaceId, workspaceId), eq(links.status, "active"))),
    db
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.workspaceId, workspaceId), gte(links.createdAt, monthStart(now)))),
    db
      .select({ used: usageCounters.used })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.workspaceId, workspaceId),
          eq(usageCounters.counter, "api_credits"),
          eq(usageCounters.period, usagePeriod(now)),
        ),
      ),
  ]);
  return { activeAliases: active[0]?.n ?? 0, aliasesThisMonth: thisMonth[0]?.n ?? 0, apiCredits: credits[0]?.used ?? 0 };
}

/**
 * Spends metered units when at least `cost` remain under `limit` (null = unlimited); one
 * conditional upsert, so concurrent spends cannot overdraw. Returns whether it was spent.
 */
export async function spendMetered(
  db: Db,
  workspaceId: string,
  counter: MeteredCounter,
  cost: number,
  limit: number | null,
  now = new Date(),
): Promise<boolean> {
  const period = usagePeriod(now);
  if (limit !== null && cost > limit) return false;
  const rows = await db
    .insert(usageCounters)
    .values({ workspaceId, counter, period, used: cost })
    .onConflictDoUpdate({
      target: [usageCounters.workspaceId, usageCounters.counter, usageCounters.period],
      set: { used: sql`${usageCounters.used} + ${cost}` },
      setWhere: limit === null ? undefined : sql`${usageCounters.used} + ${cost} <= ${limit}`,
    })
    .returning({ used: usageCounters.used });
  return rows.length === 1;
}

/** Gives back units spent on an operation that then did not happen (never below zero). */
export async function refundMetered(db: Db, workspaceId: string, counter: MeteredCounter, cost: number, now = new Date()): Promise<void> {
  if (cost <= 0) return;
  await db
    .update(usageCounters)
    .set({ used: sql`MAX(0, ${usageCounters.used} - ${cost})` })
    .where(and(eq(usageCounters.workspaceId, workspaceId), eq(usageCounters.counter, counter), eq(usageCounters.period, usagePeriod(now))));
}

/** Dev fixtures only: sets the units used this month. */
export async function setMeteredUsed(db: Db, workspaceId: string, counter: MeteredCounter, used: number, now = new Date()): Promise<void> {
  const period = usagePeriod(now);
  await db
    .insert(usageCounters)
    .values({ workspaceId, counter, period, used })
    .onConflictDoUpdate({ target: [usageCounters.workspaceId, usageCounters.counter, usageCounters.period], set: { used } });
}
