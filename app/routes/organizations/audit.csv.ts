/**
 * GET /app/organizations/{org}/audit.csv (`organization.audit`): the Audit Trail's filtered list
 * as CSV, newest first (up to AUDIT_CSV_MAX_ROWS rows): when (ISO, UTC), who, email, action,
 * action label, target, details (JSON). Cells are CSV-quoted and defused against formulas.
 */
import { listAuditEntries } from "../../../db/audit-trail.server";
import { AUDIT_ACTIONS, isAuditAction } from "../../../domain/audit";
import { csvLine } from "../../../domain/bulk";
import { AUDIT_CSV_MAX_ROWS } from "../../../domain/organization-admin";
import { readAuditQuery } from "../../lib/organizations/audit-filter.server";
import { requireOrganizationAccess } from "../../lib/organizations/access.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/audit.csv";

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.audit");
  const { filter } = readAuditQuery(new URL(args.request.url));
  const { rows } = await listAuditEntries(access.db, access.organization.id, filter, { limit: AUDIT_CSV_MAX_ROWS });
  const lines = [
    csvLine(["when", "who", "email", "action", "label", "target", "details"]),
    ...rows.map((row) =>
      csvLine([
        row.createdAt.toISOString(),
        row.actorName,
        row.actorEmail,
        row.action,
        isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action,
        row.target,
        row.details,
      ]),
    ),
  ];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-${access.organization.slug}.csv"`,
      "cache-control": "no-store",
    },
  });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
