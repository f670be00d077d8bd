/**
 * Clicks options (issue 20, docs/decisions/038): past its owner's max_trackable_clicks a link's
 * clicks are not counted; an exempt link is; a redelivery still counts once.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setClicksUnlimited } from "../../db/clicks.server";
import { getPlan } from "../../domain/plans";
import type { QueueEnv } from "../../workers/queue/src/env";
import { click, clicksMessage as message, deliverBatch, insertTrackedLink, userOnPlan as user } from "./seed";

const testEnv = env as unknown as QueueEnv;
const FREE_LIMIT = getPlan("free").options.max_trackable_clicks!;
const BOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

const deliver = (bodies: unknown[], queueEnv: QueueEnv = testEnv) => deliverBatch("snip-clicks", bodies, queueEnv);

/** A link of this user's personal workspace that has already counted `tracked` clicks. */
async function link(owner: string, tracked: number, unlimited = false): Promise<string> {
  const id = crypto.randomUUID();
  return insertTrackedLink({ id, alias: id.slice(0, 12), owner, tracked, unlimited });
}

async function counted(linkId: string) {
  const row = await testEnv.DB.prepare(
    "SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(bot_clicks), 0) AS bots FROM click_hourly WHERE link_id = ?",
  )
    .bind(linkId)
    .first<{ clicks: number; bots: number }>();
  const tracked = await testEnv.DB.prepare("SELECT tracked_clicks FROM links WHERE id = ?").bind(linkId).first<number>("tracked_clicks");
  return { clicks: row!.clicks, bots: row!.bots, tracked };
}

