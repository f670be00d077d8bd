/** /app/organization/{org}/team/{team}/profile (L, T, TM): the team's name and slug, its organization, and your role in it. */
import { TEAM_ROLE_LABELS } from "../../../domain/teams";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import type { RouteHandle } from "../../route-handle";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { Route } from "./+types/profile";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Team Profile | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access, membership } = area;
  return teamAreaData(area, {
    organization: access.organization.name,
    name: access.team.name,
    slug: access.team.slug,
    role: membership.role,
  });
}

export default function TeamProfile({ loaderData }: Route.ComponentProps) {
  const { organization, name, slug, role } = loaderData;
  return (
    <>
      <SettingsHeading title="Team Profile" />
      <SettingsCard id="team-profile" title={name}>
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-semibold text-slate-500">Team</dt>
            <dd className="mt-1 text-slate-900" data-field="name">
              {name}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-500">Slug</dt>
            <dd className="mt-1 font-mono text-slate-900" data-field="slug">
              {slug}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-500">Your role</dt>
            <dd className="mt-1 text-slate-900" data-field="role">
              {TEAM_ROLE_LABELS[role]}
            </dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="font-semibold text-slate-500">Organization</dt>
            <dd className="mt-1 text-slate-900">{organization}</dd>
          </div>
        </dl>
      </SettingsCard>
    </>
  );
}
