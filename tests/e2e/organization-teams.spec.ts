/**
 * Teams (issue 16, docs/decisions/029): the organization's team settings (teams, members, team
 * domains), the team area with the team-switch check, /app/settings/teams with team mode and
 * switching, GET team/{id}/switch and the team fields of GET state.
 *
 * The role × permission × route table walks every page, form post and call of the area for every
 * persona of tests/e2e/organizations.ts; the expectation is what domain/permissions.ts answers
 * (`world.allows`), and a refused post changes nothing.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { logIn, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";
import { E2E_SHORT_DOMAINS } from "./short-domains";
import {
  devFixture,
  EMPTY_TEAM,
  newDeveloper,
  organizationWorld,
  PERSONAS,
  signedIn,
  TEAM,
  type OrganizationWorld,
  type Persona,
} from "./organizations";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };
const SWITCH_MESSAGES = { required: "Team required.", unknown: "Unknown team.", error: "Switching error." } as const;

/**
 * The team area's children (spec 01 §2 Team area), each L, T and TM. Its billing pages
 * (subscription, payment-method, invoices) answer the owner and the "subscriptions" permission,
 * members or not (docs/decisions/033): their persona table is in organization-billing.spec.ts.
 */
const AREA_CHILDREN = ["", "profile", "membership", "sso", "usage", "pixel-scripts"];
const ALPHA_MEMBERS: Persona[] = ["teamAdmin", "teamMember", "teamViewer"];

type State = {
  data: {
    user: {
      id: string;
      teams: { id: string; slug: string; name: string; organization: string; membership: { role: string } }[];
      current_team_id: string | null;
      team_mode: boolean;
      organizations: { slug: string; name: string; status: { archived: boolean }; owner: boolean }[];
    } | null;
    app: { teamsAllowed: boolean };
  };
};

async function stateOf(as: APIRequestContext): Promise<State["data"]> {
  const response = await as.get("/app/api/state");
  expect(response.status()).toBe(200);
  return ((await response.json()) as State).data;
}

/** What a page (or a form post) of the organization's team settings answers the persona. */
function settingsStatus(persona: Persona, allowed: boolean, success = 200): number {
  if (persona === "nonDeveloper") return 302; // guard D: the homepage
  if (persona === "stranger" || persona === "staff") return 404; // no part in the organization
  return allowed ? success : 403;
}

function location(response: { headers(): Record<string, string> }): string {
  return new URL(response.headers().location ?? "", BASE_URL).pathname + new URL(response.headers().location ?? "", BASE_URL).search;
}

let world: OrganizationWorld;
/** One signed-in request context per persona for the whole file (sign-ins are throttled). */
const sessions = new Map<Persona, Promise<APIRequestContext>>();
function session(persona: Persona): Promise<APIRequestContext> {
  let context = sessions.get(persona);
  if (!context) {
    context = world.requestAs(persona);
    sessions.set(persona, context);
  }
  return context;
}
let settings: string;
let area: (team: string, child?: string) => string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await organizationWorld("teams");
  settings = `/app/organizations/${world.slug}/settings/teams`;
  area = (team, child = "") => `/app/organization/${world.slug}/team/${team}${child ? `/${child}` : ""}`;
});
test.afterAll(async () => {
  await world.dispose();
});

/** The organization as its owner sees it through GET organization/{o}: its active teams by slug. */
async function ownerView(): Promise<Map<string, string>> {
  const as = await session("owner");
  const response = await as.get(`/app/api/organization/${world.slug}`);
  const body = (await response.json()) as { data: { teams: { slug: string; name: string }[] } };
  return new Map(body.data.teams.map((t) => [t.slug, t.name]));
}

async function membersOf(team: string): Promise<string> {
  const as = await session("owner");
  return (await as.get(`${settings}/members?team=${team}`)).text();
}

