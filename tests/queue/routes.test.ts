/**
 * Redirect routes in the consumers (docs/decisions/037): the rule that answered a click becomes
 * the `route` rollup dimension (and the analytics report's Routes breakdown); a billing event
 * that takes the flag away keeps the rules stored and stops applying them, and one that gives
 * it back applies them again.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getLinkAnalyticsInRange } from "../../db/analytics.server";
import type { BillingEvent, SubscriptionSnapshot } from "../../domain/billing";
import type { ClickBatchMessage, ClickEvent, ClickPayload } from "../../domain/events";
import { linkKey } from "../../domain/link-record";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const DAY = 86_400_000;
const AT = Date.UTC(2026, 10, 20, 12, 30);
const HOUR = Math.floor(AT / 3_600_000);

function click(linkId: string, payload: Partial<ClickPayload> = {}): ClickEvent {
  return {
    id: crypto.randomUUID(),
    payload: {
      linkId,
      at: AT,
      country: "FR",
      referrer: null,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
      acceptLanguage: "fr",
      ip: "203.0.113.9",
      ...payload,
    },
  };
}

let seq = 0;
async function deliver(queue: string, bodies: unknown[]) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `r${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return getQueueResult(batch, ctx);
}

describe("the route dimension", () => {
  it("counts each matched rule and the fallback; clicks of links without rules have no route", async () => {
    const link = crypto.randomUUID();
    const plain = crypto.randomUUID();
    const message: ClickBatchMessage = {
      type: "clicks",
      v: 1,
      id: crypto.randomUUID(),
      payload: {
        clicks: [
          click(link, { route: "fr1234" }),
          click(link, { route: "fr1234", ip: "198.51.100.1" }),
          click(link, { route: "fallback" }),
          click(link, { route: "mob999", userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }), // a bot: not broken down
          click(plain),
        ],
      },
    };
    const result = await deliver("snip-clicks", [message]);
    expect(result.explicitAcks).toHaveLength(1);
    const rows = await testEnv.DB.prepare(
      "SELECT link_id, value, clicks FROM click_dimensions WHERE dimension = 'route' AND link_id IN (?, ?) ORDER BY value",
    )
      .bind(link, plain)
      .all<{ link_id: string; value: string; clicks: number }>();
    expect(rows.results).toEqual([
      { link_id: link, value: "fallback", clicks: 1 },
      { link_id: link, value: "fr1234", clicks: 2 },
    ]);
    const report = await getLinkAnalyticsInRange(testEnv.DB, link, {
      startHour: HOUR,
      endHour: HOUR,
      bucketHours: 1,
      firstBucket: HOUR,
      lastBucket: HOUR,
    } as Parameters<typeof getLinkAnalyticsInRange>[2]);
    expect(report.breakdowns.route).toEqual({
      rows: [
        { value: "fr1234", clicks: 2 },
        { value: "fallback", clicks: 1 },
      ],
      other: 0,
    });
  });
});

function snapshot(name: SubscriptionSnapshot["name"], overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  const start = Date.now() - DAY;
  return {
    name,
    interval: "yearly",
    amount: 27_840,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: start,
    periodEndsAt: start + 365 * DAY,
    billingStatus: null,
    billingId: "sub_routes",
    ...overrides,
  };
}

function billingEvent(userId: string, subscription: SubscriptionSnapshot): BillingEvent {
  return {
    type: "billing.event",
    v: 1,
    id: `evt_${crypto.randomUUID()}`,
    payload: { billingType: 0, type: "subscription.updated", userId, occurredAt: Date.now() + ++seq, subscription },
  };
}

describe("a plan change and the rules", () => {
  it("stops applying the rules when the plan loses redirect_routes, keeps them stored, and applies them again on the way back", async () => {
    const user = `u-${crypto.randomUUID()}`;
    await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'R', ?, 0, 0)")
      .bind(user, `${user}@example.com`)
      .run();
    const alias = `rt${Date.now().toString(36)}`;
    const host = "localhost:8787";
    const rules = JSON.stringify([["fr1234", "l", ["fr"], "https://example.fr/"]]);
    await testEnv.DB.prepare(
      "INSERT INTO links (id, domain, alias, url, status, workspace_id, user_id, routes, routes_on, created_at, updated_at) VALUES (?, ?, ?, 'https://example.com/', 'active', ?, ?, ?, 1, 0, 0)",
    )
      .bind(crypto.randomUUID(), host, alias, user, user, rules)
      .run();
    const stored = () =>
      testEnv.DB.prepare("SELECT routes, routes_on, routes_until FROM links WHERE alias = ?")
        .bind(alias)
        .first<{ routes: string | null; routes_on: number; routes_until: number | null }>();
    const record = () => testEnv.LINKS.get<Record<string, unknown>>(linkKey(host, alias), "json");

    // Basic has no redirect_routes.
    await deliver("snip-jobs", [billingEvent(user, snapshot("basic"))]);
    expect(await stored()).toEqual({ routes: rules, routes_on: 0, routes_until: null });
    expect(await record()).not.toHaveProperty("routes");

    // Pro, cancelled at the end of its period: applied until then.
    const endsAt = Date.now() + 30 * DAY;
    await deliver("snip-jobs", [billingEvent(user, snapshot("pro", { endsAt }))]);
    expect(await stored()).toEqual({ routes: rules, routes_on: 1, routes_until: endsAt });
    expect(await record()).toMatchObject({ routes: [["fr1234", "l", ["fr"], "https://example.fr/"]], routesUntil: endsAt });
  });
});
