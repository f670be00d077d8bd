/**
 * The organizations model in D1 (migration 0013, docs/decisions/025): what the constraints refuse
 * and what deleting a row takes with it, against the real migrations in workerd's D1.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { findOrganizationBySlug, findTeamBySlug, loadStanding } from "../../db/organizations.server";
import { can, teamOption, type Actor } from "../../domain/permissions";
import { auditLog, invitations, organizationRoles, organizationUsers, organizations, teamMembers, teams, users } from "../../db/schema";

const testEnv = env as unknown as { DB: D1Database; MIGRATION_DB: D1Database; TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] };
const db = getDb(testEnv.DB);
const now = new Date("2026-11-25T08:00:00Z");

/** The database's own message for a refused statement (drizzle wraps it in "Failed query: ..."). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const parts: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) parts.push(e.message);
    return parts.join(" | ");
  }
  throw new Error("the statement was not refused");
}

async function newUser(label: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name: label, email: `${label}-${id}@example.com`, createdAt: now, updatedAt: now });
  return id;
}

/** An organization with an owner, one role, a user holding it, a team with a member, and invitations. */
async function seedOrganization() {
  const ownerId = await newUser("owner");
  const memberId = await newUser("member");
  const orgId = crypto.randomUUID();
  const slug = `acme-${orgId.slice(0, 8)}`;
  await db.insert(organizations).values({ id: orgId, slug, name: "Acme", ownerUserId: ownerId, createdAt: now, updatedAt: now });
  const roleId = crypto.randomUUID();
  await db
    .insert(organizationRoles)
    .values({ id: roleId, organizationId: orgId, name: "Auditor", permissions: '["audit"]', createdAt: now });
  await db.insert(organizationUsers).values({ organizationId: orgId, userId: memberId, roleId, createdAt: now });
  const teamId = crypto.randomUUID();
  await db.insert(teams).values({
    id: teamId,
    organizationId: orgId,
    slug: "marketing",
    name: "Marketing",
    ownerUserId: memberId,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(teamMembers).values({ teamId, userId: memberId, role: "viewer", createdAt: now });
  const invitation = (over: Partial<typeof invitations.$inferInsert>): typeof invitations.$inferInsert => ({
    id: crypto.randomUUID(),
    organizationId: orgId,
    inviterUserId: memberId,
    email: "new@example.com",
    tokenHash: crypto.randomUUID(),
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
    createdAt: now,
    updatedAt: now,
    ...over,
  });
  const orgInvitationId = crypto.randomUUID();
  const teamInvitationId = crypto.randomUUID();
  await db.insert(invitations).values(invitation({ id: orgInvitationId, roleId, message: "Join us" }));
  await db.insert(invitations).values(invitation({ id: teamInvitationId, teamId, teamRole: "member" }));
  await db
    .insert(auditLog)
    .values({ organizationId: orgId, actorUserId: memberId, action: "team.created", target: "marketing", createdAt: now });
  return { ownerId, memberId, orgId, slug, roleId, teamId, orgInvitationId, teamInvitationId, invitation };
}

const NEW_TABLES = ["audit_log", "invitations", "team_members", "organization_users", "teams", "organization_roles", "organizations"];

describe("migration 0013 (organizations)", () => {
  it("applied to a database with a user and their link, leaves both exactly as they were and adds the empty tables", async () => {
    // An empty D1 of its own (MIGRATION_DB) brought to the state before 0013; later migrations
    // (0014 workspaces) build on these tables, so they cannot be dropped from the main one.
    const migration = testEnv.TEST_MIGRATIONS.find((m) => m.name.startsWith("0013_"));
    expect(migration?.name).toBe("0013_organizations.sql");
    const d1 = testEnv.MIGRATION_DB;
    await applyD1Migrations(
      d1,
      testEnv.TEST_MIGRATIONS.filter((m) => m.name < migration!.name),
    );

    const userId = crypto.randomUUID();
    await d1
      .prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'existing', ?, ?, ?)")
      .bind(userId, `existing-${userId}@example.com`, now.getTime(), now.getTime())
      .run();
    await d1
      .prepare(
        "INSERT INTO links (id, domain, alias, url, user_id, created_at, updated_at) VALUES (?, 'localhost:8787', ?, 'https://example.com/kept', ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), `kept${userId.slice(0, 6)}`, userId, now.getTime(), now.getTime())
      .run();
    const before = {
      user: await d1.prepare("SELECT * FROM users WHERE id = ?").bind(userId).all(),
      links: await d1.prepare("SELECT * FROM links WHERE user_id = ?").bind(userId).all(),
    };

    await applyD1Migrations(
      d1,
      testEnv.TEST_MIGRATIONS.filter((m) => m.name <= migration!.name),
    );

    expect((await d1.prepare("SELECT * FROM users WHERE id = ?").bind(userId).all()).results).toEqual(before.user.results);
    expect((await d1.prepare("SELECT * FROM links WHERE user_id = ?").bind(userId).all()).results).toEqual(before.links.results);
    expect(before.links.results).toHaveLength(1);
    for (const table of NEW_TABLES) {
      expect(await d1.prepare(`SELECT count(*) AS n FROM ${table}`).first("n")).toBe(0);
    }
  });
});

describe("the organizations model in D1", () => {
  it("stores an organization with a role, a user, a team, a membership and invitations", async () => {
    const seeded = await seedOrganization();
    const [org] = await db.select().from(organizations).where(eq(organizations.id, seeded.orgId));
    expect(org).toMatchObject({ slug: seeded.slug, archived: false, features: "[]" });
    const [team] = await db.select().from(teams).where(eq(teams.id, seeded.teamId));
    expect(team).toMatchObject({ options: "{}", features: "[]", archived: false });
    const pending = await db.select().from(invitations).where(eq(invitations.organizationId, seeded.orgId));
    expect(pending.map((i) => i.state)).toEqual(["pending", "pending"]);
  });

  it("refuses a second organization with the same slug", async () => {
    const { slug, ownerId } = await seedOrganization();
    const id = crypto.randomUUID();
    expect(
      await refusal(db.insert(organizations).values({ id, slug, name: "Copy", ownerUserId: ownerId, createdAt: now, updatedAt: now })),
    ).toMatch(/UNIQUE constraint failed: organizations\.slug/);
  });

  it("keeps team slugs unique within an organization only", async () => {
    const a = await seedOrganization();
    const b = await seedOrganization();
    const team = (organizationId: string) => ({
      id: crypto.randomUUID(),
      organizationId,
      slug: "marketing",
      name: "M",
      createdAt: now,
      updatedAt: now,
    });
    expect(await refusal(db.insert(teams).values(team(a.orgId)))).toMatch(/UNIQUE constraint failed: teams\.organization_id, teams\.slug/);
    // b already has its own "marketing": each organization has one, and no more.
    expect(await db.select().from(teams).where(eq(teams.slug, "marketing"))).toEqual(
      expect.arrayContaining([expect.objectContaining({ organizationId: a.orgId }), expect.objectContaining({ organizationId: b.orgId })]),
    );
  });

  it("gives a user one role per organization, one membership per team, and only the three team roles", async () => {
    const { orgId, memberId, roleId, teamId } = await seedOrganization();
    expect(await refusal(db.insert(organizationUsers).values({ organizationId: orgId, userId: memberId, roleId, createdAt: now }))).toMatch(
      /UNIQUE constraint failed/,
    );
    expect(await refusal(db.insert(teamMembers).values({ teamId, userId: memberId, role: "admin", createdAt: now }))).toMatch(
      /UNIQUE constraint failed/,
    );
    const other = await newUser("other");
    const badRole = { teamId, userId: other, role: "owner", createdAt: now } as unknown as typeof teamMembers.$inferInsert;
    expect(await refusal(db.insert(teamMembers).values(badRole))).toMatch(/CHECK constraint failed/);
  });

  it("refuses a role or a team of another organization", async () => {
    const a = await seedOrganization();
    const b = await seedOrganization();
    const stranger = await newUser("stranger");
    expect(
      await refusal(db.insert(organizationUsers).values({ organizationId: a.orgId, userId: stranger, roleId: b.roleId, createdAt: now })),
    ).toMatch(/FOREIGN KEY constraint failed/);
    expect(
      await refusal(db.insert(invitations).values(a.invitation({ teamId: b.teamId, teamRole: "member", email: "x@example.com" }))),
    ).toMatch(/FOREIGN KEY constraint failed/);
    expect(await refusal(db.insert(invitations).values(a.invitation({ roleId: b.roleId, email: "y@example.com" })))).toMatch(
      /FOREIGN KEY constraint failed/,
    );
  });

  it("holds one pending invitation per address and destination, a role or a team role never both", async () => {
    const s = await seedOrganization();
    expect(await refusal(db.insert(invitations).values(s.invitation({ roleId: s.roleId })))).toMatch(/UNIQUE constraint failed/);
    expect(await refusal(db.insert(invitations).values(s.invitation({ teamId: s.teamId, teamRole: "viewer" })))).toMatch(
      /UNIQUE constraint failed/,
    );
    expect(
      await refusal(
        db.insert(invitations).values(s.invitation({ email: "both@example.com", roleId: s.roleId, teamId: s.teamId, teamRole: "member" })),
      ),
    ).toMatch(/CHECK constraint failed/);
    expect(await refusal(db.insert(invitations).values(s.invitation({ email: "none@example.com" })))).toMatch(/CHECK constraint failed/);
    // Once the first is revoked, the address may be invited again.
    await db.update(invitations).set({ state: "revoked" }).where(eq(invitations.id, s.orgInvitationId));
    await db.insert(invitations).values(s.invitation({ roleId: s.roleId }));
    const rows = await db.select().from(invitations).where(eq(invitations.organizationId, s.orgId));
    expect(rows.map((r) => r.state).sort()).toEqual(["pending", "pending", "revoked"]);
  });

  it("deleting a team takes its memberships and invitations; a role in use cannot be deleted", async () => {
    const s = await seedOrganization();
    expect(await refusal(db.delete(organizationRoles).where(eq(organizationRoles.id, s.roleId)))).toMatch(/FOREIGN KEY constraint failed/);
    await db.delete(teams).where(eq(teams.id, s.teamId));
    expect(await db.select().from(teamMembers).where(eq(teamMembers.teamId, s.teamId))).toEqual([]);
    const left = await db.select().from(invitations).where(eq(invitations.organizationId, s.orgId));
    expect(left.map((i) => i.id)).toEqual([s.orgInvitationId]);
  });

  it("deleting a member's account removes their role and memberships and keeps the trail without them; an owner's account is refused", async () => {
    const s = await seedOrganization();
    await db.delete(users).where(eq(users.id, s.memberId));
    expect(await db.select().from(organizationUsers).where(eq(organizationUsers.userId, s.memberId))).toEqual([]);
    expect(await db.select().from(teamMembers).where(eq(teamMembers.userId, s.memberId))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.organizationId, s.orgId));
    expect(entry).toMatchObject({ actorUserId: null, action: "team.created", target: "marketing" });
    const [team] = await db.select().from(teams).where(eq(teams.id, s.teamId));
    expect(team?.ownerUserId).toBeNull();
    const invited = await db.select().from(invitations).where(eq(invitations.organizationId, s.orgId));
    expect(invited.map((i) => i.inviterUserId)).toEqual([null, null]);
    expect(await refusal(db.delete(users).where(eq(users.id, s.ownerId)))).toMatch(/FOREIGN KEY constraint failed/);
  });

  it("deleting an organization takes its roles, users, teams, memberships, invitations and trail, and no account", async () => {
    const s = await seedOrganization();
    await db.delete(organizations).where(eq(organizations.id, s.orgId));
    expect(await db.select().from(organizationRoles).where(eq(organizationRoles.organizationId, s.orgId))).toEqual([]);
    expect(await db.select().from(organizationUsers).where(eq(organizationUsers.organizationId, s.orgId))).toEqual([]);
    expect(await db.select().from(teams).where(eq(teams.organizationId, s.orgId))).toEqual([]);
    expect(await db.select().from(teamMembers).where(eq(teamMembers.teamId, s.teamId))).toEqual([]);
    expect(await db.select().from(invitations).where(eq(invitations.organizationId, s.orgId))).toEqual([]);
    expect(await db.select().from(auditLog).where(eq(auditLog.organizationId, s.orgId))).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, s.memberId))).length).toBe(1);
    expect((await db.select().from(users).where(eq(users.id, s.ownerId))).length).toBe(1);
  });
});

