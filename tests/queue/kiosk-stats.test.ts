/**
 * The kiosk's figures (issue 19 stats pages, decision 045) from what the queue consumer writes:
 * clicks counted into the hourly rollups show in the totals and on their UTC day, per short domain
 * too; a message that reaches a dead-letter queue is counted as a dead letter.
 */
import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { getQueueStats, getTrafficStats } from "../../db/kiosk-stats.server";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);
const NOW = Date.UTC(2026, 10, 26, 15, 0);

async function deliver(queue: string, bodies: unknown[]) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, i) => ({ id: `${queue}-${crypto.randomUUID()}-${i}`, timestamp: new Date(NOW), attempts: 1, body })),
  );
  await worker.queue(batch as MessageBatch<unknown>, testEnv, createExecutionContext());
}

async function insertLink(domain: string, createdAt: number): Promise<string> {
  const id = crypto.randomUUID();
  await testEnv.DB.prepare(
    "INSERT INTO links (id, domain, alias, url, status, created_at, updated_at) VALUES (?, ?, ?, 'https://example.com/', 'active', ?, ?)",
  )
    .bind(id, domain, id.slice(0, 12), createdAt, createdAt)
    .run();
  return id;
}

function clicks(linkId: string, at: number, n: number) {
  return {
    type: "clicks",
    v: 1,
    id: crypto.randomUUID(),
    payload: {
      clicks: Array.from({ length: n }, (_, i) => ({
        id: crypto.randomUUID(),
        payload: {
          linkId,
          at,
          country: "DE",
          userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
          ip: `198.51.100.${i}`,
        },
      })),
    },
  };
}

describe("kiosk stats", () => {
  it("counts links per day and the clicks the consumer rolled up, in total, per day and per domain", async () => {
    const domain = `stats-${crypto.randomUUID().slice(0, 8)}.example`;
    const before = await getTrafficStats(db, null, NOW);
    const today = await insertLink(domain, NOW - 60_000);
    const yesterday = await insertLink(domain, NOW - 86_400_000);
    await deliver("snip-clicks", [clicks(today, NOW - 3_600_000, 3), clicks(yesterday, NOW - 86_400_000, 2)]);

    const one = await getTrafficStats(db, domain, NOW);
    expect(one.links).toBe(2);
    expect(one.clicks).toBe(5);
    expect(one.clicksPerDay.at(-1)).toEqual({ day: "2026-11-26", value: 3 });
    expect(one.clicksPerDay.at(-2)).toEqual({ day: "2026-11-25", value: 2 });
    expect(one.linksPerDay.at(-1)).toEqual({ day: "2026-11-26", value: 1 });
    expect(one.clicksPerDay).toHaveLength(30);

    const all = await getTrafficStats(db, null, NOW);
    expect(all.links - before.links).toBe(2);
    expect(all.clicks - before.clicks).toBe(5);
    expect(all.clicksPerDay.at(-1)!.value - before.clicksPerDay.at(-1)!.value).toBe(3);
  });

  it("counts what reaches a dead-letter queue", async () => {
    const before = await getQueueStats(db, Date.now());
    await deliver("snip-jobs-dlq", [{ type: "mail.send", v: 1, id: "x", payload: {} }, { nonsense: true }]);
    const after = await getQueueStats(db, Date.now());
    expect(after.deadLetters - before.deadLetters).toBe(2);
    expect(after.deadLettersToday - before.deadLettersToday).toBe(2);
    expect(after.deadLettersByQueue.find((q) => q.queue === "snip-jobs-dlq")?.count).toBeGreaterThanOrEqual(2);
  });
});
