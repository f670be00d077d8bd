// The analytics report (db/analytics.server.ts) over seeded rollups, with the real D1 inside workerd.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findOwnedLink, getLinkAnalytics, getLinkTimeline } from "../../db/analytics.server";
import { buildClickStatements, type CountedClick } from "../../db/clicks.server";
import { HOUR_MS } from "../../domain/analytics";

const DB = (env as unknown as { DB: D1Database }).DB;
/** 2026-11-20 12:30 UTC. */
const NOW = Date.UTC(2026, 10, 20, 12, 30);
const NOW_HOUR = Math.floor(NOW / HOUR_MS);

async function seedHourly(linkId: string, rows: [hour: number, clicks: number, uniques: number, bots: number][]) {
  await DB.batch(
    rows.map(([hour, clicks, uniques, bots]) =>
      DB.prepare("INSERT INTO click_hourly (link_id, hour, clicks, uniques, bot_clicks) VALUES (?, ?, ?, ?, ?)").bind(
        linkId,
        hour,
        clicks,
        uniques,
        bots,
      ),
    ),
  );
}

async function seedDimension(linkId: string, dimension: string, rows: [hour: number, value: string, clicks: number][]) {
  await DB.batch(
    rows.map(([hour, value, clicks]) =>
      DB.prepare("INSERT INTO click_dimensions (link_id, hour, dimension, value, clicks) VALUES (?, ?, ?, ?, ?)").bind(
        linkId,
        hour,
        dimension,
        value,
        clicks,
      ),
    ),
  );
}

