/**
 * Usage counters (issue 3): active aliases and aliases this month are counted from the links
 * themselves (indexed by owner), API and web credits from the metered counters of the current month.
 */
import { and, count, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { links, usageCounters } from "./schema";

/** API credits (REST API calls) and web credits (links created through the web app: max_web_credits). */
export type MeteredCounter = "api_credits" | "web_credits";

export interface Usage {
  activeAliases: number;
  /** Every link the workspace holds but the deleted ones (max_aliases). */
  aliases: number;
  aliasesThisMonth: number;
  apiCredits: number;
  /** Web credits spent this month: links created through the web app's forms and calls. */
  webCredits: number;
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
  const [active, held, thisMonth, credits] = await db.batch([
    db
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.workspaceId, workspaceId), eq(links.status, "active"))),
    db
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.workspaceId, workspaceId), ne(links.status, "deleted"))),
    db
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.workspaceId, workspaceId), gte(links.createdAt, monthStart(now)))),
    db
      .select({ counter: usageCounters.counter, used: usageCounters.used })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.workspaceId, workspaceId),
          inArray(usageCounters.counter, ["api_credits", "web_credits"]),
          eq(usageCounters.period, usagePeriod(now)),
        ),
      ),
  ]);
  return {
    activeAliases: active[0]?.n ?? 0,
    aliases: held[0]?.n ?? 0,
    aliasesThisMonth: thisMonth[0]?.n ?? 0,
    apiCredits: credits.find((c) => c.counter === "api_credits")?.used ?? 0,
    webCredits: credits.find((c) => c.counter === "web_credits")?.used ?? 0,
  };
}

/**
 * How many links (deleted ones aside) the workspace has to each of these destinations
 * (max_aliases_per_url); a destination without links is absent. Read by index (links_workspace_url).
 */
export async function countLinksToUrls(db: Db, workspaceId: string, urls: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const distinct = [...new Set(urls)];
  // D1 binds at most 100 parameters a statement.
  for (let start = 0; start < distinct.length; start += 90) {
    const rows = await db
      .select({ url: links.url, n: count() })
      .from(links)
      .where(and(eq(links.workspaceId, workspaceId), inArray(links.url, distinct.slice(start, start + 90)), ne(links.status, "deleted")))
      .groupBy(links.url);
    for (const row of rows) counts.set(row.url, row.n);
  }
  return counts;
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
