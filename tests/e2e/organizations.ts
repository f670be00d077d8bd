/**
 * An organization world for the role × permission × route tables of issue 16: one organization
 * with an owner, one user per single organization permission, a team with an admin, a member and
 * a viewer, a second team nobody is in, a stranger who owns another organization, a staff member
 * with no part in it, and a team member without the developer flag. Every person is a real
 * account made through the sign-up form; the organization itself through /__dev/fixtures.
 *
 *   const world = await organizationWorld("acme");
 *   const as = await world.requestAs("perm:users");      // an APIRequestContext signed in as that person
 *   expect(world.allows("teamViewer", "team.link.create", "alpha")).toBe(false);
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import {
  can,
  ORGANIZATION_PERMISSIONS,
  type Action,
  type OrganizationPermission,
  type OrganizationStanding,
  type TeamRole,
} from "../../domain/permissions";
import { apiLogin, newUser, type TestUser } from "./accounts";
import { apiContext, BASE_URL, expect, SAME_ORIGIN } from "./fixtures";

export type Persona =
  "owner" | `perm:${OrganizationPermission}` | "teamAdmin" | "teamMember" | "teamViewer" | "stranger" | "staff" | "nonDeveloper";

export const PERMISSION_PERSONAS = ORGANIZATION_PERMISSIONS.map((p) => `perm:${p}` as const);
export const PERSONAS: Persona[] = [
  "owner",
  ...PERMISSION_PERSONAS,
  "teamAdmin",
  "teamMember",
  "teamViewer",
  "stranger",
  "staff",
  "nonDeveloper",
];

/** The team everyone with a team role is in, and the one nobody is in. */
export const TEAM = "alpha";
export const EMPTY_TEAM = "beta";

export interface OrganizationWorld {
  slug: string;
  name: string;
  organizationId: string;
  /** The stranger's own organization. */
  otherSlug: string;
  teams: Record<typeof TEAM | typeof EMPTY_TEAM, string>;
  /** The other organization's team slug (a team id of another organization). */
  otherTeam: string;
  users: Record<Persona, TestUser>;
  /** An API request context signed in as the persona (cookies kept); dispose with `world.dispose()`. */
  requestAs(persona: Persona): Promise<APIRequestContext>;
  /** What domain/permissions.ts answers for the persona (the expectation of a route guarded by `action`). */
  allows(persona: Persona, action: Action, team?: typeof TEAM | typeof EMPTY_TEAM): boolean;
  dispose(): Promise<void>;
}