describe("the facts the permission rules read, from D1", () => {
  const actor = (userId: string): Actor => ({ userId, isDeveloper: true, subject: { plan: "pro" } });

  it("finds an organization by slug and a team only inside its own organization", async () => {
    const a = await seedOrganization();
    const b = await seedOrganization();
    const org = await findOrganizationBySlug(db, a.slug.toUpperCase());
    expect(org).toEqual({ id: a.orgId, slug: a.slug, name: "Acme", photo: null, features: "[]", ownerUserId: a.ownerId, archived: false });
    expect(await findOrganizationBySlug(db, "no-such-organization")).toBeNull();
    expect((await findTeamBySlug(db, b.orgId, "marketing"))?.id).toBe(b.teamId);
    expect(await findTeamBySlug(db, a.orgId, "sales")).toBeNull();
  });

  it("loads a user's role permissions and their memberships in that organization only, and can() answers from them", async () => {
    const a = await seedOrganization();
    const b = await seedOrganization();
    // a's member is also an admin of b's team: that must not count in a.
    await db.insert(teamMembers).values({ teamId: b.teamId, userId: a.memberId, role: "admin", createdAt: now });
    const org = (await findOrganizationBySlug(db, a.slug))!;
    const team = (await findTeamBySlug(db, a.orgId, "marketing"))!;
    const standing = await loadStanding(db, a.memberId, org);
    expect(standing.permissions).toEqual(["audit"]);
    expect(standing.teams).toEqual([{ teamId: a.teamId, role: "viewer" }]);
    expect(can(actor(a.memberId), "organization.audit", { kind: "organization", standing })).toBe(true);
    expect(can(actor(a.memberId), "team.link.create", { kind: "team", standing, team })).toBe(false);
    expect(teamOption(actor(a.memberId), standing, team)).toEqual({ label: "Marketing (Viewer Access Only)", disabled: true });

    const inB = await loadStanding(db, a.memberId, (await findOrganizationBySlug(db, b.slug))!);
    expect(inB).toMatchObject({ permissions: null, teams: [{ teamId: b.teamId, role: "admin" }] });
    const stranger = await loadStanding(db, b.ownerId, org);
    expect(stranger).toMatchObject({ permissions: null, teams: [] });
    expect(can(actor(b.ownerId), "organization.open", { kind: "organization", standing: stranger })).toBe(false);
    const owner = await loadStanding(db, a.ownerId, org);
    expect(can(actor(a.ownerId), "organization.dashboard", { kind: "organization", standing: owner })).toBe(true);
  });
});
