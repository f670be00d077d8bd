/** Branded domains and vanity subdomains of a workspace (docs/decisions/035). */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DomainCounts } from "../domain/branded-domains";
import type { Db } from "./client.server";
import { notificationInsert, type NewMessage } from "./notifications.server";
import {
  brandedDomains,
  brandedDomainTeams,
  domainRegistrations,
  links,
  teams,
  workspaces,
  type BrandedDomain,
  type BrandedDomainStatus,
} from "./schema";

export type { BrandedDomain };

export async function listBrandedDomains(db: Db, workspaceId: string): Promise<BrandedDomain[]> {
  return db.select().from(brandedDomains).where(eq(brandedDomains.workspaceId, workspaceId)).orderBy(asc(brandedDomains.hostname));
}

export async function getBrandedDomain(db: Db, hostname: string): Promise<BrandedDomain | undefined> {
  const [row] = await db.select().from(brandedDomains).where(eq(brandedDomains.hostname, hostname.toLowerCase()));
  return row;
}

export async function countBrandedDomains(db: Db, workspaceId: string): Promise<DomainCounts> {
  const rows = await db
    .select({ kind: brandedDomains.kind, n: sql<number>`count(*)` })
    .from(brandedDomains)
    .where(eq(brandedDomains.workspaceId, workspaceId))
    .groupBy(brandedDomains.kind);
  const counts: DomainCounts = { domain: 0, subdomain: 0, vanity: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}

/** Inserts a domain; an organization's is audited in the same batch (decision 044). */
export async function insertBrandedDomain(db: Db, row: typeof brandedDomains.$inferInsert, audit?: BatchItem<"sqlite">): Promise<void> {
  if (audit) await db.batch([db.insert(brandedDomains).values(row), audit]);
  else await db.insert(brandedDomains).values(row);
}

export async function updateBrandedDomain(
  db: Db,
  id: string,
  fields: Partial<Omit<typeof brandedDomains.$inferInsert, "id" | "workspaceId" | "userId" | "hostname" | "kind">>,
  /** An organization's change is audited in the same batch (decision 044). */
  audit?: BatchItem<"sqlite">,
): Promise<void> {
  const update = db.update(brandedDomains).set(fields).where(eq(brandedDomains.id, id));
  if (audit) await db.batch([update, audit]);
  else await update;
}

/** A state change and its owner's notification in one batch (no recipient: the change alone). */
export async function updateBrandedDomainWithNotice(
  db: Db,
  domain: BrandedDomain,
  fields: Partial<typeof brandedDomains.$inferInsert>,
  notice: NewMessage,
  now: Date,
  recipient: string | null = domain.userId,
): Promise<void> {
  const update = db.update(brandedDomains).set(fields).where(eq(brandedDomains.id, domain.id));
  if (recipient === null) await update;
  else await db.batch([update, notificationInsert(db, recipient, notice, now)]);
}

/**
 * Deletes a claim that never verified, if it still has not (decision 061): false when it verified or
 * went meanwhile. The claimant hears of it when one is given.
 */
export async function deleteUnverifiedClaim(
  db: Db,
  domain: BrandedDomain,
  notice: { recipient: string; message: NewMessage } | null,
  now: Date,
): Promise<boolean> {
  const deleted = await db
    .delete(brandedDomains)
    .where(
      and(
        eq(brandedDomains.id, domain.id),
        isNull(brandedDomains.verifiedAt),
        inArray(brandedDomains.status, ["pending", "failed"] satisfies BrandedDomainStatus[]),
      ),
    )
    .returning({ id: brandedDomains.id });
  if (deleted.length === 0) return false;
  if (notice) await notificationInsert(db, notice.recipient, notice.message, now);
  return true;
}

/**
 * Claims that never verified, added before `before`, that nobody bought (a bought domain's buyer
 * owns the name, decision 053): branded domains and subdomains only (a vanity subdomain is active
 * when added). Oldest first.
 */
export async function listAbandonedClaims(db: Db, before: Date, limit: number): Promise<BrandedDomain[]> {
  return db
    .select()
    .from(brandedDomains)
    .where(
      and(
        isNull(brandedDomains.verifiedAt),
        inArray(brandedDomains.status, ["pending", "failed"] satisfies BrandedDomainStatus[]),
        sql`${brandedDomains.kind} != 'vanity'`,
        sql`${brandedDomains.createdAt} <= ${before.getTime()}`,
        sql`not exists (select 1 from ${domainRegistrations} where ${domainRegistrations.domain} = ${brandedDomains.hostname})`,
      ),
    )
    .orderBy(asc(brandedDomains.createdAt))
    .limit(limit);
}

export async function deleteBrandedDomain(db: Db, id: string, audit?: BatchItem<"sqlite">): Promise<void> {
  if (audit) await db.batch([db.delete(brandedDomains).where(eq(brandedDomains.id, id)), audit]);
  else await db.delete(brandedDomains).where(eq(brandedDomains.id, id));
}

/** Domains the re-check looks at: pending ones and active ones, least recently checked first. */
export async function listDomainsToCheck(db: Db, limit: number): Promise<BrandedDomain[]> {
  const statuses: BrandedDomainStatus[] = ["pending", "active", "lapsed"];
  return db
    .select()
    .from(brandedDomains)
    .where(and(inArray(brandedDomains.status, statuses), sql`${brandedDomains.cfHostnameId} is not null`))
    .orderBy(sql`coalesce(${brandedDomains.checkedAt}, 0)`)
    .limit(limit);
}

/** Links the workspace created on these hosts since a moment (max_branded_aliases_per_month). */
export async function countLinksOnHostsSince(db: Db, workspaceId: string, hosts: string[], since: Date): Promise<number> {
  if (hosts.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(links)
    .where(and(eq(links.workspaceId, workspaceId), inArray(links.domain, hosts), sql`${links.createdAt} >= ${since.getTime()}`));
  return Number(row?.n ?? 0);
}

// Organization domains (decision 044) ------------------------------------------------------------

/** An organization's own domains, by name. */
export async function listOrganizationDomains(db: Db, organizationId: string): Promise<BrandedDomain[]> {
  return db.select().from(brandedDomains).where(eq(brandedDomains.organizationId, organizationId)).orderBy(asc(brandedDomains.hostname));
}

export async function countOrganizationDomains(db: Db, organizationId: string): Promise<DomainCounts> {
  const rows = await db
    .select({ kind: brandedDomains.kind, n: sql<number>`count(*)` })
    .from(brandedDomains)
    .where(eq(brandedDomains.organizationId, organizationId))
    .groupBy(brandedDomains.kind);
  const counts: DomainCounts = { domain: 0, subdomain: 0, vanity: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}

/** Which teams each of an organization's domains is assigned to: domain id → team ids. */
export async function listDomainTeams(db: Db, organizationId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ domainId: brandedDomainTeams.domainId, teamId: brandedDomainTeams.teamId })
    .from(brandedDomainTeams)
    .innerJoin(brandedDomains, eq(brandedDomains.id, brandedDomainTeams.domainId))
    .where(eq(brandedDomains.organizationId, organizationId));
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.domainId, [...(map.get(row.domainId) ?? []), row.teamId]);
  return map;
}

