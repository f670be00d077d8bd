/**
 * /app/organizations/{org}/settings (L and developer): the organization settings frame
 * (app/components/organizations/settings-layout.tsx). Each child page asks its own permission;
 * this loader only finds the organization (a stranger gets 404) and which links to show.
 */
import { Outlet } from "react-router";
import { organizationSettingsLinks } from "../../../../domain/permissions";
import { OrganizationSettingsLayout, organizationPath } from "../../../components/organizations/settings-layout";
import { allows, loadOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/layout";

export async function loader(args: Route.LoaderArgs) {
  const access = await loadOrganizationAccess(args);
  const { organization } = access;
  const extraLinks = [
    // Issue 17 (docs/decisions/033): the organization's own plan, for the owner and the "subscriptions" permission.
    ...(allows(access, "organization.subscription")
      ? [{ label: "Subscription", to: organizationPath(organization.slug, "settings/profile/subscription") }]
      : []),
    ...(allows(access, "organization.audit") ? [{ label: "Audit Trail", to: organizationPath(organization.slug, "audit") }] : []),
    ...(allows(access, "organization.helpdesk") ? [{ label: "Helpdesk", to: organizationPath(organization.slug, "helpdesk") }] : []),
  ];
  return {
    organization: { slug: organization.slug, name: organization.name, archived: organization.archived },
    links: organizationSettingsLinks(access.actor, access.standing),
    extraLinks,
  };
}

export default function OrganizationSettings({ loaderData }: Route.ComponentProps) {
  return (
    <OrganizationSettingsLayout organization={loaderData.organization} links={loaderData.links} extraLinks={loaderData.extraLinks}>
      <Outlet />
    </OrganizationSettingsLayout>
  );
}