test.describe("role × permission × route", () => {
  test.describe.configure({ timeout: 240_000 });

  test("team settings pages: Teams, Members, Team Domains; another organization's team is 404", async () => {
    for (const persona of PERSONAS) {
      const as = await session(persona);
      const any = (action: Parameters<OrganizationWorld["allows"]>[1]) =>
        world.allows(persona, action, TEAM) || world.allows(persona, action, EMPTY_TEAM);
      const pages = [
        { path: settings, allowed: any("team.manage") || world.allows(persona, "organization.teams") },
        { path: `${settings}/members`, allowed: any("team.members") },
        { path: `${settings}/domains`, allowed: any("team.domains") },
      ];
      for (const page of pages) {
        const response = await as.get(page.path, { maxRedirects: 0 });
        expect(response.status(), `${persona} GET ${page.path}`).toBe(settingsStatus(persona, page.allowed));
        if (persona === "nonDeveloper") expect(location(response)).toBe("/");
      }
      for (const sub of ["members", "domains"] as const) {
        const action = sub === "members" ? "team.members" : "team.domains";
        for (const team of [TEAM, EMPTY_TEAM] as const) {
          const response = await as.get(`${settings}/${sub}?team=${team}`, { maxRedirects: 0 });
          // A team of the organization the persona may not do this in is 403, unless they may do it in none (403 too).
          expect(response.status(), `${persona} GET ${sub}?team=${team}`).toBe(
            settingsStatus(persona, world.allows(persona, action, team)),
          );
        }
        if (any(action)) {
          const foreign = await as.get(`${settings}/${sub}?team=${world.otherTeam}`, { maxRedirects: 0 });
          expect(foreign.status(), `${persona} ${sub} of another organization's team`).toBe(404);
        }
      }
      // The sidebar shows the team settings links the persona may see.
      if (pages[0]!.allowed) {
        const html = await (await as.get(settings)).text();
        expect(html.includes(">Members</a>"), `${persona} Members link`).toBe(any("team.members"));
        expect(html.includes(">Team Domains</a>"), `${persona} Team Domains link`).toBe(any("team.domains"));
      }
    }
  });

  test("POST create a team (organization.teams): a refused post writes nothing", async () => {
    for (const [index, persona] of PERSONAS.entries()) {
      const as = await session(persona);
      const slug = `made-${index}`;
      const allowed = world.allows(persona, "organization.teams");
      const response = await as.post(settings, {
        form: { intent: "create", name: `Made ${index}`, slug },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(response.status(), `${persona} create`).toBe(settingsStatus(persona, allowed, 302));
      expect((await ownerView()).has(slug), `${persona}: team ${slug} exists`).toBe(allowed);
    }
  });

  test("POST rename, archive and unarchive (team.manage); another organization's team is 404", async () => {
    for (const [index, persona] of PERSONAS.entries()) {
      const as = await session(persona);
      const before = (await ownerView()).get(TEAM)!;
      const allowed = world.allows(persona, "team.manage", TEAM);
      const name = `Alpha ${index}`;
      const rename = await as.post(settings, { form: { intent: "rename", team: TEAM, name }, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(rename.status(), `${persona} rename`).toBe(settingsStatus(persona, allowed, 302));
      expect((await ownerView()).get(TEAM), `${persona} rename`).toBe(allowed ? name : before);

      const archiveAllowed = world.allows(persona, "team.manage", EMPTY_TEAM);
      const archive = await as.post(settings, { form: { intent: "archive", team: EMPTY_TEAM }, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(archive.status(), `${persona} archive`).toBe(settingsStatus(persona, archiveAllowed, 302));
      expect((await ownerView()).has(EMPTY_TEAM), `${persona} archive`).toBe(!archiveAllowed);
      if (archiveAllowed) {
        const restore = await as.post(settings, { form: { intent: "unarchive", team: EMPTY_TEAM }, headers: SAME_ORIGIN, maxRedirects: 0 });
        expect(restore.status(), `${persona} unarchive`).toBe(302);
        expect((await ownerView()).has(EMPTY_TEAM)).toBe(true);
      }
    }
    const owner = await session("owner");
    for (const intent of ["rename", "archive", "unarchive"]) {
      const foreign = await owner.post(settings, {
        form: { intent, team: world.otherTeam, name: "Taken over" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(foreign.status(), `${intent} of another organization's team`).toBe(404);
    }
  });

  test("POST add, change role, remove members (team.members); another organization's team is 404", async () => {
    const owner = await session("owner");
    const target = world.users["perm:audit"];
    const targetId = (await stateOf(await session("perm:audit"))).user!.id;
    const post = (as: APIRequestContext, form: Record<string, string>) =>
      as.post(`${settings}/members`, { form: { team: TEAM, user: targetId, ...form }, headers: SAME_ORIGIN, maxRedirects: 0 });
    const row = async () => {
      const html = await membersOf(TEAM);
      const at = html.indexOf(`data-member="${target.email.toLowerCase()}"`);
      if (at < 0) return null;
      return /<option value="(admin|member|viewer)" selected="">/.exec(html.slice(at))?.[1] ?? "?";
    };

    for (const persona of PERSONAS) {
      if (persona === "perm:audit") continue;
      const as = await session(persona);
      const allowed = world.allows(persona, "team.members", TEAM);
      const add = await post(as, { intent: "add", role: "viewer" });
      expect(add.status(), `${persona} add`).toBe(settingsStatus(persona, allowed, 302));
      expect(await row(), `${persona} add`).toBe(allowed ? "viewer" : null);
      if (!allowed) expect((await post(owner, { intent: "add", role: "viewer" })).status()).toBe(302);

      const role = await post(as, { intent: "role", role: "member" });
      expect(role.status(), `${persona} role`).toBe(settingsStatus(persona, allowed, 302));
      expect(await row(), `${persona} role`).toBe(allowed ? "member" : "viewer");

      const remove = await post(as, { intent: "remove" });
      expect(remove.status(), `${persona} remove`).toBe(settingsStatus(persona, allowed, 302));
      expect(await row(), `${persona} remove`).toBe(allowed ? null : "viewer");
      if (!allowed) expect((await post(owner, { intent: "remove" })).status()).toBe(302);
    }
    const foreign = await owner.post(`${settings}/members`, {
      form: { intent: "add", team: world.otherTeam, user: targetId, role: "admin" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(404);
  });

  test("POST the team's pixel scripts (team.pixels, and a member of the team): every other persona is refused, nothing written", async () => {
    const page = area(TEAM, "pixel-scripts");
    for (const [index, persona] of PERSONAS.entries()) {
      const as = await session(persona);
      const pixelId = String(1_000_000 + index);
      const response = await as.post(page, {
        form: { intent: "add", kind: "linkedin", pixelId, name: persona },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      const where = `${persona} POST pixel-scripts`;
      const allowed = world.allows(persona, "team.pixels", TEAM);
      if (persona === "nonDeveloper") {
        expect(response.status(), where).toBe(302);
        expect(location(response), where).toBe("/");
      } else if (!allowed) expect(response.status(), where).toBe(settingsStatus(persona, false));
      else {
        // Allowed by the rule; the team area is its members' (TM): the owner and "teams" are not in alpha.
        expect(response.status(), where).toBe(302);
        expect(location(response), where).toBe(
          ALPHA_MEMBERS.includes(persona) ? `${page}?done=added` : "/app/settings/teams?error=unknown-team",
        );
      }
    }
    // Only the team admin's pixel was added; every member of the team sees it, only the admin the form.
    const admin = await (await (await session("teamAdmin")).get(page)).text();
    const added = PERSONAS.map((persona, index) => ({ persona, found: admin.includes(String(1_000_000 + index)) }));
    expect(added.filter((a) => a.found).map((a) => a.persona)).toEqual(["teamAdmin"]);
    expect(admin).toContain("Add pixel");
    const viewer = await (await (await session("teamViewer")).get(page)).text();
    expect(viewer).toContain(String(1_000_000 + PERSONAS.indexOf("teamAdmin")));
    expect(viewer).not.toContain("Add pixel");
  });

  test("the team area, GET switch, /app/settings/teams and GET state", async () => {
    for (const persona of PERSONAS) {
      const as = await session(persona);
      const member = ALPHA_MEMBERS.includes(persona);
      for (const child of AREA_CHILDREN) {
        const response = await as.get(area(TEAM, child), { maxRedirects: 0 });
        const where = `${persona} ${child || "(index)"}`;
        if (member) {
          if (child === "") {
            expect(response.status(), where).toBe(302);
            expect(location(response), where).toBe(area(TEAM, "profile"));
          } else expect(response.status(), where).toBe(200);
        } else {
          expect(response.status(), where).toBe(302);
          expect(location(response), where).toBe(persona === "nonDeveloper" ? "/" : "/app/settings/teams?error=unknown-team");
        }
      }
      // Another organization's team, and a team of this organization the persona is not in.
      for (const path of [`/app/organization/${world.otherSlug}/team/${world.otherTeam}/profile`, area(EMPTY_TEAM, "profile")]) {
        const response = await as.get(path, { maxRedirects: 0 });
        expect(location(response), `${persona} ${path}`).toBe(persona === "nonDeveloper" ? "/" : "/app/settings/teams?error=unknown-team");
      }

      const mine = await as.get("/app/settings/teams", { maxRedirects: 0 });
      expect(mine.status(), `${persona} settings/teams`).toBe(persona === "nonDeveloper" ? 302 : 200);

      const state = await stateOf(as);
      expect(state.app.teamsAllowed, persona).toBe(persona !== "nonDeveloper");
      const alpha = state.user!.teams.find((t) => t.organization === world.slug && t.slug === TEAM);
      expect(Boolean(alpha), `${persona} state teams`).toBe(member);
      const organization = state.user!.organizations.find((o) => o.slug === world.slug);
      expect(Boolean(organization), `${persona} state organizations`).toBe(
        persona !== "stranger" && persona !== "staff" && persona !== "nonDeveloper",
      );
      if (organization) expect(organization.owner, persona).toBe(persona === "owner");

      // GET switch to alpha: only its members (and only with the ajax marker).
      const alphaId = alpha?.id ?? (await stateOf(await session("teamAdmin"))).user!.teams.find((t) => t.slug === TEAM)!.id;
      expect((await as.get(`/app/api/team/${alphaId}/switch`)).status(), `${persona} switch without the ajax marker`).toBe(405);
      const switched = await as.get(`/app/api/team/${alphaId}/switch`, { headers: AJAX });
      expect(switched.status(), `${persona} switch`).toBe(persona === "nonDeveloper" ? 403 : member ? 200 : 404);
      if (!member && persona !== "nonDeveloper")
        expect(((await switched.json()) as { message: string }).message).toBe(SWITCH_MESSAGES.unknown);
      expect((await stateOf(as)).user!.current_team_id, persona).toBe(member ? alphaId : null);
    }
  });

  test("the team area's tabs lead only to pages that open for the member (no link to a 'Permission denied.' page)", async () => {
    for (const persona of ALPHA_MEMBERS) {
      const as = await session(persona);
      const html = await (await as.get(area(TEAM, "profile"))).text();
      const nav = /<nav aria-label="Team"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
      const tabs = [...nav.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!, label: m[2]! }));
      const labels = tabs.map((tab) => tab.label);
      expect(labels, persona).toEqual(expect.arrayContaining(["Profile", "Membership", "SSO", "Usage"]));
      expect(labels.includes("API Tokens"), `${persona} API Tokens tab`).toBe(world.allows(persona, "team.api-tokens", TEAM));
      for (const label of ["Subscription", "Payment Method", "Invoices"]) {
        expect(labels.includes(label), `${persona} ${label} tab`).toBe(world.allows(persona, "team.subscription", TEAM));
      }
      for (const tab of tabs) {
        const response = await as.get(tab.href, { maxRedirects: 0 });
        expect(response.status(), `${persona} ${tab.label} ${tab.href}`).toBe(200);
      }
    }
  });

  test("GET organization/{o}/team/{t} (team.open) and .../members (team.members): spec 01 §7; another organization's team is 404", async () => {
    const api = (team: string, child = "") => `/app/api/organization/${world.slug}/team/${team}${child}`;
    // A JSON call: 401 signed out, 403 without the developer flag, 404 for strangers, then the rule.
    const jsonStatus = (persona: Persona, allowed: boolean) =>
      persona === "nonDeveloper" ? 403 : persona === "stranger" || persona === "staff" ? 404 : allowed ? 200 : 403;
    for (const persona of PERSONAS) {
      const as = await session(persona);
      for (const team of [TEAM, EMPTY_TEAM] as const) {
        const one = await as.get(api(team), { headers: AJAX });
        expect(one.status(), `${persona} GET team ${team}`).toBe(jsonStatus(persona, world.allows(persona, "team.open", team)));
        if (one.status() === 200) {
          const body = (await one.json()) as {
            data: {
              slug: string;
              membership: { role: string | null };
              status: { archived: boolean };
              permissions: Record<string, boolean>;
            };
          };
          expect(body.data.slug).toBe(team);
          expect(body.data.status.archived).toBe(false);
          expect(body.data.permissions["team.members"], `${persona} permissions map`).toBe(world.allows(persona, "team.members", team));
          const role = persona === "teamAdmin" ? "admin" : persona === "teamMember" ? "member" : persona === "teamViewer" ? "viewer" : null;
          expect(body.data.membership.role, persona).toBe(team === TEAM ? role : null);
        }
        const members = await as.get(api(team, "/members"), { headers: AJAX });
        expect(members.status(), `${persona} GET members of ${team}`).toBe(
          jsonStatus(persona, world.allows(persona, "team.members", team)),
        );
        if (members.status() === 200 && team === TEAM) {
          const body = (await members.json()) as { data: { email: string; role: string }[] };
          const viewer = body.data.find((m) => m.email === world.users.teamViewer.email.toLowerCase());
          expect(viewer?.role, `${persona} sees the viewer`).toBe("viewer");
        }
      }
      if (persona === "stranger") {
        // The stranger's own organization does not open another organization's team, nor theirs through ours.
        expect((await as.get(api(world.otherTeam), { headers: AJAX })).status()).toBe(404);
        expect((await as.get(api(world.otherTeam, "/members"), { headers: AJAX })).status()).toBe(404);
      }
    }
    const owner = await session("owner");
    expect((await owner.get(api(world.otherTeam), { headers: AJAX })).status(), "another organization's team").toBe(404);
    expect((await owner.get(api(world.otherTeam, "/members"), { headers: AJAX })).status()).toBe(404);
  });
});

test.describe("switching and team mode", () => {
  let user: TestUser;
  let ids: Record<string, string>;
  let orgSlug: string;
  let orgName: string;

  test.beforeAll(async () => {
    user = await newDeveloper("switcher");
    const owner = await newDeveloper("switch-owner");
    const suffix = randomBytes(3).toString("hex");
    orgSlug = `switch-${suffix}`;
    orgName = `Switch ${suffix}`;
    const made = await devFixture({
      action: "organization",
      email: owner.email,
      slug: orgSlug,
      name: orgName,
      teams: [
        { slug: "zeta", name: "zeta", members: [{ email: user.email, role: "member" }] },
        { slug: "alpha", name: "Alpha", members: [{ email: user.email, role: "admin" }] },
        { slug: "beta", name: "beta Team", members: [{ email: user.email, role: "viewer" }] },
        { slug: "old", name: "Old", archived: true, members: [{ email: user.email, role: "member" }] },
        { slug: "sso", name: "Single", options: { require_sso: true }, members: [{ email: user.email, role: "member" }] },
      ],
    });
    ids = made.teams as Record<string, string>;
  });

  test("GET state lists the user's teams sorted by name, archived hidden, and GET switch stores the current team", async () => {
    const as = await signedIn(user);
    let state = await stateOf(as);
    expect(state.app.teamsAllowed).toBe(true);
    expect(state.user!.teams.map((t) => t.name)).toEqual(["Alpha", "beta Team", "Single", "zeta"]);
    expect(state.user!.teams.find((t) => t.slug === "beta")).toEqual({
      id: ids.beta,
      slug: "beta",
      name: "beta Team",
      organization: orgSlug,
      membership: { role: "viewer" },
    });
    expect(state.user!.organizations).toEqual([{ slug: orgSlug, name: orgName, status: { archived: false }, owner: false }]);
    expect(state.user!.current_team_id).toBeNull();
    expect(state.user!.team_mode).toBe(false);

    const ok = await as.get(`/app/api/team/${ids.zeta}/switch`, { headers: AJAX });
    expect(ok.status()).toBe(200);
    expect(((await ok.json()) as { data: { current_team_id: string } }).data.current_team_id).toBe(ids.zeta);
    state = await stateOf(as);
    expect(state.user!.current_team_id).toBe(ids.zeta);
    expect(state.user!.team_mode).toBe(true);

    const archived = await as.get(`/app/api/team/${ids.old}/switch`, { headers: AJAX });
    expect(archived.status()).toBe(409);
    expect(await archived.json()).toEqual({ message: SWITCH_MESSAGES.error });
    const sso = await as.get(`/app/api/team/${ids.sso}/switch`, { headers: AJAX });
    expect(sso.status()).toBe(424);
    expect(((await sso.json()) as { login_url: string }).login_url).toBe(`/app/organization/${orgSlug}/team/sso/login`);
    const unknown = await as.get(`/app/api/team/${crypto.randomUUID()}/switch`, { headers: AJAX });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: SWITCH_MESSAGES.unknown });
    expect((await stateOf(as)).user!.current_team_id, "a refused switch changes nothing").toBe(ids.zeta);

    const none = await as.get("/app/api/team/none/switch", { headers: AJAX });
    expect(none.status()).toBe(200);
    state = await stateOf(as);
    expect(state.user!.current_team_id).toBeNull();
    expect(state.user!.team_mode).toBe(false);
    await as.dispose();
  });

  test("the team-switch check's messages are shown on /app/settings/teams", async ({ page }) => {
    await logIn(page, user);
    await page.goto(`/app/organization/${orgSlug}/team`);
    await expect(page).toHaveURL(/\/app\/settings\/teams\?error=team-required$/);
    await expect(page.getByRole("alert")).toHaveText(SWITCH_MESSAGES.required);
    await page.goto(`/app/organization/${orgSlug}/team/nope/profile`);
    await expect(page.getByRole("alert")).toHaveText(SWITCH_MESSAGES.unknown);
    await page.goto(`/app/organization/${world.slug}/team/${TEAM}/profile`);
    await expect(page.getByRole("alert")).toHaveText(SWITCH_MESSAGES.unknown);
    await page.goto(`/app/organization/${orgSlug}/team/old/usage`);
    await expect(page.getByRole("alert")).toHaveText(SWITCH_MESSAGES.error);
    // A team that signs in with single sign-on: its login page (the 424 rule).
    await page.goto(`/app/organization/${orgSlug}/team/sso/profile`);
    await expect(page).toHaveURL(new RegExp(`/app/organization/${orgSlug}/team/sso/login$`));
    await expect(page.getByRole("heading", { name: "Sign in to the team" })).toBeVisible();
  });

  test("switching asks first, opens the team, and switching to the account turns team mode off", async ({ page }) => {
    await logIn(page, user);
    await page.goto("/app/settings/teams");
    await expect(page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Teams" })).toBeVisible();
    const rows = page.locator("#my-teams li");
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText("Alpha");
    await page.locator('li[data-team="zeta"]').getByRole("link", { name: "Switch" }).click();
    await expect(page.getByRole("alertdialog")).toHaveText(/You are going to switch to team "zeta"/);
    await page.getByRole("alertdialog").getByRole("button", { name: "Switch" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/organization/${orgSlug}/team/zeta/profile$`));
    await expect(page.locator('[data-field="role"]')).toHaveText("Member");

    await page.goto("/app/settings/teams");
    await expect(page.locator('[data-team-mode="on"]')).toContainText("zeta");
    // The page's script writes the preference after hydration: wait for it rather than read once.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("snip.team_mode"))).toBe("1");
    await page.getByRole("link", { name: "Switch to your account" }).click();
    await expect(page.getByRole("alertdialog")).toHaveText(/You are going to switch to your account/);
    await page.getByRole("alertdialog").getByRole("button", { name: "Switch" }).click();
    await expect(page.getByRole("status")).toHaveText("You are now working in your account.");
    await expect(page.locator('[data-team-mode="off"]')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("snip.team_mode"))).toBe("0");
  });

  test("leaving a team from its membership page", async ({ page }) => {
    const leaver = await newDeveloper("leaver");
    await devFixture({
      action: "organization",
      email: (await newDeveloper("leave-owner")).email,
      slug: `leave-${randomBytes(3).toString("hex")}`,
      name: "Leave Org",
      teams: [{ slug: "crew", name: "Crew", members: [{ email: leaver.email, role: "admin" }] }],
    });
    await logIn(page, leaver);
    await page.goto("/app/settings/teams");
    await page.getByRole("link", { name: "Open" }).click();
    await page.getByRole("link", { name: "Membership" }).click();
    await expect(page.locator('[data-field="role"]')).toHaveText("Admin");
    await page.getByRole("button", { name: "Leave Team" }).click();
    await expect(page).toHaveURL(/\/app\/settings\/teams\?notice=left$/);
    await expect(page.getByRole("status")).toHaveText("You have left the team.");
    await expect(page.locator("#my-teams")).toContainText("You are not in any team yet.");
  });
});

test.describe("team settings forms", () => {
  async function ownerPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await logIn(page, world.users.owner);
    return page;
  }

  test("a duplicate team slug is a clear message next to the field, and nothing is written", async ({ browser }) => {
    const page = await ownerPage(browser, true);
    await page.goto(settings);
    await page.getByLabel("Name", { exact: true }).fill("Sales");
    await page.getByLabel("Slug").fill("Sales");
    await page.getByLabel("Slug").press("Enter");
    await expect(page.getByRole("status")).toHaveText("The team has been created.");
    await expect(page.locator('li[data-team="sales"]')).toHaveCount(1);

    await page.getByLabel("Name", { exact: true }).fill("Sales again");
    await page.getByLabel("Slug").fill("sales");
    await page.getByRole("button", { name: "Create Team" }).click();
    await expect(page.locator("#create-slug-error")).toHaveText("The slug has already been taken.");
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('li[data-team="sales"]')).toHaveCount(1);
    expect([...(await ownerView()).values()].filter((name) => name.startsWith("Sales"))).toEqual(["Sales"]);

    await page.getByLabel("Slug").fill("Bad slug!");
    await page.getByRole("button", { name: "Create Team" }).click();
    await expect(page.locator("#create-slug-error")).toContainText("lowercase letters, numbers and hyphens");
    await page.context().close();
  });

  test("without JavaScript: create, rename, add a member, archive, and switch", async ({ browser }) => {
    const page = await ownerPage(browser, false);
    await page.goto(settings);
    await page.getByLabel("Name", { exact: true }).fill("Plain");
    await page.getByLabel("Slug").fill("plain");
    await page.getByRole("button", { name: "Create Team" }).click();
    await expect(page.getByRole("status")).toHaveText("The team has been created.");
    const row = page.locator('li[data-team="plain"]');
    await row.getByLabel("Name of plain").fill("Plain Team");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("The team has been saved.");
    expect((await ownerView()).get("plain")).toBe("Plain Team");

    await page.goto(`${settings}/members?team=plain`);
    // The creator is the team's first admin.
    await expect(page.locator(`li[data-member="${world.users.owner.email.toLowerCase()}"]`)).toContainText("You");
    // Bad input: no user chosen is a message next to the field, nothing added.
    await page.getByRole("button", { name: "Add Member" }).click();
    await expect(page.locator("#add-user-error")).toHaveText("Choose a user of the organization.");
    await expect(page.locator("#members li")).toHaveCount(1);
    const viewerEmail = world.users.teamViewer.email.toLowerCase();
    await page.getByLabel("User").selectOption({ label: `${world.users.teamViewer.name} (${viewerEmail})` });
    await page.getByLabel("Role", { exact: true }).selectOption("member");
    await page.getByRole("button", { name: "Add Member" }).click();
    await expect(page.getByRole("status")).toHaveText("The member has been added.");
    await expect(page.locator(`li[data-member="${viewerEmail}"]`)).toBeVisible();
    await expect(page.locator("[data-invite-link]")).toHaveAttribute(
      "href",
      `/app/organizations/${world.slug}/settings/teams/members/invite?team=plain`,
    );

    await page.goto("/app/settings/teams");
    await page.locator('li[data-team="plain"]').getByRole("link", { name: "Switch" }).click();
    await expect(page.getByRole("alertdialog")).toHaveText(/You are going to switch to team "Plain Team"/);
    await page.getByRole("alertdialog").getByRole("button", { name: "Switch" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/organization/${world.slug}/team/plain/profile$`));
    await expect(page.locator('[data-field="slug"]')).toHaveText("plain");

    await page.goto(settings);
    await page.locator('li[data-team="plain"]').getByRole("button", { name: "Archive" }).click();
    await expect(page.getByRole("status")).toHaveText("The team has been archived.");
    await expect(page.locator('li[data-team="plain"]')).toContainText("Archived");
    // Working in an archived team is over: the check answers 'Switching error.'.
    await page.goto(area("plain", "profile"));
    await expect(page.getByRole("alert")).toHaveText(SWITCH_MESSAGES.error);
    await page.context().close();
  });

  test("team domains list the short domains the team can use, and the organization's domains (none yet)", async () => {
    const as = await session("owner");
    const html = await (await as.get(`${settings}/domains?team=${TEAM}`)).text();
    for (const domain of E2E_SHORT_DOMAINS) expect(html.includes(`>${domain.domain}<`), domain.domain).toBe(!domain.isBlocked);
    expect(html).toContain("has no branded domains yet. They are added in Organization Domains.");
  });

  test("POST team domains (the organization's domains permission): every other persona is refused", async () => {
    for (const persona of PERSONAS) {
      const as = await session(persona);
      const allowed = world.allows(persona, "organization.domains") && world.allows(persona, "team.domains", TEAM);
      const response = await as.post(`${settings}/domains?team=${TEAM}`, { form: {}, headers: SAME_ORIGIN, maxRedirects: 0 });
      // A team admin opens the page but assigns nothing: 403, like any persona without the permission.
      expect(response.status(), `${persona} POST team domains`).toBe(settingsStatus(persona, allowed, 302));
    }
  });
});

test("a team link's analytics follow the team's plan: on the free plan, 403 with the reason and no Analytics link on the team page", async () => {
  const member = await session("teamMember");
  const created = await member.post(`/app/api/organization/${world.slug}/team/${TEAM}/url/create`, {
    data: { url: `https://example.com/free-team-analytics-${Date.now()}` },
    headers: SAME_ORIGIN,
  });
  expect(created.status()).toBe(200);
  const alias = ((await created.json()) as { data: { aliases: { alias: string }[] }[] }).data[0]!.aliases[0]!.alias;
  // Nobody subscribes in this file's organization: its teams are on the free plan, which has no analytics.
  const page = await member.get(`/app/organizations/${world.slug}/team/${TEAM}/analytics/${alias}`, { maxRedirects: 0 });
  expect(page.status()).toBe(403);
  expect(await page.text()).toContain("Analytics are not included in this team&#x27;s plan.");
  expect((await member.get(`/app/organizations/${world.slug}/team/${TEAM}/analytics/${alias}/clicks.csv`)).status()).toBe(404);
  const list = await (await member.get(`/app/organizations/${world.slug}/team/${TEAM}`)).text();
  expect(list).toContain(`data-alias="${alias}"`);
  expect(list).not.toContain(`/team/${TEAM}/analytics/`);
});

// Last in the file: the members of alpha leave it for good (someone whose only part in the
// organization was the team is no longer a user of it, so an invitation brings them back).
test("POST leave on the team area's membership page: only members leave; a refused post changes nothing", async () => {
  const roles: Partial<Record<Persona, string>> = {
    teamAdmin: "admin",
    teamMember: "member",
    teamViewer: "viewer",
    nonDeveloper: "member",
  };
  const roleOf = async (persona: Persona) => {
    const html = await membersOf(TEAM);
    const at = html.indexOf(`data-member="${world.users[persona].email.toLowerCase()}"`);
    return at < 0 ? null : (/<option value="(admin|member|viewer)" selected="">/.exec(html.slice(at))?.[1] ?? "?");
  };
  for (const persona of PERSONAS) {
    const as = await session(persona);
    const member = ALPHA_MEMBERS.includes(persona);
    const response = await as.post(area(TEAM, "membership"), { form: { intent: "leave" }, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), persona).toBe(302);
    expect(location(response), persona).toBe(
      member ? "/app/settings/teams?notice=left" : persona === "nonDeveloper" ? "/" : "/app/settings/teams?error=unknown-team",
    );
    expect(await roleOf(persona), `${persona} after leaving`).toBe(member ? null : (roles[persona] ?? null));
  }
});
