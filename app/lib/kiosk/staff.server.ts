/**
 * What every kiosk page and action starts with (issue 19, decision 032): the developer guard
 * (L and D, spec 01 §2), the staff member as the audit log names them, and the database.
 */
import { data } from "react-router";
import { getDb, type Db } from "../../../db/client.server";
import { MESSAGES } from "../../../domain/messages";
import { listStaffAudit, STAFF_LOG_LIMIT, type StaffActor } from "../../../db/staff-audit.server";
import { staffAuditLabel, type StaffAuditArea } from "../../../domain/staff-audit";
import { getCloudflare } from "../../context.server";
import type { AppEnv } from "../../env.server";
import { requireDeveloper, type Viewer } from "../../session.server";

type Context = Parameters<typeof requireDeveloper>[1];

export interface Staff {
  viewer: Viewer;
  actor: StaffActor;
  db: Db;
  env: AppEnv;
}

/**
 * The kiosk's guard: L and developer (spec 01 §2), never a terminated account, and never from an impersonation. Staff who log in
 * as a user see what that user sees; the kiosk is not part of it, even when the user is a developer,
 * so nothing staff do there is done, or logged, in another's name. 403 'Permission denied.'
 */
export function requireKioskViewer(request: Request, context: Context): Viewer {
  const viewer = requireDeveloper(request, context);
  if (viewer.session.impersonatedBy) throw data(MESSAGES.permissionDenied, { status: 403 });
  // An account staff terminated for violating the terms keeps its flag for when it is restored, not the kiosk.
  if (viewer.user.terminated) throw data(MESSAGES.permissionDenied, { status: 403 });
  return viewer;
}

/** Throws the guard's redirect for anyone but staff, before anything is read or written. */
export function requireStaff(request: Request, context: Context): Staff {
  const viewer = requireKioskViewer(request, context);
  const { env } = getCloudflare(context);
  return { viewer, actor: { id: viewer.user.id, email: viewer.user.email }, db: getDb(env.DB), env };
}

export interface StaffLogRow {
  id: number;
  at: string;
  staff: string;
  action: string;
  target: string | null;
}

/** The "Staff log" section of a kiosk page: its area's newest staff actions. */
export async function staffLog(db: Db, area: StaffAuditArea, target?: string): Promise<StaffLogRow[]> {
  const rows = await listStaffAudit(db, area, STAFF_LOG_LIMIT, target);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    staff: row.staffEmail,
    action: staffAuditLabel(row.action),
    target: row.target,
  }));
}

/** A notice after post/redirect/get, when the query names one of the page's notices. */
export function noticeOf<T extends Record<string, string>>(request: Request, notices: T): string | null {
  const key = new URL(request.url).searchParams.get("notice");
  return key && Object.hasOwn(notices, key) ? (notices[key] ?? null) : null;
}