/**
 * The organization's active domains a team may create links on: those for all teams and those
 * assigned to it (the team of that organization: a team id of another organization finds nothing).
 */
export async function listTeamUsableDomains(db: Db, organizationId: string, teamId: string): Promise<BrandedDomain[]> {
  return db
    .select()
    .from(brandedDomains)
    .where(
      and(
        eq(brandedDomains.organizationId, organizationId),
        eq(brandedDomains.status, "active"),
        isNull(brandedDomains.disabledAt), // stopped by Snip staff (decision 045)
        sql`exists (select 1 from ${teams} where ${teams.id} = ${teamId} and ${teams.organizationId} = ${organizationId})`,
        or(
          eq(brandedDomains.forAllTeams, true),
          sql`exists (select 1 from ${brandedDomainTeams} where ${brandedDomainTeams.domainId} = ${brandedDomains.id} and ${brandedDomainTeams.teamId} = ${teamId})`,
        ),
      ),
    )
    .orderBy(asc(brandedDomains.hostname));
}

/** Marks an organization's domain for all teams or not, with the audit row, in one batch. */
export async function setDomainForAllTeams(db: Db, domainId: string, forAllTeams: boolean, audit: BatchItem<"sqlite">): Promise<void> {
  await db.batch([db.update(brandedDomains).set({ forAllTeams }).where(eq(brandedDomains.id, domainId)), audit]);
}

