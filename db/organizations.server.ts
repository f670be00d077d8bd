/**
 * Reads the facts domain/permissions.ts decides on: an organization by its slug, a team of that
 * organization by its slug, and where a user stands in the organization (role permissions and team
 * memberships). Always from D1, never from what a client sends (docs/decisions/025).
 */
import { and, count, countDistinct, eq, inArray, isNull } from "drizzle-orm";
import {
  parsePermissionList,
  type OrganizationFacts,
  type OrganizationPermission,
  type OrganizationStanding,
  type TeamFacts,
} from "../domain/permissions";
import { auditInsert } from "./audit.server";
import type { Db } from "./client.server";
import { brandedDomains, invitations, organizationRoles, organizationUsers, organizations, teamMembers, teams, users } from "./schema";

export type OrganizationRecord = OrganizationFacts & {
  readonly slug: string;
  readonly name: string;
  readonly photo: string | null;
  readonly features: string;
};
export type TeamRecord = TeamFacts & { readonly slug: string; readonly name: string };

/** The organization with this slug (slugs are stored lowercase), or null. */
export async function findOrganizationBySlug(db: Db, slug: string): Promise<OrganizationRecord | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      photo: organizations.photo,
      features: organizations.features,
      ownerUserId: organizations.ownerUserId,
      archived: organizations.archived,
    })
    .from(organizations)
    .where(eq(organizations.slug, slug.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The columns of a TeamRecord. */
const TEAM_RECORD = { id: teams.id, organizationId: teams.organizationId, slug: teams.slug, name: teams.name, archived: teams.archived };

/** The team with this slug in this organization, or null: a team of another organization is never found. */
export async function findTeamBySlug(db: Db, organizationId: string, slug: string): Promise<TeamRecord | null> {
  const [row] = await db
    .select(TEAM_RECORD)
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.slug, slug.toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** The team with this id and its organization, or null: what a team workspace's id names (its workspace id is the team's id). */
export async function findTeamWithOrganization(
  db: Db,
  teamId: string,
): Promise<{ team: TeamRecord; organization: OrganizationFacts } | null> {
  const [row] = await db
    .select({ ...TEAM_RECORD, ownerUserId: organizations.ownerUserId, organizationArchived: organizations.archived })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(eq(teams.id, teamId))
    .limit(1);
  if (!row) return null;
  const { ownerUserId, organizationArchived, ...team } = row;
  return { team, organization: { id: team.organizationId, ownerUserId, archived: organizationArchived } };
}

/** Where the user stands in the organization: their role's permissions (null without a role) and their team memberships there. */
export async function loadStanding(db: Db, userId: string, organization: OrganizationFacts): Promise<OrganizationStanding> {
  const [roles, memberships] = await db.batch([
    db
      .select({ permissions: organizationRoles.permissions })
      .from(organizationUsers)
      .innerJoin(organizationRoles, eq(organizationRoles.id, organizationUsers.roleId))
      .where(and(eq(organizationUsers.organizationId, organization.id), eq(organizationUsers.userId, userId)))
      .limit(1),
    db
      .select({ teamId: teamMembers.teamId, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teams.organizationId, organization.id), eq(teamMembers.userId, userId))),
  ]);
  const role = roles[0];
  return { organization, permissions: role ? parsePermissionList(role.permissions) : null, teams: memberships };
}

/** The organization's teams (all, archived included) with the user's role in each, for display and `can`. */
export async function listTeams(db: Db, organizationId: string) {
  return db
    .select({
      id: teams.id,
      organizationId: teams.organizationId,
      slug: teams.slug,
      name: teams.name,
      archived: teams.archived,
      ownerUserId: teams.ownerUserId,
      features: teams.features,
      options: teams.options,
    })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
}

/** The user's organization role (name and stored permissions), or null. */
export async function findUserRole(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: organizationRoles.id, name: organizationRoles.name, permissions: organizationRoles.permissions })
    .from(organizationUsers)
    .innerJoin(organizationRoles, eq(organizationRoles.id, organizationUsers.roleId))
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The organization's own pages (docs/decisions/028): list, create, profile, users, roles,
// archive, delete. Every change writes its audit row in the same db.batch.
// ---------------------------------------------------------------------------------------------

/** One of the user's organizations, for /app/organizations. */
export type UserOrganization = {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly archived: boolean;
  readonly owner: boolean;
  readonly ownerUserId: string;
  readonly photo: string | null;
};

