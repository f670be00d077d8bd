import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { createLink } from "../../db/links.server";
import { linkKey } from "../../domain/link-record";
import { DELETE_ACCOUNT_LINKS_JOB, type DeleteAccountLinksJob } from "../../domain/account-deletion";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;

async function deliver(job: DeleteAccountLinksJob) {
  const batch = createMessageBatch("snip-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: job }]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return getQueueResult(batch, ctx);
}

describe("the links of a closed account, from the queue", () => {
  it("marks every link of the account deleted in D1 and KV, leaves others alone, and is idempotent", async () => {
    const stores = { db: getDb(testEnv.DB), kv: testEnv.LINKS };
    const gone = crypto.randomUUID();
    const kept = crypto.randomUUID();
    const a = await createLink(stores, { domain: "localhost:8787", url: "https://example.com/a", userId: gone });
    const b = await createLink(stores, { domain: "localhost:8787", url: "https://example.com/b", userId: kept });
    const job: DeleteAccountLinksJob = { type: DELETE_ACCOUNT_LINKS_JOB, v: 1, id: `del_${gone}`, payload: { userId: gone } };
    for (let i = 0; i < 2; i++) {
      const result = await deliver(job);
      expect(result.explicitAcks).toHaveLength(1);
    }
    const record = async (alias: string) =>
      JSON.parse((await testEnv.LINKS.get(linkKey("localhost:8787", alias))) ?? "{}") as { status?: string };
    expect((await record(a.alias)).status).toBe("deleted");
    expect((await record(b.alias)).status).toBe("active");
  });
});
