/**
 * Teams and their members (issue 16, docs/decisions/029): the organization's team settings
 * (create, rename, archive, members and their roles), the user's teams across organizations, and
 * the user's current team (users.current_team_id, spec 01 §3). Every change inside an
 * organization writes its audit row in the same db.batch (db/audit.server.ts).
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { TeamRole } from "../domain/permissions";
import { auditInsert } from "./audit.server";
import type { Db } from "./client.server";
import { organizationUsers, organizations, teamMembers, teams, users } from "./schema";

type Batch = Parameters<Db["batch"]>[0];

/** A user's membership of a team, with the team and its organization: what state and the team mode read. */
export type UserTeam = {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly archived: boolean;
  readonly options: string;
  readonly role: TeamRole;
  readonly organizationId: string;
  readonly organizationSlug: string;
  readonly organizationName: string;
  readonly organizationArchived: boolean;
  readonly organizationOwnerUserId: string;
};

const userTeamColumns = {
  id: teams.id,
  slug: teams.slug,
  name: teams.name,
  archived: teams.archived,
  options: teams.options,
  role: teamMembers.role,
  organizationId: organizations.id,
  organizationSlug: organizations.slug,
  organizationName: organizations.name,
  organizationArchived: organizations.archived,
  organizationOwnerUserId: organizations.ownerUserId,
};

/** Every team the user is a member of, in every organization (archived ones included: callers filter). */
export async function listUserTeams(db: Db, userId: string): Promise<UserTeam[]> {
  return db
    .select(userTeamColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(eq(teamMembers.userId, userId));
}

/** The user's membership of one team by the team's id, or null (not a member, or no such team). */
export async function findUserTeam(db: Db, userId: string, teamId: string): Promise<UserTeam | null> {
  const [row] = await db
    .select(userTeamColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)))
    .limit(1);
  return row ?? null;
}

/** The user's membership of a team named by its organization's slug and its own slug, or null. */
export async function findUserTeamBySlugs(db: Db, userId: string, organizationSlug: string, teamSlug: string): Promise<UserTeam | null> {
  const [row] = await db
    .select(userTeamColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(
      and(eq(teamMembers.userId, userId), eq(organizations.slug, organizationSlug.toLowerCase()), eq(teams.slug, teamSlug.toLowerCase())),
    )
    .limit(1);
  return row ?? null;
}

/** Organizations where the user is the owner, holds a role, or is in a team (spec 02 §2 Organizations dropdown). */
export async function listUserOrganizations(db: Db, userId: string) {
  const [owned, roles, memberships] = await db.batch([
    db.select({ id: organizations.id }).from(organizations).where(eq(organizations.ownerUserId, userId)),
    db.select({ id: organizationUsers.organizationId }).from(organizationUsers).where(eq(organizationUsers.userId, userId)),
    db
      .select({ id: teams.organizationId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId)),
  ]);
  const ids = [...new Set([...owned, ...roles, ...memberships].map((row) => row.id))];
  if (ids.length === 0) return [];
  return db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      archived: organizations.archived,
      ownerUserId: organizations.ownerUserId,
    })
    .from(organizations)
    .where(inArray(organizations.id, ids));
}

/** The stored current team id (null: the personal account). Callers check it is still the user's. */
export async function getCurrentTeamId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.currentTeamId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.id ?? null;
}

/** Records the user's current team (null: back to the account). The caller has checked membership. */
export async function setCurrentTeam(db: Db, userId: string, teamId: string | null): Promise<void> {
  await db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
}

// -------------------------------------------------------------------------------------------------
// Team settings of an organization
// -------------------------------------------------------------------------------------------------

