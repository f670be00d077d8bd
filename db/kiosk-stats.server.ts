/**
 * The kiosk's figures (issue 19 `stats/system/{domain?}` and `stats/snip`, decision 045): totals
 * and 30-day trends read from what the service already keeps, each source named on the page.
 * - clicks: the hourly rollups (`click_hourly`, written by the queue consumer), summed per UTC day;
 * - links and users: their own tables' `created_at` (a count per UTC day; no separate rollup);
 * - paying workspaces and revenue: the current subscriptions (`subscriptions`, slot current);
 * - queue backlog: the work the service records as not finished (bulk imports queued or running,
 *   webhook deliveries waiting for a retry); dead letters: `dead_letters`, where the consumer
 *   keeps every message that reached a dead-letter queue after its last retry.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const STATS_DAYS = 30;

export interface DayPoint {
  /** YYYY-MM-DD (UTC). */
  day: string;
  value: number;
}

/** The first UTC day (ms) of a window of `days` days ending today. */
function firstDayOf(now: number, days: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
}

/** Fills a `day (epoch day) → value` map into `days` points, oldest first, days without rows at 0. */
function series(rows: { day: number; value: number }[], firstDay: number, days: number): DayPoint[] {
  const byDay = new Map(rows.map((row) => [Number(row.day), Number(row.value)]));
  return Array.from({ length: days }, (_, i) => {
    const day = firstDay + i * DAY_MS;
    return { day: new Date(day).toISOString().slice(0, 10), value: byDay.get(day / DAY_MS) ?? 0 };
  });
}

// Day arithmetic is written as integer literals: a bound JavaScript number reaches D1 as a REAL,
// and the division would no longer be integral.

async function one(db: Db, query: SQL): Promise<number> {
  const row = await db.get<{ n: number | null }>(query);
  return Number(row?.n ?? 0);
}

/** Links and clicks, all short domains or one (`links.domain`). */
export async function getTrafficStats(db: Db, domain: string | null, now = Date.now(), days = STATS_DAYS) {
  const firstDay = firstDayOf(now, days);
  const onDomain = domain === null ? sql`1 = 1` : sql`l.domain = ${domain}`;
  const [links, activeLinks, clicks, botClicks, linkRows, clickRows] = await Promise.all([
    one(db, sql`SELECT COUNT(*) AS n FROM links l WHERE ${onDomain}`),
    one(db, sql`SELECT COUNT(*) AS n FROM links l WHERE ${onDomain} AND l.status = 'active' AND l.blocked IS NULL`),
    domain === null
      ? one(db, sql`SELECT SUM(clicks) AS n FROM click_hourly`)
      : one(db, sql`SELECT SUM(h.clicks) AS n FROM click_hourly h JOIN links l ON l.id = h.link_id WHERE ${onDomain}`),
    domain === null
      ? one(db, sql`SELECT SUM(bot_clicks) AS n FROM click_hourly`)
      : one(db, sql`SELECT SUM(h.bot_clicks) AS n FROM click_hourly h JOIN links l ON l.id = h.link_id WHERE ${onDomain}`),
    db.all<{ day: number; value: number }>(
      sql`SELECT l.created_at / 86400000 AS day, COUNT(*) AS value FROM links l
          WHERE ${onDomain} AND l.created_at >= ${firstDay} GROUP BY 1`,
    ),
    domain === null
      ? db.all<{ day: number; value: number }>(
          sql`SELECT hour / 24 AS day, SUM(clicks) AS value FROM click_hourly WHERE hour >= ${firstDay / HOUR_MS} GROUP BY 1`,
        )
      : db.all<{ day: number; value: number }>(
          sql`SELECT h.hour / 24 AS day, SUM(h.clicks) AS value FROM click_hourly h JOIN links l ON l.id = h.link_id
              WHERE ${onDomain} AND h.hour >= ${firstDay / HOUR_MS} GROUP BY 1`,
        ),
  ]);
  return {
    links,
    activeLinks,
    clicks,
    botClicks,
    linksPerDay: series(linkRows, firstDay, days),
    clicksPerDay: series(clickRows, firstDay, days),
  };
}

/** Link counts per short host that has links (for the per-domain links on the page). */
export async function countLinksByDomain(db: Db): Promise<Map<string, number>> {
  const rows = await db.all<{ domain: string; n: number }>(sql`SELECT domain, COUNT(*) AS n FROM links GROUP BY domain`);
  return new Map(rows.map((row) => [row.domain, Number(row.n)]));
}

