import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client.server";
import { createLink } from "../../db/links.server";
import { linkKey } from "../../domain/link-record";
import type { BillingEvent } from "../../domain/billing";
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

  it("a billing event that arrives after the account was deleted (its cancellation, say) is acked, not retried", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const event: BillingEvent = {
      type: "billing.event",
      v: 1,
      id: `evt_${crypto.randomUUID()}`,
      payload: {
        billingType: 1,
        type: "customer.subscription.deleted",
        userId: `gone-${crypto.randomUUID()}`,
        occurredAt: Date.now(),
        subscription: {
          name: "pro",
          interval: "monthly",
          amount: 2900,
          currency: "USD",
          quantity: 1,
          endsAt: Date.now(),
          trialEndsAt: null,
          periodStartsAt: Date.now() - 1000,
          periodEndsAt: Date.now() + 1000,
          billingStatus: null,
          billingId: "sub_gone",
        },
      },
    };
    const batch = createMessageBatch("snip-jobs", [{ id: "evt-gone", timestamp: new Date(), attempts: 1, body: event }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["evt-gone"]);
    expect(result.retryMessages).toEqual([]);
    expect(info).toHaveBeenCalledWith(expect.stringContaining("for a deleted account"), event.id);
    info.mockRestore();
  });
});
