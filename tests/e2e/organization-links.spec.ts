/**
 * Links inside organizations (issue 16, docs/decisions/027): the role × permission × route table
 * of every link call and page for every persona of tests/e2e/organizations.ts, and that a refused
 * write writes nothing: a viewer cannot create in their team, a stranger gets 404, a team of
 * another organization is a 404 and nothing is written. Expectations come from
 * domain/permissions.ts through `world.allows`.
 */
import type { APIRequestContext } from "@playwright/test";
import type { Action } from "../../domain/permissions";
import { apiLogin, newUser, signIn, STAFF } from "./accounts";
import { apiContext, BASE_URL, expect, SAME_ORIGIN, test, wranglerVar } from "./fixtures";
import { EMPTY_TEAM, organizationWorld, PERSONAS, registerByForm, TEAM, type OrganizationWorld, type Persona } from "./organizations";

let world: OrganizationWorld;
const run = Date.now().toString(36);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await organizationWorld("links");
  // The organization subscribes to Pro: bulk creation and tags are its teams' and members' through
  // the organization's subscription (docs/decisions/033; nobody's personal plan counts there).
  const admin = await apiContext();
  const response = await admin.post(`${BASE_URL}/__dev/fixtures`, {
    data: { action: "subscription", email: world.users.owner.email, plan: "pro", interval: "monthly", organization: world.slug },
  });
  expect(response.status()).toBe(200);
  await admin.dispose();
});
test.afterAll(async () => {
  await world.dispose();
});

/** What the guard answers a persona for a route guarded by `action` (decision 026). */
function expected(persona: Persona, action: Action, team?: typeof TEAM | typeof EMPTY_TEAM): number {
  if (persona === "nonDeveloper") return 403;
  if (persona === "stranger" || persona === "staff") return 404;
  return world.allows(persona, action, team) ? 200 : 403;
}

const tag = (persona: Persona) => persona.replace(":", "-").toLowerCase();
const api = (path: string) => `/app/api/organization/${world.slug}${path}`;

/** Every link of the organization whose destination contains `marker`, as the owner sees them on the organization list. */
async function organizationLinks(owner: APIRequestContext, marker: string): Promise<{ url: string; alias: string }[]> {
  const found: { url: string; alias: string }[] = [];
  for (let page = 1; page < 20; page++) {
    const response = await owner.get(api(`/urls/all?search=${encodeURIComponent(`url:${marker}`)}&page=${page}`));
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { url: string; alias: string }[]; next: number | null };
    found.push(...body.data);
    if (!body.next) break;
  }
  return found;
}

test("create in a team and in the personal workspace: allowed personas get the create response, others nothing written", async () => {
  test.setTimeout(180_000);
  const marker = `create-${run}`;
  const allowedUrls: string[] = [];
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    for (const scope of ["team", "personal"] as const) {
      const url = `https://example.com/${marker}/${scope}/${tag(persona)}`;
      const path = scope === "team" ? `/team/${TEAM}/url/create` : "/personal/url/create";
      // The payload's team is never trusted: the route's team decides.
      const response = await as.post(api(path), { data: { url, team: EMPTY_TEAM, tags: ["launch"] }, headers: SAME_ORIGIN });
      const want = expected(
        persona,
        scope === "team" ? "team.link.create" : "organization.link.create",
        scope === "team" ? TEAM : undefined,
      );
      expect(response.status(), `${persona} ${scope}`).toBe(want);
      if (want === 200) {
        allowedUrls.push(url);
        const body = (await response.json()) as {
          data: { url: string; aliases: { alias: string; tiny_url: string; is_main: boolean; tags: string[] }[] }[];
        };
        expect(body.data[0]).toMatchObject({ url, aliases: [{ is_main: true, tags: ["launch"] }] });
        expect(body.data[0]!.aliases[0]!.tiny_url).toContain(body.data[0]!.aliases[0]!.alias);
      } else {
        expect(await response.json()).toHaveProperty("message");
      }
    }
  }
  const owner = await world.requestAs("owner");
  const written = await organizationLinks(owner, marker);
  expect(written.map((l) => l.url).sort()).toEqual(allowedUrls.sort());
  // The viewer is refused in the team (spec 02 §5), the member is not.
  expect(allowedUrls.some((u) => u.includes(`/team/${tag("teamViewer")}`))).toBe(false);
  expect(allowedUrls.some((u) => u.includes(`/team/${tag("teamMember")}`))).toBe(true);
});