/**
 * Sets which of the organization's domains a team may use (replacing the team's assignments to
 * that organization's domains), with the audit row, in one batch. `domainIds` are already
 * checked to be the organization's.
 */
export async function setTeamDomains(
  db: Db,
  organizationId: string,
  teamId: string,
  domainIds: string[],
  audit: BatchItem<"sqlite">,
): Promise<void> {
  const own = db.select({ id: brandedDomains.id }).from(brandedDomains).where(eq(brandedDomains.organizationId, organizationId));
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.delete(brandedDomainTeams).where(and(eq(brandedDomainTeams.teamId, teamId), inArray(brandedDomainTeams.domainId, own))),
    audit,
  ];
  if (domainIds.length > 0) statements.push(db.insert(brandedDomainTeams).values(domainIds.map((domainId) => ({ domainId, teamId }))));
  await db.batch(statements);
}

/**
 * Every domain the database deletes with an account (its personal workspace's and its workspaces'
 * inside organizations) or with an organization (its own and its workspaces'): read before the
 * deletion, so they can be removed at Cloudflare and in KV after it (decision 044).
 */
export async function listDomainsGoingWith(db: Db, owner: { userId: string } | { organizationId: string }): Promise<BrandedDomain[]> {
  const ownedWorkspaces =
    "userId" in owner
      ? db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.userId, owner.userId))
      : db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.organizationId, owner.organizationId));
  const inWorkspaces = inArray(brandedDomains.workspaceId, ownedWorkspaces);
  return db
    .select()
    .from(brandedDomains)
    .where("userId" in owner ? inWorkspaces : or(eq(brandedDomains.organizationId, owner.organizationId), inWorkspaces));
}

/** The organization's audit row of a move (decision 053). */
export type MoveAudit = { actorUserId: string; action: string; target: string; details: Record<string, unknown>; at: Date };

/**
 * A personal domain becomes an organization's (decision 053), all or nothing in one batch (one
 * transaction): the organization's audit row is inserted only while the domain is still that
 * workspace's, then the row changes owner under the same condition. A second post, or someone
 * else's domain, finds nothing: no audit row, no change. Its links are not touched. True when it moved.
 */
export async function moveDomainToOrganization(
  db: Db,
  domainId: string,
  fromWorkspaceId: string,
  organizationId: string,
  audit: MoveAudit,
): Promise<boolean> {
  const results = await db.$client.batch([
    db.$client
      .prepare(
        "INSERT INTO audit_log (organization_id, actor_user_id, action, target, details, created_at) SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM branded_domains WHERE id = ? AND workspace_id = ?)",
      )
      .bind(
        organizationId,
        audit.actorUserId,
        audit.action,
        audit.target,
        JSON.stringify(audit.details),
        audit.at.getTime(),
        domainId,
        fromWorkspaceId,
      ),
    db.$client
      .prepare("UPDATE branded_domains SET workspace_id = NULL, organization_id = ?, for_all_teams = 0 WHERE id = ? AND workspace_id = ?")
      .bind(organizationId, domainId, fromWorkspaceId),
  ]);
  return results[1]?.meta.changes === 1;
}
