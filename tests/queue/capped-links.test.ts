/**
 * Capped links (issue 20, docs/decisions/038): when the clicks consumer finds that a link used up
 * its plan's max_trackable_clicks it marks the link (D1 `clicks_capped_until`, written through to
 * its KV record and the change feed), so the redirect worker stops sending its clicks; an exempt
 * link, or one still below its limit, is not marked; a plan change (a billing event) lifts the
 * marks of the owner's links.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SubscriptionSnapshot } from "../../domain/billing";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import { getPlan } from "../../domain/plans";
import { CAPPED_MARK_MS } from "../../workers/queue/src/click-limits";
import type { QueueEnv } from "../../workers/queue/src/env";
import { click, clicksMessage as message, deliverBatch as deliver, insertTrackedLink, userOnPlan as user } from "./seed";

const testEnv = env as unknown as QueueEnv;
const FREE_LIMIT = getPlan("free").options.max_trackable_clicks!;

/** A link of this user's personal workspace that has already counted `tracked` clicks, with its KV record. */
async function link(owner: string, tracked: number, unlimited = false): Promise<{ id: string; alias: string }> {
  const id = crypto.randomUUID();
  const alias = `cap${id.slice(0, 10)}`;
  await insertTrackedLink({ id, alias, owner, tracked, unlimited });
  await testEnv.LINKS.put(
    linkKey("snip.test", alias),
    JSON.stringify({ id, url: "https://example.com/", status: "active", expiresAt: null }),
  );
  return { id, alias };
}

async function markOf(l: { id: string; alias: string }) {
  const row = await testEnv.DB.prepare("SELECT clicks_capped_until FROM links WHERE id = ?")
    .bind(l.id)
    .first<number | null>("clicks_capped_until");
  const record = await testEnv.LINKS.get<LinkRecord>(linkKey("snip.test", l.alias), "json");
  const feed = await testEnv.DB.prepare("SELECT record FROM link_changes WHERE key = ? ORDER BY changed_at DESC LIMIT 1")
    .bind(linkKey("snip.test", l.alias))
    .first<string>("record");
  return {
    row,
    record: record?.untrackedUntil ?? null,
    feed: feed ? ((JSON.parse(feed) as LinkRecord).untrackedUntil ?? null) : undefined,
  };
}

function snapshot(name: SubscriptionSnapshot["name"]): SubscriptionSnapshot {
  const start = Date.now() - 1000;
  return {
    name,
    interval: "monthly",
    amount: 2900,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: start,
    periodEndsAt: start + 30 * 86_400_000,
    billingStatus: null,
    billingId: `sub_${crypto.randomUUID()}`,
  };
}

describe("capped links", () => {
  it("marks a link that reaches its limit, in D1, its KV record and the change feed", async () => {
    const owner = await user(null);
    const capped = await link(owner, FREE_LIMIT - 1);
    const below = await link(owner, 0);
    const before = Date.now();
    const result = await deliver("snip-clicks", [
      message(click(capped.id, "203.0.113.1"), click(capped.id, "203.0.113.2"), click(below.id, "203.0.113.3")),
    ]);
    expect(result.explicitAcks).toHaveLength(1);
    const mark = await markOf(capped);
    expect(mark.row).toBeGreaterThanOrEqual(before + CAPPED_MARK_MS);
    expect(mark.row).toBeLessThanOrEqual(Date.now() + CAPPED_MARK_MS);
    expect(mark.record).toBe(mark.row);
    expect(mark.feed).toBe(mark.row);
    // Still below its limit: no mark, its record unchanged.
    expect(await markOf(below)).toEqual({ row: null, record: null, feed: undefined });
  });

  it("marks a link reached exactly by the batch, but not an exempt one on a plan that allows exempt links", async () => {
    const owner = await user("pro");
    const pro = getPlan("pro").options.max_trackable_clicks!;
    const exact = await link(owner, pro - 1);
    const exempt = await link(owner, pro, true);
    await deliver("snip-clicks", [message(click(exact.id, "203.0.113.1"), click(exempt.id, "203.0.113.2"))]);
    expect((await markOf(exact)).record).not.toBeNull();
    expect(await markOf(exempt)).toEqual({ row: null, record: null, feed: undefined });
  });

  it("a billing event for the owner lifts the marks of their links", async () => {
    const owner = await user(null);
    const capped = await link(owner, FREE_LIMIT);
    await deliver("snip-clicks", [message(click(capped.id, "203.0.113.1"))]);
    expect((await markOf(capped)).record).not.toBeNull();
    // Another owner's marked link is not touched.
    const other = await link(await user(null), FREE_LIMIT);
    await deliver("snip-clicks", [message(click(other.id, "203.0.113.2"))]);

    const result = await deliver("snip-jobs", [
      {
        type: "billing.event",
        v: 1,
        id: `evt_${crypto.randomUUID()}`,
        payload: { billingType: 0, type: "subscription.updated", userId: owner, occurredAt: Date.now(), subscription: snapshot("pro") },
      },
    ]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await markOf(capped)).toEqual({ row: null, record: null, feed: null });
    expect((await markOf(other)).record).not.toBeNull();

    // Under Pro the link counts again, and is not marked.
    await deliver("snip-clicks", [message(click(capped.id, "203.0.113.3"))]);
    const tracked = await testEnv.DB.prepare("SELECT tracked_clicks FROM links WHERE id = ?")
      .bind(capped.id)
      .first<number>("tracked_clicks");
    expect(tracked).toBe(FREE_LIMIT + 1);
    expect((await markOf(capped)).row).toBeNull();
  });
});