test("a team of another organization, or an unknown one, is a 404 and nothing is written", async () => {
  const marker = `foreign-${run}`;
  const owner = await world.requestAs("owner");
  for (const team of [world.otherTeam, "no-such-team"]) {
    const response = await owner.post(api(`/team/${team}/url/create`), {
      data: { url: `https://example.com/${marker}/${team}` },
      headers: SAME_ORIGIN,
    });
    expect(response.status(), team).toBe(404);
    const bulk = await owner.post(api(`/team/${team}/bulk/csv`), {
      headers: SAME_ORIGIN,
      multipart: {
        file: { name: "x.csv", mimeType: "text/csv", buffer: Buffer.from(`https://example.com/${marker}/bulk\n`) },
        domain: wranglerVar("SHORT_HOST"),
      },
    });
    expect(bulk.status(), team).toBe(404);
  }
  // The stranger, owner of the other organization, cannot write into this one through its own team's slug either.
  const stranger = await world.requestAs("stranger");
  const crossed = await stranger.post(api(`/team/${world.otherTeam}/url/create`), {
    data: { url: `https://example.com/${marker}/x` },
    headers: SAME_ORIGIN,
  });
  expect(crossed.status()).toBe(404);
  expect(await organizationLinks(owner, marker)).toEqual([]);
});

test("bad input in a team writes nothing and names the field", async () => {
  const marker = `bad-${run}`;
  const member = await world.requestAs("teamMember");
  const response = await member.post(api(`/team/${TEAM}/url/create`), { data: { url: `not a url ${marker}` }, headers: SAME_ORIGIN });
  expect(response.status()).toBe(422);
  const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
  expect(Object.keys(body.errors)).toContain("url");
  const tags = await member.post(api(`/team/${TEAM}/url/create`), {
    data: { url: `https://example.com/${marker}`, tags: ["x"] },
    headers: SAME_ORIGIN,
  });
  expect(tags.status()).toBe(422);
  expect(Object.keys(((await tags.json()) as { errors: Record<string, string[]> }).errors).join()).toMatch(/^tags/);
  const owner = await world.requestAs("owner");
  expect(await organizationLinks(owner, marker)).toEqual([]);
});

test("bulk upload into a team or the personal workspace: the guard's answer for every persona", async () => {
  test.setTimeout(180_000);
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    for (const scope of ["team", "personal"] as const) {
      const path = scope === "team" ? `/team/${TEAM}/bulk/csv` : "/personal/bulk/csv";
      const response = await as.post(api(path), {
        headers: SAME_ORIGIN,
        multipart: {
          file: {
            name: `bulk-${tag(persona)}-${scope}.csv`,
            mimeType: "text/csv",
            buffer: Buffer.from(`url\nhttps://example.com/bulk-${run}/${scope}/${tag(persona)}\n`),
          },
          domain: wranglerVar("SHORT_HOST"),
          withHeader: "true",
        },
      });
      const want = expected(
        persona,
        scope === "team" ? "team.link.create" : "organization.link.create",
        scope === "team" ? TEAM : undefined,
      );
      expect(response.status(), `${persona} ${scope}`).toBe(want);
      if (want === 200) expect(await response.json()).toEqual({ total: 1 });
    }
  }
  // The imports run on the queue: the team's link appears in the team's list.
  const admin = await world.requestAs("teamAdmin");
  await expect
    .poll(async () => {
      const response = await admin.get(api(`/team/${TEAM}/urls?search=${encodeURIComponent(`url:bulk-${run}/team/${tag("teamMember")}`)}`));
      return ((await response.json()) as { data: unknown[] }).data.length;
    })
    .toBe(1);
});

