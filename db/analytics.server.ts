/**
 * Link analytics, read from the rollups only (click_hourly and click_dimensions, both keyed by
 * link and epoch hour, and click_dimensions_daily, per link and UTC day), never the raw click
 * log: totals, a zero-filled time series and top-N breakdowns for one link and period, all in
 * one `db.batch`.
 */
import { CLICK_DIMENSIONS, type ClickDimension } from "./schema/clicks";
import { HOUR_MS, periodRange, type AnalyticsPeriod, type PeriodRange } from "../domain/analytics";

export interface AnalyticsLink {
  id: string;
  domain: string;
  alias: string;
  url: string;
  status: string;
  createdAt: number;
  /** Its owner shares its analytics page publicly (issue 20). */
  analyticsShared: boolean;
  /** Its redirect routes (CompactRoute[] JSON), to name the "Routes" breakdown's rules. */
  routes: string | null;
  /** Clicks options (issue 20): its counted clicks so far, and whether it is exempt from the plan's limit. */
  trackedClicks: number;
  clicksUnlimited: boolean;
}

type LinkRow = {
  id: string;
  domain: string;
  alias: string;
  url: string;
  status: string;
  created_at: number;
  analytics_shared: number;
  workspace_id: string | null;
  routes: string | null;
  tracked_clicks: number;
  clicks_unlimited: number;
};

function analyticsLinkOf(row: LinkRow): AnalyticsLink {
  return {
    id: row.id,
    domain: row.domain,
    alias: row.alias,
    url: row.url,
    status: row.status,
    createdAt: row.created_at,
    analyticsShared: row.analytics_shared === 1,
    routes: row.routes,
    trackedClicks: row.tracked_clicks,
    clicksUnlimited: row.clicks_unlimited === 1,
  };
}

/** A link of this workspace on this domain, by alias; null for another's, a deleted or an unknown one. */
export async function findOwnedLink(
  db: D1Database,
  { workspaceId, domain, alias }: { workspaceId: string; domain: string; alias: string },
): Promise<AnalyticsLink | null> {
  const row = await db
    .prepare(
      `SELECT id, domain, alias, url, status, created_at, analytics_shared, workspace_id, routes, tracked_clicks, clicks_unlimited FROM links
       WHERE domain = ? AND alias = ? AND workspace_id = ? AND status != 'deleted'`,
    )
    .bind(domain.toLowerCase(), alias, workspaceId)
    .first<LinkRow>();
  return row ? analyticsLinkOf(row) : null;
}

/**
 * A link on this domain whose owner shares its analytics publicly, with its workspace; null for
 * a link not shared, deleted or unknown (issue 20).
 */
export async function findSharedLink(
  db: D1Database,
  { domain, alias }: { domain: string; alias: string },
): Promise<(AnalyticsLink & { workspaceId: string }) | null> {
  const row = await db
    .prepare(
      `SELECT id, domain, alias, url, status, created_at, analytics_shared, workspace_id, routes, tracked_clicks, clicks_unlimited FROM links
       WHERE domain = ? AND alias = ? AND analytics_shared = 1 AND status != 'deleted' AND workspace_id IS NOT NULL`,
    )
    .bind(domain.toLowerCase(), alias)
    .first<LinkRow>();
  return row?.workspace_id ? { ...analyticsLinkOf(row), workspaceId: row.workspace_id } : null;
}

/** Turns public sharing of a link's analytics on or off. */
export async function setAnalyticsShared(db: D1Database, linkId: string, shared: boolean, now = Date.now()): Promise<void> {
  await db
    .prepare("UPDATE links SET analytics_shared = ?, updated_at = ? WHERE id = ?")
    .bind(shared ? 1 : 0, now, linkId)
    .run();
}

/** One hour of a link's click log (the hourly rollup, docs/decisions/038). */
export interface ClickLogRow {
  hour: number;
  clicks: number;
  uniques: number;
  botClicks: number;
}

/**
 * A page of a link's click log, oldest hour first, from `afterHour` (exclusive): keyset paging
 * on the rollup's primary key, so each page is one indexed range read whatever the log's length.
 */
export async function listClickLogPage(db: D1Database, linkId: string, afterHour: number, limit: number): Promise<ClickLogRow[]> {
  const { results } = await db
    .prepare(
      `SELECT hour, clicks, uniques, bot_clicks FROM click_hourly
       WHERE link_id = ? AND hour > ? ORDER BY hour LIMIT ?`,
    )
    .bind(linkId, afterHour, limit)
    .all<{ hour: number; clicks: number; uniques: number; bot_clicks: number }>();
  return results.map((r) => ({ hour: r.hour, clicks: r.clicks, uniques: r.uniques, botClicks: r.bot_clicks }));
}