/** Organizations where the user is owner, holds a role, or is in a team; sorted by name case-insensitively (spec 02 §2). */
export async function listUserOrganizations(db: Db, userId: string): Promise<UserOrganization[]> {
  const columns = {
    id: organizations.id,
    slug: organizations.slug,
    name: organizations.name,
    archived: organizations.archived,
    ownerUserId: organizations.ownerUserId,
    photo: organizations.photo,
  };
  const [owned, withRole, withTeam] = await Promise.all([
    db.select(columns).from(organizations).where(eq(organizations.ownerUserId, userId)),
    db
      .select(columns)
      .from(organizationUsers)
      .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
      .where(eq(organizationUsers.userId, userId)),
    db
      .select(columns)
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .where(eq(teamMembers.userId, userId)),
  ]);
  const byId = new Map<string, UserOrganization>();
  for (const row of [...owned, ...withRole, ...withTeam]) {
    if (byId.has(row.id)) continue;
    byId.set(row.id, {
      id: row.id,
      slug: row.slug,
      name: row.name,
      archived: row.archived,
      owner: row.ownerUserId === userId,
      ownerUserId: row.ownerUserId,
      photo: row.photo,
    });
  }
  return [...byId.values()].sort(
    (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.slug.localeCompare(b.slug),
  );
}

export async function isOrganizationSlugTaken(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug.toLowerCase())).limit(1);
  return row !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text);
}

/**
 * Creates an organization owned by the user, with its `organization.created` audit row.
 * "taken" when the slug is in use (also when another request took it a moment earlier).
 */
export async function createOrganization(
  db: Db,
  input: { ownerUserId: string; slug: string; name: string },
  now = new Date(),
): Promise<{ ok: true; id: string; slug: string } | { ok: false; reason: "taken" }> {
  const slug = input.slug.toLowerCase();
  if (await isOrganizationSlugTaken(db, slug)) return { ok: false, reason: "taken" };
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(organizations).values({ id, slug, name: input.name, ownerUserId: input.ownerUserId, createdAt: now, updatedAt: now }),
      auditInsert(db, {
        organizationId: id,
        actorUserId: input.ownerUserId,
        action: "organization.created",
        target: slug,
        details: { name: input.name },
        at: now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true, id, slug };
}

export async function renameOrganization(db: Db, organization: OrganizationRecord, actorUserId: string, name: string, now = new Date()) {
  await db.batch([
    db.update(organizations).set({ name, updatedAt: now }).where(eq(organizations.id, organization.id)),
    auditInsert(db, {
      organizationId: organization.id,
      actorUserId,
      action: "organization.updated",
      target: organization.slug,
      details: { name: { from: organization.name, to: name } },
      at: now,
    }),
  ]);
}

/** Sets (or clears) the organization's photo key, with its audit row. */
export async function setOrganizationPhoto(
  db: Db,
  organization: OrganizationRecord,
  actorUserId: string,
  key: string | null,
  now = new Date(),
) {
  await db.batch([
    db.update(organizations).set({ photo: key, updatedAt: now }).where(eq(organizations.id, organization.id)),
    auditInsert(db, {
      organizationId: organization.id,
      actorUserId,
      action: "organization.updated",
      target: organization.slug,
      details: { photo: key ? "changed" : "removed" },
      at: now,
    }),
  ]);
}

/** Archives or restores the organization, with `organization.archived` / `organization.restored`. */
export async function setOrganizationArchived(
  db: Db,
  organization: OrganizationRecord,
  actorUserId: string,
  archived: boolean,
  now = new Date(),
) {
  await db.batch([
    db.update(organizations).set({ archived, updatedAt: now }).where(eq(organizations.id, organization.id)),
    auditInsert(db, {
      organizationId: organization.id,
      actorUserId,
      action: archived ? "organization.archived" : "organization.restored",
      target: organization.slug,
      at: now,
    }),
  ]);
}

/**
 * Deletes the organization: its roles, users, teams, memberships, invitations, support requests
 * and audit trail go with it (ON DELETE CASCADE), so no audit row can outlive it.
 */
export async function deleteOrganization(db: Db, organizationId: string): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, organizationId));
}

/** The counts the Restore Organization dialog shows (spec 02 §4), besides the link count. */
export async function restoreCounts(db: Db, organizationId: string): Promise<{ admins: number; teams: number; members: number }> {
  const [admins, teamCount, members] = await db.batch([
    db.select({ n: count() }).from(organizationUsers).where(eq(organizationUsers.organizationId, organizationId)),
    db
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.organizationId, organizationId), eq(teams.archived, false))),
    db
      .select({ n: countDistinct(teamMembers.userId) })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teams.organizationId, organizationId)),
  ]);
  return { admins: admins[0]?.n ?? 0, teams: teamCount[0]?.n ?? 0, members: members[0]?.n ?? 0 };
}

