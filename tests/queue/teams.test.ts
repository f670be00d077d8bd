/**
 * Teams in D1 (db/teams.server.ts, docs/decisions/029): every change writes its audit row in the
 * same batch, the creator is the team's first admin, a duplicate slug is refused by the database
 * too, and the current team (users.current_team_id, migration 0016) falls back to the account when
 * the member leaves.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { auditLog, organizations, teamMembers, teams, users } from "../../db/schema";
import {
  addTeamMember,
  changeTeamMemberRole,
  createTeam,
  getCurrentTeamId,
  isDuplicateTeamSlug,
  listOrganizationPeople,
  listUserOrganizations,
  listUserTeams,
  removeTeamMember,
  renameTeam,
  setCurrentTeam,
  setTeamArchived,
} from "../../db/teams.server";

const db = getDb((env as unknown as { DB: D1Database }).DB);
const now = new Date("2026-11-25T09:00:00Z");

async function newUser(label: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name: label, email: `${label}-${id}@example.com`, createdAt: now, updatedAt: now });
  return { id, email: `${label}-${id}@example.com` };
}

async function newOrganization() {
  const owner = await newUser("owner");
  const id = crypto.randomUUID();
  await db
    .insert(organizations)
    .values({ id, slug: `org-${id.slice(0, 8)}`, name: "Org", ownerUserId: owner.id, createdAt: now, updatedAt: now });
  return { id, owner };
}

async function auditOf(organizationId: string) {
  return db
    .select({ action: auditLog.action, target: auditLog.target, details: auditLog.details, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(eq(auditLog.organizationId, organizationId))
    .orderBy(auditLog.id);
}

describe("teams in D1", () => {
  it("creates a team with its creator as first admin and writes team.created, team.updated, team.archived, team.restored", async () => {
    const org = await newOrganization();
    const id = await createTeam(db, { organizationId: org.id, slug: "Sales", name: "Sales", actorUserId: org.owner.id }, now);
    const [team] = await db.select().from(teams).where(eq(teams.id, id));
    expect(team).toMatchObject({ slug: "sales", name: "Sales", ownerUserId: org.owner.id, archived: false });
    expect(await db.select({ role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.teamId, id))).toEqual([{ role: "admin" }]);

    const ref = { id, organizationId: org.id, slug: "sales", name: "Sales" };
    await renameTeam(db, ref, "Sales EMEA", org.owner.id, now);
    await setTeamArchived(db, ref, true, org.owner.id, now);
    await setTeamArchived(db, ref, false, org.owner.id, now);
    const rows = await auditOf(org.id);
    expect(rows.map((r) => r.action)).toEqual(["team.created", "team.updated", "team.archived", "team.restored"]);
    expect(rows.every((r) => r.target === "sales" && r.actor === org.owner.id)).toBe(true);
    expect(JSON.parse(rows[1]!.details)).toEqual({ name: { from: "Sales", to: "Sales EMEA" } });
  });

  it("refuses a duplicate slug in the organization and writes no audit row for it", async () => {
    const org = await newOrganization();
    await createTeam(db, { organizationId: org.id, slug: "ops", name: "Ops", actorUserId: org.owner.id }, now);
    let error: unknown = null;
    try {
      await createTeam(db, { organizationId: org.id, slug: "ops", name: "Ops again", actorUserId: org.owner.id }, now);
    } catch (caught) {
      error = caught;
    }
    expect(isDuplicateTeamSlug(error)).toBe(true);
    expect((await auditOf(org.id)).map((r) => r.action)).toEqual(["team.created"]);
    expect(await db.select().from(teams).where(eq(teams.organizationId, org.id))).toHaveLength(1);
  });

  it("adds, changes and removes members with their audit rows; leaving clears the current team", async () => {
    const org = await newOrganization();
    const member = await newUser("member");
    const id = await createTeam(db, { organizationId: org.id, slug: "crew", name: "Crew", actorUserId: org.owner.id }, now);
    const ref = { id, organizationId: org.id, slug: "crew" };
    await addTeamMember(db, ref, { userId: member.id, email: member.email, role: "viewer" }, org.owner.id, now);
    expect((await listOrganizationPeople(db, org.id)).map((p) => p.id).sort()).toEqual([org.owner.id, member.id].sort());
    await changeTeamMemberRole(db, ref, { userId: member.id, email: member.email, from: "viewer", role: "member" }, org.owner.id, now);
    const [mine] = await listUserTeams(db, member.id);
    expect(mine).toMatchObject({ id, slug: "crew", role: "member", organizationId: org.id });
    expect((await listUserOrganizations(db, member.id)).map((o) => o.id)).toEqual([org.id]);

    await setCurrentTeam(db, member.id, id);
    expect(await getCurrentTeamId(db, member.id)).toBe(id);
    await removeTeamMember(db, ref, { userId: member.id, email: member.email, role: "member" }, member.id, { left: true }, now);
    expect(await getCurrentTeamId(db, member.id)).toBeNull();
    expect(
      await db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, member.id))),
    ).toHaveLength(0);

    const rows = await auditOf(org.id);
    expect(rows.map((r) => r.action)).toEqual(["team.created", "member.added", "member.role-changed", "member.removed"]);
    expect(JSON.parse(rows[3]!.details)).toEqual({ email: member.email, role: "member", left: true });
  });
});