export interface AnalyticsTotals {
  /** Human clicks. */
  clicks: number;
  /** Unique visitors, counted per hour and summed. */
  uniques: number;
  /** Clicks by bots, counted apart from `clicks`. */
  botClicks: number;
}

export interface SeriesPoint extends AnalyticsTotals {
  /** Start of the bucket, UTC, ISO 8601. */
  start: string;
}

export interface BreakdownRow {
  value: string;
  clicks: number;
}

export interface Breakdown {
  rows: BreakdownRow[];
  /** Human clicks with a value outside the top rows. */
  other: number;
}

export interface LinkAnalytics {
  range: { start: string; end: string; bucketHours: 1 | 24 };
  totals: AnalyticsTotals;
  series: SeriesPoint[];
  breakdowns: Record<ClickDimension, Breakdown>;
}

export const BREAKDOWN_TOP = 10;

type TotalsRow = { clicks: number | null; uniques: number | null; bot_clicks: number | null };

/** Totals, time series and breakdowns of one link over a period, in one batch. */
export async function getLinkAnalytics(
  db: D1Database,
  linkId: string,
  period: AnalyticsPeriod,
  now = Date.now(),
  top = BREAKDOWN_TOP,
): Promise<LinkAnalytics> {
  return getLinkAnalyticsInRange(db, linkId, periodRange(period, now), now, top);
}

