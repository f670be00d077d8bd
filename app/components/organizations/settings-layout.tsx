/**
 * The organization settings pages' frame (spec 01 §6): the organization's name and the sidebar
 * links Profile, Users, Role Management, SSO and Organization Domains, each shown only when
 * `organizationSettingsLinks` (domain/permissions.ts) allows it. Settings-style, like
 * /app/settings; on small screens the sidebar is a scrollable row above the page.
 */
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

/** Where each label of ORGANIZATION_SETTINGS_LINKS goes. */
export const ORGANIZATION_SETTINGS_PATHS: Readonly<Record<string, string>> = {
  Profile: "settings/profile",
  Users: "settings/profile/users",
  "Role Management": "settings/profile/roles",
  SSO: "settings/profile/sso",
  "Organization Domains": "settings/profile/domains",
};

export function organizationPath(slug: string, tail = ""): string {
  return `/app/organizations/${encodeURIComponent(slug)}${tail ? `/${tail}` : ""}`;
}

/** The Organization Domains page, with an optional tail (`create-tiny`, `edit/{host}`; decision 044). */
export function organizationDomainsPath(slug: string, tail = ""): string {
  return organizationPath(slug, `settings/profile/domains${tail ? `/${tail}` : ""}`);
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition ${
    isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

export function OrganizationSettingsLayout({
  organization,
  links,
  extraLinks = [],
  children,
}: {
  organization: { slug: string; name: string; archived: boolean };
  /** The labels the user may see, in spec order. */
  links: readonly string[];
  /** Other pages of the organization the user may open (Audit Trail, Helpdesk). */
  extraLinks?: readonly { label: string; to: string }[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <p className="mb-6 text-sm text-slate-600">
        <Link to="/app/organizations" className="font-semibold text-indigo-700 hover:underline">
          Organizations
        </Link>{" "}
        / <span className="font-semibold text-slate-800">{organization.name}</span>
        {organization.archived ? (
          <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Archived</span>
        ) : null}
      </p>
      <div className="flex flex-col gap-6 md:flex-row md:gap-10">
        <aside className="md:w-56 md:shrink-0">
          <nav aria-label="Organization settings" className="md:sticky md:top-24">
            {/* Spec 01 §6: Organization settings show for owners, or for users with at least one visible link. */}
            {links.length > 0 ? (
              <div data-testid="organization-settings-links">
                <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">Organization</p>
                <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
                  {links.map((label) => (
                    <li key={label}>
                      <NavLink to={organizationPath(organization.slug, ORGANIZATION_SETTINGS_PATHS[label])} end className={linkClass}>
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {extraLinks.length > 0 ? (
              <ul
                className={`-mx-1 ${links.length > 0 ? "mt-1 md:mt-6" : ""} flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0`}
              >
                {extraLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </nav>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
