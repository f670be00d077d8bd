/**
 * Click rollups. Everything for one queue batch is one `db.batch` (one transaction): the ids of
 * the click messages it counts (what makes a redelivery count once), hourly clicks and unique
 * visitors, bot clicks apart, and the breakdowns. Statements stay within D1's 100 bound
 * parameters. The raw click log is not kept in D1 (docs/decisions/017).
 */
import type { ClickFacts } from "../domain/click-facts";

const MAX_PARAMS = 100;
/**
 * How long a counted message's id is kept. A redelivery comes within minutes (an ack lost, a
 * consumer that failed after its write); a day more than that is margin, not need.
 */
export const CLICK_MESSAGE_RETENTION_MS = 2 * 24 * 3_600_000;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Which of these click message ids are already counted. */
export async function findCountedMessageIds(db: D1Database, ids: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const selects = chunk(ids, MAX_PARAMS).map((part) =>
    db.prepare(`SELECT id FROM click_messages WHERE id IN (${part.map(() => "?").join(",")})`).bind(...part),
  );
  if (selects.length === 0) return seen;
  for (const result of await db.batch<{ id: string }>(selects)) for (const row of result.results) seen.add(row.id);
  return seen;
}

/**
 * Records messages as counted. A plain INSERT: a copy of a message counted concurrently makes the
 * whole batch fail on the primary key, so its clicks are not added a second time (the consumer
 * then finds it counted and acks it).
 */
export function markMessagesCounted(db: D1Database, ids: readonly string[], now: number): D1PreparedStatement[] {
  return chunk(ids, MAX_PARAMS / 2).map((part) =>
    db
      .prepare(`INSERT INTO click_messages (id, counted_at) VALUES ${part.map(() => "(?,?)").join(",")}`)
      .bind(...part.flatMap((id) => [id, now])),
  );
}

/** Forgets counted message ids older than the retention; run by the queue worker's hourly cron. */
export async function pruneCountedMessages(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare("DELETE FROM click_messages WHERE counted_at < ?")
    .bind(now - CLICK_MESSAGE_RETENTION_MS)
    .run();
  return result.meta.changes ?? 0;
}

export type CountedClick = ClickFacts & { id: string };

/**
 * Rows per rollup statement. Each statement binds one parameter, a JSON array of its rows read
 * with json_each (as the bulk import does), not a parameter per value: a batch of 1,000 clicks
 * spread over many links was several hundred statements under D1's 100 bound parameters, and
 * each statement costs the database its own parse and round; now it is a handful (issue 15).
 */
export const ROLLUP_ROWS_PER_STATEMENT = 1_000;

function jsonRows(db: D1Database, sql: string, rows: readonly unknown[][]): D1PreparedStatement[] {
  return chunk(rows, ROLLUP_ROWS_PER_STATEMENT).map((part) => db.prepare(sql).bind(JSON.stringify(part)));
}

/** The rollup statements that count these clicks; run them in one `db.batch` with markMessagesCounted. */
export function buildClickStatements(db: D1Database, clicks: readonly CountedClick[]): D1PreparedStatement[] {
  // Hourly clicks and bot clicks per (link, hour).
  const groups = new Map<string, [string, number, number, number]>();
  const visitors = new Map<string, [string, number, string]>();
  for (const c of clicks) {
    const key = `${c.linkId}|${c.hour}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = [c.linkId, c.hour, 0, 0]));
    if (c.isBot) group[3]++;
    else {
      group[2]++;
      // An empty hash (no VISITOR_SALT configured) counts the click but no unique visitor.
      if (c.visitor !== "") visitors.set(`${key}|${c.visitor}`, [c.linkId, c.hour, c.visitor]);
    }
  }

  // Breakdowns of human clicks.
  const dims = new Map<string, [string, number, string, string, number]>();
  for (const c of clicks) {
    if (c.isBot) continue;
    for (const [dimension, value] of [
      ["country", c.country],
      ["referrer", c.referrer],
      ["device", c.device],
      ["browser", c.browser],
      ["os", c.os],
      ["language", c.language],
      // Only a routed link's clicks name a route (docs/decisions/037).
      ...(c.route == null ? [] : [["route", c.route] as const]),
    ] as const) {
      const key = `${c.linkId}|${c.hour}|${dimension}|${value}`;
      const row = dims.get(key);
      if (row) row[4]++;
      else dims.set(key, [c.linkId, c.hour, dimension, value, 1]);
    }
  }

  return [
    // `WHERE true` keeps SQLite from reading ON CONFLICT as a join's ON.
    ...jsonRows(
      db,
      `INSERT INTO click_hourly (link_id, hour, clicks, uniques, bot_clicks)
       SELECT value ->> 0, value ->> 1, value ->> 2, 0, value ->> 3 FROM json_each(?) WHERE true
       ON CONFLICT (link_id, hour) DO UPDATE SET clicks = clicks + excluded.clicks, bot_clicks = bot_clicks + excluded.bot_clicks`,
      [...groups.values()],
    ),
    // Unique visitors: a visitor new to its link's hour is inserted, and the trigger
    // click_visitors_count_unique adds one to that hour's uniques; one already seen is ignored.
    ...jsonRows(
      db,
      "INSERT OR IGNORE INTO click_visitors (link_id, hour, visitor) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)",
      [...visitors.values()],
    ),
    ...jsonRows(
      db,
      `INSERT INTO click_dimensions (link_id, hour, dimension, value, clicks)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?) WHERE true
       ON CONFLICT (link_id, hour, dimension, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
      [...dims.values()],
    ),
  ];
}

