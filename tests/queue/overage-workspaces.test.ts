/**
 * Overages per workspace (docs/decisions/052), on the real D1 schema inside workerd: the switch
 * in force in a workspace is the one of the paid subscription in force there (a user's, a team's,
 * else the organization's), and the overage job reports each workspace's own new blocks once, to
 * the Stripe customer of whoever pays, under an identifier naming payer and workspace. Stripe's
 * meter is a recording stand-in here (the real SDK against the stub: tests/e2e/stripe.spec.ts).
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyBillingEvent, saveBillingCustomer } from "../../db/billing.server";
import { getDb } from "../../db/client.server";
import { getReportedOverageBlocks, getWorkspaceOverages, setOverageSwitch } from "../../db/overages.server";
import { setOveragesEnabled } from "../../db/users.server";
import { BILLING_TYPES, type SubscriptionSnapshot } from "../../domain/billing";
import { OVERAGE_REPORT_JOB } from "../../domain/overage";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";
import { reportWorkspaceOverage, type OverageMeter } from "../../workers/queue/src/overage";
import { newOrganization as seedOrganization, newUser, run } from "./seed";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);
const DAY = 86_400_000;
const NOW = new Date();

/** An organization with two teams (their workspaces made by the trigger) and a member's workspace. */
async function newOrganization() {
  const org = await seedOrganization();
  const member = crypto.randomUUID();
  await run(
    "INSERT INTO workspaces (id, kind, user_id, organization_id, created_at) VALUES (?, 'member', ?, ?, 0)",
    member,
    org.owner,
    org.id,
  );
  return { ...org, member };
}

/** A Stripe subscription (Basic, monthly, 10 days into its period) for an owner, with its customer. */
async function subscribeAtStripe(ownerId: string, plan = "basic") {
  const subscription: SubscriptionSnapshot = {
    name: plan as SubscriptionSnapshot["name"],
    interval: "monthly",
    amount: 900,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: NOW.getTime() - 10 * DAY,
    periodEndsAt: NOW.getTime() + 20 * DAY,
    billingStatus: null,
    billingId: `sub_${crypto.randomUUID().slice(0, 8)}`,
  };
  await applyBillingEvent(db, `evt_${crypto.randomUUID()}`, {
    billingType: BILLING_TYPES.stripe,
    type: "subscription.created",
    userId: ownerId,
    occurredAt: NOW.getTime() - DAY,
    subscription,
  });
  const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
  await saveBillingCustomer(db, ownerId, BILLING_TYPES.stripe, customer);
  return customer;
}

/** `count` active links in a workspace. */
async function links(workspaceId: string, userId: string, count: number) {
  for (let i = 0; i < count; i++) {
    await run(
      "INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at) VALUES (?, 'snip.test', ?, 'https://example.com/', 'active', ?, ?, 1, 1)",
      crypto.randomUUID(),
      `ov-${crypto.randomUUID().slice(0, 12)}`,
      userId,
      workspaceId,
    );
  }
}

function recordingMeter() {
  const events: { identifier: string; customerId: string; value: number }[] = [];
  const meter: OverageMeter = {
    report: ({ identifier, customerId, value }) => {
      events.push({ identifier, customerId, value });
      return Promise.resolve();
    },
  };
  return { meter, events };
}

describe("the overage switch in force in a workspace", () => {
  it("is the team's while its own plan is in force, else the organization's; a user's personal switch never counts there", async () => {
    const org = await newOrganization();
    await setOveragesEnabled(db, org.owner, true);
    // No paid plan in the organization: no overages anywhere in it.
    expect(await getWorkspaceOverages(db, org.team, NOW)).toBeNull();
    expect(await getWorkspaceOverages(db, org.member, NOW)).toBeNull();

    await subscribeAtStripe(org.id);
    await setOverageSwitch(db, { kind: "organization", id: org.id, organizationId: org.id, target: null }, true, org.owner);
    expect(await getWorkspaceOverages(db, org.team, NOW)).toMatchObject({ ownerId: org.id, ownerKind: "organization", on: true });
    expect(await getWorkspaceOverages(db, org.member, NOW)).toMatchObject({ ownerId: org.id, on: true });

    // The team buys its own plan: its own switch (off) is the one in force, in that team only.
    await subscribeAtStripe(org.team, "pro");
    expect(await getWorkspaceOverages(db, org.team, NOW)).toMatchObject({ ownerId: org.team, ownerKind: "team", on: false });
    expect(await getWorkspaceOverages(db, org.other, NOW)).toMatchObject({ ownerId: org.id, on: true });
    await setOverageSwitch(db, { kind: "team", id: org.team, organizationId: org.id, target: "sales" }, true, org.owner);
    expect(await getWorkspaceOverages(db, org.team, NOW)).toMatchObject({ ownerKind: "team", on: true });

    // Each change is audited in the organization, in the same batch.
    const audit = await testEnv.DB.prepare("SELECT action, target, details FROM audit_log WHERE organization_id = ? ORDER BY id")
      .bind(org.id)
      .all<{ action: string; target: string | null; details: string }>();
    expect(audit.results).toEqual([
      { action: "subscription.changed", target: null, details: '{"overages":"on"}' },
      { action: "subscription.changed", target: "sales", details: '{"overages":"on"}' },
    ]);
  });
});

