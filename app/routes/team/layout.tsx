/**
 * The team area /app/organization/{org}/team/{team} (spec 01 §2 Team area): the team's pages
 * beside its tabs. Every child is L, T and TM: app/lib/teams/team-area.server.ts, which each child
 * loader calls too (loaders run in parallel). The API token pages (api, api/new, api/edit/{tokenId})
 * nest here as further children.
 */
import { Outlet, useLocation } from "react-router";
import { SideNavFrame, SideNavGroup } from "../../components/side-nav";
import type { ActionOf } from "../../../domain/permissions";
import { TEAM_ROLE_LABELS } from "../../../domain/teams";
import { Badge } from "../../components/teams/team-settings-shell";
import { allows } from "../../lib/organizations/access.server";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { Route } from "./+types/layout";

/**
 * The tabs of the team area, in the spec's order, with the rule of the page each leads to when it
 * is not the area's own `team.open`: a tab shows only when its page opens for the viewer (spec 01
 * §6, the role's permissions decide what is visible), never a link to a 'Permission denied.' page.
 */
const TABS = [
  { label: "Profile", path: "profile" },
  { label: "Membership", path: "membership" },
  { label: "SSO", path: "sso" },
  { label: "API Tokens", path: "api", action: "team.api-tokens" },
  { label: "Usage", path: "usage" },
  { label: "Subscription", path: "subscription", action: "team.subscription" },
  { label: "Payment Method", path: "payment-method", action: "team.subscription" },
  { label: "Invoices", path: "invoices", action: "team.subscription" },
] as const satisfies readonly { label: string; path: string; action?: ActionOf<"team"> }[];

/**
 * Hidden tabs (spec 01 §2's "Custom Pixel Scripts (hidden)"): not listed, shown as the current
 * tab only while their page is open; the team's create form leads to it.
 */
const HIDDEN_TABS = [{ label: "Custom Pixel Scripts", path: "pixel-scripts" }] as const;

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access, membership } = area;
  return teamAreaData(area, {
    organization: { slug: access.organization.slug, name: access.organization.name },
    team: { slug: access.team.slug, name: access.team.name },
    role: membership.role,
    tabs: TABS.filter((tab) => !("action" in tab) || allows(access, tab.action, access.team)).map(({ label, path }) => ({ label, path })),
  });
}

export default function TeamAreaLayout({ loaderData }: Route.ComponentProps) {
  const { organization, team, role, tabs: allowedTabs } = loaderData;
  const base = `/app/organization/${encodeURIComponent(organization.slug)}/team/${encodeURIComponent(team.slug)}`;
  const { pathname } = useLocation();
  const tabs = [...allowedTabs, ...HIDDEN_TABS.filter((tab) => pathname.replace(/\/+$/, "") === `${base}/${tab.path}`)];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <p className="text-sm font-semibold text-slate-500">{organization.name}</p>
        <p className="text-xl font-extrabold tracking-tight text-slate-900" data-team-heading="">
          {team.name}
          <Badge tone="indigo">{TEAM_ROLE_LABELS[role]}</Badge>
        </p>
      </header>
      <SideNavFrame label="Team" nav={<SideNavGroup links={tabs.map((tab) => ({ label: tab.label, to: `${base}/${tab.path}` }))} />}>
        <Outlet />
      </SideNavFrame>
    </div>
  );
}
