/**
 * Reading the audit trail ({org}/audit, docs/decisions/028): newest first, filtered by action,
 * person and date range, paged by (created_at, id) so a page boundary never skips or repeats a
 * row written at the same millisecond.
 */
import { and, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { auditLog, users } from "./schema";

export type AuditFilter = {
  readonly action?: string | null;
  readonly actorUserId?: string | null;
  /** Inclusive bounds. */
  readonly from?: Date | null;
  readonly to?: Date | null;
};
export type AuditCursor = { readonly at: number; readonly id: number };

export type AuditRow = {
  id: number;
  action: string;
  target: string | null;
  details: string;
  createdAt: Date;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
};

export function encodeAuditCursor(row: { createdAt: Date; id: number }): string {
  return `${row.createdAt.getTime()}.${row.id}`;
}

export function decodeAuditCursor(value: string | null): AuditCursor | null {
  const match = value ? /^(\d{1,15})\.(\d{1,15})$/.exec(value) : null;
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

/** One page of the filtered trail and the cursor of the next one (null on the last page). */
export async function listAuditEntries(
  db: Db,
  organizationId: string,
  filter: AuditFilter,
  page: { cursor?: AuditCursor | null; limit: number },
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const conditions: SQL[] = [eq(auditLog.organizationId, organizationId)];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorUserId) conditions.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (page.cursor) {
    const at = new Date(page.cursor.at);
    conditions.push(or(lt(auditLog.createdAt, at), and(eq(auditLog.createdAt, at), lt(auditLog.id, page.cursor.id)))!);
  }
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return { rows: shown, next: more ? encodeAuditCursor(shown[shown.length - 1]!) : null };
}

/** The people who appear in the organization's trail, for the person filter. */
export async function listAuditActors(db: Db, organizationId: string) {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.organizationId, organizationId));
  return rows.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.email.localeCompare(b.email));
}
