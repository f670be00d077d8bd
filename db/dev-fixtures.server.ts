/**
 * Writes used only by the dev-only /__dev/fixtures route (local runs and end-to-end tests) to
 * put an account into a state the app has no page for yet. Never called in production code paths.
 */
import { and, eq } from "drizzle-orm";
import type { BillingInterval, PlanName } from "../domain/plans";
import type { Db } from "./client.server";
import { currentSubscriptionId, type BillingOwnerColumns } from "./billing.server";
import { organizationRoles, organizationUsers, organizations, sessions, subscriptions, teamMembers, teams, users } from "./schema";

export async function setUserDeveloper(db: Db, userId: string, isDeveloper: boolean): Promise<void> {
  // The role goes with the flag, as the kiosk gives it (db/users.server.ts setUserDeveloperFlag).
  await db
    .update(users)
    .set({ isDeveloper, role: isDeveloper ? "admin" : "user", updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The user's status bits (spec 01 §3: 4 no affiliate, 8 no mailings, 16 hide invoices). */
export async function setUserStatus(db: Db, userId: string, status: number): Promise<void> {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
}

export interface FixtureSubscription {
  plan: PlanName;
  interval: BillingInterval;
  amount: number;
  /** A past-due trial: billing past due, and the trial ended when the period started. */
  pastDueTrial: boolean;
  /** Billing past due without a trial (a failed renewal). */
  pastDue?: boolean;
}

/** Replaces the billing owner's (a user's, team's or organization's) current default subscription. */
export async function putCurrentSubscription(
  db: Db,
  owner: BillingOwnerColumns,
  sub: FixtureSubscription,
  now = new Date(),
): Promise<void> {
  const periodStartsAt = sub.pastDueTrial ? new Date(now.getTime() - 24 * 60 * 60 * 1000) : now;
  const periodEndsAt = new Date(periodStartsAt);
  periodEndsAt.setUTCMonth(periodEndsAt.getUTCMonth() + (sub.interval === "yearly" ? 12 : 1));
  await db.batch([
    db
      .delete(subscriptions)
      .where(and(eq(subscriptions.ownerId, owner.ownerId), eq(subscriptions.slot, "current"), eq(subscriptions.type, "default"))),
    db.insert(subscriptions).values({
      // The id billing events update (db/billing.server.ts), so a fixture can be changed like any record.
      id: currentSubscriptionId(owner.ownerId),
      ...owner,
      slot: "current",
      name: sub.plan,
      interval: sub.interval,
      amount: sub.amount,
      currency: "USD",
      quantity: 1,
      trialEndsAt: sub.pastDueTrial ? periodStartsAt : null,
      periodStartsAt,
      periodEndsAt,
      billingStatus: sub.pastDueTrial || sub.pastDue ? "past_due" : null,
      type: "default",
      createdAt: now,
      updatedAt: now,
    }),
  ]);
}

/** Turns a session into an impersonation session of staff user `staffUserId`. */
export async function markSessionImpersonated(db: Db, sessionId: string, staffUserId: string): Promise<void> {
  await db.update(sessions).set({ impersonatedBy: staffUserId }).where(eq(sessions.id, sessionId));
}

export interface OrganizationFixture {
  ownerUserId: string;
  slug: string;
  name: string;
  archived: boolean;
  roles: { name: string; permissions: string[] }[];
  users: { userId: string; role: string }[];
  teams: {
    slug: string;
    name: string;
    archived: boolean;
    /** teams.options (e.g. {"require_sso": true}: switching answers 424, docs/decisions/029). */
    options?: Record<string, unknown>;
    members: { userId: string; role: "admin" | "member" | "viewer" }[];
  }[];
}

/**
 * An organization with its roles, users, teams and members, written in one batch (the e2e
 * role × route tables build their world with it). Answers the ids it made.
 */
export async function putOrganization(
  db: Db,
  fixture: OrganizationFixture,
  now = new Date(),
): Promise<{ organizationId: string; roles: Record<string, string>; teams: Record<string, string> }> {
  const organizationId = crypto.randomUUID();
  const roleIds = Object.fromEntries(fixture.roles.map((role) => [role.name, crypto.randomUUID()]));
  const teamIds = Object.fromEntries(fixture.teams.map((team) => [team.slug, crypto.randomUUID()]));
  const statements = [
    db.insert(organizations).values({
      id: organizationId,
      slug: fixture.slug.toLowerCase(),
      name: fixture.name,
      ownerUserId: fixture.ownerUserId,
      archived: fixture.archived,
      createdAt: now,
      updatedAt: now,
    }),
    ...fixture.roles.map((role) =>
      db.insert(organizationRoles).values({
        id: roleIds[role.name]!,
        organizationId,
        name: role.name,
        permissions: JSON.stringify(role.permissions),
        createdAt: now,
      }),
    ),
    ...fixture.users.map((user) =>
      db.insert(organizationUsers).values({ organizationId, userId: user.userId, roleId: roleIds[user.role]!, createdAt: now }),
    ),
    ...fixture.teams.flatMap((team) => [
      db.insert(teams).values({
        id: teamIds[team.slug]!,
        organizationId,
        slug: team.slug.toLowerCase(),
        name: team.name,
        ownerUserId: fixture.ownerUserId,
        archived: team.archived,
        options: JSON.stringify(team.options ?? {}),
        createdAt: now,
        updatedAt: now,
      }),
      ...team.members.map((member) =>
        db.insert(teamMembers).values({ teamId: teamIds[team.slug]!, userId: member.userId, role: member.role, createdAt: now }),
      ),
    ]),
  ];
  await db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  return { organizationId, roles: roleIds, teams: teamIds };
}