/** What the re-onboarding steps are decided on (spec 01 §4), besides who asks. */
export async function onboardingCounts(db: Db, organizationId: string) {
  const [userRows, orgInvitations, teamRows, domainRows] = await db.batch([
    db.select({ n: count() }).from(organizationUsers).where(eq(organizationUsers.organizationId, organizationId)),
    db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.teamId), eq(invitations.state, "pending"))),
    db
      .select({ id: teams.id, name: teams.name, slug: teams.slug, archived: teams.archived, createdAt: teams.createdAt })
      .from(teams)
      .where(eq(teams.organizationId, organizationId)),
    // Organization domains (decision 044): re-onboarding step 1 is done once the organization has one.
    db.select({ n: count() }).from(brandedDomains).where(eq(brandedDomains.organizationId, organizationId)),
  ]);
  const visible = teamRows.filter((t) => !t.archived).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const first = visible[0] ?? null;
  let firstTeamMembersAndInvitations: number | null = null;
  if (first) {
    const [members, pending] = await db.batch([
      db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, first.id)),
      db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.teamId, first.id), eq(invitations.state, "pending"))),
    ]);
    firstTeamMembersAndInvitations = (members[0]?.n ?? 0) + (pending[0]?.n ?? 0);
  }
  return {
    domains: domainRows[0]?.n ?? 0,
    usersAndInvitations: (userRows[0]?.n ?? 0) + (orgInvitations[0]?.n ?? 0),
    teams: visible.length,
    firstTeamMembersAndInvitations,
    firstTeam: first ? { slug: first.slug, name: first.name } : null,
  };
}

// Roles ---------------------------------------------------------------------------------------

export type RoleRow = { id: string; name: string; permissions: OrganizationPermission[]; users: number };

/** The organization's roles with how many users hold each, sorted by name. */
export async function listRoles(db: Db, organizationId: string): Promise<RoleRow[]> {
  const rows = await db
    .select({
      id: organizationRoles.id,
      name: organizationRoles.name,
      permissions: organizationRoles.permissions,
      users: count(organizationUsers.userId),
    })
    .from(organizationRoles)
    .leftJoin(
      organizationUsers,
      and(eq(organizationUsers.roleId, organizationRoles.id), eq(organizationUsers.organizationId, organizationRoles.organizationId)),
    )
    .where(eq(organizationRoles.organizationId, organizationId))
    .groupBy(organizationRoles.id);
  return rows
    .map((row) => ({ id: row.id, name: row.name, permissions: parsePermissionList(row.permissions), users: row.users }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

async function roleNameTaken(db: Db, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizationRoles.id, name: organizationRoles.name })
    .from(organizationRoles)
    .where(eq(organizationRoles.organizationId, organizationId));
  return rows.some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
}

export async function createRole(
  db: Db,
  organizationId: string,
  actorUserId: string,
  input: { name: string; permissions: readonly OrganizationPermission[] },
  now = new Date(),
): Promise<{ ok: true; id: string } | { ok: false; reason: "taken" }> {
  if (await roleNameTaken(db, organizationId, input.name)) return { ok: false, reason: "taken" };
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db
        .insert(organizationRoles)
        .values({ id, organizationId, name: input.name, permissions: JSON.stringify(input.permissions), createdAt: now }),
      auditInsert(db, {
        organizationId,
        actorUserId,
        action: "role.created",
        target: input.name,
        details: { permissions: input.permissions },
        at: now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true, id };
}

export async function updateRole(
  db: Db,
  organizationId: string,
  actorUserId: string,
  role: { id: string; name: string },
  input: { name: string; permissions: readonly OrganizationPermission[] },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "taken" }> {
  if (await roleNameTaken(db, organizationId, input.name, role.id)) return { ok: false, reason: "taken" };
  try {
    await db.batch([
      db
        .update(organizationRoles)
        .set({ name: input.name, permissions: JSON.stringify(input.permissions) })
        .where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.id, role.id))),
      auditInsert(db, {
        organizationId,
        actorUserId,
        action: "role.updated",
        target: input.name,
        details: { name: role.name === input.name ? undefined : { from: role.name, to: input.name }, permissions: input.permissions },
        at: now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true };
}

/** Deletes a role nobody holds; "in-use" (with how many hold it) otherwise, nothing written. */
export async function deleteRole(
  db: Db,
  organizationId: string,
  actorUserId: string,
  role: { id: string; name: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "in-use"; users: number }> {
  const [held] = await db
    .select({ n: count() })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.roleId, role.id)));
  if ((held?.n ?? 0) > 0) return { ok: false, reason: "in-use", users: held!.n };
  try {
    await db.batch([
      db.delete(organizationRoles).where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.id, role.id))),
      auditInsert(db, { organizationId, actorUserId, action: "role.deleted", target: role.name, at: now }),
    ]);
  } catch (error) {
    // A user given the role a moment ago: the (organization, role) foreign key refuses.
    if (/FOREIGN KEY constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? "") + String(error)))
      return { ok: false, reason: "in-use", users: 1 };
    throw error;
  }
  return { ok: true };
}