/** What waits in the queues as the service records it, and what reached a dead-letter queue. */
export async function getQueueStats(db: Db, now = Date.now()) {
  const [bulkImports, bulkRows, heldImports, webhookRetries, deadLetters, deadLettersToday, byQueue] = await Promise.all([
    one(db, sql`SELECT COUNT(*) AS n FROM bulk_imports WHERE status IN ('queued', 'running')`),
    one(db, sql`SELECT SUM(MAX(total - created - refused, 0)) AS n FROM bulk_imports WHERE status IN ('queued', 'running')`),
    one(db, sql`SELECT COUNT(*) AS n FROM bulk_imports WHERE status = 'held'`),
    // A delivery whose newest attempt is "retrying" has another attempt scheduled on the jobs queue.
    one(
      db,
      sql`SELECT COUNT(*) AS n FROM webhook_deliveries d
          WHERE d.outcome = 'retrying' AND d.attempt = (SELECT MAX(attempt) FROM webhook_deliveries WHERE delivery_id = d.delivery_id)`,
    ),
    one(db, sql`SELECT COUNT(*) AS n FROM dead_letters`),
    one(db, sql`SELECT COUNT(*) AS n FROM dead_letters WHERE received_at >= ${now - DAY_MS}`),
    db.all<{ queue: string; n: number; last: number }>(
      sql`SELECT queue, COUNT(*) AS n, MAX(received_at) AS last FROM dead_letters GROUP BY queue ORDER BY queue`,
    ),
  ]);
  return {
    bulkImports,
    bulkRows,
    heldImports,
    webhookRetries,
    deadLetters,
    deadLettersToday,
    deadLettersByQueue: byQueue.map((row) => ({ queue: row.queue, count: Number(row.n), last: new Date(Number(row.last)).toISOString() })),
  };
}

/** Users, paying workspaces and revenue by plan (monthly recurring: a yearly price counts a twelfth). */
export async function getBusinessStats(db: Db, now = Date.now(), days = STATS_DAYS) {
  const firstDay = firstDayOf(now, days);
  // Paying now: the current subscription, not ended, not in a trial, a price above zero.
  const live = sql`s.slot = 'current' AND s.amount > 0 AND (s.ends_at IS NULL OR s.ends_at > ${now})
    AND (s.trial_ends_at IS NULL OR s.trial_ends_at <= ${now})`;
  const [users, verifiedUsers, terminatedUsers, userRows, payingWorkspaces, trials, plans] = await Promise.all([
    one(db, sql`SELECT COUNT(*) AS n FROM users`),
    one(db, sql`SELECT COUNT(*) AS n FROM users WHERE email_verified = 1`),
    one(db, sql`SELECT COUNT(*) AS n FROM users WHERE terminated_at IS NOT NULL`),
    db.all<{ day: number; value: number }>(
      sql`SELECT created_at / 86400000 AS day, COUNT(*) AS value FROM users WHERE created_at >= ${firstDay} GROUP BY 1`,
    ),
    one(db, sql`SELECT COUNT(DISTINCT s.owner_id) AS n FROM subscriptions s WHERE ${live}`),
    one(
      db,
      sql`SELECT COUNT(DISTINCT s.owner_id) AS n FROM subscriptions s
          WHERE s.slot = 'current' AND s.trial_ends_at > ${now} AND (s.ends_at IS NULL OR s.ends_at > ${now})`,
    ),
    db.all<{ name: string; currency: string; workspaces: number; monthly: number }>(
      sql`SELECT s.name AS name, s.currency AS currency, COUNT(DISTINCT s.owner_id) AS workspaces,
            SUM(CASE WHEN s.interval = 'yearly' THEN s.amount * s.quantity / 12.0 ELSE s.amount * s.quantity END) AS monthly
          FROM subscriptions s WHERE ${live} GROUP BY s.name, s.currency ORDER BY monthly DESC`,
    ),
  ]);
  return {
    users,
    verifiedUsers,
    terminatedUsers,
    usersPerDay: series(userRows, firstDay, days),
    payingWorkspaces,
    trials,
    revenueByPlan: plans.map((row) => ({
      plan: row.name,
      currency: row.currency,
      workspaces: Number(row.workspaces),
      monthlyCents: Math.round(Number(row.monthly)),
    })),
  };
}