test("the URL lists and the alias lookup: the guard's answer for every persona, paged as {data, next}", async () => {
  test.setTimeout(120_000);
  const member = await world.requestAs("teamMember");
  const created = await member.post(api(`/team/${TEAM}/url/create`), {
    data: { url: `https://example.com/lists-${run}` },
    headers: SAME_ORIGIN,
  });
  expect(created.status()).toBe(200);
  const alias = ((await created.json()) as { data: { aliases: { alias: string }[] }[] }).data[0]!.aliases[0]!.alias;
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    const cases: [string, Action, typeof TEAM | undefined][] = [
      ["/urls/available", "organization.dashboard", undefined],
      ["/urls", "organization.dashboard", undefined],
      [`/team/${TEAM}/urls/available`, "team.open", TEAM],
      ["/personal/urls/available", "organization.personal", undefined],
      [`/team/${TEAM}/alias/${alias}`, "team.open", TEAM],
    ];
    for (const [path, action, team] of cases) {
      const response = await as.get(api(path));
      expect(response.status(), `${persona} ${path}`).toBe(expected(persona, action, team));
      if (response.status() === 200 && path.includes("/urls")) {
        const body = (await response.json()) as { data: unknown[]; next: number | null };
        expect(Array.isArray(body.data)).toBe(true);
        expect(body).toHaveProperty("next");
      }
    }
  }
  // The team's link is not the member's personal link, and another team's list does not hold it.
  expect((await member.get(api(`/personal/alias/${alias}`))).status()).toBe(404);
  const owner = await world.requestAs("owner");
  const beta = (await (await owner.get(api(`/team/${EMPTY_TEAM}/urls?search=alias:${alias}`))).json()) as { data: unknown[] };
  expect(beta.data).toEqual([]);
  const team = (await (await owner.get(api(`/team/${TEAM}/urls?search=alias:${alias}`))).json()) as { data: { alias: string }[] };
  expect(team.data.map((l) => l.alias)).toEqual([alias]);
});

/** What the guard answers a persona for a page guarded by `action` (decision 026): the homepage without the developer flag. */
function expectedPage(persona: Persona, action: Action, team?: typeof TEAM | typeof EMPTY_TEAM): number {
  return persona === "nonDeveloper" ? 302 : expected(persona, action, team);
}

/** A link the team member makes in TEAM through the JSON call; its alias. */
async function teamLink(url: string): Promise<string> {
  const member = await world.requestAs("teamMember");
  const response = await member.post(api(`/team/${TEAM}/url/create`), { data: { url }, headers: SAME_ORIGIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { aliases: { alias: string }[] }[] }).data[0]!.aliases[0]!.alias;
}

