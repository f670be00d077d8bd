/**
 * Teams, team mode and switching (spec 01 §2 Team area, §3 Team, §4 "Team mode and switching",
 * §8 team-switch messages; spec 02 §4 team mode switch), as pure rules and verbatim texts.
 * Browser-safe: the pages import it directly. See docs/decisions/029.
 */
import type { TeamRole } from "./permissions";

/**
 * Teams allowed (guard T, state `app.teamsAllowed`): the developer flag. Every team action of
 * domain/permissions.ts needs it (decision 025), so a user without it could open no team; the
 * spec's `support_teams` user flag takes this place once organizations leave the developer gate
 * (one line here).
 */
export function teamsAllowed(user: { readonly isDeveloper: boolean }): boolean {
  return user.isDeveloper;
}

/**
 * Team mode is on only if the user is logged in, teams are allowed, the user has at least one team
 * and the stored preference is on (spec 01 §4).
 */
export function teamModeOn(input: {
  readonly loggedIn: boolean;
  readonly teamsAllowed: boolean;
  readonly teamCount: number;
  readonly preference: boolean;
}): boolean {
  return input.loggedIn && input.teamsAllowed && input.teamCount > 0 && input.preference;
}

/** `{teamPrefix}/{teamId}/switch` (spec 01 §7): the prefix, and the team id that means "my account". */
export const TEAM_PREFIX = "team";
export const NO_TEAM = "none";

/** The switch call's path under /app/api. */
export function teamSwitchPath(teamId: string | null): string {
  return `${TEAM_PREFIX}/${encodeURIComponent(teamId ?? NO_TEAM)}/switch`;
}

/** The preference (spec 01 §4 "saved locally"): its localStorage key and the cookie the server renders from. */
export const TEAM_MODE_STORAGE_KEY = "snip.team_mode";
export const TEAM_MODE_COOKIE = "snip_team_mode";

/** Spec 01 §8, verbatim: shown as an error notification on /app/settings/teams. */
export const TEAM_SWITCH_MESSAGES = {
  "team-required": "Team required.",
  "unknown-team": "Unknown team.",
  "switching-error": "Switching error.",
} as const;
export type TeamSwitchError = keyof typeof TEAM_SWITCH_MESSAGES;

export function isTeamSwitchError(value: string | null): value is TeamSwitchError {
  return value !== null && Object.hasOwn(TEAM_SWITCH_MESSAGES, value);
}

/** Where the team-switch check sends the browser with its message (spec 01 §8). */
export const SETTINGS_TEAMS_PATH = "/app/settings/teams";
export function teamSwitchErrorPath(error: TeamSwitchError): string {
  return `${SETTINGS_TEAMS_PATH}?error=${error}`;
}

/** Spec 02 §4, verbatim: the team mode switch's confirmation. */
export function switchConfirmation(team: { readonly name: string } | null): string {
  return team ? `You are going to switch to team "${team.name}"` : "You are going to switch to your account";
}

/** The team area (spec 01 §2 Team area; "organization" singular). */
export function teamAreaPath(organizationSlug: string, teamSlug: string, child = "profile"): string {
  return `/app/organization/${encodeURIComponent(organizationSlug)}/team/${encodeURIComponent(teamSlug)}/${child}`;
}

/**
 * The team's login page, where a 424 on switching sends the browser (spec 01 §4). Single sign-on
 * arrives with a later issue; until then the page says so (docs/decisions/029).
 */
export function teamLoginPath(organizationSlug: string, teamSlug: string): string {
  return `/app/organization/${encodeURIComponent(organizationSlug)}/team/${encodeURIComponent(teamSlug)}/login`;
}

/**
 * A team whose options require single sign-on answers 424 on switching (spec 01 §4): the option
 * `require_sso: true` in `teams.options`, set on the team area's SSO page (docs/decisions/042);
 * a session signed in through the organization's provider passes (decision 034).
 */
export function requiresSso(optionsJson: string): boolean {
  try {
    const options: unknown = JSON.parse(optionsJson);
    return typeof options === "object" && options !== null && (options as Record<string, unknown>).require_sso === true;
  } catch {
    return false;
  }
}

/** Team slugs: lowercase letters, digits and single hyphens inside, 2 to 48 characters (the fixtures' shape). */
export const TEAM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,47}$/;
export const TEAM_NAME_MAX_LENGTH = 100;

export const TEAM_MESSAGES = {
  nameRequired: "The name field is required.",
  nameTooLong: `The name must not be greater than ${TEAM_NAME_MAX_LENGTH} characters.`,
  slugRequired: "The slug field is required.",
  slugFormat:
    "The slug may only contain lowercase letters, numbers and hyphens, from 2 to 48 characters, starting with a letter or number.",
  slugTaken: "The slug has already been taken.",
  created: "The team has been created.",
  updated: "The team has been saved.",
  archived: "The team has been archived.",
  restored: "The team has been restored.",
  memberAdded: "The member has been added.",
  memberRoleChanged: "The member's role has been changed.",
  memberRemoved: "The member has been removed.",
  memberRequired: "Choose a user of the organization.",
  memberExists: "This user is already a member of the team.",
  notOrganizationUser: "Only users of the organization can be added to a team.",
  roleInvalid: "Choose admin, member or viewer.",
  left: "You have left the team.",
  switchedToAccount: "You are now working in your account.",
  teamModeOff: "Team mode is off.",
} as const;

/** The team role names as shown. */
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { admin: "Admin", member: "Member", viewer: "Viewer" };
