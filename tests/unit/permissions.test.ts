import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  ORGANIZATION_PERMISSIONS,
  RULES,
  VIEWER_ACCESS_ONLY,
  can,
  organizationDestination,
  organizationSettingsLinks,
  parsePermission,
  parsePermissionList,
  showsOrganizationSettings,
  showsTeamSettings,
  teamOption,
  teamSettingsLinks,
  visibleTeams,
  type Action,
  type Actor,
  type OrganizationPermission,
  type OrganizationStanding,
  type Resource,
  type TeamFacts,
  type TeamMembership,
} from "../../domain/permissions";
import type { PlanName } from "../../domain/plans";

const ORG = { id: "org-1", ownerUserId: "u-owner", archived: false };
const TEAM: TeamFacts = { id: "team-1", organizationId: ORG.id, archived: false };
const OTHER_TEAM: TeamFacts = { id: "team-2", organizationId: ORG.id, archived: false };

type Person = { actor: Actor; standing: OrganizationStanding };

function person(
  userId: string,
  permissions: readonly OrganizationPermission[] | null,
  teams: readonly TeamMembership[] = [],
  options: { isDeveloper?: boolean; plan?: PlanName; organization?: typeof ORG } = {},
): Person {
  return {
    actor: { userId, isDeveloper: options.isDeveloper ?? true, subject: { plan: options.plan ?? "pro" } },
    standing: { organization: options.organization ?? ORG, permissions, teams },
  };
}

/** Everyone the table is about: the owner, a user holding each single permission, team roles, outsiders. */
const PEOPLE: Record<string, Person> = {
  owner: person("u-owner", null),
  ...Object.fromEntries(ORGANIZATION_PERMISSIONS.map((p) => [`perm:${p}`, person(`u-${p}`, [p])])),
  emptyRole: person("u-empty", []),
  teamAdmin: person("u-ta", null, [{ teamId: TEAM.id, role: "admin" }]),
  teamMember: person("u-tm", null, [{ teamId: TEAM.id, role: "member" }]),
  teamViewer: person("u-tv", null, [{ teamId: TEAM.id, role: "viewer" }]),
  otherTeamAdmin: person("u-ota", null, [{ teamId: OTHER_TEAM.id, role: "admin" }]),
  otherTeamMember: person("u-otm", null, [{ teamId: OTHER_TEAM.id, role: "member" }]),
  // A user of another organization: in this organization they hold nothing.
  otherOrgUser: person("u-foreign", null),
  // Staff of the service (developer flag) hold no organization rights by that alone.
  staff: person("u-staff", null),
};

const PERMISSION_HOLDERS = ORGANIZATION_PERMISSIONS.map((p) => `perm:${p}`);
const ALL = Object.keys(PEOPLE);
const PARTICIPANTS = [
  "owner",
  ...PERMISSION_HOLDERS,
  "emptyRole",
  "teamAdmin",
  "teamMember",
  "teamViewer",
  "otherTeamAdmin",
  "otherTeamMember",
];

/** The expected table, written out from spec 01 §6 and spec 02 §5-6: action → who may. */
const EXPECTED: Record<Action, readonly string[]> = {
  "organizations.menu": ALL,
  "organization.create": ALL,
  "link.create": ALL,
  "organization.open": PARTICIPANTS,
  "organization.helpdesk": PARTICIPANTS,
  "organization.dashboard": ["owner", "perm:supervisor"],
  "organization.personal": ["owner", ...PERMISSION_HOLDERS, "emptyRole", "teamAdmin", "teamMember", "otherTeamAdmin", "otherTeamMember"],
  "organization.link.create": ["owner", "perm:supervisor", "teamAdmin", "teamMember", "otherTeamAdmin", "otherTeamMember"],
  "organization.onboarding": ["owner"],
  "organization.profile": ["owner", "perm:profile"],
  "organization.users": ["owner", "perm:users"],
  "organization.roles": ["owner", "perm:roles"],
  "organization.sso": ["owner", "perm:sso"],
  "organization.domains": ["owner", "perm:domains"],
  "organization.subscription": ["owner", "perm:subscriptions"],
  "organization.invite": ["owner", "perm:invitations"],
  "organization.audit": ["owner", "perm:audit"],
  "organization.teams": ["owner", "perm:teams"],
  "organization.archive": ["owner"],
  "organization.unarchive": ["owner"],
  "organization.delete": ["owner"],
  "team.open": ["owner", "teamAdmin", "teamMember", "teamViewer", "perm:supervisor", "perm:teams"],
  "team.link.create": ["owner", "teamAdmin", "teamMember", "perm:supervisor", "perm:teams"],
  "team.manage": ["owner", "teamAdmin", "perm:teams"],
  "team.members": ["owner", "teamAdmin", "perm:members"],
  "team.domains": ["owner", "teamAdmin", "perm:domains"],
  "team.api-tokens": ["owner", "teamAdmin", "perm:teams"],
  "team.invite": ["owner", "teamAdmin", "perm:invitations"],
  "team.subscription": ["owner", "perm:subscriptions"],
  "team.sso": ["owner", "perm:sso"],
  "team.pixels": ["owner", "teamAdmin", "perm:teams"],
};

