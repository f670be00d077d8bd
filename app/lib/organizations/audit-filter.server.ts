/**
 * The Audit Trail's filters as they travel in the query (action, person, from, to; dates as
 * yyyy-mm-dd, UTC, both inclusive), shared by the page and its CSV download. Unknown or malformed
 * values are dropped, never an error.
 */
import { isAuditAction } from "../../../domain/audit";
import type { AuditFilter } from "../../../db/audit-trail.server";

export type AuditQuery = { action: string; person: string; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function day(value: string | null): Date | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function readAuditQuery(url: URL): { query: AuditQuery; filter: AuditFilter } {
  const action = url.searchParams.get("action") ?? "";
  const person = (url.searchParams.get("person") ?? "").slice(0, 100);
  const from = day(url.searchParams.get("from"));
  const to = day(url.searchParams.get("to"));
  const query = {
    action: isAuditAction(action) ? action : "",
    person,
    from: from ? url.searchParams.get("from")! : "",
    to: to ? url.searchParams.get("to")! : "",
  };
  return {
    query,
    filter: {
      action: query.action || null,
      actorUserId: person || null,
      from,
      to: to ? new Date(to.getTime() + DAY_MS - 1) : null,
    },
  };
}

/** The query string of a filter (and an optional cursor), without empty values. */
export function auditSearch(query: AuditQuery, after?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (after) params.set("after", after);
  const text = params.toString();
  return text ? `?${text}` : "";
}
