/**
 * Every branded domain as staff see it (issue 19 kiosk `domains`, `domain/{domain}`; decision
 * 045): its owner (the workspace: a user's, a team of an organization, a member's own inside
 * one), its state, its link count; and staff stopping or restarting its serving, each change with
 * its staff log row in one `db.batch`.
 */
import { eq, sql } from "drizzle-orm";
import { alias as aliasTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.server";
import { brandedDomains, organizations, teams, users, workspaces } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

const owners = aliasTable(users, "owners");
const adders = aliasTable(users, "adders");

const columns = {
  domain: brandedDomains,
  workspaceKind: workspaces.kind,
  ownerEmail: owners.email,
  ownerId: owners.id,
  adderEmail: adders.email,
  organizationName: organizations.name,
  organizationSlug: organizations.slug,
  teamName: teams.name,
  links: sql<number>`(SELECT COUNT(*) FROM links WHERE links.domain = ${brandedDomains.hostname})`,
};

function base(db: Db) {
  return (
    db
      .select(columns)
      .from(brandedDomains)
      .leftJoin(workspaces, eq(workspaces.id, brandedDomains.workspaceId))
      .leftJoin(owners, eq(owners.id, workspaces.userId))
      .leftJoin(adders, eq(adders.id, brandedDomains.userId))
      // A team's or member's workspace names its organization; an organization's own domain (decision 044) names it directly.
      .leftJoin(organizations, sql`${organizations.id} = coalesce(${brandedDomains.organizationId}, ${workspaces.organizationId})`)
      .leftJoin(teams, sql`${teams.id} = ${workspaces.teamId} AND ${teams.organizationId} = ${workspaces.organizationId}`)
  );
}

export type KioskBrandedDomain = Awaited<ReturnType<typeof listAllBrandedDomains>>[number];

/** Every branded domain and vanity subdomain, newest first (one row each: the service has at most thousands). */
export async function listAllBrandedDomains(db: Db) {
  return base(db).orderBy(sql`${brandedDomains.createdAt} DESC`);
}

export async function getKioskBrandedDomain(db: Db, hostname: string): Promise<KioskBrandedDomain | undefined> {
  const [row] = await base(db).where(eq(brandedDomains.hostname, hostname)).limit(1);
  return row;
}

/** Stops (reason given) or restarts a domain's serving, with its staff log row, in one batch. */
export async function setBrandedDomainDisabled(
  db: Db,
  staff: StaffActor,
  domain: { id: string; hostname: string },
  disabled: { reason: string } | null,
  now = new Date(),
) {
  const [rows] = await db.batch([
    db
      .update(brandedDomains)
      .set(disabled ? { disabledAt: now, disabledReason: disabled.reason } : { disabledAt: null, disabledReason: null })
      .where(eq(brandedDomains.id, domain.id))
      .returning(),
    staffAuditInsert(db, {
      staff,
      action: disabled ? "host.disabled" : "host.enabled",
      target: domain.hostname,
      details: disabled ? { reason: disabled.reason } : {},
      at: now,
    }),
  ]);
  return rows[0];
}

/** The staff log row of a re-check staff asked for (the re-check itself writes the domain). */
export async function logBrandedDomainRecheck(db: Db, staff: StaffActor, hostname: string, outcome: string, now = new Date()) {
  await staffAuditInsert(db, { staff, action: "host.rechecked", target: hostname, details: { outcome }, at: now });
}
