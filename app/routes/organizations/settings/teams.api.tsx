/**
 * /app/organizations/{org}/settings/teams/api (spec 01 §2 Organizations; Team settings link "API
 * Tokens"): the API tokens of the organization's teams whose tokens the user may manage
 * (`team.api-tokens` per team: team admins, the `teams` permission, owners), each team linking to
 * its team area token pages. A participant who may manage no team's tokens gets 403.
 */
import { data, Link } from "react-router";
import { listApiTokens } from "../../../../db/api-tokens.server";
import { listTeams } from "../../../../db/organizations.server";
import { API_PERMISSION_LABELS } from "../../../../domain/api";
import { MESSAGES } from "../../../../domain/messages";
import { visibleTeams } from "../../../../domain/permissions";
import { DateTime, SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { allows, loadOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/teams.api";

export const meta: Route.MetaFunction = () => [{ title: "Team API tokens | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const access = await loadOrganizationAccess(args);
  const teams = visibleTeams(await listTeams(access.db, access.organization.id)).filter((team) => allows(access, "team.api-tokens", team));
  if (teams.length === 0) throw data(MESSAGES.permissionDenied, { status: 403 });
  const slug = encodeURIComponent(access.organization.slug);
  return {
    organization: { name: access.organization.name },
    teams: await Promise.all(
      teams.map(async (team) => ({
        slug: team.slug,
        name: team.name,
        base: `/app/organization/${slug}/team/${encodeURIComponent(team.slug)}/api`,
        tokens: (await listApiTokens(access.db, team.id)).map((t) => ({
          id: t.id,
          name: t.name,
          prefix: t.prefix,
          permissions: t.permissions.map((p) => API_PERMISSION_LABELS[p].label),
          createdAt: t.createdAt.toISOString(),
        })),
      })),
    ),
  };
}

export default function OrganizationTeamTokens({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <SettingsHeading title="Team API tokens" lead={<>{loaderData.organization.name}: the tokens of the teams you manage.</>} />
      <div className="space-y-6">
        {loaderData.teams.map((team) => (
          <SettingsCard key={team.slug} title={team.name}>
            <div data-testid={`team-tokens-${team.slug}`}>
              <Link to={`${team.base}/new`} className={`inline-block ${settingsButton}`}>
                Create Token
              </Link>
              {team.tokens.length === 0 ? (
                <p className="mt-4 text-sm text-slate-600">No API tokens yet.</p>
              ) : (
                <ul className="mt-4 divide-y divide-slate-200" aria-label={`API tokens of ${team.name}`}>
                  {team.tokens.map((t) => (
                    <li key={t.id} className="flex items-start justify-between gap-3 py-3">
                      <div>
                        <p className="font-semibold text-slate-900">{t.name}</p>
                        <p className="font-mono text-xs text-slate-600">{t.prefix}…</p>
                        <p className="text-xs text-slate-600">{t.permissions.join(", ")}</p>
                        <p className="text-xs text-slate-500">
                          Created <DateTime iso={t.createdAt} />
                        </p>
                      </div>
                      <Link
                        to={`${team.base}/edit/${t.id}`}
                        className="text-sm font-semibold text-indigo-700 hover:underline"
                        aria-label={`Edit ${t.name}`}
                      >
                        Edit
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </SettingsCard>
        ))}
      </div>
    </div>
  );
}