/** Is the slug taken in the organization (slugs are stored lowercase)? */
export async function teamSlugTaken(db: Db, organizationId: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.slug, slug.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

/** A UNIQUE failure of teams(organization_id, slug): two creations raced for one slug. */
export function isDuplicateTeamSlug(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /UNIQUE constraint failed: teams\.organization_id, teams\.slug/i.test(text);
}

/**
 * Creates a team: its creator becomes its owner (spec 01 §6 "the team owner") and its first admin,
 * so the team can be switched to at once. One batch with the audit row.
 */
export async function createTeam(
  db: Db,
  input: { organizationId: string; slug: string; name: string; actorUserId: string },
  now = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  const slug = input.slug.toLowerCase();
  await db.batch([
    db.insert(teams).values({
      id,
      organizationId: input.organizationId,
      slug,
      name: input.name,
      ownerUserId: input.actorUserId,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(teamMembers).values({ teamId: id, userId: input.actorUserId, role: "admin", createdAt: now }),
    auditInsert(db, {
      organizationId: input.organizationId,
      actorUserId: input.actorUserId,
      action: "team.created",
      target: slug,
      details: { name: input.name },
      at: now,
    }),
  ]);
  return id;
}

type TeamRef = { readonly id: string; readonly organizationId: string; readonly slug: string };

export async function renameTeam(db: Db, team: TeamRef & { readonly name: string }, name: string, actorUserId: string, now = new Date()) {
  await db.batch([
    db
      .update(teams)
      .set({ name, updatedAt: now })
      .where(and(eq(teams.id, team.id), eq(teams.organizationId, team.organizationId))),
    auditInsert(db, {
      organizationId: team.organizationId,
      actorUserId,
      action: "team.updated",
      target: team.slug,
      details: { name: { from: team.name, to: name } },
      at: now,
    }),
  ]);
}

/** Archives (team.archived) or restores (team.restored) a team. Users working in it fall back to their account on read. */
export async function setTeamArchived(db: Db, team: TeamRef, archived: boolean, actorUserId: string, now = new Date()) {
  await db.batch([
    db
      .update(teams)
      .set({ archived, updatedAt: now })
      .where(and(eq(teams.id, team.id), eq(teams.organizationId, team.organizationId))),
    auditInsert(db, {
      organizationId: team.organizationId,
      actorUserId,
      action: archived ? "team.archived" : "team.restored",
      target: team.slug,
      at: now,
    }),
  ]);
}

/** The members of a team with their role, sorted by name. */
export async function listTeamMembers(db: Db, teamId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: teamMembers.role, createdAt: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.name), asc(users.email));
}

/** Members of several teams at once (the members page lists every team the viewer may manage). */
export async function listMembersOfTeams(db: Db, teamIds: readonly string[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ teamId: teamMembers.teamId, userId: users.id, name: users.name, email: users.email, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, [...teamIds]))
    .orderBy(asc(users.name), asc(users.email));
}

/**
 * The organization's users who can be added to one of its teams: the owner, everyone holding a
 * role, and members of its teams. Sorted by name.
 */
export async function listOrganizationPeople(db: Db, organizationId: string) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      or(
        inArray(users.id, db.select({ id: organizations.ownerUserId }).from(organizations).where(eq(organizations.id, organizationId))),
        inArray(
          users.id,
          db.select({ id: organizationUsers.userId }).from(organizationUsers).where(eq(organizationUsers.organizationId, organizationId)),
        ),
        inArray(
          users.id,
          db
            .select({ id: teamMembers.userId })
            .from(teamMembers)
            .innerJoin(teams, eq(teams.id, teamMembers.teamId))
            .where(eq(teams.organizationId, organizationId)),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
  return rows;
}

/** The member's role in the team, or null. */
export async function findTeamMemberRole(db: Db, teamId: string, userId: string): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

export async function addTeamMember(
  db: Db,
  team: TeamRef,
  member: { userId: string; email: string; role: TeamRole },
  actorUserId: string,
  now = new Date(),
) {
  await db.batch([
    db.insert(teamMembers).values({ teamId: team.id, userId: member.userId, role: member.role, createdAt: now }),
    auditInsert(db, {
      organizationId: team.organizationId,
      actorUserId,
      action: "member.added",
      target: team.slug,
      details: { email: member.email, role: member.role },
      at: now,
    }),
  ]);
}

export async function changeTeamMemberRole(
  db: Db,
  team: TeamRef,
  member: { userId: string; email: string; from: TeamRole; role: TeamRole },
  actorUserId: string,
  now = new Date(),
) {
  await db.batch([
    db
      .update(teamMembers)
      .set({ role: member.role })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.userId))),
    auditInsert(db, {
      organizationId: team.organizationId,
      actorUserId,
      action: "member.role-changed",
      target: team.slug,
      details: { email: member.email, role: { from: member.from, to: member.role } },
      at: now,
    }),
  ]);
}

/** Removes a member (or the member leaves: `left`); their current team falls back to their account. */
export async function removeTeamMember(
  db: Db,
  team: TeamRef,
  member: { userId: string; email: string; role: TeamRole },
  actorUserId: string,
  options: { left?: boolean } = {},
  now = new Date(),
) {
  const statements = [
    db.delete(teamMembers).where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.userId))),
    db
      .update(users)
      .set({ currentTeamId: null })
      .where(and(eq(users.id, member.userId), eq(users.currentTeamId, team.id))),
    auditInsert(db, {
      organizationId: team.organizationId,
      actorUserId,
      action: "member.removed",
      target: team.slug,
      details: { email: member.email, role: member.role, ...(options.left ? { left: true } : {}) },
      at: now,
    }),
  ];
  await db.batch(statements as unknown as Batch);
}

/** A user of the service by id (name and email), for the members forms. */
export async function findUserById(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
