/**
 * /app/settings/teams (spec 01 §2 Settings: L and T): the user's teams across organizations
 * (archived hidden, sorted by name case-insensitively) and the team mode switch (spec 01 §4,
 * spec 02 §4). Switching asks first ("You are going to switch to team "{name}"" / "...to your
 * account"): the question is a page state (?confirm=), so it works without JavaScript; the answer
 * is a plain post. A switch to a team goes to that team's page (we are on a settings page); a
 * switch to the account stays here with team mode off. The team-switch check's messages
 * ('Team required.', 'Unknown team.', 'Switching error.') arrive here as ?error= (spec 01 §8).
 */
import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import {
  isTeamSwitchError,
  NO_TEAM,
  SETTINGS_TEAMS_PATH,
  switchConfirmation,
  teamAreaPath,
  teamsAllowed,
  teamSwitchErrorPath,
  TEAM_MESSAGES,
  TEAM_MODE_STORAGE_KEY,
  TEAM_ROLE_LABELS,
  TEAM_SWITCH_MESSAGES,
} from "../../../domain/teams";
import { Notice, SubmitButton } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { Badge } from "../../components/teams/team-settings-shell";
import { getCloudflare } from "../../context.server";
import { switchTeamSchema } from "../../forms/teams";
import { loadTeamMode, switchTeam, teamModeCookieHeader } from "../../lib/teams/team-mode.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/teams";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Teams | Snip" }];

const NOTICES = { account: TEAM_MESSAGES.switchedToAccount, left: TEAM_MESSAGES.left } as const;
type NoticeKey = keyof typeof NOTICES;

function requireTeamsAllowed(args: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = requireUser(args.request, args.context);
  // Guard T: teams not allowed goes to the homepage, like guard D (docs/decisions/029).
  if (!teamsAllowed(viewer.user)) throw redirect("/");
  return viewer;
}

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireTeamsAllowed(args);
  const db = getDb(getCloudflare(args.context).env.DB);
  const state = await loadTeamMode(db, viewer, args.request);
  const url = new URL(args.request.url);
  const error = url.searchParams.get("error");
  const notice = url.searchParams.get("notice");
  const confirmId = url.searchParams.get("confirm");
  const confirmTeam = confirmId && confirmId !== NO_TEAM ? (state.teams.find((t) => t.id === confirmId) ?? null) : null;
  const confirm =
    confirmId === NO_TEAM
      ? { team: NO_TEAM, text: switchConfirmation(null) }
      : confirmTeam
        ? { team: confirmTeam.id, text: switchConfirmation(confirmTeam) }
        : null;
  return {
    teamMode: state.teamMode,
    currentTeamId: state.teamMode ? (state.currentTeam?.id ?? null) : null,
    currentTeamName: state.teamMode ? (state.currentTeam?.name ?? null) : null,
    // Turning team mode on switches to the last team used, else the first one.
    teamModeTarget: state.currentTeam?.id ?? state.teams[0]?.id ?? null,
    teams: state.teams.map((team) => ({
      id: team.id,
      name: team.name,
      slug: team.slug,
      organization: team.organizationName,
      role: team.role,
      url: teamAreaPath(team.organizationSlug, team.slug),
    })),
    error: isTeamSwitchError(error) ? TEAM_SWITCH_MESSAGES[error] : null,
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
    confirm,
  };
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireTeamsAllowed(args);
  const formData = await requestFormData(args.request);
  const parsed = switchTeamSchema.safeParse({ team: formData.get("team") });
  if (formData.get("intent") !== "switch" || !parsed.success)
    return data({ error: TEAM_SWITCH_MESSAGES["team-required"] }, { status: 422 });
  const teamId = parsed.data.team === NO_TEAM ? null : parsed.data.team;
  const result = await switchTeam(getDb(getCloudflare(args.context).env.DB), viewer, teamId);
  if (!result.ok) return redirect(result.error === "sso" ? result.loginPath : teamSwitchErrorPath(result.error));
  const headers = { "set-cookie": await teamModeCookieHeader(result.team !== null, args.request) };
  if (result.team) return redirect(teamAreaPath(result.team.organizationSlug, result.team.slug), { headers });
  return redirect(`${SETTINGS_TEAMS_PATH}?notice=account`, { headers });
}

export default function SettingsTeams({ loaderData, actionData }: Route.ComponentProps) {
  const { teamMode, currentTeamId, currentTeamName, teamModeTarget, teams, error, notice, confirm } = loaderData;
  // The preference is saved locally too (spec 01 §4); the server renders from its cookie.
  useEffect(() => {
    try {
      window.localStorage.setItem(TEAM_MODE_STORAGE_KEY, teamMode ? "1" : "0");
    } catch {
      // Storage refused (private mode): the cookie still holds the preference.
    }
  }, [teamMode]);

  return (
    <>
      <SettingsHeading title="Teams" lead="The teams you are in, in every organization, and the team you are working in." />
      <div className="space-y-6">
        {error ? <Notice tone="error">{error}</Notice> : null}
        {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
        {notice ? <Notice tone="success">{notice}</Notice> : null}

        {confirm ? (
          <section
            role="alertdialog"
            aria-labelledby="switch-confirm-text"
            className="rounded-2xl border border-indigo-200 bg-indigo-50 p-5 shadow-sm sm:p-6"
          >
            <p id="switch-confirm-text" className="text-base font-semibold text-slate-900">
              {confirm.text}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post" action={SETTINGS_TEAMS_PATH}>
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="team" value={confirm.team} />
                <SubmitButton className={settingsButton}>Switch</SubmitButton>
              </Form>
              <Link to={SETTINGS_TEAMS_PATH} className={settingsSecondaryButton}>
                Cancel
              </Link>
            </div>
          </section>
        ) : null}

        <SettingsCard id="team-mode" title="Team mode">
          {teamMode ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700" data-team-mode="on">
                Team mode is on: you are working in team <strong className="text-slate-900">{currentTeamName}</strong>.
              </p>
              <Link to={`${SETTINGS_TEAMS_PATH}?confirm=${NO_TEAM}`} className={settingsSecondaryButton}>
                Switch to your account
              </Link>
            </div>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700" data-team-mode="off">
                {TEAM_MESSAGES.teamModeOff} You are working in your account.
              </p>
              {teamModeTarget ? (
                <Link to={`${SETTINGS_TEAMS_PATH}?confirm=${encodeURIComponent(teamModeTarget)}`} className={settingsButton}>
                  Turn on team mode
                </Link>
              ) : null}
            </div>
          )}
        </SettingsCard>

        <SettingsCard id="my-teams" title="Your teams">
          {teams.length === 0 ? (
            <p className="text-sm text-slate-600">You are not in any team yet. When someone adds you to a team, it shows here.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {teams.map((team) => {
                const current = team.id === currentTeamId;
                return (
                  <li
                    key={team.id}
                    className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
                    data-team={team.slug}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-slate-900">
                        {team.name}
                        <Badge tone="indigo">{TEAM_ROLE_LABELS[team.role]}</Badge>
                        {current ? <Badge tone="emerald">Current</Badge> : null}
                      </p>
                      <p className="text-sm text-slate-600">{team.organization}</p>
                    </div>
                    <div className="flex gap-2">
                      <Link to={team.url} className={settingsSecondaryButton}>
                        Open
                      </Link>
                      {current ? null : (
                        <Link to={`${SETTINGS_TEAMS_PATH}?confirm=${encodeURIComponent(team.id)}`} className={settingsButton}>
                          Switch
                        </Link>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </SettingsCard>
      </div>
    </>
  );
}
