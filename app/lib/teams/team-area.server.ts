/**
 * The guard of the team area /app/organization/{org}/team/{team}/... (spec 01 §2 Team area: every
 * child is L, T and TM; docs/decisions/029):
 * - L: not signed in goes to login with `to`;
 * - T: teams not allowed (domain/teams.ts `teamsAllowed`) goes to the homepage, like guard D;
 * - TM, the team-switch check: no team in the path is 'Team required.'; an organization or team
 *   that does not exist, or one the user is not a member of, is 'Unknown team.' (the same answer,
 *   so it tells nothing about which slugs exist); a team that cannot be switched to (archived, or
 *   the write failed) is 'Switching error.'. Each message is shown on /app/settings/teams (spec 01
 *   §8). A team that signs in with single sign-on sends the browser to its login page (the 424 rule).
 * Entering the area makes the team the user's current team and turns team mode on. Then the one
 * guard of decision 026 (`requireTeamAccess`, action `team.open`) has the last word.
 */
import { data, redirect, isRouteErrorResponse } from "react-router";
import { flashRedirect } from "../flash.server";
import { getDb } from "../../../db/client.server";
import { findUserTeamBySlugs, getCurrentTeamId, type UserTeam } from "../../../db/teams.server";
import { teamsAllowed, teamSwitchErrorPath } from "../../../domain/teams";
import { getCloudflare } from "../../context.server";
import { requireUser } from "../../session.server";
import { requireTeamAccess, type TeamAccess } from "../organizations/access.server";
import { switchToMembership, teamModeCookieHeader } from "./team-mode.server";

type Args = Parameters<typeof requireTeamAccess>[0];

export type TeamArea = {
  readonly access: TeamAccess;
  readonly membership: UserTeam;
  /** Set when this request switched the user to the team (team mode turns on). */
  readonly setCookie: string | null;
};

function isRefusal(thrown: unknown): boolean {
  // requireTeamAccess throws data(message, {status}) for 403 and 404 on pages.
  if (isRouteErrorResponse(thrown)) return thrown.status === 403 || thrown.status === 404;
  const init = (thrown as { init?: ResponseInit | null } | null)?.init;
  return typeof thrown === "object" && thrown !== null && "data" in thrown && (init?.status === 403 || init?.status === 404);
}

export async function requireTeamArea(args: Args): Promise<TeamArea> {
  const viewer = requireUser(args.request, args.context);
  if (!teamsAllowed(viewer.user)) throw flashRedirect(args.request, "/", "teams-not-allowed");
  const { org, team } = args.params;
  if (!team) throw redirect(teamSwitchErrorPath("team-required"));
  if (!org) throw redirect(teamSwitchErrorPath("unknown-team"));
  const db = getDb(getCloudflare(args.context).env.DB);
  const membership = await findUserTeamBySlugs(db, viewer.user.id, org, team);
  if (!membership) throw redirect(teamSwitchErrorPath("unknown-team"));

  let setCookie: string | null = null;
  if (membership.archived || membership.organizationArchived) throw redirect(teamSwitchErrorPath("switching-error"));
  if ((await getCurrentTeamId(db, viewer.user.id)) !== membership.id) {
    const switched = await switchToMembership(db, viewer, membership);
    if (!switched.ok) throw redirect(switched.error === "sso" ? switched.loginPath : teamSwitchErrorPath(switched.error));
    setCookie = await teamModeCookieHeader(true, args.request);
  }

  let access: TeamAccess;
  try {
    access = await requireTeamAccess(args, "team.open");
  } catch (thrown) {
    if (isRefusal(thrown)) throw redirect(teamSwitchErrorPath("unknown-team"));
    throw thrown;
  }
  return { access, membership, setCookie };
}

/** The loader answer of a team-area page: its data, plus the team-mode cookie when this request switched. */
export function teamAreaData<T>(area: TeamArea, payload: T) {
  return area.setCookie ? data(payload, { headers: { "set-cookie": area.setCookie } }) : data(payload);
}
