/**
 * db/invitations.server.ts against the real migrations in workerd's D1 (docs/decisions/030): each
 * change writes its audit row with it, a second pending invitation to the same address and
 * destination is refused without a write, reading turns an invitation past its date expired,
 * and an accept that cannot grant (already a member) writes nothing at all.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import {
  acceptInvitation,
  closeInvitation,
  createInvitation,
  findInvitation,
  listPendingForEmail,
  listPendingForOrganization,
} from "../../db/invitations.server";
import { INVITATION_TTL_MS } from "../../domain/invitations";
import { auditLog, invitations, organizationRoles, organizationUsers, organizations, teamMembers, teams, users } from "../../db/schema";

const testEnv = env as unknown as { DB: D1Database; TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] };
const db = getDb(testEnv.DB);
const now = new Date("2026-11-25T08:00:00Z");

async function newUser(label: string) {
  const id = crypto.randomUUID();
  const email = `${label}-${id}@example.com`;
  await db.insert(users).values({ id, name: label, email, createdAt: now, updatedAt: now });
  return { id, email };
}

async function seed() {
  const owner = await newUser("owner");
  const orgId = crypto.randomUUID();
  await db
    .insert(organizations)
    .values({ id: orgId, slug: `inv-${orgId.slice(0, 8)}`, name: "Acme", ownerUserId: owner.id, createdAt: now, updatedAt: now });
  const roleId = crypto.randomUUID();
  await db
    .insert(organizationRoles)
    .values({ id: roleId, organizationId: orgId, name: "Auditor", permissions: '["audit"]', createdAt: now });
  const teamId = crypto.randomUUID();
  await db.insert(teams).values({ id: teamId, organizationId: orgId, slug: "alpha", name: "Alpha", createdAt: now, updatedAt: now });
  return { owner, orgId, roleId, teamId };
}

async function auditActions(orgId: string) {
  const rows = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.organizationId, orgId));
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
});

describe("invitations in D1", () => {
  it("sending writes the invitation and invitation.sent; a duplicate pending one writes nothing", async () => {
    const { owner, orgId, roleId } = await seed();
    const invitee = await newUser("invitee");
    const input = { organizationId: orgId, inviterUserId: owner.id, email: invitee.email, message: "hi", roleId };
    const first = await createInvitation(db, { ...input, tokenHash: crypto.randomUUID() }, { target: invitee.email, details: {} }, now);
    expect(first.ok).toBe(true);
    const second = await createInvitation(db, { ...input, tokenHash: crypto.randomUUID() }, { target: invitee.email, details: {} }, now);
    expect(second).toEqual({ ok: false, reason: "duplicate" });
    expect(await auditActions(orgId)).toEqual(["invitation.sent"]);
    expect(await db.select().from(invitations).where(eq(invitations.organizationId, orgId))).toHaveLength(1);
  });

  it("reading past the expiry turns pending into expired, and an expired one does not block a new one", async () => {
    const { owner, orgId, roleId } = await seed();
    const invitee = await newUser("late");
    const made = await createInvitation(
      db,
      { organizationId: orgId, inviterUserId: owner.id, email: invitee.email, message: null, roleId, tokenHash: crypto.randomUUID() },
      { target: invitee.email, details: {} },
      now,
    );
    if (!made.ok) throw new Error("not made");
    const later = new Date(now.getTime() + INVITATION_TTL_MS + 1);
    expect(await listPendingForEmail(db, invitee.email, later, false)).toEqual([]);
    expect((await findInvitation(db, made.id, now))?.state).toBe("pending");
    expect((await findInvitation(db, made.id, later))?.state).toBe("expired");
    const again = await createInvitation(
      db,
      { organizationId: orgId, inviterUserId: owner.id, email: invitee.email, message: null, roleId, tokenHash: crypto.randomUUID() },
      { target: invitee.email, details: {} },
      later,
    );
    expect(again.ok).toBe(true);
    expect(await listPendingForOrganization(db, orgId, { organizationLevel: true, teamIds: [] }, later)).toHaveLength(1);
  });

  it("accepting grants the role or the team role with the audit rows; declining and revoking write theirs", async () => {
    const { owner, orgId, roleId, teamId } = await seed();
    const invitee = await newUser("joiner");
    const org = await createInvitation(
      db,
      { organizationId: orgId, inviterUserId: owner.id, email: invitee.email, message: null, roleId, tokenHash: crypto.randomUUID() },
      { target: invitee.email, details: {} },
      now,
    );
    const team = await createInvitation(
      db,
      {
        organizationId: orgId,
        inviterUserId: owner.id,
        email: invitee.email,
        message: null,
        teamId,
        teamRole: "viewer",
        tokenHash: crypto.randomUUID(),
      },
      { target: "alpha", details: {} },
      now,
    );
    if (!org.ok || !team.ok) throw new Error("not made");
    const [pendingOrg, pendingTeam] = await Promise.all([findInvitation(db, org.id, now), findInvitation(db, team.id, now)]);
    await acceptInvitation(db, pendingOrg!, invitee.id, now);
    await acceptInvitation(db, pendingTeam!, invitee.id, now);
    expect(
      await db.select({ roleId: organizationUsers.roleId }).from(organizationUsers).where(eq(organizationUsers.userId, invitee.id)),
    ).toEqual([{ roleId }]);
    expect(await db.select({ role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.userId, invitee.id))).toEqual([
      { role: "viewer" },
    ]);
    expect((await findInvitation(db, org.id, now))?.state).toBe("accepted");

    // Accepting again (already a member): the batch fails as a whole, nothing more is written.
    await expect(acceptInvitation(db, pendingTeam!, invitee.id, now)).rejects.toThrow();
    const actions = await auditActions(orgId);
    expect(actions.filter((a) => a === "invitation.accepted")).toHaveLength(2);
    expect(actions).toContain("user.joined");
    expect(actions).toContain("member.added");

    const other = await newUser("other");
    const declined = await createInvitation(
      db,
      { organizationId: orgId, inviterUserId: owner.id, email: other.email, message: null, roleId, tokenHash: crypto.randomUUID() },
      { target: other.email, details: {} },
      now,
    );
    if (!declined.ok) throw new Error("not made");
    await closeInvitation(db, (await findInvitation(db, declined.id, now))!, "declined", other.id, now);
    expect((await findInvitation(db, declined.id, now))?.state).toBe("declined");
    const revoked = await createInvitation(
      db,
      { organizationId: orgId, inviterUserId: owner.id, email: other.email, message: null, roleId, tokenHash: crypto.randomUUID() },
      { target: other.email, details: {} },
      now,
    );
    if (!revoked.ok) throw new Error("not made");
    await closeInvitation(db, (await findInvitation(db, revoked.id, now))!, "revoked", owner.id, now);
    const final = await auditActions(orgId);
    expect(final).toContain("invitation.declined");
    expect(final).toContain("invitation.revoked");
  });
});