test("the pages: organization dashboard, my links, team links, a team link's analytics and click log — the guard's answer for every persona", async () => {
  test.setTimeout(150_000);
  const alias = await teamLink(`https://example.com/pages-${run}`);
  // The owner's own link in the organization: its page answers the owner only (another's is not found).
  const owner = await world.requestAs("owner");
  const own = await owner.post(api("/personal/url/create"), {
    data: { url: `https://example.com/pages-own-${run}` },
    headers: SAME_ORIGIN,
  });
  expect(own.status()).toBe(200);
  const ownAlias = ((await own.json()) as { data: { aliases: { alias: string }[] }[] }).data[0]!.aliases[0]!.alias;
  const pages: [string, Action, typeof TEAM | typeof EMPTY_TEAM | undefined][] = [
    ["dashboard", "organization.dashboard", undefined],
    // Spec 01 §6: the personal workspace is the owner's, a role holder's, or a team admin's or member's (not a viewer's).
    ["me", "organization.personal", undefined],
    [`team/${TEAM}`, "team.open", TEAM],
    [`team/${EMPTY_TEAM}`, "team.open", EMPTY_TEAM],
    // A team link's analytics and click log (decision 062): whoever may open the team.
    [`team/${TEAM}/analytics/${alias}`, "team.open", TEAM],
    [`team/${TEAM}/analytics/${alias}/clicks.csv`, "team.open", TEAM],
  ];
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    for (const [path, action, team] of pages) {
      const response = await as.get(`/app/organizations/${world.slug}/${path}`, { maxRedirects: 0 });
      expect(response.status(), `${persona} ${path}`).toBe(expectedPage(persona, action, team));
    }
    // The owner's own link: the owner reads it; to anyone else it is not theirs (404) or the page is refused.
    for (const suffix of ["", "/clicks.csv"]) {
      const mine = await as.get(`/app/organizations/${world.slug}/me/analytics/${ownAlias}${suffix}`, { maxRedirects: 0 });
      const me = expectedPage(persona, "organization.personal");
      expect(mine.status(), `${persona} the owner's own link${suffix}`).toBe(persona === "owner" ? 200 : me === 200 ? 404 : me);
    }
    // The link is TEAM's: under another team (one the persona may open or not) it is not found or refused.
    const elsewhere = await as.get(`/app/organizations/${world.slug}/team/${EMPTY_TEAM}/analytics/${alias}`, { maxRedirects: 0 });
    const beta = expectedPage(persona, "team.open", EMPTY_TEAM);
    expect(elsewhere.status(), `${persona} the link under ${EMPTY_TEAM}`).toBe(beta === 200 ? 404 : beta);
    // A team of another organization is a 404 on the page as well.
    const foreign = await as.get(`/app/organizations/${world.slug}/team/${world.otherTeam}`, { maxRedirects: 0 });
    expect(foreign.status(), `${persona} foreign team`).toBe(persona === "nonDeveloper" ? 302 : 404);
  }
  // Each row links its analytics: the team's page to the team link's, the owner's own page to theirs.
  const teamPage = await (await owner.get(`/app/organizations/${world.slug}/team/${TEAM}`)).text();
  expect(teamPage).toContain(`href="/app/organizations/${world.slug}/team/${TEAM}/analytics/${alias}"`);
  const mePage = await (await owner.get(`/app/organizations/${world.slug}/me`)).text();
  expect(mePage).toContain(`href="/app/organizations/${world.slug}/me/analytics/${ownAlias}"`);
});

