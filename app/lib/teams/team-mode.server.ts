/**
 * The user's teams as team mode sees them, the current team and the team-mode preference
 * (spec 01 §3 User teams / current_team_id, §4 "Team mode and switching"; docs/decisions/029).
 * The preference is saved locally by the browser (spec) and also kept in a cookie so the server
 * renders it; a switch sets both.
 */
import { createCookie } from "react-router";
import type { Db } from "../../../db/client.server";
import { findUserTeam, getCurrentTeamId, listUserTeams, setCurrentTeam, type UserTeam } from "../../../db/teams.server";
import { can, visibleTeams, type Actor, type OrganizationStanding } from "../../../domain/permissions";
import { requiresSso, teamLoginPath, teamModeOn, teamsAllowed, TEAM_MODE_COOKIE, type TeamSwitchError } from "../../../domain/teams";
import { isSecureRequest } from "../../cookies.server";
import type { Viewer } from "../../session.server";
import { actorOf } from "../organizations/access.server";

const YEAR_SECONDS = 365 * 24 * 3600;
const teamModeCookie = createCookie(TEAM_MODE_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", maxAge: YEAR_SECONDS });

/** The stored preference: on only when the cookie says so. */
export async function readTeamModePreference(request: Request): Promise<boolean> {
  return (await teamModeCookie.parse(request.headers.get("cookie"))) === true;
}

export function teamModeCookieHeader(on: boolean, request: Request): Promise<string> {
  return teamModeCookie.serialize(on, { secure: isSecureRequest(request) });
}

/** A membership as `can` sees it: the standing holds only what team mode needs (the user's memberships in that organization). */
function openable(actor: Actor, team: UserTeam, all: readonly UserTeam[]): boolean {
  const standing: OrganizationStanding = {
    organization: { id: team.organizationId, ownerUserId: team.organizationOwnerUserId, archived: team.organizationArchived },
    permissions: null,
    teams: all.filter((t) => t.organizationId === team.organizationId).map((t) => ({ teamId: t.id, role: t.role })),
  };
  return can(actor, "team.open", {
    kind: "team",
    standing,
    team: { id: team.id, organizationId: team.organizationId, archived: team.archived },
  });
}

/**
 * The user's teams for team mode, /app/settings/teams and GET state: teams they are a member of
 * and may open (archived teams and teams of archived organizations hidden), sorted by name
 * case-insensitively (spec 01 §4). Empty when teams are not allowed.
 */
export async function loadUserTeams(db: Db, viewer: Viewer): Promise<UserTeam[]> {
  if (!teamsAllowed(viewer.user)) return [];
  const all = await listUserTeams(db, viewer.user.id);
  const actor = actorOf(viewer);
  return visibleTeams(all.filter((team) => !team.organizationArchived && openable(actor, team, all)));
}

export type TeamModeState = {
  readonly teamsAllowed: boolean;
  readonly teams: UserTeam[];
  /** The current team while it is still one of `teams`; otherwise null (the account). */
  readonly currentTeam: UserTeam | null;
  readonly teamMode: boolean;
};

/** Teams allowed, the user's teams, the current team and whether team mode is on. */
export async function loadTeamMode(db: Db, viewer: Viewer, request: Request): Promise<TeamModeState> {
  const allowed = teamsAllowed(viewer.user);
  if (!allowed) return { teamsAllowed: false, teams: [], currentTeam: null, teamMode: false };
  const [teams, currentId, preference] = await Promise.all([
    loadUserTeams(db, viewer),
    getCurrentTeamId(db, viewer.user.id),
    readTeamModePreference(request),
  ]);
  const currentTeam = teams.find((team) => team.id === currentId) ?? null;
  // A preference without a current team (removed from it, or it was archived) counts as off.
  const teamMode = teamModeOn({ loggedIn: true, teamsAllowed: allowed, teamCount: teams.length, preference }) && currentTeam !== null;
  return { teamsAllowed: allowed, teams, currentTeam, teamMode };
}

export type SwitchResult =
  | { readonly ok: true; readonly team: UserTeam | null }
  | { readonly ok: false; readonly error: TeamSwitchError }
  /** The team signs in with single sign-on: 424, and the browser goes to its login page. */
  | { readonly ok: false; readonly error: "sso"; readonly loginPath: string };

/**
 * Switches the user to a team (by id) or to their account (null), after checking on the server
 * that the team is theirs: not a member or no such team is "unknown-team"; an archived team or
 * organization, or a failed write, is "switching-error"; a team requiring single sign-on is "sso".
 */
export async function switchTeam(db: Db, viewer: Viewer, teamId: string | null): Promise<SwitchResult> {
  if (teamId === null) {
    try {
      await setCurrentTeam(db, viewer.user.id, null);
    } catch (error) {
      console.error("team switch to the account failed", error);
      return { ok: false, error: "switching-error" };
    }
    return { ok: true, team: null };
  }
  const team = await findUserTeam(db, viewer.user.id, teamId);
  if (!team) return { ok: false, error: "unknown-team" };
  return switchToMembership(db, viewer, team);
}

/** The switch once the membership is known (the team area finds it by slugs). */
export async function switchToMembership(db: Db, viewer: Viewer, team: UserTeam): Promise<SwitchResult> {
  if (team.archived || team.organizationArchived) return { ok: false, error: "switching-error" };
  const all = await listUserTeams(db, viewer.user.id);
  if (!openable(actorOf(viewer), team, all)) return { ok: false, error: "unknown-team" };
  // A team requiring single sign-on opens for a session its organization's provider signed in (decision 034).
  if (requiresSso(team.options) && viewer.session.ssoOrganizationId !== team.organizationId)
    return { ok: false, error: "sso", loginPath: teamLoginPath(team.organizationSlug, team.slug) };
  try {
    await setCurrentTeam(db, viewer.user.id, team.id);
  } catch (error) {
    console.error("team switch failed", error);
    return { ok: false, error: "switching-error" };
  }
  return { ok: true, team };
}
