/**
 * The URL-reputation job (decision 036): the real Safe Browsing v4 client speaks to a stub of the
 * API's wire format (tests/stubs/safe-browsing.ts); a hit is queued for staff review once per link
 * and threat; clean and held links queue nothing; without the key the job is skipped with a log line.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client.server";
import { createLink } from "../../db/links.server";
import { REPUTATION_JOB, safeBrowsingProvider, type ReputationJob } from "../../domain/reputation";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";
import { checkLinksReputation, scheduleReputationRecheck } from "../../workers/queue/src/reputation";
import { safeBrowsingStubFetch, STUB_API_KEY } from "../stubs/safe-browsing";

const testEnv = env as unknown as QueueEnv;
const stores = { db: getDb(testEnv.DB), kv: testEnv.LINKS };
const provider = safeBrowsingProvider({ apiKey: STUB_API_KEY, base: "https://safebrowsing.stub", fetch: safeBrowsingStubFetch });

async function hitsOf(linkId: string) {
  const rows = await testEnv.DB.prepare("SELECT provider, threat_type, url, checked_at, resolved_at FROM reputation_hits WHERE link_id = ?")
    .bind(linkId)
    .all<{ provider: string; threat_type: string; url: string; checked_at: number; resolved_at: number | null }>();
  return rows.results;
}

describe("the URL-reputation job", () => {
  it("queues a hit with its evidence (provider, threat type, time) for a flagged destination, once", async () => {
    const bad = await createLink(stores, {
      domain: "localhost:8787",
      url: `https://malware-${crypto.randomUUID().slice(0, 8)}.example/dl.exe`,
    });
    const phish = await createLink(stores, { domain: "localhost:8787", url: "https://phishing-bank.example/login" });
    const clean = await createLink(stores, { domain: "localhost:8787", url: "https://example.com/fine" });
    const at = new Date("2026-11-26T10:00:00Z");

    expect(await checkLinksReputation(testEnv, [bad.id, phish.id, clean.id], provider, at)).toBe(2);
    expect(await hitsOf(bad.id)).toEqual([
      { provider: "google-safe-browsing-v4", threat_type: "MALWARE", url: bad.url, checked_at: at.getTime(), resolved_at: null },
    ]);
    expect((await hitsOf(phish.id)).map((h) => h.threat_type)).toEqual(["SOCIAL_ENGINEERING"]);
    expect(await hitsOf(clean.id)).toEqual([]);
    // Checked again (a retry, an edit): still one open row.
    expect(await checkLinksReputation(testEnv, [bad.id], provider)).toBe(0);
    expect(await hitsOf(bad.id)).toHaveLength(1);
  });

  it("skips links that are already held or not active", async () => {
    const held = await createLink(stores, { domain: "localhost:8787", url: "https://malware-held.example/" });
    await testEnv.DB.prepare("UPDATE links SET blocked = 'link' WHERE id = ?").bind(held.id).run();
    const archived = await createLink(stores, { domain: "localhost:8787", url: "https://malware-archived.example/" });
    await testEnv.DB.prepare("UPDATE links SET status = 'archived' WHERE id = ?").bind(archived.id).run();
    expect(await checkLinksReputation(testEnv, [held.id, archived.id], provider)).toBe(0);
  });

  it("a failed lookup throws (the queue retries the job); the stub refuses a request without a key as the API does", async () => {
    const keyless = safeBrowsingProvider({ apiKey: "", base: "https://safebrowsing.stub", fetch: safeBrowsingStubFetch });
    const link = await createLink(stores, { domain: "localhost:8787", url: "https://malware-keyless.example/" });
    await expect(checkLinksReputation(testEnv, [link.id], keyless)).rejects.toThrow("HTTP 400");
    expect(await hitsOf(link.id)).toEqual([]);
  });

  it("without the provider's key, the job is acked and skipped with a log line", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const link = await createLink(stores, { domain: "localhost:8787", url: "https://malware-nokey.example/" });
    const job: ReputationJob = { type: REPUTATION_JOB, v: 1, id: crypto.randomUUID(), payload: { linkIds: [link.id] } };
    const batch = createMessageBatch("snip-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: job }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, { ...testEnv, SAFE_BROWSING_API_KEY: undefined }, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    expect(info.mock.calls.some((call) => String(call[0]).includes("SAFE_BROWSING_API_KEY is not set"))).toBe(true);
    expect(await hitsOf(link.id)).toEqual([]);
    info.mockRestore();
  });
});

describe("the background re-check", () => {
  it("queues the next active links as one reputation job, and the job queues a hit for a destination that turned bad", async () => {
    const turned = await createLink(stores, {
      domain: "localhost:8787",
      url: `https://malware-later-${crypto.randomUUID().slice(0, 6)}.example/`,
    });
    const sent: ReputationJob[] = [];
    const jobs = { send: async (body: ReputationJob) => void sent.push(body) } as unknown as Queue;
    const keyed = { ...testEnv, SAFE_BROWSING_API_KEY: STUB_API_KEY, JOBS: jobs };
    // Sweep until the new link has been queued (earlier tests' links come first).
    let queued: string[] = [];
    for (let i = 0; i < 20 && !queued.includes(turned.id); i++) {
      await scheduleReputationRecheck(keyed);
      queued = sent.flatMap((job) => job.payload.linkIds);
    }
    expect(queued).toContain(turned.id);
    expect(sent.every((job) => job.type === REPUTATION_JOB)).toBe(true);
    expect(await checkLinksReputation(testEnv, queued, provider)).toBeGreaterThanOrEqual(1);
    expect((await hitsOf(turned.id)).map((hit) => hit.threat_type)).toEqual(["MALWARE"]);
  });

  it("without the key, nothing is queued and a log line says why", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const sent: unknown[] = [];
    const jobs = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue;
    expect(await scheduleReputationRecheck({ ...testEnv, SAFE_BROWSING_API_KEY: undefined, JOBS: jobs })).toBe(0);
    expect(sent).toEqual([]);
    expect(info.mock.calls.some((call) => String(call[0]).includes("re-check is skipped"))).toBe(true);
    info.mockRestore();
  });
});