describe("link analytics from the rollups", () => {
  it("counts only the hours of the last 24 hours and zero-fills one bucket per hour, oldest first", async () => {
    const link = crypto.randomUUID();
    await seedHourly(link, [
      [NOW_HOUR, 5, 4, 1],
      [NOW_HOUR - 3, 2, 2, 0],
      [NOW_HOUR - 24, 7, 6, 2], // the first bucket: 11:00 yesterday, partly inside the last 24 hours
      [NOW_HOUR - 25, 100, 100, 100], // before the period
      [NOW_HOUR + 1, 100, 100, 100], // not yet
    ]);
    const report = await getLinkAnalytics(DB, link, "last_24_hour", NOW);
    expect(report.totals).toEqual({ clicks: 14, uniques: 12, botClicks: 3 });
    expect(report.series).toHaveLength(25);
    expect(report.series[0]).toEqual({ start: "2026-11-19T12:00:00.000Z", clicks: 7, uniques: 6, botClicks: 2 });
    expect(report.series.at(-1)).toEqual({ start: "2026-11-20T12:00:00.000Z", clicks: 5, uniques: 4, botClicks: 1 });
    expect(report.series[21]).toEqual({ start: "2026-11-20T09:00:00.000Z", clicks: 2, uniques: 2, botClicks: 0 });
    expect(report.series.filter((p) => p.clicks === 0)).toHaveLength(22);
    const starts = report.series.map((p) => Date.parse(p.start));
    expect(starts.every((s, i) => i === 0 || s - starts[i - 1]! === HOUR_MS)).toBe(true);
    expect(report.range).toEqual({ start: "2026-11-19T12:00:00.000Z", end: new Date(NOW).toISOString(), bucketHours: 1 });
  });

  it("the last hour is the previous and the current hour", async () => {
    const link = crypto.randomUUID();
    await seedHourly(link, [
      [NOW_HOUR, 1, 1, 0],
      [NOW_HOUR - 1, 2, 1, 1],
      [NOW_HOUR - 2, 50, 50, 50],
    ]);
    const report = await getLinkAnalytics(DB, link, "last_1_hour", NOW);
    expect(report.totals).toEqual({ clicks: 3, uniques: 2, botClicks: 1 });
    expect(report.series.map((p) => [p.start, p.clicks])).toEqual([
      ["2026-11-20T11:00:00.000Z", 2],
      ["2026-11-20T12:00:00.000Z", 1],
    ]);
  });

  it("sums hours into UTC days for 7 and 30 days, zero-filled, over many seeded hours", async () => {
    const link = crypto.randomUUID();
    // One click every hour for 40 days back, and one bot click every 6 hours.
    const rows: [number, number, number, number][] = [];
    for (let h = NOW_HOUR - 40 * 24; h <= NOW_HOUR; h++) rows.push([h, 1, 1, h % 6 === 0 ? 1 : 0]);
    for (let i = 0; i < rows.length; i += 50) await seedHourly(link, rows.slice(i, i + 50));
    // And nothing at all on 2026-11-15.
    const day15 = Date.UTC(2026, 10, 15) / HOUR_MS;
    await DB.prepare("DELETE FROM click_hourly WHERE link_id = ? AND hour BETWEEN ? AND ?")
      .bind(link, day15, day15 + 23)
      .run();

    const week = await getLinkAnalytics(DB, link, "last_7_days", NOW);
    expect(week.series.map((p) => p.start.slice(0, 10))).toEqual([
      "2026-11-13",
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(week.series.map((p) => p.clicks)).toEqual([24, 24, 0, 24, 24, 24, 24, 13]);
    expect(week.series.map((p) => p.botClicks)).toEqual([4, 4, 0, 4, 4, 4, 4, 3]);
    expect(week.totals.clicks).toBe(24 * 6 + 13);
    expect(week.range.bucketHours).toBe(24);

    const month = await getLinkAnalytics(DB, link, "last_30_days", NOW);
    expect(month.series).toHaveLength(31);
    expect(month.series[0]!.start).toBe("2026-10-21T00:00:00.000Z");
    expect(month.series.at(-1)!.start).toBe("2026-11-20T00:00:00.000Z");
    expect(month.totals.clicks).toBe(30 * 24 - 24 + 13);
  });

  it("breakdowns keep the top values per dimension within the period, the rest counted as other", async () => {
    const link = crypto.randomUUID();
    await seedHourly(link, [
      [NOW_HOUR, 10, 10, 0],
      [NOW_HOUR - 2, 6, 6, 0],
    ]);
    await seedDimension(link, "country", [
      [NOW_HOUR, "DE", 6],
      [NOW_HOUR - 2, "DE", 2],
      [NOW_HOUR, "US", 3],
      [NOW_HOUR - 2, "FR", 4],
      [NOW_HOUR, "NL", 1],
      [NOW_HOUR - 48, "JP", 99], // outside the period
    ]);
    await seedDimension(link, "browser", [
      [NOW_HOUR, "Firefox", 10],
      [NOW_HOUR - 2, "Chrome", 6],
    ]);
    const report = await getLinkAnalytics(DB, link, "last_24_hour", NOW, 3);
    expect(report.breakdowns.country).toEqual({
      rows: [
        { value: "DE", clicks: 8 },
        { value: "FR", clicks: 4 },
        { value: "US", clicks: 3 },
      ],
      other: 1,
    });
    expect(report.breakdowns.browser.rows).toEqual([
      { value: "Firefox", clicks: 10 },
      { value: "Chrome", clicks: 6 },
    ]);
    expect(report.breakdowns.referrer).toEqual({ rows: [], other: 16 });
  });

  it("an empty link reports zeros, not gaps", async () => {
    const report = await getLinkAnalytics(DB, crypto.randomUUID(), "last_7_days", NOW);
    expect(report.totals).toEqual({ clicks: 0, uniques: 0, botClicks: 0 });
    expect(report.series).toHaveLength(8);
    expect(report.series.every((p) => p.clicks === 0 && p.uniques === 0 && p.botClicks === 0)).toBe(true);
    expect(report.breakdowns.country).toEqual({ rows: [], other: 0 });
  });

  it("finds a link only for its owner, and not once deleted", async () => {
    const id = crypto.randomUUID();
    const alias = `a${id.slice(0, 8)}`;
    // The owner's personal workspace (id = the user's id) is made with the user.
    await DB.prepare(
      "INSERT OR IGNORE INTO users (id, name, email, created_at, updated_at) VALUES ('owner', 'Owner', 'owner@example.com', 1, 1)",
    ).run();
    await DB.prepare(
      "INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at) VALUES (?, 'snip.test', ?, 'https://example.com/', 'active', 'owner', 'owner', 1, 1)",
    )
      .bind(id, alias)
      .run();
    expect(await findOwnedLink(DB, { workspaceId: "owner", domain: "SNIP.test", alias })).toMatchObject({
      id,
      alias,
      url: "https://example.com/",
    });
    expect(await findOwnedLink(DB, { workspaceId: "someone-else", domain: "snip.test", alias })).toBeNull();
    expect(await findOwnedLink(DB, { workspaceId: "owner", domain: "other.test", alias })).toBeNull();
    await DB.prepare("UPDATE links SET status = 'deleted' WHERE id = ?").bind(id).run();
    expect(await findOwnedLink(DB, { workspaceId: "owner", domain: "snip.test", alias })).toBeNull();
  });

  // How fast this answers is measured by `npm run bench`, not here; this checks the figures over a big link.
  it("reports a link with about a million clicks correctly from the rollups", async () => {
    const link = crypto.randomUUID();
    const first = NOW_HOUR - 30 * 24;
    // 721 hours of ~1,400 clicks each, and 40 values per dimension and hour: 173,040 breakdown rows.
    await DB.prepare(
      `WITH RECURSIVE h(hour) AS (SELECT ? UNION ALL SELECT hour + 1 FROM h WHERE hour < ?)
       INSERT INTO click_hourly (link_id, hour, clicks, uniques, bot_clicks) SELECT ?, hour, 1400, 900, 50 FROM h`,
    )
      .bind(first, NOW_HOUR, link)
      .run();
    await DB.prepare(
      `WITH RECURSIVE h(hour) AS (SELECT ? UNION ALL SELECT hour + 1 FROM h WHERE hour < ?),
            v(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM v WHERE n < 40),
            d(dimension) AS (VALUES ('country'), ('referrer'), ('device'), ('browser'), ('os'), ('language'))
       INSERT INTO click_dimensions (link_id, hour, dimension, value, clicks)
       SELECT ?, hour, dimension, 'v' || n, 35 FROM h, v, d`,
    )
      .bind(first, NOW_HOUR, link)
      .run();
    const report = await getLinkAnalytics(DB, link, "last_30_days", NOW);
    expect(report.totals.clicks).toBe(1400 * 721); // every seeded hour lies within the 31 days covered
    expect(report.series).toHaveLength(31);
    expect(report.breakdowns.country.rows).toHaveLength(10);
    const day = await getLinkAnalytics(DB, link, "last_24_hour", NOW);
    expect(day.totals.clicks).toBe(1400 * 25);
  }, 60_000);

  it("the daily breakdowns stay equal to the hourly ones as the consumer writes (insert and upsert)", async () => {
    const link = crypto.randomUUID();
    const click = (hour: number, country: string): CountedClick => ({
      id: crypto.randomUUID(),
      linkId: link,
      at: hour * HOUR_MS,
      hour,
      country,
      referrer: "(direct)",
      device: "desktop",
      browser: "Firefox",
      os: "Linux",
      language: "en",
      isBot: false,
      visitor: crypto.randomUUID(),
    });
    const dayStart = Math.floor(NOW_HOUR / 24) * 24;
    await DB.batch(buildClickStatements(DB, [click(dayStart, "DE"), click(dayStart + 1, "DE"), click(dayStart + 1, "US")]));
    await DB.batch(buildClickStatements(DB, [click(dayStart + 1, "DE"), click(dayStart - 1, "DE")])); // the upsert path, and yesterday
    const daily = await DB.prepare(
      "SELECT day, value, clicks FROM click_dimensions_daily WHERE link_id = ? AND dimension = 'country' ORDER BY day, value",
    )
      .bind(link)
      .all<{ day: number; value: string; clicks: number }>();
    expect(daily.results).toEqual([
      { day: dayStart / 24 - 1, value: "DE", clicks: 1 },
      { day: dayStart / 24, value: "DE", clicks: 3 },
      { day: dayStart / 24, value: "US", clicks: 1 },
    ]);
    const week = await getLinkAnalytics(DB, link, "last_7_days", NOW);
    expect(week.breakdowns.country.rows).toEqual([
      { value: "DE", clicks: 4 },
      { value: "US", clicks: 1 },
    ]);
    expect(week.breakdowns.country.other).toBe(0);
  });
});

describe("the REST API's timeline (GET /analytics/timeline)", () => {
  const hourOf = (iso: string) => Date.parse(iso) / HOUR_MS;

  it("weeks start on Monday (UTC) and months are calendar months, zero-filled, in order", async () => {
    const link = crypto.randomUUID();
    await seedHourly(link, [
      [hourOf("2026-10-31T23:00:00Z"), 1, 1, 0], // Saturday, October
      [hourOf("2026-11-01T00:00:00Z"), 2, 2, 0], // Sunday, November: the same week
      [hourOf("2026-11-02T00:00:00Z"), 4, 3, 1], // Monday: a new week
      [hourOf("2026-11-20T12:00:00Z"), 8, 8, 0],
    ]);
    const from = hourOf("2026-10-26T00:00:00Z");
    const to = hourOf("2026-11-22T23:00:00Z");

    const weeks = await getLinkTimeline(DB, link, "week", from, to);
    expect(weeks.map((w) => [w.start, w.clicks])).toEqual([
      ["2026-10-26T00:00:00.000Z", 3],
      ["2026-11-02T00:00:00.000Z", 4],
      ["2026-11-09T00:00:00.000Z", 0],
      ["2026-11-16T00:00:00.000Z", 8],
    ]);
    const months = await getLinkTimeline(DB, link, "month", from, to);
    expect(months.map((m) => [m.start, m.clicks, m.botClicks])).toEqual([
      ["2026-10-01T00:00:00.000Z", 1, 0],
      ["2026-11-01T00:00:00.000Z", 14, 1],
    ]);
    const days = await getLinkTimeline(DB, link, "day", from, to);
    expect(days).toHaveLength(28);
    expect(days.reduce((sum, d) => sum + d.clicks, 0)).toBe(15);
    const hours = await getLinkTimeline(DB, link, "hour", hourOf("2026-11-20T10:00:00Z"), hourOf("2026-11-20T13:00:00Z"));
    expect(hours.map((h) => h.clicks)).toEqual([0, 0, 8, 0]);
  });
});