describe("reporting a workspace's overage", () => {
  it("reports each team's own blocks to the organization's customer, once each, under identifiers naming payer and team", async () => {
    const org = await newOrganization();
    const customer = await subscribeAtStripe(org.id);
    await setOverageSwitch(db, { kind: "organization", id: org.id, organizationId: org.id, target: null }, true, org.owner);
    const { meter, events } = recordingMeter();

    // Limit 2: the team's 3 links start one block; the other team's 2 are within the limit.
    await links(org.team, org.owner, 3);
    await links(org.other, org.owner, 2);
    expect(await reportWorkspaceOverage(db, meter, org.team, 2, NOW)).toBe(1);
    expect(await reportWorkspaceOverage(db, meter, org.other, 2, NOW)).toBe(0);
    // Reported again (a retry, a second create in the same block): nothing new.
    expect(await reportWorkspaceOverage(db, meter, org.team, 2, NOW)).toBe(0);
    expect(events).toHaveLength(1);
    expect(events[0]!.customerId).toBe(customer);
    expect(events[0]!.identifier).toMatch(new RegExp(`^overage:${org.id}/${org.team}:\\d+:1$`));
    // Two thirds of the period left: two thirds of 2.00.
    expect(events[0]!.value).toBe(133);

    // The other team's own overage is its own block 1, not the first team's block 2.
    await links(org.other, org.owner, 1);
    expect(await reportWorkspaceOverage(db, meter, org.other, 2, NOW)).toBe(1);
    expect(events[1]!.identifier).toMatch(new RegExp(`^overage:${org.id}/${org.other}:\\d+:1$`));
    const period = new Date(NOW.getTime() - 10 * DAY);
    expect(await getReportedOverageBlocks(db, { workspaceId: org.team, ownerId: org.id }, period)).toBe(1);
    expect(await getReportedOverageBlocks(db, { workspaceId: org.other, ownerId: org.id }, period)).toBe(1);
  });

  it("reports nothing with the switch off, for a team on its own plan with its own switch off, or without a paid plan", async () => {
    const org = await newOrganization();
    await subscribeAtStripe(org.id);
    const { meter, events } = recordingMeter();
    await links(org.team, org.owner, 5);
    expect(await reportWorkspaceOverage(db, meter, org.team, 2, NOW)).toBe(0);
    await setOverageSwitch(db, { kind: "organization", id: org.id, organizationId: org.id, target: null }, true, org.owner);
    await subscribeAtStripe(org.team);
    // The team's own plan is in force there, and its switch is off: the organization's does not count.
    expect(await reportWorkspaceOverage(db, meter, org.team, 2, NOW)).toBe(0);
    const lone = await newOrganization();
    await links(lone.team, lone.owner, 5);
    expect(await reportWorkspaceOverage(db, meter, lone.team, 2, NOW)).toBe(0);
    expect(events).toEqual([]);
  });

  it("a team paying for itself is billed on its own customer; a personal workspace keeps its identifier of before", async () => {
    const org = await newOrganization();
    await subscribeAtStripe(org.id);
    const teamCustomer = await subscribeAtStripe(org.team);
    await setOverageSwitch(db, { kind: "team", id: org.team, organizationId: org.id, target: "sales" }, true, org.owner);
    const user = await newUser("solo");
    const userCustomer = await subscribeAtStripe(user);
    await setOveragesEnabled(db, user, true);
    const { meter, events } = recordingMeter();
    await links(org.team, org.owner, 3);
    await links(user, user, 3);
    await reportWorkspaceOverage(db, meter, org.team, 2, NOW);
    await reportWorkspaceOverage(db, meter, user, 2, NOW);
    expect(events.map((e) => e.customerId)).toEqual([teamCustomer, userCustomer]);
    expect(events[0]!.identifier).toMatch(new RegExp(`^overage:${org.team}:\\d+:1$`));
    expect(events[1]!.identifier).toMatch(new RegExp(`^overage:${user}:\\d+:1$`));
  });

  it("the queue job takes a workspace, and still takes a message of before that names the user", async () => {
    const user = await newUser("queued");
    const batch = createMessageBatch("snip-jobs", [
      {
        id: "ov1",
        timestamp: new Date(),
        attempts: 1,
        body: { type: OVERAGE_REPORT_JOB, v: 1, id: "ov1", payload: { workspaceId: user, activeLimit: 1 } },
      },
      {
        id: "ov2",
        timestamp: new Date(),
        attempts: 1,
        body: { type: OVERAGE_REPORT_JOB, v: 1, id: "ov2", payload: { userId: user, activeLimit: 1 } },
      },
      { id: "ov3", timestamp: new Date(), attempts: 1, body: { type: OVERAGE_REPORT_JOB, v: 1, id: "ov3", payload: { activeLimit: 1 } } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    // Without a Stripe key there is nothing to meter: the two well-formed ones are acked; the malformed one is not.
    expect(result.explicitAcks).toEqual(expect.arrayContaining(["ov1", "ov2"]));
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["ov3"]);
  });
});
