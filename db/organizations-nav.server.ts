/**
 * The navigation bar's organizations (spec 02 §2; docs/decisions/030): every organization where
 * the user is the owner, holds a role, or is in a team, with where they stand in each, read by
 * three queries run together (not one per organization). Not a db.batch: D1 maps a batched
 * select's columns by name, and joined tables share names (id, slug, name).
 */
import { eq } from "drizzle-orm";
import { parsePermissionList, type OrganizationStanding, type TeamMembership } from "../domain/permissions";
import type { Db } from "./client.server";
import { organizationRoles, organizationUsers, organizations, teamMembers, teams } from "./schema";

export type NavOrganizationFacts = {
  organization: { id: string; slug: string; name: string; ownerUserId: string; archived: boolean };
  standing: OrganizationStanding;
  /** The user's teams there (for the dropdown's org.team destination). */
  teams: { id: string; organizationId: string; slug: string; name: string; archived: boolean }[];
};

const organizationColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  ownerUserId: organizations.ownerUserId,
  archived: organizations.archived,
};

export async function listNavOrganizations(db: Db, userId: string): Promise<NavOrganizationFacts[]> {
  const [owned, roles, memberships] = await Promise.all([
    db.select(organizationColumns).from(organizations).where(eq(organizations.ownerUserId, userId)),
    db
      .select({ ...organizationColumns, permissions: organizationRoles.permissions })
      .from(organizationUsers)
      .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
      .innerJoin(organizationRoles, eq(organizationRoles.id, organizationUsers.roleId))
      .where(eq(organizationUsers.userId, userId)),
    db
      .select({
        ...organizationColumns,
        teamId: teams.id,
        teamSlug: teams.slug,
        teamName: teams.name,
        teamArchived: teams.archived,
        role: teamMembers.role,
      })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .where(eq(teamMembers.userId, userId)),
  ]);
  const byId = new Map<string, NavOrganizationFacts>();
  const entry = (row: (typeof owned)[number]) => {
    let facts = byId.get(row.id);
    if (!facts) {
      const organization = { id: row.id, slug: row.slug, name: row.name, ownerUserId: row.ownerUserId, archived: row.archived };
      facts = { organization, standing: { organization, permissions: null, teams: [] }, teams: [] };
      byId.set(row.id, facts);
    }
    return facts;
  };
  for (const row of owned) entry(row);
  for (const row of roles) {
    const facts = entry(row);
    facts.standing = { ...facts.standing, permissions: parsePermissionList(row.permissions) };
  }
  for (const row of memberships) {
    const facts = entry(row);
    const membership: TeamMembership = { teamId: row.teamId, role: row.role };
    facts.standing = { ...facts.standing, teams: [...facts.standing.teams, membership] };
    facts.teams.push({ id: row.teamId, organizationId: row.id, slug: row.teamSlug, name: row.teamName, archived: row.teamArchived });
  }
  return [...byId.values()];
}
