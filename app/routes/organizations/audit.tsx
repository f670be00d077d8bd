/**
 * /app/organizations/{org}/audit — the Audit Trail (`organization.audit`): who did what and when,
 * newest first; filters by action, person and date range (a plain GET form); paging by
 * (created_at, id) with a Next link; a CSV download of the filtered list (audit.csv).
 */
import { Form, Link } from "react-router";
import { useFormValues } from "../../components/form-fields";
import { decodeAuditCursor, listAuditActors, listAuditEntries } from "../../../db/audit-trail.server";
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, isAuditAction } from "../../../domain/audit";
import { AUDIT_PAGE_SIZE } from "../../../domain/organization-admin";
import { organizationSettingsLinks } from "../../../domain/permissions";
import { OrganizationSettingsLayout, organizationPath } from "../../components/organizations/settings-layout";
import { DateTime, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { auditSearch, readAuditQuery } from "../../lib/organizations/audit-filter.server";
import { allows, requireOrganizationAccess } from "../../lib/organizations/access.server";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit Trail | Snip" }];

/** A short reading of an entry's details: "from → to" pairs and plain values. */
function describe(details: string): string {
  let value: unknown;
  try {
    value = JSON.parse(details);
  } catch {
    return "";
  }
  if (!value || typeof value !== "object") return "";
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([key, v]) => {
      if (v && typeof v === "object" && !Array.isArray(v) && "from" in v && "to" in v) return `${key}: ${String(v.from)} → ${String(v.to)}`;
      if (Array.isArray(v)) return `${key}: ${v.join(", ") || "none"}`;
      return `${key}: ${String(v)}`;
    })
    .join("; ");
}

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.audit");
  const { db, organization } = access;
  const url = new URL(args.request.url);
  const { query, filter } = readAuditQuery(url);
  const cursor = decodeAuditCursor(url.searchParams.get("after"));
  const [page, people] = await Promise.all([
    listAuditEntries(db, organization.id, filter, { cursor, limit: AUDIT_PAGE_SIZE }),
    listAuditActors(db, organization.id),
  ]);
  const base = organizationPath(organization.slug, "audit");
  return {
    organization: { slug: organization.slug, name: organization.name, archived: organization.archived },
    links: organizationSettingsLinks(access.actor, access.standing),
    extraLinks: [
      { label: "Audit Trail", to: base },
      ...(allows(access, "organization.helpdesk") ? [{ label: "Helpdesk", to: organizationPath(organization.slug, "helpdesk") }] : []),
    ],
    query,
    people,
    rows: page.rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      who: row.actorName ? `${row.actorName} (${row.actorEmail})` : "A former user",
      action: isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action,
      target: row.target ?? "",
      details: describe(row.details),
    })),
    nextHref: page.next ? `${base}${auditSearch(query, page.next)}` : null,
    firstHref: cursor ? `${base}${auditSearch(query)}` : null,
    csvHref: `${organizationPath(organization.slug, "audit.csv")}${auditSearch(query)}`,
  };
}

const inputClass = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm";

export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const { query, people, rows } = loaderData;
  const searchForm = useFormValues({ action: query.action, person: query.person, from: query.from, to: query.to });
  return (
    <OrganizationSettingsLayout organization={loaderData.organization} links={loaderData.links} extraLinks={loaderData.extraLinks}>
      <SettingsHeading title="Audit Trail" lead="Who did what in the organization, and when (UTC), newest first." />
      <Form
        ref={searchForm}
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        aria-label="Filters"
      >
        <div>
          <label htmlFor="filter-action" className="mb-1 block text-xs font-semibold text-slate-700">
            Action
          </label>
          <select id="filter-action" name="action" defaultValue={query.action} className={inputClass}>
            <option value="">All actions</option>
            {AUDIT_ACTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {AUDIT_ACTIONS[name]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-person" className="mb-1 block text-xs font-semibold text-slate-700">
            Person
          </label>
          <select id="filter-person" name="person" defaultValue={query.person} className={inputClass}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.email})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className="mb-1 block text-xs font-semibold text-slate-700">
            From
          </label>
          <input id="filter-from" type="date" name="from" defaultValue={query.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="filter-to" className="mb-1 block text-xs font-semibold text-slate-700">
            To
          </label>
          <input id="filter-to" type="date" name="to" defaultValue={query.to} className={inputClass} />
        </div>
        <button type="submit" className={settingsButton}>
          Filter
        </button>
        <a href={loaderData.csvHref} className={settingsSecondaryButton} download>
          Download CSV
        </a>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No entries match.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">
                  When
                </th>
                <th scope="col" className="px-4 py-3">
                  Who
                </th>
                <th scope="col" className="px-4 py-3">
                  Action
                </th>
                <th scope="col" className="px-4 py-3">
                  Target
                </th>
                <th scope="col" className="px-4 py-3">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.id} data-audit-row>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <DateTime iso={row.at} />
                  </td>
                  <td className="px-4 py-3 text-slate-800">{row.who}</td>
                  <td className="px-4 py-3 font-semibold text-slate-900">{row.action}</td>
                  <td className="px-4 py-3 text-slate-700">{row.target}</td>
                  <td className="px-4 py-3 text-slate-600">{row.details}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-3">
        {loaderData.firstHref ? (
          <Link to={loaderData.firstHref} className={settingsSecondaryButton}>
            Newest
          </Link>
        ) : null}
        {loaderData.nextHref ? (
          <Link to={loaderData.nextHref} className={settingsSecondaryButton} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </OrganizationSettingsLayout>
  );
}
