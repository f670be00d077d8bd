/**
 * The organization settings pages' frame (spec 01 §6): the organization's name and the sidebar
 * links Profile, Users, Role Management, SSO and Organization Domains, each shown only when
 * `organizationSettingsLinks` (domain/permissions.ts) allows it. Settings-style, like
 * /app/settings; on small screens the sidebar is a scrollable row above the page.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SideNavFrame, SideNavGroup } from "../side-nav";

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
      {/* Spec 01 §6: Organization settings show for owners, or for users with at least one visible link. */}
      <SideNavFrame
        label="Organization settings"
        nav={
          <>
            <SideNavGroup
              heading="Organization"
              testId="organization-settings-links"
              end
              links={links.map((label) => ({ label, to: organizationPath(organization.slug, ORGANIZATION_SETTINGS_PATHS[label]) }))}
            />
            <SideNavGroup end spaced={links.length > 0} links={extraLinks} />
          </>
        }
      >
        {children}
      </SideNavFrame>
    </div>
  );
}