describe("max_trackable_clicks", () => {
  it("counts a free link's clicks (human and bot) up to the plan's limit and none beyond, once per message", async () => {
    const owner = await user(null);
    const id = await link(owner, FREE_LIMIT - 3);
    const first = message(click(id, "203.0.113.1"), click(id, "203.0.113.2", BOT));
    const second = message(click(id, "203.0.113.3"), click(id, "203.0.113.4"), click(id, "203.0.113.5"));
    const result = await deliver([first, second]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toHaveLength(0);
    expect(await counted(id)).toEqual({ clicks: 2, bots: 1, tracked: FREE_LIMIT });

    // At the limit: a later click still is not counted, and a redelivery adds nothing either.
    await deliver([message(click(id, "203.0.113.6")), first]);
    expect(await counted(id)).toEqual({ clicks: 2, bots: 1, tracked: FREE_LIMIT });
  });

  it("counts a full batch spread over 1,200 links: each link's clicks, total and breakdowns exactly", async () => {
    const owner = await user("pro");
    const ids: string[] = [];
    for (let i = 0; i < 1_200; i++) ids.push(crypto.randomUUID());
    await testEnv.DB.prepare(
      `INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, tracked_clicks, clicks_unlimited, created_at, updated_at)
       SELECT value, 'snip.test', substr(value, 1, 13), 'https://example.com/', 'active', ?1, ?1, 7, 0, 1, 1 FROM json_each(?2)`,
    )
      .bind(owner, JSON.stringify(ids))
      .run();
    // Ten messages of 120 clicks, one click per link; a link in three gets a second one (a bot).
    const clicks = ids.map((id, i) => click(id, `10.0.${i >> 8}.${i & 255}`));
    const bots = ids.filter((_, i) => i % 3 === 0).map((id) => click(id, "198.51.100.1", BOT));
    const all = [...clicks, ...bots];
    const messages = Array.from({ length: 10 }, (_, m) => message(...all.slice(m * 160, (m + 1) * 160)));
    const result = await deliver(messages);
    expect(result.explicitAcks).toHaveLength(10);
    const rows = await testEnv.DB.prepare(
      `SELECT l.id, l.tracked_clicks AS tracked, h.clicks, h.uniques, h.bot_clicks AS bots,
         (SELECT SUM(clicks) FROM click_dimensions d WHERE d.link_id = l.id AND d.dimension = 'country' AND d.value = 'DE') AS de,
         (SELECT SUM(clicks) FROM click_dimensions_daily d WHERE d.link_id = l.id AND d.dimension = 'browser') AS daily
       FROM links l LEFT JOIN click_hourly h ON h.link_id = l.id WHERE l.id IN (SELECT value FROM json_each(?))`,
    )
      .bind(JSON.stringify(ids))
      .all<{ id: string; tracked: number; clicks: number; uniques: number; bots: number; de: number; daily: number }>();
    expect(rows.results).toHaveLength(1_200);
    const wrong = rows.results.filter((r) => {
      const bot = ids.indexOf(r.id) % 3 === 0 ? 1 : 0;
      return r.clicks !== 1 || r.uniques !== 1 || r.bots !== bot || r.tracked !== 7 + 1 + bot || r.de !== 1 || r.daily !== 1;
    });
    expect(wrong).toEqual([]);
  });

  it("counts a redelivered message once below the limit", async () => {
    const owner = await user(null);
    const id = await link(owner, 0);
    const once = message(click(id, "203.0.113.1"), click(id, "203.0.113.2"));
    await deliver([once, once]);
    await deliver([once]);
    expect(await counted(id)).toEqual({ clicks: 2, bots: 0, tracked: 2 });
  });

  it("counts an exempt link past the limit, while its plan allows exempt links", async () => {
    const pro = getPlan("pro").options.max_trackable_clicks!;
    const id = await link(await user("pro"), pro - 1, true);
    await deliver([message(click(id, "203.0.113.1"), click(id, "203.0.113.2"), click(id, "203.0.113.3"))]);
    expect(await counted(id)).toEqual({ clicks: 3, bots: 0, tracked: pro + 2 });

    // Back on Free (no exempt links), the mark no longer lifts the limit.
    const downgraded = await link(await user(null), FREE_LIMIT - 1, true);
    await deliver([message(click(downgraded, "203.0.113.1"), click(downgraded, "203.0.113.2"))]);
    expect(await counted(downgraded)).toEqual({ clicks: 1, bots: 0, tracked: FREE_LIMIT });
  });

  it("follows the owner's plan: a Pro link counts past the free limit, up to Pro's", async () => {
    const owner = await user("pro");
    const pro = getPlan("pro").options.max_trackable_clicks!;
    const past = await link(owner, FREE_LIMIT);
    const near = await link(owner, pro - 1);
    await deliver([message(click(past, "203.0.113.1"), click(near, "203.0.113.2"), click(near, "203.0.113.3"))]);
    expect(await counted(past)).toEqual({ clicks: 1, bots: 0, tracked: FREE_LIMIT + 1 });
    expect(await counted(near)).toEqual({ clicks: 1, bots: 0, tracked: pro });
  });

  it("does not count past the limit when another consumer counts the link's clicks meanwhile", async () => {
    const owner = await user(null);
    const id = await link(owner, FREE_LIMIT - 3);
    // Another consumer counts two clicks of the link between this one's read and its write.
    let armed = true;
    const db = new Proxy(testEnv.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (armed && statements.length >= 3) {
              armed = false;
              await target.prepare("UPDATE links SET tracked_clicks = tracked_clicks + 2 WHERE id = ?").bind(id).run();
            }
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const result = await deliver([message(click(id, "203.0.113.1"), click(id, "203.0.113.2"), click(id, "203.0.113.3"))], {
      ...testEnv,
      DB: db,
    });
    expect(result.explicitAcks).toHaveLength(1);
    expect(armed).toBe(false);
    // Its own first write was refused; counted again from the new total, one click fits.
    expect(await counted(id)).toEqual({ clicks: 1, bots: 0, tracked: FREE_LIMIT });
  });
});

describe("links_with_unlimited_clicks", () => {
  it("marks at most the plan's number of a workspace's links exempt, also when requests race", async () => {
    const owner = await user("pro");
    const [a, b, c] = [await link(owner, 0), await link(owner, 0), await link(owner, 0)];
    const mark = (id: string, on = true) => setClicksUnlimited(testEnv.DB, { id, workspaceId: owner }, on, 2);
    expect(await mark(a)).toBe(true);
    expect(await mark(b)).toBe(true);
    expect(await mark(c)).toBe(false);
    expect(await mark(a, false)).toBe(true);
    expect(await mark(c)).toBe(true);
    const exempt = await testEnv.DB.prepare("SELECT id FROM links WHERE workspace_id = ? AND clicks_unlimited = 1 ORDER BY id")
      .bind(owner)
      .all<{ id: string }>();
    expect(exempt.results.map((r) => r.id)).toEqual([b, c].sort());

    // Two requests for the last place: one wins.
    const other = await user("pro");
    const [x, y] = [await link(other, 0), await link(other, 0)];
    const results = await Promise.all([x, y].map((id) => setClicksUnlimited(testEnv.DB, { id, workspaceId: other }, true, 1)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
