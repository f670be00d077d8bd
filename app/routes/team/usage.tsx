/**
 * /app/organization/{org}/team/{team}/usage (L, T, TM; spec 01 §2 Team area): the team
 * workspace's counters against the limits of the plan in force there (docs/decisions/033: the
 * team's subscription, else the organization's, else the free plan): active links, links held,
 * links created this month and API credits this month, counted for the team's workspace only
 * (a team's workspace id is the team's id, decision 027). Read-only; the team's plan is changed on
 * its subscription page by the owner or the "subscriptions" permission, so the link shows only for them.
 * The overage card (docs/decisions/052) shows every member the switch of the plan in force and the
 * team's projected charge; its button (posting to the team's subscription page, which guards it)
 * shows only to those who may change it.
 */
import { Link } from "react-router";
import { getUsage } from "../../../db/usage.server";
import { listTeamMembers } from "../../../db/teams.server";
import { limitOf } from "../../../domain/entitlements";
import { getPlan, type LimitOption } from "../../../domain/plans";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import { NUMBER, UsageMeter, type Meter } from "../../components/usage-meter";
import { workspaceSubject } from "../../lib/organization-links.server";
import { allows } from "../../lib/organizations/access.server";
import { teamUsageOverages } from "../../lib/billing/overages.server";
import { OveragesCard } from "../../components/overages-card";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/usage";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [{ title: "Team Usage | Snip" }];

const SOURCE_TEXT = {
  team: "The team's own subscription sets these limits.",
  organization: "The organization's subscription sets these limits; the team has no plan of its own.",
  free: "Neither the team nor its organization has a paid plan, so the Free plan's limits apply.",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access } = area;
  const [usage, plan, members] = await Promise.all([
    getUsage(access.db, access.team.id),
    workspaceSubject(access.db, access.organization, access.team.id),
    listTeamMembers(access.db, access.team.id),
  ]);
  const limit = (option: LimitOption) => limitOf(plan.subject, option);
  const meters: Meter[] = [
    {
      id: "active-aliases",
      label: "Active links",
      hint: "The team's short links that redirect now.",
      used: usage.activeAliases,
      limit: limit("max_active_aliases"),
    },
    {
      id: "aliases",
      label: "Links in total",
      hint: "Short links the team holds, archived ones included (deleted ones do not count).",
      used: usage.aliases,
      limit: limit("max_aliases"),
    },
    {
      id: "aliases-this-month",
      label: "Links created this month",
      hint: "Short links created in the team since the first of the month (UTC).",
      used: usage.aliasesThisMonth,
      limit: limit("max_aliases_per_month"),
    },
    {
      id: "api-credits",
      label: "API credits this month",
      hint: "Credits spent by the team's API tokens since the first of the month (UTC).",
      used: usage.apiCredits,
      limit: limit("max_api_credits"),
    },
  ];
  const base = `/app/organization/${encodeURIComponent(access.organization.slug)}/team/${encodeURIComponent(access.team.slug)}`;
  return teamAreaData(area, {
    team: access.team.name,
    plan: getPlan(plan.subject.plan).title,
    source: plan.source,
    meters,
    perUrl: limit("max_aliases_per_url"),
    members: members.length,
    subscriptionPath: allows(access, "team.subscription", access.team) ? `${base}/subscription` : null,
    overages: await teamUsageOverages(access, access.team, limit("max_active_aliases")),
  });
}

export default function TeamUsage({ loaderData }: Route.ComponentProps) {
  const { team, plan, source, meters, perUrl, members, subscriptionPath, overages } = loaderData;
  return (
    <>
      <SettingsHeading title="Team Usage" lead={`How much of its plan ${team} is using.`} />
      <div className="space-y-6">
        <SettingsCard
          id="usage"
          title={`${plan} plan`}
          description={
            <>
              <span data-testid="plan-source">{SOURCE_TEXT[source]}</span>{" "}
              {subscriptionPath ? (
                <Link to={subscriptionPath} className="font-semibold text-indigo-700 hover:underline">
                  Team subscription
                </Link>
              ) : (
                <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
                  Compare plans
                </Link>
              )}
            </>
          }
        >
          <ul className="divide-y divide-slate-200">
            {meters.map((meter) => (
              <UsageMeter key={meter.id} meter={meter} notIncluded="Not included in the team's plan." />
            ))}
          </ul>
          <p className="mt-5 text-sm text-slate-600" data-testid="per-url-limit">
            {perUrl === null
              ? "Any number of the team's short links may point to the same destination URL."
              : `Up to ${NUMBER.format(perUrl)} of the team's short ${perUrl === 1 ? "link" : "links"} may point to the same destination URL.`}
          </p>
        </SettingsCard>
        <OveragesCard view={overages} scope="team" />
        <SettingsCard id="team-members" title="Members">
          <p className="text-sm text-slate-700" data-testid="member-count">
            {members} {members === 1 ? "member" : "members"}.
          </p>
        </SettingsCard>
      </div>
    </>
  );
}