/** Totals, time series and breakdowns of one link over any range of whole hours (or UTC days), in one batch. */
export async function getLinkAnalyticsInRange(
  db: D1Database,
  linkId: string,
  range: PeriodRange,
  now = Date.now(),
  top = BREAKDOWN_TOP,
): Promise<LinkAnalytics> {
  const { startHour, endHour, bucketHours } = range;
  const [totalsResult, seriesResult, dimensionsResult] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT SUM(clicks) AS clicks, SUM(uniques) AS uniques, SUM(bot_clicks) AS bot_clicks FROM click_hourly
         WHERE link_id = ? AND hour BETWEEN ? AND ?`,
      )
      .bind(linkId, startHour, endHour),
    db
      .prepare(
        `SELECT hour / CAST(? AS INTEGER) AS bucket, SUM(clicks) AS clicks, SUM(uniques) AS uniques, SUM(bot_clicks) AS bot_clicks FROM click_hourly
         WHERE link_id = ? AND hour BETWEEN ? AND ? GROUP BY bucket ORDER BY bucket`,
      )
      .bind(bucketHours, linkId, startHour, endHour),
    breakdownStatement(db, linkId, range, top),
  ]);

  const t = (totalsResult!.results[0] ?? {}) as TotalsRow;
  const totals: AnalyticsTotals = { clicks: t.clicks ?? 0, uniques: t.uniques ?? 0, botClicks: t.bot_clicks ?? 0 };

  return {
    range: rangeOf(range, now),
    totals,
    series: zeroFill(range, seriesResult!.results as (TotalsRow & { bucket: number })[]),
    breakdowns: breakdownsOf(dimensionsResult!.results as { dimension: ClickDimension; value: string; clicks: number }[], totals.clicks),
  };
}

/**
 * Top values per dimension. A range of whole days (7 and 30 days) reads the daily rollup, which
 * holds the same sums in 24 times fewer rows; hourly ranges read the hourly one.
 */
function breakdownStatement(db: D1Database, linkId: string, range: PeriodRange, top: number): D1PreparedStatement {
  const [table, column, from, to] =
    range.bucketHours === 24
      ? ["click_dimensions_daily", "day", range.firstBucket, range.lastBucket]
      : ["click_dimensions", "hour", range.startHour, range.endHour];
  return db
    .prepare(
      `SELECT dimension, value, clicks FROM (
         SELECT dimension, value, SUM(clicks) AS clicks,
                ROW_NUMBER() OVER (PARTITION BY dimension ORDER BY SUM(clicks) DESC, value) AS place
         FROM ${table} WHERE link_id = ? AND ${column} BETWEEN ? AND ? GROUP BY dimension, value HAVING SUM(clicks) > 0
       ) WHERE place <= ? ORDER BY dimension, clicks DESC, value`,
    )
    .bind(linkId, from, to, top);
}

function rangeOf(range: PeriodRange, now: number): LinkAnalytics["range"] {
  return { start: new Date(range.startHour * HOUR_MS).toISOString(), end: new Date(now).toISOString(), bucketHours: range.bucketHours };
}

/** One point per bucket of the range, oldest first; buckets without clicks are zeros. */
function zeroFill(range: PeriodRange, rows: readonly (TotalsRow & { bucket: number })[]): SeriesPoint[] {
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const series: SeriesPoint[] = [];
  for (let bucket = range.firstBucket; bucket <= range.lastBucket; bucket++) {
    const row = byBucket.get(bucket);
    series.push({
      start: new Date(bucket * range.bucketHours * HOUR_MS).toISOString(),
      clicks: row?.clicks ?? 0,
      uniques: row?.uniques ?? 0,
      botClicks: row?.bot_clicks ?? 0,
    });
  }
  return series;
}

function breakdownsOf(rows: readonly { dimension: ClickDimension; value: string; clicks: number }[], humanClicks: number) {
  const breakdowns = Object.fromEntries(CLICK_DIMENSIONS.map((d): [ClickDimension, Breakdown] => [d, { rows: [], other: 0 }])) as Record<
    ClickDimension,
    Breakdown
  >;
  for (const row of rows) breakdowns[row.dimension]?.rows.push({ value: row.value, clicks: row.clicks });
  // Every human click has a value in every dimension but `route` (only routed links' clicks have
  // one), so what the top rows leave out is the rest.
  for (const [dimension, breakdown] of Object.entries(breakdowns)) {
    if (dimension === "route") continue;
    const shown = breakdown.rows.reduce((sum, row) => sum + row.clicks, 0);
    breakdown.other = Math.max(0, humanClicks - shown);
  }
  return breakdowns;
}

/** Buckets of the REST API's timeline. Weeks start on Monday (UTC); months are calendar months (UTC). */
export type TimelineInterval = "hour" | "day" | "week" | "month";

/** Hours before the epoch's first Monday (1970-01-05 is 96 hours after the Thursday epoch). */
const WEEK_OFFSET_HOURS = 72;

export interface TimelinePoint extends AnalyticsTotals {
  start: string;
}

function bucketExpression(interval: TimelineInterval): string {
  switch (interval) {
    case "hour":
      return "hour";
    case "day":
      return "hour / 24";
    case "week":
      return `(hour + ${WEEK_OFFSET_HOURS}) / 168`;
    case "month":
      return "strftime('%Y-%m', hour * 3600, 'unixepoch')";
  }
}

/** The start of each bucket from `fromHour` to `toHour`, in order, with its key as the query groups it. */
function timelineBuckets(interval: TimelineInterval, fromHour: number, toHour: number): { key: string; start: Date }[] {
  const buckets: { key: string; start: Date }[] = [];
  if (interval === "month") {
    const from = new Date(fromHour * HOUR_MS);
    const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    while (cursor.getTime() <= toHour * HOUR_MS) {
      buckets.push({ key: cursor.toISOString().slice(0, 7), start: new Date(cursor) });
      cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    }
    return buckets;
  }
  const size = interval === "hour" ? 1 : interval === "day" ? 24 : 168;
  const offset = interval === "week" ? WEEK_OFFSET_HOURS : 0;
  for (let bucket = Math.floor((fromHour + offset) / size); bucket <= Math.floor((toHour + offset) / size); bucket++) {
    buckets.push({ key: String(bucket), start: new Date((bucket * size - offset) * HOUR_MS) });
  }
  return buckets;
}

/** Clicks of one link per bucket from `fromHour` to `toHour` (epoch hours, inclusive), zero-filled, from click_hourly. */
export async function getLinkTimeline(
  db: D1Database,
  linkId: string,
  interval: TimelineInterval,
  fromHour: number,
  toHour: number,
): Promise<TimelinePoint[]> {
  const { results } = await db
    .prepare(
      `SELECT CAST(${bucketExpression(interval)} AS TEXT) AS bucket, SUM(clicks) AS clicks, SUM(uniques) AS uniques, SUM(bot_clicks) AS bot_clicks
       FROM click_hourly WHERE link_id = ? AND hour BETWEEN ? AND ? GROUP BY bucket`,
    )
    .bind(linkId, fromHour, toHour)
    .all<TotalsRow & { bucket: string }>();
  const byKey = new Map(results.map((row) => [row.bucket, row]));
  return timelineBuckets(interval, fromHour, toHour).map(({ key, start }) => {
    const row = byKey.get(key);
    return { start: start.toISOString(), clicks: row?.clicks ?? 0, uniques: row?.uniques ?? 0, botClicks: row?.bot_clicks ?? 0 };
  });
}
