/**
 * Links inside organizations (issue 16, docs/decisions/027): the role × permission × route table
 * of every link call and page for every persona of tests/e2e/organizations.ts, and that a refused
 * write writes nothing: a viewer cannot create in their team, a stranger gets 404, a team of
 * another organization is a 404 and nothing is written. Expectations come from
 * domain/permissions.ts through `world.allows`.
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import type { Action } from "../../domain/permissions";
import { BASE_URL, expect, SAME_ORIGIN, test, wranglerVar } from "./fixtures";
import { EMPTY_TEAM, organizationWorld, PERSONAS, TEAM, type OrganizationWorld, type Persona } from "./organizations";

let world: OrganizationWorld;
const run = Date.now().toString(36);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await organizationWorld("links");
  // The owner subscribes to Pro: bulk creation and tags are the organization's through its owner's plan.
  const admin = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const response = await admin.post(`${BASE_URL}/__dev/fixtures`, {
    data: { action: "subscription", email: world.users.owner.email, plan: "pro", interval: "monthly" },
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
