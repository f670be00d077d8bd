/**
 * The team area's pages whose content arrives with later issues (spec 01 §2 Team area): sso,
 * usage, subscription (and success, cancel, update/{subscription}/{interval}), payment-method and
 * invoices. They are guarded like every child (L, T, TM) and say what they will hold; one module
 * serves them all, told apart by the path.
 */
import { Link } from "react-router";
import { listTeamMembers } from "../../../db/teams.server";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import type { RouteHandle } from "../../route-handle";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { Route } from "./+types/coming";

export const handle: RouteHandle = { hydrate: false };

const PAGES = {
  sso: {
    title: "Single Sign-On",
    body: "Team admins will connect the team's OpenID Connect provider here, so its members sign in through it. Single sign-on arrives with a later release.",
  },
  usage: {
    title: "Team Usage",
    body: "The team workspace's counters (links created this month, active links, API credits) against its plan's limits will be shown here once links belong to team workspaces.",
  },
  subscription: {
    title: "Team Subscription",
    body: "The team's own plan: choosing one, switching between monthly and yearly, and cancelling. Team subscriptions arrive with the next release; until then the team uses its organization's plan.",
  },
  "subscription/success": {
    title: "Team Subscription",
    body: "After paying for a team plan, this page will confirm the subscription. Team subscriptions arrive with the next release.",
  },
  "subscription/cancel": {
    title: "Cancel Team Subscription",
    body: "Cancelling the team's plan, at the end of the period or at once, will happen here. Team subscriptions arrive with the next release.",
  },
  "subscription/update": {
    title: "Change Team Subscription",
    body: "Changing the team's plan or its billing interval will be confirmed here. Team subscriptions arrive with the next release.",
  },
  "payment-method": {
    title: "Team Payment Method",
    body: "The card or account the team's subscription is paid with, and changing it. Arrives with team subscriptions in the next release.",
  },
  invoices: {
    title: "Team Invoices",
    body: "The invoices of the team's subscription, to view and download. Arrives with team subscriptions in the next release.",
  },
} as const;
type Page = keyof typeof PAGES;

function pageOf(pathname: string, base: string): Page {
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, "");
  if (rest.startsWith("subscription/update/")) return "subscription/update";
  return rest in PAGES ? (rest as Page) : "usage";
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? PAGES[loaderData.page].title : "Team"} | Snip` }];

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access } = area;
  const base = `/app/organization/${args.params.org}/team/${args.params.team}`;
  const page = pageOf(decodeURIComponent(new URL(args.request.url).pathname), decodeURIComponent(base));
  const members = page === "usage" ? (await listTeamMembers(access.db, access.team.id)).length : null;
  return teamAreaData(area, { page, team: access.team.name, members, profile: `${base}/profile` });
}

export default function TeamComing({ loaderData }: Route.ComponentProps) {
  const { page, team, members, profile } = loaderData;
  const { title, body } = PAGES[page];
  return (
    <>
      <SettingsHeading title={title} lead={team} />
      <div className="space-y-6">
        {members !== null ? (
          <SettingsCard id="team-usage" title="Today">
            <p className="text-sm text-slate-700">
              {members} {members === 1 ? "member" : "members"}.
            </p>
          </SettingsCard>
        ) : null}
        <SettingsCard id="coming" title="What this page will hold">
          <p className="text-sm leading-6 text-slate-600">{body}</p>
          <p className="mt-4 text-sm">
            <Link to={profile} className="font-semibold text-indigo-700 hover:underline">
              Back to the team profile
            </Link>
          </p>
        </SettingsCard>
      </div>
    </>
  );
}
