/**
 * Every link as staff see it (issue 19 kiosk aliases, alias/{domain}/{alias}, long-urls;
 * decision 036): search across all workspaces, one link with its owner, workspace, history and
 * clicks, and destinations with their link counts.
 */
import { and, asc, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias as aliasTable } from "drizzle-orm/sqlite-core";
import { linkKey } from "../domain/link-record";
import { staffAuditLabel } from "../domain/staff-audit";
import type { Db } from "./client.server";
import { containsText } from "./text-search.server";
import {
  auditLog,
  clickHourly,
  linkChanges,
  links,
  organizations,
  reputationHits,
  staffAuditLog,
  teams,
  users,
  workspaces,
} from "./schema";

export const KIOSK_PAGE_SIZE = 25;

const owners = aliasTable(users, "owners");

/** Links whose alias, destination, domain or creator's email contains `q` (all of them when empty), newest first. */
export async function searchLinks(db: Db, q: string, page: number) {
  const text = q.trim();
  const where = text
    ? or(containsText(links.alias, text), containsText(links.url, text), containsText(links.domain, text), containsText(owners.email, text))
    : undefined;
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: links.id,
        domain: links.domain,
        alias: links.alias,
        url: links.url,
        status: links.status,
        blocked: links.blocked,
        email: owners.email,
        createdAt: links.createdAt,
      })
      .from(links)
      .leftJoin(owners, eq(owners.id, links.userId))
      .where(where)
      .orderBy(desc(links.createdAt), desc(links.id))
      .limit(KIOSK_PAGE_SIZE)
      .offset((page - 1) * KIOSK_PAGE_SIZE),
    db.select({ n: count() }).from(links).leftJoin(owners, eq(owners.id, links.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One link with its creator and its workspace's names. */
export async function getKioskLink(db: Db, domain: string, alias: string) {
  const [row] = await db
    .select({
      link: links,
      ownerEmail: owners.email,
      ownerTerminatedAt: owners.terminatedAt,
      workspaceKind: workspaces.kind,
      workspaceUserId: workspaces.userId,
      organization: organizations.name,
      organizationSlug: organizations.slug,
      team: teams.name,
    })
    .from(links)
    .leftJoin(owners, eq(owners.id, links.userId))
    .leftJoin(workspaces, eq(workspaces.id, links.workspaceId))
    .leftJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .leftJoin(teams, and(eq(teams.id, workspaces.teamId), eq(teams.organizationId, workspaces.organizationId)))
    .where(and(eq(links.domain, domain.toLowerCase()), eq(links.alias, alias)))
    .limit(1);
  return row ?? null;
}

export interface HistoryEntry {
  at: Date;
  source: "edge" | "organization" | "staff";
  what: string;
  detail: string | null;
}

/**
 * What happened to the link: the records the edge received (the change feed keeps a day), the
 * organization's audit rows and the staff log rows naming it, newest first. With `also`, the staff
 * rows that reached it without naming it: long-urls' actions on its destination, and the
 * termination or restoring of its owner's account (each an equality read on the target index).
 */
export async function getLinkHistory(
  db: Db,
  domain: string,
  alias: string,
  limit = 50,
  also: { url?: string; ownerEmail?: string | null } = {},
): Promise<HistoryEntry[]> {
  const target = `${domain}/${alias}`;
  const reached = [
    eq(staffAuditLog.target, target),
    ...(also.url ? [and(eq(staffAuditLog.target, also.url), sql`${staffAuditLog.action} like 'link.bulk-%'`)] : []),
    ...(also.ownerEmail
      ? [and(eq(staffAuditLog.target, also.ownerEmail), sql`${staffAuditLog.action} in ('account.terminated', 'account.restored')`)]
      : []),
  ];
  const [changes, audits, staff] = await db.batch([
    db
      .select({ at: linkChanges.changedAt, record: linkChanges.record })
      .from(linkChanges)
      .where(eq(linkChanges.key, linkKey(domain, alias)))
      .orderBy(desc(linkChanges.seq))
      .limit(limit),
    db
      .select({ at: auditLog.createdAt, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, target))
      .orderBy(desc(auditLog.createdAt))
      .limit(limit),
    db
      .select({
        at: staffAuditLog.createdAt,
        action: staffAuditLog.action,
        email: staffAuditLog.staffEmail,
        details: staffAuditLog.details,
      })
      .from(staffAuditLog)
      .where(or(...reached))
      .orderBy(desc(staffAuditLog.createdAt))
      .limit(limit),
  ]);
  const entries: HistoryEntry[] = [
    ...changes.map((row) => {
      const record = JSON.parse(row.record) as { status?: string; url?: string } | null;
      return {
        at: row.at,
        source: "edge" as const,
        what: record ? `Edge record: ${record.status}` : "Edge record removed (alias renamed)",
        detail: record?.url ?? null,
      };
    }),
    ...audits.map((row) => ({ at: row.at, source: "organization" as const, what: row.action, detail: null })),
    ...staff.map((row) => {
      const details = JSON.parse(row.details) as { reason?: string | null; to?: string };
      return {
        at: row.at,
        source: "staff" as const,
        what: staffAuditLabel(row.action),
        detail: [row.email, details.reason, details.to ? `to ${details.to}` : null].filter(Boolean).join(" · "),
      };
    }),
  ];
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** Clicks per day from the hourly rollups, the last `days` days (UTC), oldest first, days without clicks included. */
export async function getDailyClicks(db: Db, linkId: string, days = 30, now = Date.now()) {
  const DAY = 86_400_000;
  const firstDay = Math.floor(now / DAY) * DAY - (days - 1) * DAY;
  const rows = await db
    // `hour` is the epoch hour (domain/click-facts.ts): its UTC day starts at (hour / 24) days.
    .select({ day: sql<number>`(${clickHourly.hour} / 24) * 86400000`, clicks: sql<number>`SUM(${clickHourly.clicks})` })
    .from(clickHourly)
    .where(and(eq(clickHourly.linkId, linkId), sql`${clickHourly.hour} >= ${firstDay / 3_600_000}`))
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((row) => [Number(row.day), Number(row.clicks)]));
  return Array.from({ length: days }, (_, i) => {
    const day = firstDay + i * DAY;
    return { day: new Date(day).toISOString().slice(0, 10), clicks: byDay.get(day) ?? 0 };
  });
}

/** Destinations containing `q` with how many links point to each (and how many of those are held), most links first. */
export async function searchDestinations(db: Db, q: string, page: number) {
  const text = q.trim();
  const where = and(sql`${links.status} != 'deleted'`, text ? containsText(links.url, text) : undefined);
  const [rows, [total]] = await db.batch([
    db
      .select({
        url: links.url,
        links: count(),
        held: sql<number>`SUM(CASE WHEN ${links.terminatedAt} IS NOT NULL THEN 1 ELSE 0 END)`,
      })
      .from(links)
      .where(where)
      .groupBy(links.url)
      .orderBy(desc(count()), links.url)
      .limit(KIOSK_PAGE_SIZE)
      .offset((page - 1) * KIOSK_PAGE_SIZE),
    db
      .select({ n: sql<number>`COUNT(DISTINCT ${links.url})` })
      .from(links)
      .where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, held: Number(row.held ?? 0) })), total: Number(total?.n ?? 0) };
}

/** Every link (not deleted) to exactly this destination. */
export async function linkIdsByDestination(db: Db, url: string): Promise<string[]> {
  const rows = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.url, url), sql`${links.status} != 'deleted'`));
  return rows.map((row) => row.id);
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/** URL-reputation hits waiting for staff, oldest first, with their link. */
export async function listOpenReputationHits(db: Db, limit = 50) {
  return db
    .select({
      id: reputationHits.id,
      linkId: reputationHits.linkId,
      url: reputationHits.url,
      provider: reputationHits.provider,
      threatType: reputationHits.threatType,
      checkedAt: reputationHits.checkedAt,
      domain: links.domain,
      alias: links.alias,
    })
    .from(reputationHits)
    .innerJoin(links, eq(links.id, reputationHits.linkId))
    .where(isNull(reputationHits.resolvedAt))
    .orderBy(asc(reputationHits.checkedAt))
    .limit(limit);
}

export async function getOpenReputationHit(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(reputationHits)
    .where(and(eq(reputationHits.id, id), isNull(reputationHits.resolvedAt)))
    .limit(1);
  return row ?? null;
}
