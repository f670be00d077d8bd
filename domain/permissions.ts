/**
 * Who may do what in organizations and teams (spec 01 §6, spec 02 §6), as data plus one
 * question, `can(actor, action, resource)`, that every loader, action, JSON call and API endpoint
 * asks on the server (docs/decisions/025). The facts it is given (the organization's owner, the
 * user's organization role, the user's team memberships) are loaded from D1 by the server, never
 * taken from what a client sends. Pure: no I/O, safe to import in the browser for display.
 */
import { mayCreateFromApp, type Subject } from "./entitlements";

/** The organization permission names of spec 01 §6, in the spec's order. */
export const ORGANIZATION_PERMISSIONS = [
  "teams",
  "subscriptions",
  "invitations",
  "members",
  "domains",
  "profile",
  "users",
  "roles",
  "supervisor",
  "sso",
  "audit",
] as const;
export type OrganizationPermission = (typeof ORGANIZATION_PERMISSIONS)[number];

/** What each permission means (spec 01 §6), for the role editor. */
export const PERMISSION_MEANINGS: Record<OrganizationPermission, string> = {
  teams: "manage teams",
  subscriptions: "view and switch subscriptions and overage limits",
  invitations: "send invitations",
  members: "manage members",
  domains: "view or select domains",
  profile: "update organization profile",
  users: "manage users",
  roles: "manage roles",
  supervisor: "supervise teams and create links",
  sso: "SSO settings",
  audit: "audit logs",
};

/**
 * A permission name as stored or received, normalised: "s_s_o" is another spelling of "sso"
 * (spec 01 §6). Unknown names give null, so a role can never hold a permission the table does
 * not know.
 */
export function parsePermission(name: string): OrganizationPermission | null {
  const normalised = name === "s_s_o" ? "sso" : name;
  return (ORGANIZATION_PERMISSIONS as readonly string[]).includes(normalised) ? (normalised as OrganizationPermission) : null;
}

/** Parses a role's stored permission list (JSON), dropping unknown names and duplicates. */
export function parsePermissionList(json: string): OrganizationPermission[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const parsed = raw.map((name) => (typeof name === "string" ? parsePermission(name) : null));
  return ORGANIZATION_PERMISSIONS.filter((permission) => parsed.includes(permission));
}

