/**
 * Single sign-on data (issue 17, docs/decisions/034): an organization's provider settings, its
 * email domains and their verification, the organization that holds a verified domain, and the
 * membership a first SSO sign-in creates. Every change writes its audit row in the same batch.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { auditInsert } from "./audit.server";
import type { Db } from "./client.server";
import { organizationRoles, organizationSso, organizationUsers, organizations, ssoDomains, teams } from "./schema";

export type SsoSettings = {
  readonly organizationId: string;
  readonly issuer: string;
  readonly clientId: string;
  /** Encrypted: app/lib/sso/secret.server.ts. */
  readonly clientSecret: string;
  readonly defaultRoleId: string;
  readonly required: boolean;
  readonly updatedAt: Date;
};
export type SsoDomain = { readonly domain: string; readonly token: string; readonly verifiedAt: Date | null };

export async function getSsoSettings(db: Db, organizationId: string): Promise<SsoSettings | null> {
  const [row] = await db
    .select({
      organizationId: organizationSso.organizationId,
      issuer: organizationSso.issuer,
      clientId: organizationSso.clientId,
      clientSecret: organizationSso.clientSecret,
      defaultRoleId: organizationSso.defaultRoleId,
      required: organizationSso.required,
      updatedAt: organizationSso.updatedAt,
    })
    .from(organizationSso)
    .where(eq(organizationSso.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

export async function listSsoDomains(db: Db, organizationId: string): Promise<SsoDomain[]> {
  return db
    .select({ domain: ssoDomains.domain, token: ssoDomains.token, verifiedAt: ssoDomains.verifiedAt })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(asc(ssoDomains.domain));
}

/** Of these domains, the ones another organization holds verified. */
export async function findDomainsVerifiedElsewhere(db: Db, organizationId: string, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain, organizationId: ssoDomains.organizationId })
    .from(ssoDomains)
    .where(isNotNull(ssoDomains.verifiedAt));
  return rows.filter((row) => row.organizationId !== organizationId && domains.includes(row.domain)).map((row) => row.domain);
}

/**
 * Saves the provider settings and the domain list in one batch: domains kept keep their token and
 * verification, new ones get a fresh token, removed ones are deleted.
 */
export async function saveSsoSettings(
  db: Db,
  input: {
    organizationId: string;
    actorUserId: string;
    issuer: string;
    clientId: string;
    clientSecret: string;
    defaultRoleId: string;
    domains: readonly string[];
    newToken: () => string;
  },
  now = new Date(),
): Promise<void> {
  const existing = await listSsoDomains(db, input.organizationId);
  const kept = new Set(existing.filter((row) => input.domains.includes(row.domain)).map((row) => row.domain));
  const removed = existing.filter((row) => !input.domains.includes(row.domain)).map((row) => row.domain);
  const added = input.domains.filter((domain) => !kept.has(domain));
  const settings = {
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    defaultRoleId: input.defaultRoleId,
    updatedAt: now,
  };
  await db.batch([
    db
      .insert(organizationSso)
      .values({ organizationId: input.organizationId, ...settings, required: false, createdAt: now })
      .onConflictDoUpdate({ target: organizationSso.organizationId, set: settings }),
    ...removed.map((domain) =>
      db.delete(ssoDomains).where(and(eq(ssoDomains.organizationId, input.organizationId), eq(ssoDomains.domain, domain))),
    ),
    ...added.map((domain) =>
      db.insert(ssoDomains).values({ organizationId: input.organizationId, domain, token: input.newToken(), createdAt: now }),
    ),
    auditInsert(db, {
      organizationId: input.organizationId,
      actorUserId: input.actorUserId,
      action: "sso.configured",
      target: input.issuer,
      details: { clientId: input.clientId, domains: input.domains, added, removed },
      at: now,
    }),
  ]);
}

export async function removeSsoSettings(db: Db, organizationId: string, actorUserId: string, now = new Date()): Promise<void> {
  await db.batch([
    db.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId)),
    db.delete(organizationSso).where(eq(organizationSso.organizationId, organizationId)),
    auditInsert(db, { organizationId, actorUserId, action: "sso.removed", at: now }),
  ]);
}

export async function markSsoDomainVerified(
  db: Db,
  organizationId: string,
  domain: string,
  actorUserId: string,
  now = new Date(),
): Promise<void> {
  await db.batch([
    db
      .update(ssoDomains)
      .set({ verifiedAt: now })
      .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain))),
    auditInsert(db, { organizationId, actorUserId, action: "sso.domain-verified", target: domain, at: now }),
  ]);
}

