/**
 * GET /app/api/team/{teamId}/switch (spec 01 §7 `{teamPrefix}/{teamId}/switch`, teamPrefix "team";
 * docs/decisions/029): switches the signed-in user to one of their teams, by the team's id, or to
 * their account with the id "none". The membership is checked on the server; the current team is
 * stored in users.current_team_id and the team-mode preference cookie is set (on for a team, off
 * for the account); the browser then refreshes its state (GET state).
 *
 * Answers: 200 {data: {current_team_id, team}}; 401 signed out; 403 teams not allowed (guard T);
 * 404 'Unknown team.' (no such team, or not the user's); 409 'Switching error.' (an archived team
 * or organization, or a failed write); 424 with `login_url` for a team that signs in with single
 * sign-on (the browser goes there). A GET that changes state is taken only with the ajax marker
 * header (like GET logout); POST works too, behind the worker's Origin check.
 */
import { getDb } from "../../../db/client.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { NO_TEAM, teamAreaPath, teamsAllowed, TEAM_SWITCH_MESSAGES } from "../../../domain/teams";
import { getCloudflare } from "../../context.server";
import { apiError, isAjax, json, requireApiViewer } from "../../lib/api.server";
import { switchTeam, teamModeCookieHeader } from "../../lib/teams/team-mode.server";
import type { Route } from "./+types/switch";

async function handle({ request, context, params }: Route.LoaderArgs): Promise<Response> {
  const viewer = requireApiViewer(context);
  if (!teamsAllowed(viewer.user)) return apiError(403, API_MESSAGES.permissionDenied);
  const teamId = params.teamId === NO_TEAM ? null : params.teamId;
  if (teamId !== null && !/^[A-Za-z0-9-]{1,64}$/.test(teamId)) return apiError(404, TEAM_SWITCH_MESSAGES["unknown-team"]);
  const result = await switchTeam(getDb(getCloudflare(context).env.DB), viewer, teamId);
  if (!result.ok) {
    if (result.error === "sso")
      return json({ message: "This team signs in with single sign-on.", login_url: result.loginPath }, { status: 424 });
    return apiError(result.error === "unknown-team" ? 404 : 409, TEAM_SWITCH_MESSAGES[result.error]);
  }
  const { team } = result;
  return json(
    {
      data: {
        current_team_id: team?.id ?? null,
        team: team
          ? {
              id: team.id,
              slug: team.slug,
              name: team.name,
              organization: team.organizationSlug,
              url: teamAreaPath(team.organizationSlug, team.slug),
            }
          : null,
        team_mode: team !== null,
      },
    },
    { headers: { "set-cookie": await teamModeCookieHeader(team !== null, request) } },
  );
}

export async function loader(args: Route.LoaderArgs) {
  if (!isAjax(args.request)) return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  return handle(args);
}

export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "GET, POST" });
  return handle(args);
}
