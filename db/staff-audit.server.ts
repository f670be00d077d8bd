/**
 * The staff audit log (issue 19, decision 032): `staffAuditInsert` builds the INSERT without
 * running it, so the kiosk action puts it in the same `db.batch([...])` as its change.
 */
import { and, desc, eq, like } from "drizzle-orm";
import type { StaffAuditAction, StaffAuditArea } from "../domain/staff-audit";
import type { Db } from "./client.server";
import { staffAuditLog } from "./schema";

export interface StaffActor {
  id: string;
  email: string;
}

export interface StaffAuditEntry {
  staff: StaffActor;
  action: StaffAuditAction;
  target?: string | null;
  details?: Readonly<Record<string, unknown>>;
  at?: Date;
}

export function staffAuditInsert(db: Db, entry: StaffAuditEntry) {
  return db.insert(staffAuditLog).values({
    staffUserId: entry.staff.id,
    staffEmail: entry.staff.email,
    action: entry.action,
    target: entry.target ?? null,
    details: JSON.stringify(entry.details ?? {}),
    createdAt: entry.at ?? new Date(),
  });
}

export const STAFF_LOG_LIMIT = 25;

/**
 * The newest rows of one area (its actions start with `area.`), newest first; with `target`, only
 * the rows naming it (read by the target index, so one user's rows never fall out behind others').
 */
export async function listStaffAudit(db: Db, area: StaffAuditArea, limit = STAFF_LOG_LIMIT, target?: string) {
  const inArea = like(staffAuditLog.action, `${area}.%`);
  return db
    .select()
    .from(staffAuditLog)
    .where(target === undefined ? inArea : and(eq(staffAuditLog.target, target), inArea))
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
    .limit(limit);
}