export async function setSsoRequired(db: Db, organizationId: string, required: boolean, actorUserId: string, now = new Date()) {
  await db.batch([
    db.update(organizationSso).set({ required, updatedAt: now }).where(eq(organizationSso.organizationId, organizationId)),
    auditInsert(db, { organizationId, actorUserId, action: "sso.required-changed", details: { required }, at: now }),
  ]);
}

export type SsoOrganization = SsoSettings & {
  readonly slug: string;
  readonly name: string;
  readonly ownerUserId: string;
  readonly archived: boolean;
  readonly verifiedDomains: string[];
};

async function organizationWithSso(db: Db, organizationId: string): Promise<SsoOrganization | null> {
  const settings = await getSsoSettings(db, organizationId);
  if (!settings) return null;
  const [organization] = await db
    .select({
      slug: organizations.slug,
      name: organizations.name,
      ownerUserId: organizations.ownerUserId,
      archived: organizations.archived,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) return null;
  const domains = await listSsoDomains(db, organizationId);
  return { ...settings, ...organization, verifiedDomains: domains.filter((row) => row.verifiedAt !== null).map((row) => row.domain) };
}

/** The organization that holds this domain verified and has SSO configured, or null. */
export async function findSsoOrganizationByDomain(db: Db, domain: string): Promise<SsoOrganization | null> {
  const [row] = await db
    .select({ organizationId: ssoDomains.organizationId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row ? organizationWithSso(db, row.organizationId) : null;
}

export async function findSsoOrganizationById(db: Db, organizationId: string): Promise<SsoOrganization | null> {
  return organizationWithSso(db, organizationId);
}

/**
 * The membership of a first SSO sign-in: the default role, with its audit row, in one batch.
 * Nothing is written for the owner or a user who already holds a role. Returns whether it joined.
 */
export async function ensureSsoMembership(
  db: Db,
  organization: { id: string; ownerUserId: string; defaultRoleId: string },
  user: { id: string; email: string },
  now = new Date(),
): Promise<"joined" | "member" | "no-role"> {
  if (organization.ownerUserId === user.id) return "member";
  const [current] = await db
    .select({ roleId: organizationUsers.roleId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organization.id), eq(organizationUsers.userId, user.id)))
    .limit(1);
  if (current) return "member";
  const [role] = await db
    .select({ id: organizationRoles.id, name: organizationRoles.name })
    .from(organizationRoles)
    .where(and(eq(organizationRoles.organizationId, organization.id), eq(organizationRoles.id, organization.defaultRoleId)))
    .limit(1);
  if (!role) return "no-role";
  await db.batch([
    db
      .insert(organizationUsers)
      .values({ organizationId: organization.id, userId: user.id, roleId: role.id, createdAt: now })
      .onConflictDoNothing(),
    auditInsert(db, {
      organizationId: organization.id,
      actorUserId: user.id,
      action: "user.joined",
      target: user.email,
      details: { userId: user.id, role: role.name, via: "sso" },
      at: now,
    }),
  ]);
  return "joined";
}

/** The id of the account with this email (stored lowercase by the auth library), or null. */
/** A team's stored options (JSON text, spec 02 §5), or null for a team that is not there. */
export async function getTeamOptions(db: Db, teamId: string): Promise<string | null> {
  const [row] = await db.select({ options: teams.options }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return row?.options ?? null;
}

/**
 * Requires (or stops requiring) the organization's single sign-on for one team: `require_sso` in
 * the team's options, the other options kept (docs/decisions/042), with its audit row in one batch.
 */
export async function setTeamSsoRequired(
  db: Db,
  team: { readonly id: string; readonly organizationId: string; readonly slug: string },
  required: boolean,
  actorUserId: string,
  now = new Date(),
): Promise<void> {
  const options = sql`CASE WHEN json_valid(${teams.options}) AND json_type(${teams.options}) = 'object' THEN ${teams.options} ELSE '{}' END`;
  await db.batch([
    db
      .update(teams)
      .set({ options: sql`json_set(${options}, '$.require_sso', json(${required ? "true" : "false"}))`, updatedAt: now })
      .where(and(eq(teams.id, team.id), eq(teams.organizationId, team.organizationId))),
    auditInsert(db, {
      organizationId: team.organizationId,
      actorUserId,
      action: "sso.required-changed",
      target: team.slug,
      details: { required, team: team.slug },
      at: now,
    }),
  ]);
}