export interface LinkClickTotals {
  clicks: number;
  uniques: number;
  botClicks: number;
}

/** Totals for links from the hourly rollups (never the raw log). */
export async function getClickTotals(db: D1Database, linkIds: readonly string[]): Promise<Map<string, LinkClickTotals>> {
  const totals = new Map<string, LinkClickTotals>();
  for (const part of chunk(linkIds, MAX_PARAMS)) {
    const rows = await db
      .prepare(
        `SELECT link_id, SUM(clicks) AS clicks, SUM(uniques) AS uniques, SUM(bot_clicks) AS bot_clicks FROM click_hourly
         WHERE link_id IN (${part.map(() => "?").join(",")}) GROUP BY link_id`,
      )
      .bind(...part)
      .all<{ link_id: string; clicks: number; uniques: number; bot_clicks: number }>();
    for (const r of rows.results) totals.set(r.link_id, { clicks: r.clicks, uniques: r.uniques, botClicks: r.bot_clicks });
  }
  return totals;
}

// Clicks options (issue 20, docs/decisions/038)

/** What the clicks consumer needs to cap a link's counted clicks: its running total, exemption and workspace. */
export interface LinkClickState {
  tracked: number;
  unlimited: boolean;
  workspace: { kind: "personal" | "team" | "member"; userId: string | null; organizationId: string | null; teamId: string | null } | null;
}

/** The click state of these links, read together with their workspaces (a link not found is absent). */
export async function getLinkClickStates(db: D1Database, linkIds: readonly string[]): Promise<Map<string, LinkClickState>> {
  const states = new Map<string, LinkClickState>();
  const selects = chunk(linkIds, MAX_PARAMS).map((part) =>
    db
      .prepare(
        `SELECT l.id, l.tracked_clicks, l.clicks_unlimited, w.kind, w.user_id, w.organization_id, w.team_id
         FROM links l LEFT JOIN workspaces w ON w.id = l.workspace_id WHERE l.id IN (${part.map(() => "?").join(",")})`,
      )
      .bind(...part),
  );
  if (selects.length === 0) return states;
  type Row = {
    id: string;
    tracked_clicks: number;
    clicks_unlimited: number;
    kind: "personal" | "team" | "member" | null;
    user_id: string | null;
    organization_id: string | null;
    team_id: string | null;
  };
  for (const result of await db.batch<Row>(selects))
    for (const r of result.results)
      states.set(r.id, {
        tracked: r.tracked_clicks,
        unlimited: r.clicks_unlimited === 1,
        workspace: r.kind === null ? null : { kind: r.kind, userId: r.user_id, organizationId: r.organization_id, teamId: r.team_id },
      });
  return states;
}

/**
 * Adds counted clicks to the links' running totals; with `expected`, the batch fails (and is
 * retried) if a link's total moved since it was read, so two consumers racing near a link's limit
 * cannot both count past it. Run in the batch of buildClickStatements.
 */
export function buildTrackedClickStatements(
  db: D1Database,
  perLink: ReadonlyMap<string, number>,
  expected: ReadonlyMap<string, number>,
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const [linkId, tracked] of expected)
    // Inserts a row with a NULL counted_at (refused: NOT NULL) only when the total moved.
    statements.push(
      db
        .prepare("INSERT INTO click_messages (id, counted_at) SELECT ?, NULL FROM links WHERE id = ? AND tracked_clicks <> ?")
        .bind(`tracked-clicks-moved:${linkId}`, linkId, tracked),
    );
  // One statement for the batch's links, not one per link (issue 15).
  const counts = [...perLink].filter(([, count]) => count > 0);
  statements.push(
    ...jsonRows(
      db,
      `UPDATE links SET tracked_clicks = tracked_clicks + v.value ->> 1
       FROM json_each(?) AS v WHERE links.id = v.value ->> 0`,
      counts,
    ),
  );
  return statements;
}

/**
 * Marks a link exempt from max_trackable_clicks (or not). Marking is one conditional statement,
 * so two requests racing cannot pass the workspace's `limit` of exempt links (null: no limit);
 * false when the limit refused it.
 */
export async function setClicksUnlimited(
  db: D1Database,
  link: { id: string; workspaceId: string },
  on: boolean,
  limit: number | null,
  now = Date.now(),
): Promise<boolean> {
  if (!on || limit === null) {
    await db
      .prepare("UPDATE links SET clicks_unlimited = ?, updated_at = ? WHERE id = ?")
      .bind(on ? 1 : 0, now, link.id)
      .run();
    return true;
  }
  const result = await db
    .prepare(
      `UPDATE links SET clicks_unlimited = 1, updated_at = ? WHERE id = ?
       AND (SELECT COUNT(*) FROM links WHERE workspace_id = ? AND clicks_unlimited = 1 AND status != 'deleted') < ?`,
    )
    .bind(now, link.id, link.workspaceId, limit)
    .run();
  return (result.meta.changes ?? 0) > 0;
}
