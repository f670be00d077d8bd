/**
 * Click rollups. Everything for one queue batch is one `db.batch` (one transaction):
 * the raw rows (whose primary key is the event id), hourly clicks and unique visitors,
 * bot clicks apart, and the breakdowns. Statements stay within D1's 100 bound parameters.
 */
import type { ClickFacts } from "../domain/click-facts";

const MAX_PARAMS = 100;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Which of these event ids are already counted. */
export async function findCountedClickIds(db: D1Database, ids: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const part of chunk(ids, MAX_PARAMS)) {
    const rows = await db
      .prepare(`SELECT id FROM clicks WHERE id IN (${part.map(() => "?").join(",")})`)
      .bind(...part)
      .all<{ id: string }>();
    for (const row of rows.results) seen.add(row.id);
  }
  return seen;
}

export type CountedClick = ClickFacts & { id: string };

/** The statements that count these clicks; run them in one `db.batch`. */
export function buildClickStatements(db: D1Database, clicks: readonly CountedClick[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];

  // Raw log: 10 columns, 10 rows a statement.
  for (const part of chunk(clicks, Math.floor(MAX_PARAMS / 10))) {
    statements.push(
      db
        .prepare(
          `INSERT INTO clicks (id, link_id, at, country, referrer_host, device, browser, os, language, is_bot) VALUES ${part
            .map(() => "(?,?,?,?,?,?,?,?,?,?)")
            .join(",")}`,
        )
        .bind(...part.flatMap((c) => [c.id, c.linkId, c.at, c.country, c.referrer, c.device, c.browser, c.os, c.language, c.isBot ? 1 : 0])),
    );
  }

  // Hourly: per (link, hour) group, insert the new visitors, then add clicks and changes() as new uniques.
  const groups = new Map<string, { linkId: string; hour: number; humans: number; bots: number; visitors: Set<string> }>();
  for (const c of clicks) {
    const key = `${c.linkId}|${c.hour}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { linkId: c.linkId, hour: c.hour, humans: 0, bots: 0, visitors: new Set() }));
    if (c.isBot) group.bots++;
    else {
      group.humans++;
      group.visitors.add(c.visitor);
    }
  }
  const upsertHourly = `INSERT INTO click_hourly (link_id, hour, clicks, uniques, bot_clicks) VALUES (?, ?, ?, changes(), ?)
    ON CONFLICT (link_id, hour) DO UPDATE SET clicks = clicks + excluded.clicks, uniques = uniques + excluded.uniques, bot_clicks = bot_clicks + excluded.bot_clicks`;
  const upsertHourlyNoVisitors = upsertHourly.replace("changes()", "0");
  for (const group of groups.values()) {
    const visitorChunks = chunk([...group.visitors], Math.floor(MAX_PARAMS / 3));
    if (visitorChunks.length === 0) {
      statements.push(db.prepare(upsertHourlyNoVisitors).bind(group.linkId, group.hour, group.humans, group.bots));
      continue;
    }
    visitorChunks.forEach((visitors, i) => {
      statements.push(
        db
          .prepare(`INSERT OR IGNORE INTO click_visitors (link_id, hour, visitor) VALUES ${visitors.map(() => "(?,?,?)").join(",")}`)
          .bind(...visitors.flatMap((v) => [group.linkId, group.hour, v])),
      );
      // changes() is the number of visitors the statement just above inserted: the new uniques.
      statements.push(db.prepare(upsertHourly).bind(group.linkId, group.hour, i === 0 ? group.humans : 0, i === 0 ? group.bots : 0));
    });
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
    ] as const) {
      const key = `${c.linkId}|${c.hour}|${dimension}|${value}`;
      const row = dims.get(key);
      if (row) row[4]++;
      else dims.set(key, [c.linkId, c.hour, dimension, value, 1]);
    }
  }
  for (const part of chunk([...dims.values()], Math.floor(MAX_PARAMS / 5))) {
    statements.push(
      db
        .prepare(
          `INSERT INTO click_dimensions (link_id, hour, dimension, value, clicks) VALUES ${part.map(() => "(?,?,?,?,?)").join(",")}
           ON CONFLICT (link_id, hour, dimension, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
        )
        .bind(...part.flat()),
    );
  }
  return statements;
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