/** Team roles (spec 01 §3 Team membership.role). */
export const TEAM_ROLES = ["admin", "member", "viewer"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Appended to a team's name in the create forms' team selector when the user may not create there (spec 02 §5). */
export const VIEWER_ACCESS_ONLY = "(Viewer Access Only)";

/** The organization as the server loaded it. */
export type OrganizationFacts = {
  readonly id: string;
  readonly ownerUserId: string;
  readonly archived: boolean;
};

/** A team as the server loaded it. */
export type TeamFacts = {
  readonly id: string;
  readonly organizationId: string;
  readonly archived: boolean;
};

/** One of the user's team memberships in the organization. */
export type TeamMembership = { readonly teamId: string; readonly role: TeamRole };

/** Where one user stands in one organization: loaded from D1 on the server. */
export type OrganizationStanding = {
  readonly organization: OrganizationFacts;
  /** The permissions of the user's organization role; null when the user holds no organization role. */
  readonly permissions: readonly OrganizationPermission[] | null;
  /** The user's memberships in teams of this organization. */
  readonly teams: readonly TeamMembership[];
};

/** The signed-in user asking. */
export type Actor = {
  readonly userId: string;
  /** The developer flag (spec 01 §3 User isDeveloper): gates every organization page and call. */
  readonly isDeveloper: boolean;
  /** Plan and own flags: decide creation outside organizations. */
  readonly subject: Subject;
};

/** Where the action happens. */
export type Resource =
  | { readonly kind: "account" }
  | { readonly kind: "organization"; readonly standing: OrganizationStanding }
  | { readonly kind: "team"; readonly standing: OrganizationStanding; readonly team: TeamFacts };

/**
 * What grants an action besides ownership (owners hold every permission):
 * - an organization permission the user's role holds;
 * - "role": holding any organization role;
 * - "team:<role>": that role in the team the action is about;
 * - "anyTeam:<role>": that role in any team of the organization.
 */
export type Grant = OrganizationPermission | "role" | `team:${TeamRole}` | `anyTeam:${TeamRole}`;

type Rule = {
  readonly scope: "account" | "organization" | "team";
  /** Any one of these suffices; an empty list means the owner only. */
  readonly anyOf: readonly Grant[];
  /** Every one of these is needed (besides anyOf, when anyOf is not empty). */
  readonly allOf?: readonly OrganizationPermission[];
  /** Still allowed while the organization (organization rules) or the team (team rules) is archived. */
  readonly whenArchived?: boolean;
  readonly description: string;
};

const ANY_PARTICIPANT: readonly Grant[] = ["role", "anyTeam:admin", "anyTeam:member", "anyTeam:viewer"];

/**
 * The rules table. Organization and team actions all need the developer flag (spec 01 §2:
 * the organization pages require L and developer); owners pass every organization and team rule.
 */
export const RULES = {
  // Outside organizations
  "organizations.menu": { scope: "account", anyOf: [], description: "see the Organizations dropdown and Create Organization" },
  "organization.create": { scope: "account", anyOf: [], description: "create an organization (onboarding)" },
  "link.create": { scope: "account", anyOf: [], description: "create links from the app outside organizations" },

  // Organization scope
  "organization.open": {
    scope: "organization",
    anyOf: ANY_PARTICIPANT,
    description: "open the organization (Organizations dropdown entry)",
  },
  "organization.helpdesk": { scope: "organization", anyOf: ANY_PARTICIPANT, description: "{org}/helpdesk" },
  "organization.dashboard": {
    scope: "organization",
    anyOf: ["supervisor"],
    description: "{org}/dashboard: every link of the organization",
  },
  // Spec 01 §6: "The personal workspace is reachable by an owner, an organization user, or an admin
  // or member of any team": its page {org}/me, its links' analytics, and its data calls alike.
  "organization.personal": {
    scope: "organization",
    anyOf: ["role", "anyTeam:admin", "anyTeam:member"],
    description: "the personal workspace inside the organization: {org}/me, its analytics and its calls",
  },
  "organization.link.create": {
    scope: "organization",
    anyOf: ["supervisor", "anyTeam:admin", "anyTeam:member"],
    description: "create a personal link inside the organization",
  },
  "organization.onboarding": {
    scope: "organization",
    anyOf: ["role"],
    allOf: ["profile", "domains", "users", "teams", "members"],
    description: "re-onboarding",
  },
  "organization.profile": { scope: "organization", anyOf: ["profile"], description: "settings/profile" },
  "organization.users": { scope: "organization", anyOf: ["users"], description: "settings/profile/users" },
  "organization.roles": { scope: "organization", anyOf: ["roles"], description: "settings/profile/roles (Role Management)" },
  "organization.sso": { scope: "organization", anyOf: ["sso"], description: "settings/profile/sso" },
  "organization.domains": { scope: "organization", anyOf: ["domains"], description: "settings/profile/domains (Organization Domains)" },
  "organization.subscription": {
    scope: "organization",
    anyOf: ["subscriptions"],
    description: "settings/profile/subscription and payment",
  },
  "organization.invite": { scope: "organization", anyOf: ["invitations"], description: "invite to the organization" },
  "organization.audit": { scope: "organization", anyOf: ["audit"], description: "{org}/audit (Audit Trail)" },
  "organization.teams": { scope: "organization", anyOf: ["teams"], description: "create teams; settings/teams for every team" },
  "organization.archive": { scope: "organization", anyOf: [], description: "archive the organization" },
  "organization.delete": {
    scope: "organization",
    anyOf: [],
    whenArchived: true,
    description: "delete the organization (an archived one too)",
  },
  "organization.unarchive": {
    scope: "organization",
    anyOf: [],
    whenArchived: true,
    description: "the Restore Organization dialog and unarchiving",
  },

  // Team scope
  "team.open": {
    scope: "team",
    anyOf: ["team:admin", "team:member", "team:viewer", "supervisor", "teams"],
    description: "{org}/team/{team} and the team area",
  },
  "team.link.create": {
    scope: "team",
    anyOf: ["team:admin", "team:member", "supervisor", "teams"],
    description: "create links in the team",
  },
  "team.manage": { scope: "team", anyOf: ["team:admin", "teams"], whenArchived: true, description: "Teams: edit, archive, unarchive" },
  "team.members": { scope: "team", anyOf: ["team:admin", "members"], description: "Members" },
  "team.domains": { scope: "team", anyOf: ["team:admin", "domains"], description: "Team Domains" },
  "team.api-tokens": { scope: "team", anyOf: ["team:admin", "teams"], description: "API Tokens" },
  "team.invite": { scope: "team", anyOf: ["team:admin", "invitations"], description: "invite to the team" },
  // Team subscriptions (issue 17, docs/decisions/033): the organization permission only (spec 01
  // §6 "view and switch subscriptions"); team roles give none.
  "team.subscription": {
    scope: "team",
    anyOf: ["subscriptions"],
    description: "the team's subscription, payment method, invoices and usage pages and calls",
  },
  // The team area's SSO page (issue 17, docs/decisions/042): requiring the organization's single
  // sign-on for the team is an SSO setting (spec 01 §6 "sso: SSO settings"); team roles give none.
  "team.sso": { scope: "team", anyOf: ["sso"], description: "require the organization's single sign-on for the team" },
  // The team's Custom Pixel Scripts (issue 20, docs/decisions/047): every link of the team that
  // opts in fires them, so they are a team setting like its API tokens: the team's admins and the
  // "teams" permission change them; every member of the team sees them in the team area.
  "team.pixels": { scope: "team", anyOf: ["team:admin", "teams"], description: "the team's Custom Pixel Scripts: add and delete" },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof RULES;
export const ACTIONS = Object.keys(RULES) as Action[];

/** The actions of one scope. */
export type ActionOf<S extends Rule["scope"]> = { [A in Action]: (typeof RULES)[A]["scope"] extends S ? A : never }[Action];

/** Organization settings links (spec 01 §6), in order, with the action each needs. */
export const ORGANIZATION_SETTINGS_LINKS = [
  { label: "Profile", action: "organization.profile" },
  { label: "Users", action: "organization.users" },
  { label: "Role Management", action: "organization.roles" },
  { label: "SSO", action: "organization.sso" },
  { label: "Organization Domains", action: "organization.domains" },
] as const satisfies readonly { label: string; action: ActionOf<"organization"> }[];

/** Team settings links (spec 01 §6), in order, with the action each needs in a team. */
export const TEAM_SETTINGS_LINKS = [
  { label: "Teams", action: "team.manage" },
  { label: "Members", action: "team.members" },
  { label: "Team Domains", action: "team.domains" },
  { label: "API Tokens", action: "team.api-tokens" },
] as const satisfies readonly { label: string; action: ActionOf<"team"> }[];

/** Spec 01 §6: the owner is the user whose id is the organization's owner id. */
export function isOrganizationOwner(actor: Pick<Actor, "userId">, organization: OrganizationFacts): boolean {
  return actor.userId === organization.ownerUserId;
}

function holds(standing: OrganizationStanding, grant: Grant, teamId: string | null): boolean {
  if (grant === "role") return standing.permissions !== null;
  if (grant.startsWith("team:")) {
    const role = grant.slice("team:".length);
    return teamId !== null && standing.teams.some((m) => m.teamId === teamId && m.role === role);
  }
  if (grant.startsWith("anyTeam:")) {
    const role = grant.slice("anyTeam:".length);
    return standing.teams.some((m) => m.role === role);
  }
  return standing.permissions?.includes(grant as OrganizationPermission) ?? false;
}

/**
 * May this actor do this here? The one question for every organization, team and personal
 * workspace rule. A resource of the wrong scope for the action, a team of another organization,
 * or an archived organization or team (unless the rule says otherwise) answers false.
 */
export function can(actor: Actor, action: Action, resource: Resource): boolean {
  const rule: Rule = RULES[action];
  if (rule.scope !== resource.kind) return false;
  if (resource.kind === "account") {
    if (action === "link.create") return mayCreateFromApp(actor.subject);
    return actor.isDeveloper;
  }
  if (!actor.isDeveloper) return false;
  const { standing } = resource;
  const team = resource.kind === "team" ? resource.team : null;
  if (team && team.organizationId !== standing.organization.id) return false;
  // An archived organization refuses everything but its own restore; an archived team refuses
  // everything but managing (unarchiving) it.
  if (standing.organization.archived && !(rule.scope === "organization" && rule.whenArchived)) return false;
  if (team?.archived && !rule.whenArchived) return false;
  if (isOrganizationOwner(actor, standing.organization)) return true;
  const teamId = team?.id ?? null;
  if (!rule.anyOf.some((grant) => holds(standing, grant, teamId))) return false;
  return (rule.allOf ?? []).every((permission) => holds(standing, permission, teamId));
}

/** Organization Settings shows for owners, or users with at least one visible organization settings link. */
export function organizationSettingsLinks(actor: Actor, standing: OrganizationStanding): string[] {
  const resource: Resource = { kind: "organization", standing };
  return ORGANIZATION_SETTINGS_LINKS.filter((link) => can(actor, link.action, resource)).map((link) => link.label);
}

/**
 * The team settings links the user sees: owners and team admins see all (for an admin, in the
 * teams they administer), others by their role's permissions. `teams` are the organization's
 * teams as loaded by the server.
 */
export function teamSettingsLinks(actor: Actor, standing: OrganizationStanding, teams: readonly TeamFacts[]): string[] {
  return TEAM_SETTINGS_LINKS.filter((link) => teams.some((team) => can(actor, link.action, { kind: "team", standing, team }))).map(
    (link) => link.label,
  );
}

/** Spec 01 §6: Organization Settings shows for owners, or users with at least one visible link. */
export function showsOrganizationSettings(actor: Actor, standing: OrganizationStanding): boolean {
  return organizationSettingsLinks(actor, standing).length > 0;
}

/** Spec 01 §6: Team Settings shows for owners, admins in any team, or users with visible links. */
export function showsTeamSettings(actor: Actor, standing: OrganizationStanding, teams: readonly TeamFacts[]): boolean {
  return teamSettingsLinks(actor, standing, teams).length > 0;
}

/** Where the Organizations dropdown sends the user (spec 02 §2). */
export type OrganizationDestination =
  { readonly route: "org.dashboard" | "org.me" } | { readonly route: "org.team"; readonly teamId: string } | null;

/**
 * Owner or a role with supervisor: org.dashboard; a role: org.me; otherwise the first team
 * (`teams` in display order: archived ones hidden, sorted by name). Null: nowhere to go.
 * A team admin or member without a role may open org.me too (organization.personal), but is sent
 * to their team (spec 02 §2: "a member with a role goes to org.me").
 */
export function organizationDestination(
  actor: Actor,
  standing: OrganizationStanding,
  teams: readonly TeamFacts[],
): OrganizationDestination {
  const resource: Resource = { kind: "organization", standing };
  if (can(actor, "organization.dashboard", resource)) return { route: "org.dashboard" };
  if (standing.permissions !== null && can(actor, "organization.personal", resource)) return { route: "org.me" };
  const first = teams.find((team) => can(actor, "team.open", { kind: "team", standing, team }));
  return first ? { route: "org.team", teamId: first.id } : null;
}

/**
 * A team's entry in the create forms' team selector (spec 02 §5): disabled with the text
 * "(Viewer Access Only)" when the user may open the team but not create links in it; null when
 * the team is not the user's to list at all.
 */
export function teamOption(
  actor: Actor,
  standing: OrganizationStanding,
  team: TeamFacts & { readonly name: string },
): { readonly label: string; readonly disabled: boolean } | null {
  if (!can(actor, "team.open", { kind: "team", standing, team })) return null;
  const allowed = can(actor, "team.link.create", { kind: "team", standing, team });
  return allowed ? { label: team.name, disabled: false } : { label: `${team.name} ${VIEWER_ACCESS_ONLY}`, disabled: true };
}

/** Spec 01 §4: teams hide archived ones and sort by name, case-insensitively. */
export function visibleTeams<T extends { readonly name: string; readonly archived: boolean }>(teams: readonly T[]): T[] {
  return teams.filter((team) => !team.archived).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}
