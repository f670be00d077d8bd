/**
 * One payable checkout per billing owner, and the test-mode checkout's guard when it is paid
 * (the billing audit, defects 1 and 5): starting a checkout closes the owner's earlier ones (marked
 * expired; at Stripe and Paddle they are also closed there, tests/unit/billing-providers.test.ts and
 * paddle.spec.ts); the page refuses a replaced checkout, one for an owner already paying, and one
 * whose starter has lost the permission to pay for the team since.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/env.server";
import { checkoutRefusal } from "../../app/lib/billing/payer.server";
import { subscribe } from "../../app/lib/billing/subscribe.server";
import type { Viewer } from "../../app/session.server";
import { getCheckoutSession, type CheckoutSession } from "../../db/billing.server";
import { getDb } from "../../db/client.server";
import { BILLING_MESSAGES } from "../../domain/billing";
import { getPlan } from "../../domain/plans";
import { newOrganization, newUser, run } from "./seed";

const appEnv = env as unknown as AppEnv;
const db = getDb(appEnv.DB);

function viewerOf(id: string): Viewer {
  return {
    user: { id, name: "T", email: `${id}@example.com`, isDeveloper: true, createdAt: new Date(0) },
    subscription: null,
    futureSubscription: null,
    subject: { plan: "free", userFeatures: [] },
    subscribed: false,
    pastDueTrial: false,
  } as unknown as Viewer;
}
const actorOf = (id: string) => ({ userId: id, isDeveloper: true, subject: { plan: "free" as const, userFeatures: [] } });

async function checkout(viewer: Viewer, owner?: { ownerId: string; subscriptionPath: string }): Promise<CheckoutSession> {
  const started = await subscribe(appEnv, db, viewer, {
    plan: getPlan("pro"),
    interval: "monthly",
    trial: false,
    coupon: null,
    origin: "https://snip.example",
    ...(owner ? { owner } : {}),
  });
  if (!started.ok) throw new Error(started.message);
  return (await getCheckoutSession(db, viewer.user.id, started.value.sessionId))!;
}

async function givePaidPlan(ownerId: string, columns: { userId?: string; organizationId?: string; teamId?: string }) {
  const now = Date.now();
  await run(
    `INSERT INTO subscriptions (id, owner_id, user_id, organization_id, team_id, slot, name, interval, amount, ends_at, period_starts_at, period_ends_at, billing_type, billing_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'current', 'pro', 'monthly', 2900, NULL, ?, ?, 0, 'sub_test_paid', ?, ?)`,
    `${ownerId}:default:current`,
    ownerId,
    columns.userId ?? null,
    columns.organizationId ?? null,
    columns.teamId ?? null,
    now - 1000,
    now + 30 * 86_400_000,
    now,
    now,
  );
}

describe("one payable checkout per owner", () => {
  it("a second checkout expires the first of the same owner, and the first can no longer be paid", async () => {
    const [user, other] = [await newUser("buyer"), await newUser("other")];
    const theirs = await checkout(viewerOf(other));
    const first = await checkout(viewerOf(user));
    expect(await checkoutRefusal(db, actorOf(user), first)).toBeNull();
    const second = await checkout(viewerOf(user));

    const firstNow = (await getCheckoutSession(db, user, first.id))!;
    expect(firstNow.status).toBe("expired");
    expect(await checkoutRefusal(db, actorOf(user), firstNow)).toEqual({ status: 406, message: BILLING_MESSAGES.checkoutReplaced });
    expect(await checkoutRefusal(db, actorOf(user), second)).toBeNull();
    // Another owner's checkout is left alone.
    expect((await getCheckoutSession(db, other, theirs.id))!.status).toBe("open");
  });

  it("an owner with a paid subscription in force cannot pay a checkout again", async () => {
    const user = await newUser("payer");
    const open = await checkout(viewerOf(user));
    await givePaidPlan(user, { userId: user });
    expect(await checkoutRefusal(db, actorOf(user), open)).toEqual({ status: 406, message: BILLING_MESSAGES.alreadySubscribed });
  });
});

describe("paying a team's checkout asks for the permission again", () => {
  it("a user who started it with the subscriptions permission and lost it since is refused (403), the owner is not", async () => {
    const org = await newOrganization();
    const billing = await newUser("billing");
    const role = crypto.randomUUID();
    await run(
      "INSERT INTO organization_roles (id, organization_id, name, permissions, created_at) VALUES (?, ?, 'Billing', ?, 0)",
      role,
      org.id,
      JSON.stringify(["subscriptions"]),
    );
    await run("INSERT INTO organization_users (organization_id, user_id, role_id, created_at) VALUES (?, ?, ?, 0)", org.id, billing, role);
    const owner = { ownerId: org.team, subscriptionPath: "/app/organization/o/team/sales/subscription" };
    const session = await checkout(viewerOf(billing), owner);
    expect(await checkoutRefusal(db, actorOf(billing), session)).toBeNull();

    await run("UPDATE organization_roles SET permissions = '[]' WHERE id = ?", role);
    expect(await checkoutRefusal(db, actorOf(billing), session)).toEqual({ status: 403, message: "Permission denied." });

    // The organization's owner may pay for the team; a team's paid plan in force stops any payment.
    const ownersSession = await checkout(viewerOf(org.owner), owner);
    expect(await checkoutRefusal(db, actorOf(org.owner), ownersSession)).toBeNull();
    await givePaidPlan(org.team, { organizationId: org.id, teamId: org.team });
    expect(await checkoutRefusal(db, actorOf(org.owner), ownersSession)).toEqual({
      status: 406,
      message: BILLING_MESSAGES.alreadySubscribed,
    });
  });
});