function resourceFor(action: Action, standing: OrganizationStanding, team: TeamFacts = TEAM): Resource {
  const scope = RULES[action].scope;
  if (scope === "account") return { kind: "account" };
  if (scope === "organization") return { kind: "organization", standing };
  return { kind: "team", standing, team };
}

describe("the permission table (role × action)", () => {
  it("covers every action of the rules", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
  });

  const cases = ACTIONS.flatMap((action) => ALL.map((who) => ({ action, who, allowed: EXPECTED[action].includes(who) })));
  it.each(cases)("$who → $action: $allowed", ({ action, who, allowed }) => {
    const { actor, standing } = PEOPLE[who]!;
    expect(can(actor, action, resourceFor(action, standing))).toBe(allowed);
  });
});

describe("special rules", () => {
  it("lists the spec's permission names in its order", () => {
    expect(ORGANIZATION_PERMISSIONS).toEqual([
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
    ]);
  });

  it("owners hold every permission: every organization and team action is theirs", () => {
    const { actor, standing } = PEOPLE.owner!;
    for (const action of ACTIONS) expect(can(actor, action, resourceFor(action, standing))).toBe(true);
  });

  it("re-onboarding needs profile, domains, users, teams and members together", () => {
    const all5 = person("u-on", ["profile", "domains", "users", "teams", "members"]);
    const four = person("u-on4", ["profile", "domains", "users", "teams"]);
    const resource = (p: Person): Resource => ({ kind: "organization", standing: p.standing });
    expect(can(all5.actor, "organization.onboarding", resource(all5))).toBe(true);
    expect(can(four.actor, "organization.onboarding", resource(four))).toBe(false);
  });

  it("without the developer flag nobody opens an organization page or call, not even the owner", () => {
    const owner = person("u-owner", null, [], { isDeveloper: false });
    for (const action of ACTIONS.filter((a) => RULES[a].scope !== "account")) {
      expect(can(owner.actor, action, resourceFor(action, owner.standing))).toBe(false);
    }
    expect(can(owner.actor, "organizations.menu", { kind: "account" })).toBe(false);
    expect(can(owner.actor, "organization.create", { kind: "account" })).toBe(false);
  });

  it("creating outside organizations follows the analytics capability (mayCreateFromApp), developer or not", () => {
    expect(can(person("a", null, [], { plan: "free" }).actor, "link.create", { kind: "account" })).toBe(false);
    expect(can(person("b", null, [], { plan: "basic", isDeveloper: false }).actor, "link.create", { kind: "account" })).toBe(true);
  });

  it("an archived organization allows only the owner's restore and delete", () => {
    const archived = { ...ORG, archived: true };
    const owner = person("u-owner", null, [], { organization: archived });
    const admin = person("u-ta", ["supervisor", "teams"], [{ teamId: TEAM.id, role: "admin" }], { organization: archived });
    for (const action of ACTIONS.filter((a) => RULES[a].scope !== "account")) {
      expect(can(owner.actor, action, resourceFor(action, owner.standing))).toBe(
        action === "organization.unarchive" || action === "organization.delete",
      );
      expect(can(admin.actor, action, resourceFor(action, admin.standing))).toBe(false);
    }
  });

  it("an archived team takes no links, but its admin may still manage (unarchive) it", () => {
    const { actor, standing } = PEOPLE.teamAdmin!;
    const archivedTeam = { ...TEAM, archived: true };
    expect(can(actor, "team.link.create", { kind: "team", standing, team: archivedTeam })).toBe(false);
    expect(can(actor, "team.manage", { kind: "team", standing, team: archivedTeam })).toBe(true);
  });

  it("a team id of another organization is refused, even for this organization's owner", () => {
    const foreignTeam: TeamFacts = { id: TEAM.id, organizationId: "org-2", archived: false };
    for (const who of ["owner", "teamAdmin", "perm:supervisor"]) {
      const { actor, standing } = PEOPLE[who]!;
      expect(can(actor, "team.link.create", { kind: "team", standing, team: foreignTeam })).toBe(false);
      expect(can(actor, "team.open", { kind: "team", standing, team: foreignTeam })).toBe(false);
    }
  });

  it("an action asked of the wrong kind of resource is refused", () => {
    const { actor, standing } = PEOPLE.owner!;
    expect(can(actor, "team.link.create", { kind: "organization", standing })).toBe(false);
    expect(can(actor, "organization.dashboard", { kind: "team", standing, team: TEAM })).toBe(false);
    expect(can(actor, "organization.create", { kind: "organization", standing })).toBe(false);
  });

  it("a viewer's team is listed disabled with (Viewer Access Only); members, teams holders and outsiders differ", () => {
    const team = { ...TEAM, name: "Marketing" };
    const viewer = PEOPLE.teamViewer!;
    expect(teamOption(viewer.actor, viewer.standing, team)).toEqual({ label: `Marketing ${VIEWER_ACCESS_ONLY}`, disabled: true });
    expect(VIEWER_ACCESS_ONLY).toBe("(Viewer Access Only)");
    const member = PEOPLE.teamMember!;
    expect(teamOption(member.actor, member.standing, team)).toEqual({ label: "Marketing", disabled: false });
    const viewerWithTeams = person("u-tvt", ["teams"], [{ teamId: TEAM.id, role: "viewer" }]);
    expect(teamOption(viewerWithTeams.actor, viewerWithTeams.standing, team)).toEqual({ label: "Marketing", disabled: false });
    const outsider = PEOPLE.otherTeamMember!;
    expect(teamOption(outsider.actor, outsider.standing, team)).toBeNull();
  });

  it("settings links: owners see all, team admins all team links, others by permission", () => {
    const teams = [TEAM, OTHER_TEAM];
    const owner = PEOPLE.owner!;
    expect(organizationSettingsLinks(owner.actor, owner.standing)).toEqual([
      "Profile",
      "Users",
      "Role Management",
      "SSO",
      "Organization Domains",
    ]);
    expect(teamSettingsLinks(owner.actor, owner.standing, teams)).toEqual(["Teams", "Members", "Team Domains", "API Tokens"]);
    const admin = PEOPLE.teamAdmin!;
    expect(showsOrganizationSettings(admin.actor, admin.standing)).toBe(false);
    expect(teamSettingsLinks(admin.actor, admin.standing, teams)).toEqual(["Teams", "Members", "Team Domains", "API Tokens"]);
    const sso = PEOPLE["perm:sso"]!;
    expect(organizationSettingsLinks(sso.actor, sso.standing)).toEqual(["SSO"]);
    expect(showsTeamSettings(sso.actor, sso.standing, teams)).toBe(false);
    const members = PEOPLE["perm:members"]!;
    expect(teamSettingsLinks(members.actor, members.standing, teams)).toEqual(["Members"]);
    const viewer = PEOPLE.teamViewer!;
    expect(showsOrganizationSettings(viewer.actor, viewer.standing)).toBe(false);
    expect(showsTeamSettings(viewer.actor, viewer.standing, teams)).toBe(false);
  });

  it("the Organizations dropdown sends owners and supervisors to the dashboard, role holders to me, others to their first team", () => {
    const teams = [OTHER_TEAM, TEAM];
    const where = (who: string) => organizationDestination(PEOPLE[who]!.actor, PEOPLE[who]!.standing, teams);
    expect(where("owner")).toEqual({ route: "org.dashboard" });
    expect(where("perm:supervisor")).toEqual({ route: "org.dashboard" });
    expect(where("perm:audit")).toEqual({ route: "org.me" });
    expect(where("teamViewer")).toEqual({ route: "org.team", teamId: TEAM.id });
    // A team admin or member may open org.me (organization.personal) but, without a role, goes to their team (spec 02 §2).
    expect(where("teamAdmin")).toEqual({ route: "org.team", teamId: TEAM.id });
    expect(where("teamMember")).toEqual({ route: "org.team", teamId: TEAM.id });
    expect(where("otherTeamMember")).toEqual({ route: "org.team", teamId: OTHER_TEAM.id });
    expect(where("otherOrgUser")).toBeNull();
  });

  it("reads permission names: s_s_o is sso, unknown names and bad JSON give nothing", () => {
    expect(parsePermission("s_s_o")).toBe("sso");
    expect(parsePermission("sso")).toBe("sso");
    expect(parsePermission("admin")).toBeNull();
    expect(parsePermissionList('["audit","s_s_o","root","audit",3]')).toEqual(["sso", "audit"]);
    expect(parsePermissionList("not json")).toEqual([]);
    expect(parsePermissionList('{"teams":true}')).toEqual([]);
  });

  it("teams hide archived ones and sort by name, case-insensitively", () => {
    const teams = [
      { name: "beta", archived: false },
      { name: "Alpha", archived: false },
      { name: "archived", archived: true },
      { name: "Gamma", archived: false },
    ];
    expect(visibleTeams(teams).map((t) => t.name)).toEqual(["Alpha", "beta", "Gamma"]);
  });
});
