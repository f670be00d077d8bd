import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { CLICK_MESSAGE_RETENTION_MS } from "../../db/clicks.server";
import type { ClickBatchMessage, ClickEvent, ClickPayload } from "../../domain/events";
import worker from "../../workers/queue/index";
import { clickRetryDelaySeconds } from "../../workers/queue/src/clicks";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const HOUR = 3_600_000;
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

function click(linkId: string, payload: Partial<ClickPayload> = {}, id = crypto.randomUUID()): ClickEvent {
  return {
    id,
    payload: {
      linkId,
      at: Date.UTC(2026, 10, 20, 12, 30),
      country: "DE",
      referrer: "https://news.example/post",
      userAgent: FIREFOX,
      acceptLanguage: "de-DE,de;q=0.9",
      ip: "203.0.113.7",
      ...payload,
    },
  };
}

/** One queue message carrying these clicks, as the edge packs them. */
function message(...clicks: ClickEvent[]): ClickBatchMessage {
  return { type: "clicks", v: 1, id: crypto.randomUUID(), payload: { clicks } };
}

let seq = 0;
async function deliver(bodies: unknown[], queue = "snip-clicks", attempts = 1, env: QueueEnv = testEnv) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `m${++seq}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env, ctx);
  return { batch, result: await getQueueResult(batch, ctx) };
}

async function hourly(linkId: string) {
  return testEnv.DB.prepare("SELECT hour, clicks, uniques, bot_clicks FROM click_hourly WHERE link_id = ? ORDER BY hour")
    .bind(linkId)
    .all<{ hour: number; clicks: number; uniques: number; bot_clicks: number }>()
    .then((r) => r.results);
}

async function breakdown(linkId: string, dimension: string) {
  const rows = await testEnv.DB.prepare(
    "SELECT value, SUM(clicks) AS clicks FROM click_dimensions WHERE link_id = ? AND dimension = ? GROUP BY value",
  )
    .bind(linkId, dimension)
    .all<{ value: string; clicks: number }>();
  return Object.fromEntries(rows.results.map((r) => [r.value, r.clicks]));
}

describe("click batches", () => {
  it("rolls clicks up per link and hour, with unique visitors and breakdowns, in one batch", async () => {
    const link = crypto.randomUUID();
    const { result } = await deliver([
      message(click(link), click(link) /* same visitor again */),
      message(click(link, { ip: "198.51.100.4", userAgent: IPHONE, country: "US", referrer: null, acceptLanguage: "en-US" })),
    ]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toHaveLength(0);
    const hour = Math.floor(Date.UTC(2026, 10, 20, 12, 30) / HOUR);
    expect(await hourly(link)).toEqual([{ hour, clicks: 3, uniques: 2, bot_clicks: 0 }]);
    expect(await breakdown(link, "country")).toEqual({ DE: 2, US: 1 });
    expect(await breakdown(link, "referrer")).toEqual({ "news.example": 2, "(direct)": 1 });
    expect(await breakdown(link, "device")).toEqual({ desktop: 2, mobile: 1 });
    expect(await breakdown(link, "browser")).toEqual({ Firefox: 2, "Mobile Safari": 1 });
    expect(await breakdown(link, "os")).toEqual({ Windows: 2, iOS: 1 });
    expect(await breakdown(link, "language")).toEqual({ de: 2, en: 1 });
  });

  it("counts a returning visitor once per hour across batches, and again in a new hour", async () => {
    const link = crypto.randomUUID();
    await deliver([message(click(link))]);
    await deliver([message(click(link))]);
    await deliver([message(click(link, { at: Date.UTC(2026, 10, 20, 13, 5) }))]);
    const rows = await hourly(link);
    expect(rows.map((r) => [r.clicks, r.uniques])).toEqual([
      [2, 1],
      [1, 1],
    ]);
  });

  it("outside local runs without VISITOR_SALT, clicks are counted but no unique visitors, and the log says why", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const link = crypto.randomUUID();
    const production = { ...testEnv, LOCAL_DEV: undefined, VISITOR_SALT: undefined };
    const { result } = await deliver([message(click(link), click(link, { ip: "198.51.100.9" }))], "snip-clicks", 1, production);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await hourly(link)).map((r) => [r.clicks, r.uniques])).toEqual([[2, 0]]);
    expect(await breakdown(link, "country")).toEqual({ DE: 2 });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("VISITOR_SALT is not set"));
    errors.mockRestore();
  });

  it("counts bots apart: not in clicks, uniques or breakdowns", async () => {
    const link = crypto.randomUUID();
    await deliver([
      message(
        click(link, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
        click(link, { userAgent: null }),
        click(link),
      ),
    ]);
    expect((await hourly(link)).map((r) => [r.clicks, r.uniques, r.bot_clicks])).toEqual([[1, 1, 2]]);
    expect(await breakdown(link, "country")).toEqual({ DE: 1 });
  });

  it("counts a duplicate delivery of a message once, in another batch or in the same one", async () => {
    const link = crypto.randomUUID();
    const twice = message(click(link), click(link, { ip: "198.51.100.1" }));
    const first = await deliver([twice, twice, message(click(link))]);
    const again = await deliver([twice]);
    expect(first.result.explicitAcks).toHaveLength(3);
    expect(again.result.explicitAcks).toHaveLength(1);
    expect(again.result.retryMessages).toEqual([]);
    expect((await hourly(link)).map((r) => [r.clicks, r.uniques])).toEqual([[3, 2]]);
    const marked = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM click_messages WHERE id = ?").bind(twice.id).first<{ n: number }>();
    expect(marked?.n).toBe(1);
  });

  it("adds nothing when a copy of the message is counted by another consumer while it works, and acks it", async () => {
    const link = crypto.randomUUID();
    const racing = message(click(link));
    // The other consumer commits between this one's look-up and its write.
    const db = testEnv.DB;
    const racedDb = new Proxy(db, {
      get(target, key) {
        if (key === "batch")
          return async (statements: D1PreparedStatement[]) => {
            await db.prepare("INSERT OR IGNORE INTO click_messages (id, counted_at) VALUES (?, ?)").bind(racing.id, Date.now()).run();
            return db.batch(statements);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { result } = await deliver([racing], "snip-clicks", 1, { ...testEnv, DB: racedDb });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(await hourly(link)).toEqual([]);
  });

  it("writes each newly counted click to the raw click log, and nothing for a redelivery", async () => {
    const link = crypto.randomUUID();
    const points: AnalyticsEngineDataPoint[] = [];
    const env = { ...testEnv, CLICK_LOG: { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) } };
    const human = click(link, { country: "FR" });
    const body = message(human, click(link, { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }));
    await deliver([body], "snip-clicks", 1, env);
    await deliver([body], "snip-clicks", 1, env);
    expect(points).toHaveLength(2);
    expect(points[0]).toEqual({
      indexes: [link],
      blobs: [human.id, "FR", "news.example", "desktop", "Firefox", "Windows", "de"],
      doubles: [human.payload.at, 0],
    });
    expect(points[1]!.doubles).toEqual([human.payload.at, 1]);
  });

  it("forgets counted message ids after the retention, on the hourly cron", async () => {
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    const now = Date.now();
    await testEnv.DB.batch([
      testEnv.DB.prepare("INSERT INTO click_messages (id, counted_at) VALUES (?, ?)").bind(old, now - CLICK_MESSAGE_RETENTION_MS - 1),
      testEnv.DB.prepare("INSERT INTO click_messages (id, counted_at) VALUES (?, ?)").bind(recent, now - 60_000),
    ]);
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), testEnv);
    const left = await testEnv.DB.prepare("SELECT id FROM click_messages WHERE id IN (?, ?)").bind(old, recent).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([recent]);
  });

  it("retries a poison message with backoff while the rest of the batch is acked", async () => {
    const link = crypto.randomUUID();
    const { batch, result } = await deliver([
      message(click(link)),
      { type: "clicks", v: 1, id: "x", payload: { clicks: [{ id: "y", payload: "garbage" }] } },
      message(click(link)),
    ]);
    const ids = batch.messages.map((m) => m.id);
    expect(result.explicitAcks.sort()).toEqual([ids[0], ids[2]].sort());
    expect(result.retryMessages.map((r) => r.msgId)).toEqual([ids[1]]);
    expect((await hourly(link)).map((r) => r.clicks)).toEqual([2]);
  });

  it("backs off exponentially between retries, up to five minutes", () => {
    expect([1, 2, 3, 4, 10].map(clickRetryDelaySeconds)).toEqual([5, 10, 20, 40, 300]);
  });

  it("keeps what reaches the dead-letter queue, and acks it", async () => {
    const { batch, result } = await deliver([{ nonsense: true }], "snip-clicks-dlq");
    expect(result.ackAll).toBe(true);
    const row = await testEnv.DB.prepare("SELECT queue, body FROM dead_letters WHERE id = ?").bind(batch.messages[0]!.id).first();
    expect(row).toEqual({ queue: "snip-clicks-dlq", body: '{"nonsense":true}' });
  });

  it("counts a full batch (10 messages of 100 clicks) in one db.batch within D1's bound-parameter limit", async () => {
    const link = crypto.randomUUID();
    const messages = Array.from({ length: 10 }, (_, m) =>
      message(...Array.from({ length: 100 }, (_, i) => click(link, { ip: `10.${m}.0.${i}`, country: i % 2 ? "FR" : "JP" }))),
    );
    const { result } = await deliver(messages);
    expect(result.explicitAcks).toHaveLength(10);
    expect((await hourly(link)).map((r) => [r.clicks, r.uniques])).toEqual([[1000, 1000]]);
    expect(await breakdown(link, "country")).toEqual({ FR: 500, JP: 500 });
  });
});
