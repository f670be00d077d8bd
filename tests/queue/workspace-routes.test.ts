/**
 * Redirect routes follow a team's and an organization's plan (docs/decisions/037, 042): a billing
 * event for a team re-syncs the rules of that team's links by the team's plan in force (the team's
 * subscription, else the organization's, else Free), never another team's; an event for the
 * organization re-syncs every workspace of it that has no plan of its own (its teams', its
 * members'). Redelivery changes nothing.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { ensureMemberWorkspace } from "../../db/workspaces.server";
import type { BillingEvent, SubscriptionSnapshot } from "../../domain/billing";
import { linkKey } from "../../domain/link-record";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const DAY = 86_400_000;
const HOST = "localhost:8787";
const RULES = JSON.stringify([["fr1234", "l", ["fr"], "https://example.fr/"]]);

const run = (sql: string, ...params: unknown[]) =>
  testEnv.DB.prepare(sql)
    .bind(...params)
    .run();

let seq = 0;
async function deliver(event: BillingEvent) {
  const batch = createMessageBatch("snip-jobs", [{ id: `w${++seq}`, timestamp: new Date(), attempts: 1, body: event }]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages).toEqual([]);
  expect(result.explicitAcks).toHaveLength(1);
}

function snapshot(name: SubscriptionSnapshot["name"], overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  const start = Date.now() - DAY;
  return {
    name,
    interval: "monthly",
    amount: 2_900,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: start,
    periodEndsAt: start + 30 * DAY,
    billingStatus: null,
    billingId: `sub_${crypto.randomUUID()}`,
    ...overrides,
  };
}

function billingEvent(ownerId: string, subscription: SubscriptionSnapshot): BillingEvent {
  return {
    type: "billing.event",
    v: 1,
    id: `evt_${crypto.randomUUID()}`,
    payload: { billingType: 0, type: "subscription.updated", userId: ownerId, occurredAt: Date.now() + ++seq, subscription },
  };
}

/** An organization with two teams (workspaces made by the trigger) and a member's own workspace, each with one link with rules, not applied. */
async function world() {
  const owner = `owner-${crypto.randomUUID()}`;
  await run("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'O', ?, 0, 0)", owner, `${owner}@example.com`);
  const org = crypto.randomUUID();
  await run(
    "INSERT INTO organizations (id, slug, name, owner_user_id, created_at, updated_at) VALUES (?, ?, 'Org', ?, 0, 0)",
    org,
    `o-${org}`,
    owner,
  );
  const sales = crypto.randomUUID();
  const ops = crypto.randomUUID();
  for (const [id, slug] of [
    [sales, "sales"],
    [ops, "ops"],
  ] as const) {
    await run("INSERT INTO teams (id, organization_id, slug, name, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)", id, org, slug, slug);
  }
  const member = await ensureMemberWorkspace(getDb(testEnv.DB), org, owner);
  const aliases: Record<"sales" | "ops" | "member", string> = { sales: "", ops: "", member: "" };
  for (const [key, workspace] of [
    ["sales", sales],
    ["ops", ops],
    ["member", member],
  ] as const) {
    const alias = `wr${key}${crypto.randomUUID().slice(0, 8)}`;
    await run(
      "INSERT INTO links (id, domain, alias, url, status, workspace_id, user_id, routes, routes_on, created_at, updated_at) VALUES (?, ?, ?, 'https://example.com/', 'active', ?, ?, ?, 0, 0, 0)",
      crypto.randomUUID(),
      HOST,
      alias,
      workspace,
      owner,
      RULES,
    );
    aliases[key] = alias;
  }
  const on = async (key: keyof typeof aliases) => {
    const row = await testEnv.DB.prepare("SELECT routes, routes_on, routes_until FROM links WHERE alias = ?")
      .bind(aliases[key])
      .first<{ routes: string; routes_on: number; routes_until: number | null }>();
    expect(row!.routes, "the rules stay stored").toBe(RULES);
    return { on: row!.routes_on === 1, until: row!.routes_until };
  };
  const record = (key: keyof typeof aliases) => testEnv.LINKS.get<Record<string, unknown>>(linkKey(HOST, aliases[key]), "json");
  return { org, sales, ops, on, record };
}

describe("redirect routes after a team's or an organization's plan changes", () => {
  it("a team's plan applies its links' rules in that team only; the organization's plan reaches the others; each falls back in order", async () => {
    const w = await world();

    // The team subscribes to Pro (redirect_routes): its links apply their rules, nobody else's.
    const teamPro = billingEvent(w.sales, snapshot("pro"));
    await deliver(teamPro);
    expect(await w.on("sales")).toEqual({ on: true, until: null });
    expect(await w.record("sales")).toMatchObject({ routes: [["fr1234", "l", ["fr"], "https://example.fr/"]] });
    expect(await w.on("ops")).toEqual({ on: false, until: null });
    expect(await w.on("member")).toEqual({ on: false, until: null });
    // Redelivered: nothing changes.
    await deliver(teamPro);
    expect(await w.on("sales")).toEqual({ on: true, until: null });

    // The organization subscribes to Pro, cancelled at its period's end: every other workspace applies until then.
    const orgEnds = Date.now() + 20 * DAY;
    await deliver(billingEvent(w.org, snapshot("pro", { endsAt: orgEnds })));
    expect(await w.on("ops")).toEqual({ on: true, until: orgEnds });
    expect(await w.on("member")).toEqual({ on: true, until: orgEnds });
    // The team's own plan wins in the team (no end).
    expect(await w.on("sales")).toEqual({ on: true, until: null });

    // The team's plan ends at once: the team falls back to the organization's.
    await deliver(
      billingEvent(w.sales, snapshot("pro", { endsAt: Date.now() - 1_000, billingId: teamPro.payload.subscription!.billingId })),
    );
    expect(await w.on("sales")).toEqual({ on: true, until: orgEnds });

    // The organization moves to Basic (no redirect_routes): the rules stop everywhere, stay stored.
    await deliver(billingEvent(w.org, snapshot("basic")));
    for (const key of ["sales", "ops", "member"] as const) {
      expect(await w.on(key), key).toEqual({ on: false, until: null });
      expect(await w.record(key), key).not.toHaveProperty("routes");
    }
  });
});
