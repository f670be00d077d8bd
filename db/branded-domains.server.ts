/** Branded domains and vanity subdomains of a workspace (docs/decisions/035). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DomainCounts } from "../domain/branded-domains";
import type { Db } from "./client.server";
import { notificationInsert, type NewMessage } from "./notifications.server";
import { brandedDomains, links, type BrandedDomain, type BrandedDomainStatus } from "./schema";

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

export async function insertBrandedDomain(db: Db, row: typeof brandedDomains.$inferInsert): Promise<void> {
  await db.insert(brandedDomains).values(row);
}

export async function updateBrandedDomain(
  db: Db,
  id: string,
  fields: Partial<Omit<typeof brandedDomains.$inferInsert, "id" | "workspaceId" | "userId" | "hostname" | "kind">>,
): Promise<void> {
  await db.update(brandedDomains).set(fields).where(eq(brandedDomains.id, id));
}

/** A state change and its owner's notification in one batch. */
export async function updateBrandedDomainWithNotice(
  db: Db,
  domain: BrandedDomain,
  fields: Partial<typeof brandedDomains.$inferInsert>,
  notice: NewMessage,
  now: Date,
): Promise<void> {
  await db.batch([
    db.update(brandedDomains).set(fields).where(eq(brandedDomains.id, domain.id)),
    notificationInsert(db, domain.userId, notice, now),
  ]);
}

export async function deleteBrandedDomain(db: Db, id: string): Promise<void> {
  await db.delete(brandedDomains).where(eq(brandedDomains.id, id));
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
