/**
 * What every team settings page of an organization loads (spec 01 §2 Organizations
 * {org}/settings/teams, teams/members, teams/domains, teams/api; spec 01 §6 team settings links):
 * the organization guard, the organization's teams, and the links of the sidebar as
 * `teamSettingsLinks` shows them. A page is open when the viewer may do its action in at least
 * one team (or, for Teams, may create teams); otherwise 403, like the guard.
 */
import { data } from "react-router";
import { listTeams } from "../../../db/organizations.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { can, teamSettingsLinks, type ActionOf } from "../../../domain/permissions";
import { loadOrganizationAccess, type OrganizationAccess } from "../organizations/access.server";

type Args = Parameters<typeof loadOrganizationAccess>[0];
export type OrganizationTeam = Awaited<ReturnType<typeof listTeams>>[number];

/** The sidebar entries of spec 01 §6 with their paths. */
export const TEAM_SETTINGS_PATHS: Record<string, string> = {
  Teams: "teams",
  Members: "teams/members",
  "Team Domains": "teams/domains",
  "API Tokens": "teams/api",
};

export type TeamSettings = {
  readonly access: OrganizationAccess;
  readonly teams: OrganizationTeam[];
  /** The teams of the organization where the viewer may do `action`, sorted by name (archived ones last). */
  readonly allowed: OrganizationTeam[];
  readonly links: { label: string; href: string }[];
};

/**
 * The team a page shows, from its `team` query value: one of `allowed`; a team of this organization
 * the viewer may not do this in is 403; an unknown slug (or another organization's team) is 404.
 * Without a value: the first active team allowed, else the first allowed.
 */
export function chosenTeam(settings: TeamSettings, request: Request): OrganizationTeam {
  const wanted = new URL(request.url).searchParams.get("team")?.toLowerCase();
  if (wanted) {
    const found = settings.allowed.find((team) => team.slug === wanted);
    if (found) return found;
    const exists = settings.teams.some((team) => team.slug === wanted);
    throw data(exists ? API_MESSAGES.permissionDenied : API_MESSAGES.notFound, { status: exists ? 403 : 404 });
  }
  const first = settings.allowed.find((team) => !team.archived) ?? settings.allowed[0];
  if (!first) throw data(API_MESSAGES.permissionDenied, { status: 403 });
  return first;
}

function byName(a: OrganizationTeam, b: OrganizationTeam): number {
  if (a.archived !== b.archived) return a.archived ? 1 : -1;
  return a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
}

export async function loadTeamSettings(args: Args, action: ActionOf<"team">, options: { orOrganization?: ActionOf<"organization"> } = {}) {
  const access = await loadOrganizationAccess(args);
  const teams = await listTeams(access.db, access.organization.id);
  const { actor, standing } = access;
  const allowed = teams.filter((team) => can(actor, action, { kind: "team", standing, team })).sort(byName);
  const orgWide = options.orOrganization ? can(actor, options.orOrganization, { kind: "organization", standing }) : false;
  if (allowed.length === 0 && !orgWide) throw data(API_MESSAGES.permissionDenied, { status: 403 });
  const base = `/app/organizations/${encodeURIComponent(access.organization.slug)}/settings/`;
  const labels = teamSettingsLinks(actor, standing, teams);
  // Whoever may create teams sees Teams even before the organization has one.
  if (!labels.includes("Teams") && can(actor, "organization.teams", { kind: "organization", standing })) labels.unshift("Teams");
  const links = labels.map((label) => ({ label, href: base + (TEAM_SETTINGS_PATHS[label] ?? "teams") }));
  return { access, teams, allowed, links } satisfies TeamSettings;
}