/** Signs a user up through the form, without a browser. */
export async function registerByForm(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post(`${BASE_URL}/app/register`, {
    form: { name: user.name, email: user.email, password: user.password },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status(), `sign-up of ${user.email}`).toBe(302);
}

async function fixture(request: APIRequestContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await request.post(`${BASE_URL}/__dev/fixtures`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** POSTs /__dev/fixtures (local runs only) from a request context of its own; answers the fixture's data. */
export async function devFixture(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const context = await apiContext();
  try {
    return await fixture(context, body);
  } finally {
    await context.dispose();
  }
}

/** A new account signed up through the form, then given the developer flag. */
export async function newDeveloper(prefix: string): Promise<TestUser> {
  const user = newUser(prefix);
  const context = await apiContext();
  await registerByForm(context, user);
  await context.dispose();
  await devFixture({ action: "developer", email: user.email });
  return user;
}

/**
 * An API request context signed in as the user (cookies kept); the caller disposes of it. Such a
 * persona's session waits while the others' requests run, longer than the runtime keeps an idle
 * connection open, which is why apiContext gives each request a connection of its own.
 */
export async function signedIn(user: TestUser): Promise<APIRequestContext> {
  const context = await apiContext();
  await apiLogin(context, user);
  return context;
}

/**
 * A small organization for a team-area spec: an owner and the named people, every one a developer
 * signed up through the form (`<prefix>-<person>` in their address); the organization's roles,
 * each person's organization role (`users`), and its teams with their members by team role.
 * The slug is `<prefix>-<random>`, the name `<name> <slug>`.
 *
 *   const area = await teamArea({ prefix: "tp", name: "Pixels", people: ["admin"],
 *     roles: [{ name: "Member", permissions: [] }], users: { admin: "Member" },
 *     teams: [{ slug: "alpha", name: "Alpha", members: { admin: "admin" } }] });
 *   const as = await area.requestAs(area.users.admin); // disposed with area.dispose()
 */
export interface TeamAreaOptions<P extends string> {
  prefix: string;
  name: string;
  people: readonly P[];
  roles?: { name: string; permissions: OrganizationPermission[] }[];
  users?: Partial<Record<P, string>>;
  teams: { slug: string; name: string; members?: Partial<Record<P, TeamRole>> }[];
}

export interface TeamArea<P extends string> {
  slug: string;
  users: Record<"owner" | P, TestUser>;
  /** The teams' ids by slug. */
  teamIds: Record<string, string>;
  /** An API request context signed in as the user, disposed with `dispose()`. */
  requestAs(user: TestUser): Promise<APIRequestContext>;
  dispose(): Promise<void>;
}

export async function teamArea<P extends string>(options: TeamAreaOptions<P>): Promise<TeamArea<P>> {
  const names = ["owner", ...options.people] as ("owner" | P)[];
  const made = await Promise.all(names.map((person) => newDeveloper(`${options.prefix}-${person}`)));
  const users = Object.fromEntries(names.map((person, i) => [person, made[i]!])) as Record<"owner" | P, TestUser>;
  const slug = `${options.prefix}-${randomBytes(4).toString("hex")}`;
  const byPerson = <V>(roles: Partial<Record<P, V>>) =>
    (Object.entries(roles) as [P, V][]).map(([person, role]) => ({ email: users[person].email, role }));
  const data = await devFixture({
    action: "organization",
    email: users.owner.email,
    slug,
    name: `${options.name} ${slug}`,
    ...(options.roles ? { roles: options.roles } : {}),
    ...(options.users ? { users: byPerson(options.users) } : {}),
    teams: options.teams.map((team) => ({ slug: team.slug, name: team.name, members: byPerson(team.members ?? {}) })),
  });
  const contexts: APIRequestContext[] = [];
  return {
    slug,
    users,
    teamIds: data.teams as Record<string, string>,
    async requestAs(user) {
      const context = await signedIn(user);
      contexts.push(context);
      return context;
    },
    async dispose() {
      await Promise.all(contexts.map((c) => c.dispose()));
    },
  };
}

/** Builds the world; `prefix` keeps slugs apart between spec files and runs. */
export async function organizationWorld(prefix: string): Promise<OrganizationWorld> {
  const suffix = randomBytes(3).toString("hex");
  const slug = `${prefix}-${suffix}`;
  const otherSlug = `${prefix}-other-${suffix}`;
  const users = Object.fromEntries(PERSONAS.map((p) => [p, newUser(p.replace(":", "-"))])) as Record<Persona, TestUser>;
  const admin = await apiContext();
  for (const persona of PERSONAS) {
    const context = await apiContext();
    await registerByForm(context, users[persona]);
    await context.dispose();
    if (persona !== "nonDeveloper") await fixture(admin, { action: "developer", email: users[persona].email });
  }
  const roles = ORGANIZATION_PERMISSIONS.map((p) => ({ name: `Only ${p}`, permissions: [p] }));
  const made = await fixture(admin, {
    action: "organization",
    email: users.owner.email,
    slug,
    name: `Org ${slug}`,
    roles,
    users: ORGANIZATION_PERMISSIONS.map((p) => ({ email: users[`perm:${p}`].email, role: `Only ${p}` })),
    teams: [
      {
        slug: TEAM,
        name: "Alpha",
        members: [
          { email: users.teamAdmin.email, role: "admin" },
          { email: users.teamMember.email, role: "member" },
          { email: users.teamViewer.email, role: "viewer" },
          { email: users.nonDeveloper.email, role: "member" },
        ],
      },
      { slug: EMPTY_TEAM, name: "Beta", members: [] },
    ],
  });
  await fixture(admin, {
    action: "organization",
    email: users.stranger.email,
    slug: otherSlug,
    name: `Org ${otherSlug}`,
    teams: [{ slug: "gamma", name: "Gamma" }],
  });
  await admin.dispose();

  const organizationId = made.organizationId as string;
  const teamIds = made.teams as Record<string, string>;
  const standingOf = (persona: Persona): OrganizationStanding => {
    const organization = { id: organizationId, ownerUserId: persona === "owner" ? "owner" : "someone-else", archived: false };
    const permission = persona.startsWith("perm:") ? (persona.slice(5) as OrganizationPermission) : null;
    const teamRole: TeamRole | null =
      persona === "teamAdmin"
        ? "admin"
        : persona === "teamMember" || persona === "nonDeveloper"
          ? "member"
          : persona === "teamViewer"
            ? "viewer"
            : null;
    return {
      organization,
      permissions: permission ? [permission] : null,
      teams: teamRole ? [{ teamId: teamIds[TEAM]!, role: teamRole }] : [],
    };
  };
  const contexts: APIRequestContext[] = [];
  return {
    slug,
    name: `Org ${slug}`,
    organizationId,
    otherSlug,
    teams: { [TEAM]: TEAM, [EMPTY_TEAM]: EMPTY_TEAM },
    otherTeam: "gamma",
    users,
    async requestAs(persona) {
      const context = await apiContext();
      await apiLogin(context, users[persona]);
      contexts.push(context);
      return context;
    },
    allows(persona, action, team) {
      const actor = {
        userId: persona === "owner" ? "owner" : persona,
        isDeveloper: persona !== "nonDeveloper",
        subject: { plan: "free", userFeatures: [] },
      } as Parameters<typeof can>[0];
      const standing = standingOf(persona);
      const resource = team
        ? ({ kind: "team", standing, team: { id: teamIds[team]!, organizationId, archived: false } } as const)
        : ({ kind: "organization", standing } as const);
      return can(actor, action, resource);
    },
    async dispose() {
      await Promise.all(contexts.map((c) => c.dispose()));
    },
  };
}
