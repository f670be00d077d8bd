/**
 * Reads the facts domain/permissions.ts decides on: an organization by its slug, a team of that
 * organization by its slug, and where a user stands in the organization (role permissions and team
 * memberships). Always from D1, never from what a client sends (docs/decisions/025).
 */
import { and, eq } from "drizzle-orm";
import { parsePermissionList, type OrganizationFacts, type OrganizationStanding, type TeamFacts } from "../domain/permissions";
import type { Db } from "./client.server";
import { organizationRoles, organizationUsers, organizations, teamMembers, teams } from "./schema";

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

/** The team with this slug in this organization, or null: a team of another organization is never found. */
export async function findTeamBySlug(db: Db, organizationId: string, slug: string): Promise<TeamRecord | null> {
  const [row] = await db
    .select({ id: teams.id, organizationId: teams.organizationId, slug: teams.slug, name: teams.name, archived: teams.archived })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.slug, slug.toLowerCase())))
    .limit(1);
  return row ?? null;
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