test("the page's form refuses a viewer's team, another organization's team and a refused persona, writing nothing", async () => {
  const marker = `form-refused-${run}`;
  const viewer = await world.requestAs("teamViewer");
  const asViewer = await viewer.post(`/app/organizations/${world.slug}/team/${TEAM}`, {
    form: { team: TEAM, url: `https://example.com/${marker}/viewer` },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(asViewer.status()).toBe(403);
  const owner = await world.requestAs("owner");
  const foreign = await owner.post(`/app/organizations/${world.slug}/dashboard`, {
    form: { team: world.otherTeam, url: `https://example.com/${marker}/foreign` },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(422);
  // A participant whose rule refuses the page cannot post to it.
  const auditor = await world.requestAs("perm:audit");
  const refused = await auditor.post(`/app/organizations/${world.slug}/dashboard`, {
    form: { team: "personal", url: `https://example.com/${marker}/auditor` },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await organizationLinks(owner, marker)).toEqual([]);
});

test("in Chromium: a team member creates a link in the team with the form; it shows on the team page and the organization dashboard", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const member = world.users.teamMember;
  await signIn(page, member.email, member.password);
  await page.waitForURL((u) => !u.pathname.startsWith("/app/login"));

  await page.goto(`/app/organizations/${world.slug}/team/${TEAM}`);
  const select = page.getByTestId("team-select");
  await expect(select).toHaveValue(TEAM);
  const url = `https://example.com/chromium-${run}`;
  await page.getByLabel("Long URL").fill(url);
  // The description is a field of the organization's form (spec 02 §2).
  await page.getByLabel("Description (optional)").fill(`Team launch ${run}`);
  await page.getByLabel("Long URL").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${world.slug}/team/${TEAM}\\?alias=[^&]+&team=${TEAM}$`));
  const alias = new URL(page.url()).searchParams.get("alias")!;
  await expect(page.getByText(url).first()).toBeVisible();
  // "Shorten another" (spec 02 §4) brings back this team's form, empty, with the focus in the URL field.
  await page.getByTestId("result").getByRole("link", { name: "Shorten another" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/organizations/${world.slug}/team/${TEAM}`);
  await expect(page.getByTestId("team-select")).toHaveValue(TEAM);
  await expect(page.getByLabel("Long URL")).toHaveValue("");
  await expect(page.getByLabel("Long URL")).toBeFocused();
  // The bar's Create (spec 02 §2: shown when the user may create links; §6: a team member may here)
  // opens this team's form in the popover, and the create comes back to this page with the link.
  const barCreate = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" });
  await expect(barCreate).toHaveAttribute("href", `/app/organizations/${world.slug}/team/${TEAM}`);
  await barCreate.click();
  const popover = page.getByRole("dialog", { name: "Create Snip Link" });
  await expect(popover.getByTestId("team-select")).toHaveValue(TEAM);
  await popover.getByLabel("Long URL").fill(`${url}/bar`);
  await popover.getByLabel("Long URL").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${world.slug}/team/${TEAM}\\?alias=[^&]+&team=${TEAM}$`));
  await expect(popover).toHaveCount(0);
  await expect(page.getByTestId("result").getByText(`${url}/bar`).first()).toBeVisible();
  await page.goto(`/app/organizations/${world.slug}/team/${TEAM}`);
  await expect(page.locator(`li[data-alias="${alias}"]`)).toBeVisible();
  await expect(page.locator(`li[data-alias="${alias}"]`)).toContainText(`Team launch ${run}`);

  // Its analytics (decision 062): two people's visits, counted through the real redirect and queue,
  // on the team link's page, opened from the row; the click log comes with the team's plan (Pro).
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
  const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
  for (const ua of [CHROME, FIREFOX]) {
    const visit = await page.request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0, headers: { "user-agent": ua } });
    expect(visit.status()).toBe(302);
  }
  await page.locator(`li[data-alias="${alias}"]`).getByRole("link", { name: "Analytics" }).click();
  const analytics = `/app/organizations/${world.slug}/team/${TEAM}/analytics/${alias}`;
  await expect(page).toHaveURL(`${BASE_URL}${analytics}`);
  await expect(page.getByText("Analytics · Team Alpha")).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.goto(analytics);
        return page.getByTestId("total-clicks").textContent();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe("2");
  await expect(page.getByTestId("unique-visitors")).toHaveText("2");
  await expect(page.getByTestId("destination")).toHaveText(url);
  // The chosen period is remembered on these pages too.
  const periods = page.getByRole("navigation", { name: "Period" });
  await periods.getByRole("link", { name: "Last 7 days" }).click();
  await expect(periods.locator("[aria-current=page]")).toHaveText("Last 7 days");
  await page.goto(analytics);
  await expect(periods.locator("[aria-current=page]")).toHaveText("Last 7 days");
  await expect(page.getByTestId("total-clicks")).toHaveText("2");
  await expect(page.getByText("Everyone in the team can read these analytics.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Share publicly" })).toHaveCount(0);
  const csv = await page.request.get(`${analytics}/clicks.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  await page.screenshot({ path: "test-results/organization-team-analytics.png", fullPage: true });
  // The personal page does not serve a team's link: to this member (no analytics of their own) it is the plans.
  const personal = await page.request.get(`/app/analytics/${alias}`, { maxRedirects: 0 });
  expect(personal.status()).toBe(302);
  expect(personal.headers()["location"]).toBe("/app/pricing");
  await page.getByRole("link", { name: "← Alpha’s links" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/organizations/${world.slug}/team/${TEAM}`);
  await context.close();

  // The owner sees it on the organization dashboard, labelled with its team, and can filter by team.
  const ownerContext = await browser.newContext({ baseURL: BASE_URL });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, world.users.owner.email, world.users.owner.password);
  await ownerPage.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await ownerPage.goto(`/app/organizations/${world.slug}/dashboard?team=${TEAM}&q=${encodeURIComponent(`alias:${alias}`)}`);
  const row = ownerPage.locator(`li[data-alias="${alias}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("workspace")).toHaveText("Alpha");
  await expect(row.getByRole("link", { name: "Analytics" })).toHaveAttribute(
    "href",
    `/app/organizations/${world.slug}/team/${TEAM}/analytics/${alias}`,
  );
  await expect(ownerPage.getByTestId("team-select").locator("option")).toHaveText(["Personal", "Alpha", "Beta"]);
  await ownerPage.screenshot({ path: "test-results/organization-dashboard.png", fullPage: true });
  await ownerPage.goto(`/app/organizations/${world.slug}/dashboard?team=${EMPTY_TEAM}&q=${encodeURIComponent(`alias:${alias}`)}`);
  await expect(ownerPage.locator(`li[data-alias="${alias}"]`)).toHaveCount(0);
  // The viewer's team option is disabled with "(Viewer Access Only)"; the viewer's team page has no form.
  await ownerContext.close();
  const viewerContext = await browser.newContext({ baseURL: BASE_URL });
  const viewerPage = await viewerContext.newPage();
  await signIn(viewerPage, world.users.teamViewer.email, world.users.teamViewer.password);
  await viewerPage.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await viewerPage.goto(`/app/organizations/${world.slug}/team/${TEAM}`);
  await expect(viewerPage.getByText("You have read-only access to this team’s links.")).toBeVisible();
  await expect(viewerPage.getByTestId("organization-create")).toHaveCount(0);
  // Nor a Create in the bar: a viewer creates links nowhere in this organization (spec 02 §5, §6).
  await expect(viewerPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" })).toHaveCount(0);
  await expect(viewerPage.locator(`li[data-alias="${alias}"]`)).toBeVisible();
  // A viewer reads the team's analytics too.
  await viewerPage.locator(`li[data-alias="${alias}"]`).getByRole("link", { name: "Analytics" }).click();
  await expect(viewerPage.getByTestId("total-clicks")).toHaveText("2");
  await viewerPage.goto(`/app/organizations/${world.slug}/team/${TEAM}`);
  await viewerPage.screenshot({ path: "test-results/organization-team-viewer.png", fullPage: true });
  await viewerContext.close();
});

test("team API tokens: the pages' guard for every persona, and a team token reads and writes the team's links", async () => {
  test.setTimeout(120_000);
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    for (const path of ["api", "api/new"]) {
      const response = await as.get(`/app/organization/${world.slug}/team/${TEAM}/${path}`, { maxRedirects: 0 });
      expect(response.status(), `${persona} ${path}`).toBe(expectedPage(persona, "team.api-tokens", TEAM));
    }
    // The organization's list: any team whose tokens the persona may manage, or 403 for a participant who manages none.
    const list = await as.get(`/app/organizations/${world.slug}/settings/teams/api`, { maxRedirects: 0 });
    const managesOne = [TEAM, EMPTY_TEAM].some((team) => expected(persona, "team.api-tokens", team as typeof TEAM) === 200);
    const want = persona === "nonDeveloper" ? 302 : persona === "stranger" || persona === "staff" ? 404 : managesOne ? 200 : 403;
    expect(list.status(), `${persona} settings/teams/api`).toBe(want);
  }

  // The team admin makes a token for the team (the password confirms it); a viewer's post is refused and makes none.
  const viewer = await world.requestAs("teamViewer");
  const refused = await viewer.post(`/app/organization/${world.slug}/team/${TEAM}/api/new`, {
    form: { name: "Viewer token", expiry: "90d", permissions: "read", confirm_password: world.users.teamViewer.password },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const admin = await world.requestAs("teamAdmin");
  const made = await admin.post(`/app/organization/${world.slug}/team/${TEAM}/api/new`, {
    data: new URLSearchParams([
      ["name", "Team CI"],
      ["expiry", "90d"],
      ["permissions", "read"],
      ["permissions", "create"],
      ["confirm_password", world.users.teamAdmin.password],
    ]).toString(),
    headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(200);
  const token = /snip_[A-Za-z0-9_-]{43}/.exec(await made.text())?.[0];
  expect(token).toBeTruthy();
  const page = await admin.get(`/app/organization/${world.slug}/team/${TEAM}/api`);
  expect(await page.text()).toContain("Team CI");
  const mine = await admin.get("/app/settings/api");
  expect(await mine.text()).not.toContain("Team CI");

  // With it, the REST API lists the team's links (the member's team link is there), not the admin's own.
  const member = await world.requestAs("teamMember");
  const created = await member.post(api(`/team/${TEAM}/url/create`), {
    data: { url: `https://example.com/token-${run}` },
    headers: SAME_ORIGIN,
  });
  const alias = ((await created.json()) as { data: { aliases: { alias: string }[] }[] }).data[0]!.aliases[0]!.alias;
  const listed = await admin.get(`/api/urls/available?search=${encodeURIComponent(alias)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await listed.text();
  expect(listed.status(), body).toBe(200);
  expect(body).toContain(alias);

  // A link created with it belongs to the team, not to the admin's personal workspace.
  const viaApi = await admin.post("/api/create", {
    data: { url: `https://example.com/token-made-${run}` },
    headers: { authorization: `Bearer ${token}` },
  });
  const made2 = (await viaApi.json()) as { data: { alias: string } };
  expect(viaApi.status(), JSON.stringify(made2)).toBe(200);
  const inTeam = (await (await admin.get(api(`/team/${TEAM}/urls?search=${encodeURIComponent(`alias:${made2.data.alias}`)}`))).json()) as {
    data: { alias: string }[];
  };
  expect(inTeam.data.map((l) => l.alias)).toEqual([made2.data.alias]);
  const inPersonal = await admin.get(`/api/urls/available?search=${made2.data.alias}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await inPersonal.text()).toContain(made2.data.alias);
});

test("an organization's owner cannot delete their account: the message under the password, nothing written", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const owner = world.users.owner;
  await signIn(page, owner.email, owner.password);
  await page.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await page.goto("/app/settings/profile/delete");
  await page.getByLabel("Your password").fill(owner.password);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page.getByText("Transfer or delete your organizations before deleting your account.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/settings\/profile\/delete$/);
  await context.close();
  // Still there: the account signs in and owns its organization.
  const again = await world.requestAs("owner");
  expect((await again.get(api(""))).status()).toBe(200);
  // Without JavaScript: 409, never a 500.
  const post = await again.post("/app/settings/profile/delete", {
    form: { password: owner.password },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(post.status()).toBe(409);
});

test("an archived organization's link list still answers its owner (the Restore Organization dialog counts with it), and nothing else opens", async () => {
  const context = await apiContext();
  try {
    const owner = newUser("archived-owner");
    await registerByForm(context, owner);
    const slug = `archived-${run}`;
    for (const body of [
      { action: "developer", email: owner.email },
      { action: "organization", email: owner.email, slug, name: `Archived ${run}`, teams: [{ slug: "crew", name: "Crew" }] },
    ]) {
      const made = await context.post("/__dev/fixtures", { data: body });
      expect(made.status(), await made.text()).toBe(200);
    }
    await apiLogin(context, owner);
    const ajax = { "X-Requested-With": "XMLHttpRequest", ...SAME_ORIGIN };
    const created = await context.post(`/app/api/organization/${slug}/team/crew/url/create`, {
      data: { url: "https://example.com/archived" },
      headers: ajax,
    });
    expect(created.status(), await created.text()).toBe(200);
    const archived = await context.patch(`/app/api/organization/${slug}/archive`, { data: { archive: true }, headers: ajax });
    expect(archived.status(), await archived.text()).toBe(200);

    const list = await context.get(`/app/api/organization/${slug}/urls/available`);
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { data: { url: string }[] }).data.map((link) => link.url)).toEqual(["https://example.com/archived"]);
    // Everything else of the archived organization stays refused, the dashboard page included.
    expect((await context.get(`/app/api/organization/${slug}/team/crew/urls/available`)).status()).toBe(403);
    expect((await context.get(`/app/organizations/${slug}/dashboard`, { maxRedirects: 0 })).status()).toBe(403);
    const refused = await context.post(`/app/api/organization/${slug}/team/crew/url/create`, {
      data: { url: "https://example.com/after" },
      headers: ajax,
    });
    expect(refused.status()).toBe(403);
  } finally {
    await context.dispose();
  }
});

test("a link held because its creator's account is terminated says why on the team page and in the organization's URL list", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const member = world.users.teamMember;
  const as = await world.requestAs("teamMember");
  const url = `https://example.com/held-${run}`;
  const created = await as.post(api(`/team/${TEAM}/url/create`), { data: { url }, headers: SAME_ORIGIN });
  expect(created.status()).toBe(200);
  const alias = ((await created.json()) as { data: { aliases: { alias: string }[] }[] }).data[0]!.aliases[0]!.alias;

  const staffContext = await browser.newContext({ baseURL: BASE_URL });
  const staff = await staffContext.newPage();
  await signIn(staff, STAFF.email, STAFF.password);
  await staff.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await staff.goto(`/app/kiosk/users?q=${encodeURIComponent(member.email)}`);
  await staff.getByRole("link", { name: member.email }).click();
  await staff.getByLabel("Reason").fill("Spam");
  await staff.getByRole("button", { name: "Terminate account" }).click();
  await expect(staff.getByText("The account is terminated")).toBeVisible();
  try {
    // The organization's URL list (JSON) and the team page, as the owner and the member see them.
    const owner = await world.requestAs("owner");
    const listed = await owner.get(api(`/urls/all?search=${encodeURIComponent(`alias:${alias}`)}`));
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { data: { alias: string; blocked: string | null }[] }).data).toEqual([
      expect.objectContaining({ alias, blocked: "Account terminated for violating terms" }),
    ]);
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    await signIn(page, member.email, member.password);
    await page.waitForURL((u) => !u.pathname.startsWith("/app/login"));
    await page.goto(`/app/organizations/${world.slug}/team/${TEAM}?q=${encodeURIComponent(`alias:${alias}`)}`);
    await expect(page.locator(`li[data-alias="${alias}"]`).getByTestId("blocked")).toHaveText("Account terminated for violating terms");
    await page.screenshot({ path: "test-results/organization-links-held.png", fullPage: true });
    await context.close();
  } finally {
    await staff.getByRole("button", { name: "Restore account" }).click();
    await expect(staff.getByText("The account is restored")).toBeVisible();
    await staffContext.close();
  }
  // Restored: the label is gone.
  const owner = await world.requestAs("owner");
  const after = await owner.get(api(`/urls/all?search=${encodeURIComponent(`alias:${alias}`)}`));
  expect(((await after.json()) as { data: { blocked: string | null }[] }).data[0]!.blocked).toBeNull();
});

// Last in the file: the team member leaves TEAM for good.
test("a team import's result file is its uploader's only while they may open the team: after leaving it, 404", async () => {
  const member = await world.requestAs("teamMember");
  const upload = await member.post(api(`/team/${TEAM}/bulk/csv`), {
    headers: SAME_ORIGIN,
    multipart: {
      file: { name: `leaving-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(`url\nhttps://example.com/leaving-${run}\n`) },
      domain: wranglerVar("SHORT_HOST"),
      withHeader: "true",
    },
  });
  expect(upload.status()).toBe(200);
  // The import's notification links its result file.
  let resultUrl = "";
  await expect
    .poll(async () => {
      const recent = await member.get("/app/api/notifications/recent", { headers: { "X-Requested-With": "XMLHttpRequest" } });
      const { notifications } = ((await recent.json()) as { data: { notifications: { body: string; url: string | null }[] } }).data;
      resultUrl = notifications.find((n) => n.body.startsWith(`leaving-${run}.csv:`))?.url ?? "";
      return resultUrl;
    })
    .toMatch(/^\/app\/links\/bulk\/[^/]+\/result\.csv$/);
  const before = await member.get(resultUrl);
  expect(before.status()).toBe(200);
  expect(await before.text()).toContain(`https://example.com/leaving-${run}`);

  const left = await member.post(`/app/organization/${world.slug}/team/${TEAM}/membership`, {
    form: { intent: "leave" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(left.status()).toBe(302);
  expect((await member.get(resultUrl)).status()).toBe(404);
});
