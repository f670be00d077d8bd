/**
 * Writing the audit trail (issue 16): `auditInsert` builds the INSERT of one `audit_log` row
 * without running it, so the caller puts it in the same `db.batch([...])` as the change it
 * records: both are written or neither is (DESIGN.md "Workspaces").
 *
 *   await db.batch([db.update(teams).set(...).where(...), auditInsert(db, { organizationId, actorUserId, action: "team.updated", target: slug })]);
 */
import type { AuditAction } from "../domain/audit";
import type { Db } from "./client.server";
import { auditLog } from "./schema";

export type AuditEntry = {
  readonly organizationId: string;
  /** Null for changes nobody made by hand (a job, an expiry). */
  readonly actorUserId: string | null;
  readonly action: AuditAction;
  /** What it happened to: a link's domain/alias, a team's slug, an email address. */
  readonly target?: string | null;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly at?: Date;
};

export function auditInsert(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    target: entry.target ?? null,
    details: JSON.stringify(entry.details ?? {}),
    createdAt: entry.at ?? new Date(),
  });
}
