/**
 * Subscriptions owned by a workspace (docs/decisions/033): a provider's event lands on the owner
 * of the stored customer (a team's, an organization's, a user's), whatever the event's own
 * metadata or custom data claims; and a team's capabilities come from the team's subscription,
 * else its organization's, else the free plan — never from anyone's personal plan.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { paddleEventId, paddleEventPayload, type PaddleSubscriptionLike } from "../../app/lib/billing/paddle-events.server";
import { stripeEventId, stripeEventPayload, type StripeSubscriptionLike } from "../../app/lib/billing/stripe-events.server";
import { workspaceSubject } from "../../app/lib/organization-links.server";
import { findBillingCustomerUser, saveBillingCustomer } from "../../db/billing.server";
import { getDb } from "../../db/client.server";
import { can } from "../../domain/entitlements";
import { BILLING_TYPES, type BillingEvent, type BillingEventPayload } from "../../domain/billing";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";
import { newOrganization, newUser, run } from "./seed";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);
const now = Date.now();

const all = async (sql: string, ...params: unknown[]) =>
  (
    await testEnv.DB.prepare(sql)
      .bind(...params)
      .all<Record<string, unknown>>()
  ).results;

let seq = 0;
async function deliver(events: BillingEvent[]) {
  const batch = createMessageBatch(
    "snip-jobs",
    events.map((body) => ({ id: `o${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages).toEqual([]);
}

const currentOf = (ownerId: string) =>
  all("SELECT owner_id, user_id, organization_id, team_id, name FROM subscriptions WHERE owner_id = ? AND slot = 'current'", ownerId);

function stripeSub(customer: string, claimedOwner: string, id: string): StripeSubscriptionLike {
  const start = Math.floor(now / 1000) - 60;
  return {
    id,
    status: "active",
    customer,
    // What an event may claim: Snip ignores it when it has the customer.
    metadata: { user_id: claimedOwner },
    cancel_at: null,
    cancel_at_period_end: false,
    ended_at: null,
    canceled_at: null,
    trial_end: null,
    default_payment_method: null,
    items: {
      data: [
        {
          quantity: 1,
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
          price: { lookup_key: "snip_pro_monthly", unit_amount: 2_900, currency: "usd" },
        },
      ],
    },
  };
}

async function stripeEvent(sub: StripeSubscriptionLike): Promise<BillingEvent> {
  const event = {
    id: `evt_${crypto.randomUUID()}`,
    type: "customer.subscription.updated",
    created: Math.floor(now / 1000),
    data: { object: sub },
  };
  const payload = await stripeEventPayload(
    event,
    {
      retrieveSubscription: () => Promise.resolve(sub),
      retrieveSchedule: () => Promise.reject(new Error("no schedule")),
      retrievePrice: () => Promise.reject(new Error("no price")),
      userOfCustomer: (customerId) => findBillingCustomerUser(db, BILLING_TYPES.stripe, customerId),
    },
    now,
  );
  if (!payload) throw new Error("not a billing event");
  return { type: "billing.event", v: 1, id: stripeEventId(event), payload };
}

function paddleSub(customerId: string, claimedOwner: string): PaddleSubscriptionLike {
  return {
    id: `sub_${crypto.randomUUID()}`,
    status: "active",
    customerId,
    canceledAt: null,
    currentBillingPeriod: { startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 30 * 86_400_000).toISOString() },
    scheduledChange: null,
    customData: { user_id: claimedOwner },
    items: [
      {
        quantity: 1,
        trialDates: null,
        price: { customData: { lookup_key: "snip_pro_monthly" }, unitPrice: { amount: "2900", currencyCode: "USD" } },
      },
    ],
  };
}

async function paddleEvent(sub: PaddleSubscriptionLike): Promise<BillingEvent | null> {
  const event = {
    eventId: `evt_${crypto.randomUUID()}`,
    eventType: "subscription.updated",
    occurredAt: new Date(now).toISOString(),
    data: { id: sub.id },
  };
  const payload: BillingEventPayload | null = await paddleEventPayload(
    event,
    {
      retrieveSubscription: () => Promise.resolve(sub),
      userOfCustomer: (customerId) => findBillingCustomerUser(db, BILLING_TYPES.paddle, customerId),
    },
    now,
  );
  return payload ? { type: "billing.event", v: 1, id: paddleEventId(event), payload } : null;
}

describe("provider events land on the stored customer's workspace", () => {
  it("Stripe: a team's customer subscribes the team; metadata naming another workspace changes nothing there", async () => {
    const org = await newOrganization();
    const victim = await newUser("victim");
    await saveBillingCustomer(db, org.team, BILLING_TYPES.stripe, `cus_team_${org.team}`);
    // The team's subscription claims, in its metadata, to be the other team's, then a user's.
    await deliver([await stripeEvent(stripeSub(`cus_team_${org.team}`, org.other, `sub_a_${org.team}`))]);
    await deliver([await stripeEvent(stripeSub(`cus_team_${org.team}`, victim, `sub_b_${org.team}`))]);
    expect(await currentOf(org.team)).toEqual([
      { owner_id: org.team, user_id: null, organization_id: org.id, team_id: org.team, name: "pro" },
    ]);
    expect(await currentOf(org.other)).toEqual([]);
    expect(await currentOf(victim)).toEqual([]);
    expect(await currentOf(org.id)).toEqual([]);
    expect(await currentOf(org.owner)).toEqual([]);
  });

  it("Stripe: an organization's customer subscribes the organization, not its owner", async () => {
    const org = await newOrganization();
    await saveBillingCustomer(db, org.id, BILLING_TYPES.stripe, `cus_org_${org.id}`);
    await deliver([await stripeEvent(stripeSub(`cus_org_${org.id}`, org.owner, `sub_o_${org.id}`))]);
    expect(await currentOf(org.id)).toEqual([{ owner_id: org.id, user_id: null, organization_id: org.id, team_id: null, name: "pro" }]);
    expect(await currentOf(org.owner)).toEqual([]);
  });

  it("Paddle: custom data naming another workspace is ignored; a customer that is no one's is no event", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const org = await newOrganization();
    const attacker = await newUser("attacker");
    await saveBillingCustomer(db, org.team, BILLING_TYPES.paddle, `ctm_team_${org.team}`);
    await saveBillingCustomer(db, attacker, BILLING_TYPES.paddle, `ctm_att_${attacker}`);
    // The attacker's own customer claims the team: the attacker's personal workspace gets it.
    const forged = await paddleEvent(paddleSub(`ctm_att_${attacker}`, org.team));
    expect(forged?.payload.userId).toBe(attacker);
    await deliver([forged!]);
    expect(await currentOf(org.team)).toEqual([]);
    expect(await currentOf(attacker)).toEqual([
      { owner_id: attacker, user_id: attacker, organization_id: null, team_id: null, name: "pro" },
    ]);
    // A customer Snip never made, claiming the organization: nothing.
    expect(await paddleEvent(paddleSub("ctm_unknown", org.id))).toBeNull();
    expect(await currentOf(org.id)).toEqual([]);
    // The team's own customer subscribes the team.
    await deliver([(await paddleEvent(paddleSub(`ctm_team_${org.team}`, attacker)))!]);
    expect(await currentOf(org.team)).toHaveLength(1);
    warn.mockRestore();
  });

  it("an event for a workspace deleted since writes nothing", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const org = await newOrganization();
    await saveBillingCustomer(db, org.team, BILLING_TYPES.stripe, `cus_gone_${org.team}`);
    const event = await stripeEvent(stripeSub(`cus_gone_${org.team}`, org.team, `sub_g_${org.team}`));
    await run("DELETE FROM teams WHERE id = ?", org.team);
    await deliver([event]);
    expect(await currentOf(org.team)).toEqual([]);
    expect(await all("SELECT count(*) AS n FROM subscriptions WHERE organization_id = ?", org.id)).toEqual([{ n: 0 }]);
    info.mockRestore();
  });
});

describe("a workspace's capabilities: team subscription > organization subscription > none", () => {
  async function subscribe(
    owner: { ownerId: string; userId: string | null; organizationId: string | null; teamId: string | null },
    plan: string,
    endsAt: number | null = null,
  ) {
    await run(
      `INSERT INTO subscriptions (id, owner_id, user_id, organization_id, team_id, slot, name, interval, amount, ends_at, period_starts_at, period_ends_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'current', ?, 'monthly', 2900, ?, ?, ?, ?, ?)`,
      `${owner.ownerId}:default:current`,
      owner.ownerId,
      owner.userId,
      owner.organizationId,
      owner.teamId,
      plan,
      endsAt,
      now - 1000,
      now + 30 * 86_400_000,
      now,
      now,
    );
  }
  const planOf = async (org: { id: string; ownerUserId: string }, teamId: string | null) =>
    (await workspaceSubject(db, org, teamId)).subject.plan;

  it("none: the free plan, even when the organization's owner pays for their own workspace", async () => {
    const org = await newOrganization();
    await subscribe({ ownerId: org.owner, userId: org.owner, organizationId: null, teamId: null }, "enterprise");
    expect(await planOf(org, org.team)).toBe("free");
    expect(await planOf(org, null)).toBe("free");
    const { subject, subscribed } = await workspaceSubject(db, org, org.team);
    expect(subscribed).toBe(false);
    expect(can(subject, "use_tags")).toBe(false);
  });

  it("the organization's subscription covers every team and member workspace; a team's own wins in that team only", async () => {
    const org = await newOrganization();
    await subscribe({ ownerId: org.id, userId: null, organizationId: org.id, teamId: null }, "basic");
    expect(await planOf(org, org.team)).toBe("basic");
    expect(await planOf(org, org.other)).toBe("basic");
    expect(await planOf(org, null)).toBe("basic");
    await subscribe({ ownerId: org.team, userId: null, organizationId: org.id, teamId: org.team }, "pro");
    expect(await planOf(org, org.team)).toBe("pro");
    expect(await planOf(org, org.other)).toBe("basic");
    expect(await planOf(org, null)).toBe("basic");
    const { subject, subscribed } = await workspaceSubject(db, org, org.team);
    expect(subscribed).toBe(true);
    expect(can(subject, "use_tags")).toBe(true);
  });

  it("an ended team subscription falls back to the organization's", async () => {
    const org = await newOrganization();
    await subscribe({ ownerId: org.id, userId: null, organizationId: org.id, teamId: null }, "basic");
    await subscribe({ ownerId: org.team, userId: null, organizationId: org.id, teamId: org.team }, "pro", now - 1);
    expect(await planOf(org, org.team)).toBe("basic");
  });
});
