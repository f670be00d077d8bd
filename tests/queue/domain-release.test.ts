/**
 * A deleted owner's branded domains, released from the queue (docs/decisions/044): the job removes
 * each host's KV record (after its custom hostname at Cloudflare, when it has one); anything that
 * fails fails the message, so the queue retries it, and a repeat is harmless.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { RELEASE_DOMAINS_JOB, type ReleaseDomainsJob } from "../../domain/domain-release";
import { hostKey } from "../../domain/host-record";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;

async function deliver(job: ReleaseDomainsJob, environment: QueueEnv = testEnv) {
  const batch = createMessageBatch("snip-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: job }]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, environment, ctx);
  return getQueueResult(batch, ctx);
}

const job = (hosts: ReleaseDomainsJob["payload"]["hosts"]): ReleaseDomainsJob => ({
  type: RELEASE_DOMAINS_JOB,
  v: 1,
  id: `release_${crypto.randomUUID()}`,
  payload: { hosts },
});

const record = JSON.stringify({ active: true, root: null, notFound: null });

describe("releasing a deleted owner's domains from the queue", () => {
  it("removes the host records, leaves other hosts alone, and acks a repeat too", async () => {
    const gone = `gone-${crypto.randomUUID().slice(0, 8)}.vanity.example`;
    const kept = `kept-${crypto.randomUUID().slice(0, 8)}.vanity.example`;
    await testEnv.LINKS.put(hostKey(gone), record);
    await testEnv.LINKS.put(hostKey(kept), record);
    for (let i = 0; i < 2; i++) {
      const result = await deliver(job([{ hostname: gone, cfHostnameId: null }]));
      expect(result.explicitAcks).toHaveLength(1);
      expect(result.retryMessages).toHaveLength(0);
    }
    expect(await testEnv.LINKS.get(hostKey(gone))).toBeNull();
    expect(await testEnv.LINKS.get(hostKey(kept))).toBe(record);
  });

  it("a custom hostname it cannot remove (Cloudflare not configured) is retried, and its host record is kept until then", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const branded = `links-${crypto.randomUUID().slice(0, 8)}.brand.example`;
    const vanity = `v-${crypto.randomUUID().slice(0, 8)}.vanity.example`;
    await testEnv.LINKS.put(hostKey(branded), record);
    await testEnv.LINKS.put(hostKey(vanity), record);
    const unconfigured = { ...testEnv, CF_API_TOKEN: undefined, CF_ZONE_ID: undefined };
    const result = await deliver(
      job([
        { hostname: branded, cfHostnameId: "0123456789abcdef0123456789abcdef" },
        { hostname: vanity, cfHostnameId: null },
      ]),
      unconfigured,
    );
    expect(result.explicitAcks).toHaveLength(0);
    expect(result.retryMessages).toHaveLength(1);
    // The other host was still released; the failed one keeps its record for the retry.
    expect(await testEnv.LINKS.get(hostKey(vanity))).toBeNull();
    expect(await testEnv.LINKS.get(hostKey(branded))).toBe(record);
    error.mockRestore();
  });

  it("a host name someone has added again since the deletion keeps its new owner's host record", async () => {
    const reused = `again-${crypto.randomUUID().slice(0, 8)}.brand.example`;
    const userId = `u-${crypto.randomUUID()}`;
    await testEnv.DB.batch([
      testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)").bind(
        userId,
        `${userId}@example.com`,
      ),
      testEnv.DB.prepare(
        "INSERT INTO branded_domains (id, workspace_id, user_id, hostname, kind, status, created_at) VALUES (?, ?, ?, ?, 'domain', 'active', 0)",
      ).bind(crypto.randomUUID(), userId, userId, reused),
    ]);
    await testEnv.LINKS.put(hostKey(reused), record);
    const result = await deliver(job([{ hostname: reused, cfHostnameId: null }]));
    expect(result.explicitAcks).toHaveLength(1);
    expect(await testEnv.LINKS.get(hostKey(reused))).toBe(record);
  });
});