export async function findRole(db: Db, organizationId: string, roleId: string) {
  const [row] = await db
    .select({ id: organizationRoles.id, name: organizationRoles.name, permissions: organizationRoles.permissions })
    .from(organizationRoles)
    .where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.id, roleId)))
    .limit(1);
  return row ? { id: row.id, name: row.name, permissions: parsePermissionList(row.permissions) } : null;
}

// Users ---------------------------------------------------------------------------------------

export type OrganizationUserRow = {
  userId: string;
  name: string;
  email: string;
  owner: boolean;
  role: { id: string; name: string } | null;
  since: Date;
};

/** The owner first, then the organization's users with their role, sorted by name. */
export async function listOrganizationUsers(
  db: Db,
  organization: Pick<OrganizationRecord, "id" | "ownerUserId">,
): Promise<OrganizationUserRow[]> {
  // Not db.batch: D1 batches answer rows as objects, where joined columns of one name (users.name,
  // organization_roles.name) overwrite each other; a single query reads them positionally.
  const [ownerRows, rows] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: organizations.createdAt })
      .from(organizations)
      .innerJoin(users, eq(users.id, organizations.ownerUserId))
      .where(eq(organizations.id, organization.id)),
    db
      .select({
        userId: organizationUsers.userId,
        name: users.name,
        email: users.email,
        roleId: organizationRoles.id,
        roleName: organizationRoles.name,
        since: organizationUsers.createdAt,
      })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .innerJoin(organizationRoles, eq(organizationRoles.id, organizationUsers.roleId))
      .where(eq(organizationUsers.organizationId, organization.id)),
  ]);
  const owner = ownerRows[0];
  const list: OrganizationUserRow[] = rows
    .map((r) => ({
      userId: r.userId,
      name: r.name,
      email: r.email,
      owner: r.userId === organization.ownerUserId,
      role: { id: r.roleId, name: r.roleName },
      since: r.since,
    }))
    .sort(
      (a, b) =>
        Number(b.owner) - Number(a.owner) ||
        a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) ||
        a.email.localeCompare(b.email),
    );
  if (owner && !list.some((u) => u.owner))
    list.unshift({ userId: owner.id, name: owner.name, email: owner.email, owner: true, role: null, since: owner.createdAt });
  return list;
}

async function findOrganizationUser(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select({ userId: organizationUsers.userId, roleId: organizationUsers.roleId, email: users.email, roleName: organizationRoles.name })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .innerJoin(organizationRoles, eq(organizationRoles.id, organizationUsers.roleId))
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Gives a user of the organization another of its roles. */
export async function changeUserRole(
  db: Db,
  organizationId: string,
  actorUserId: string,
  userId: string,
  roleId: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "unknown-user" | "unknown-role" }> {
  const [member, role] = await Promise.all([findOrganizationUser(db, organizationId, userId), findRole(db, organizationId, roleId)]);
  if (!member) return { ok: false, reason: "unknown-user" };
  if (!role) return { ok: false, reason: "unknown-role" };
  if (member.roleId === role.id) return { ok: true };
  await db.batch([
    db
      .update(organizationUsers)
      .set({ roleId: role.id })
      .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId))),
    auditInsert(db, {
      organizationId,
      actorUserId,
      action: "user.role-changed",
      target: member.email,
      details: { from: member.roleName, to: role.name },
      at: now,
    }),
  ]);
  return { ok: true };
}

/** Removes a user from the organization: their role and their memberships in its teams. */
export async function removeOrganizationUser(
  db: Db,
  organizationId: string,
  actorUserId: string,
  userId: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "unknown-user" }> {
  const member = await findOrganizationUser(db, organizationId, userId);
  if (!member) return { ok: false, reason: "unknown-user" };
  const teamIds = db.select({ id: teams.id }).from(teams).where(eq(teams.organizationId, organizationId));
  await db.batch([
    db.delete(organizationUsers).where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId))),
    db.delete(teamMembers).where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, teamIds))),
    auditInsert(db, {
      organizationId,
      actorUserId,
      action: "user.removed",
      target: member.email,
      details: { role: member.roleName },
      at: now,
    }),
  ]);
  return { ok: true };
}

/** Pending invitations to the organization itself (not its teams), for display on the Users page. */
export async function listPendingOrganizationInvitations(db: Db, organizationId: string, now = new Date()) {
  const rows = await db
    .select({ id: invitations.id, email: invitations.email, roleName: organizationRoles.name, expiresAt: invitations.expiresAt })
    .from(invitations)
    .innerJoin(organizationRoles, eq(organizationRoles.id, invitations.roleId))
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.teamId), eq(invitations.state, "pending")));
  return rows.filter((row) => row.expiresAt > now).sort((a, b) => a.email.localeCompare(b.email));
}
