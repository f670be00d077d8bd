/**
 * The organization admin's data functions (docs/decisions/028) against the real migrations in
 * workerd's D1: each change and its audit row together, the refusals that write nothing, and
 * the audit trail's paging by (created_at, id).
 */
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeAuditCursor, listAuditEntries } from "../../db/audit-trail.server";
import { getDb } from "../../db/client.server";
import { answerSupportRequest, createSupportRequest, listSupportRequests } from "../../db/helpdesk.server";
import {
  changeUserRole,
  createOrganization,
  createRole,
  deleteRole,
  findOrganizationBySlug,
  listOrganizationUsers,
  listRoles,
  listUserOrganizations,
  removeOrganizationUser,
} from "../../db/organizations.server";
import { auditLog, organizationUsers, teamMembers, teams, users } from "../../db/schema";

const db = getDb((env as unknown as { DB: D1Database }).DB);
const now = new Date("2026-11-25T09:00:00Z");

async function newUser(name: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name, email: `${name.toLowerCase()}-${id}@example.com`, createdAt: now, updatedAt: now });
  return id;
}

async function trail(organizationId: string) {
  return (await db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId)).orderBy(asc(auditLog.id))).map(
    (row) => row.action,
  );
}

async function organizationWithUser() {
  const ownerId = await newUser("Owner");
  const memberId = await newUser("Member");
  const slug = `org-${crypto.randomUUID().slice(0, 8)}`;
  const made = await createOrganization(db, { ownerUserId: ownerId, slug, name: "Org" }, now);
  if (!made.ok) throw new Error("not created");
  const role = await createRole(db, made.id, ownerId, { name: "Editors", permissions: ["profile"] }, now);
  const other = await createRole(db, made.id, ownerId, { name: "Readers", permissions: ["audit"] }, now);
  if (!role.ok || !other.ok) throw new Error("roles not created");
  await db.insert(organizationUsers).values({ organizationId: made.id, userId: memberId, roleId: role.id, createdAt: now });
  return { ownerId, memberId, slug, organizationId: made.id, roleId: role.id, otherRoleId: other.id };
}

describe("organization admin data", () => {
  it("creates an organization with its audit row; a taken slug (any case) writes nothing", async () => {
    const ownerId = await newUser("Creator");
    const slug = `made-${crypto.randomUUID().slice(0, 8)}`;
    const made = await createOrganization(db, { ownerUserId: ownerId, slug, name: "Made" }, now);
    expect(made).toMatchObject({ ok: true, slug });
    const again = await createOrganization(db, { ownerUserId: await newUser("Copycat"), slug: slug.toUpperCase(), name: "Copy" }, now);
    expect(again).toEqual({ ok: false, reason: "taken" });
    expect(await trail((made as { id: string }).id)).toEqual(["organization.created"]);
    expect((await listUserOrganizations(db, ownerId)).map((o) => o.slug)).toEqual([slug]);
  });

  it("lists users with their role name (not the user's name overwritten by it) and the owner first", async () => {
    const s = await organizationWithUser();
    const organization = (await findOrganizationBySlug(db, s.slug))!;
    const list = await listOrganizationUsers(db, organization);
    expect(list.map((u) => [u.name, u.owner, u.role?.name ?? null])).toEqual([
      ["Owner", true, null],
      ["Member", false, "Editors"],
    ]);
    expect(list.every((u) => u.since instanceof Date && !Number.isNaN(u.since.getTime()))).toBe(true);
  });

  it("a role in use is refused and stays; a free role is deleted with its audit row", async () => {
    const s = await organizationWithUser();
    expect(await deleteRole(db, s.organizationId, s.ownerId, { id: s.roleId, name: "Editors" }, now)).toEqual({
      ok: false,
      reason: "in-use",
      users: 1,
    });
    expect(await deleteRole(db, s.organizationId, s.ownerId, { id: s.otherRoleId, name: "Readers" }, now)).toEqual({ ok: true });
    expect((await listRoles(db, s.organizationId)).map((r) => [r.name, r.users])).toEqual([["Editors", 1]]);
    expect(await trail(s.organizationId)).toEqual(["organization.created", "role.created", "role.created", "role.deleted"]);
  });

  it("changes a role only to one of this organization's roles, and removing a user takes their team memberships", async () => {
    const s = await organizationWithUser();
    const foreign = await organizationWithUser();
    expect(await changeUserRole(db, s.organizationId, s.ownerId, s.memberId, foreign.roleId, now)).toEqual({
      ok: false,
      reason: "unknown-role",
    });
    expect(await changeUserRole(db, s.organizationId, s.ownerId, foreign.memberId, s.otherRoleId, now)).toEqual({
      ok: false,
      reason: "unknown-user",
    });
    expect(await changeUserRole(db, s.organizationId, s.ownerId, s.memberId, s.otherRoleId, now)).toEqual({ ok: true });
    const teamId = crypto.randomUUID();
    await db.insert(teams).values({ id: teamId, organizationId: s.organizationId, slug: "t", name: "T", createdAt: now, updatedAt: now });
    await db.insert(teamMembers).values({ teamId, userId: s.memberId, role: "member", createdAt: now });
    expect(await removeOrganizationUser(db, s.organizationId, s.ownerId, s.memberId, now)).toEqual({ ok: true });
    expect(await db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toEqual([]);
    expect((await trail(s.organizationId)).slice(-2)).toEqual(["user.role-changed", "user.removed"]);
    // The other organization's user and role are untouched.
    expect((await listRoles(db, foreign.organizationId)).find((r) => r.id === foreign.roleId)?.users).toBe(1);
  });

  it("pages the trail by (created_at, id): rows of the same millisecond are neither skipped nor repeated", async () => {
    const s = await organizationWithUser();
    for (let i = 0; i < 5; i++)
      await db
        .insert(auditLog)
        .values({ organizationId: s.organizationId, actorUserId: s.ownerId, action: "team.created", target: `t${i}`, createdAt: now });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listAuditEntries(
        db,
        s.organizationId,
        { action: "team.created" },
        { cursor: decodeAuditCursor(cursor), limit: 2 },
      );
      seen.push(...page.rows.map((r) => r.target ?? ""));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(["t4", "t3", "t2", "t1", "t0"]);
  });

  it("a support request is written with its audit row and shows its answer", async () => {
    const s = await organizationWithUser();
    const id = await createSupportRequest(
      db,
      { organizationId: s.organizationId, authorUserId: s.memberId, subject: "Help", message: "Please" },
      now,
    );
    expect(await answerSupportRequest(db, { id, answeredByUserId: null, answer: "Done" }, now)).toBe(true);
    expect(await answerSupportRequest(db, { id: "missing", answeredByUserId: null, answer: "x" }, now)).toBe(false);
    const [request] = await listSupportRequests(db, s.organizationId);
    expect(request).toMatchObject({ subject: "Help", author: "Member", answer: "Done" });
    expect((await trail(s.organizationId)).at(-1)).toBe("helpdesk.request");
  });
});
