/**
 * Team and organization subscriptions (issue 17, docs/decisions/033), through the real service:
 * the guard of every new page and call for every persona (refused writes change nothing), and in
 * Chromium an organization owner subscribing a team through the test-mode checkout: the team's
 * members get the plan's capability in that team only, and cancelling there leaves the owner's
 * personal plan as it was.
 */
import type { APIRequestContext } from "@playwright/test";
import { type Action } from "../../domain/permissions";
import { loginUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";
import { EMPTY_TEAM, organizationWorld, PERSONAS, TEAM, type OrganizationWorld, type Persona } from "./organizations";

let world: OrganizationWorld;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await organizationWorld("billing");
});
test.afterAll(async () => {
  await world.dispose();
});

/** What the guard answers a persona for a JSON call guarded by `action` (decision 026). */
function expected(persona: Persona, action: Action, team?: typeof TEAM | typeof EMPTY_TEAM): number {
  if (persona === "nonDeveloper") return 403;
  if (persona === "stranger" || persona === "staff") return 404;
  return world.allows(persona, action, team) ? 200 : 403;
}
const expectedPage = (persona: Persona, action: Action, team?: typeof TEAM | typeof EMPTY_TEAM) =>
  persona === "nonDeveloper" ? 302 : expected(persona, action, team);

const teamBase = () => `/app/organization/${world.slug}/team/${TEAM}`;
const orgBase = () => `/app/organizations/${world.slug}/settings/profile`;
const api = (path: string) => `/app/api/organization/${world.slug}${path}`;

async function currentOf(owner: APIRequestContext, path: string) {
  const response = await owner.get(api(path));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { current: { name: string } | null } }).data.current;
}

test("the pages and calls of team and organization subscriptions: the guard's answer for every persona; refused writes change nothing", async () => {
  test.setTimeout(240_000);
  const teamPages = [
    "subscription",
    "subscription/success",
    "subscription/cancel",
    "subscription/update/pro/monthly",
    "payment-method",
    "invoices",
  ];
  const orgPages = ["subscription", "subscription/success", "subscription/cancel", "subscription/update/pro/monthly", "payment"];
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    for (const page of teamPages) {
      const response = await as.get(`${teamBase()}/${page}`, { maxRedirects: 0 });
      expect(response.status(), `${persona} team ${page}`).toBe(expectedPage(persona, "team.subscription", TEAM));
    }
    for (const page of orgPages) {
      const response = await as.get(`${orgBase()}/${page}`, { maxRedirects: 0 });
      expect(response.status(), `${persona} organization ${page}`).toBe(expectedPage(persona, "organization.subscription"));
    }
    const teamCall = expected(persona, "team.subscription", TEAM);
    const orgCall = expected(persona, "organization.subscription");
    expect((await as.get(api(`/team/${TEAM}/subscriptions`))).status(), `${persona} GET team subscriptions`).toBe(teamCall);
    expect((await as.get(api("/subscriptions"))).status(), `${persona} GET organization subscriptions`).toBe(orgCall);
    // Writes: an allowed persona reaches the call (nothing to cancel: 406); the others are refused.
    const refusedOr = (want: number, allowed: number) => (want === 200 ? allowed : want);
    expect((await as.delete(api(`/team/${TEAM}/subscription`), { headers: SAME_ORIGIN })).status(), `${persona} DELETE team`).toBe(
      refusedOr(teamCall, 406),
    );
    expect((await as.delete(api("/subscription/now"), { headers: SAME_ORIGIN })).status(), `${persona} DELETE organization now`).toBe(
      refusedOr(orgCall, 406),
    );
    const subscribe = await as.post(api(`/team/${TEAM}/subscription/new`), {
      data: { subscription: "pro", interval: "monthly" },
      headers: SAME_ORIGIN,
    });
    expect(subscribe.status(), `${persona} POST team new`).toBe(teamCall);
    if (teamCall === 200) {
      // The checkout data of spec 01 §7, for a checkout of the team (test mode).
      const body = (await subscribe.json()) as { data: { url: string; session_id: string; trial: boolean } };
      expect(body.data.url).toMatch(/^\/app\/billing\/test-checkout\/cs_test_/);
      expect(body.data.trial).toBe(false);
    }
    // The page's plain form, refused the same way.
    const form = await as.post(`${teamBase()}/subscription`, {
      form: { intent: "subscribe", plan: "pro", interval: "monthly" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(form.status(), `${persona} form`).toBe(teamCall === 200 ? 302 : expectedPage(persona, "team.subscription", TEAM));
    // The overage switch (decision 052), a plain post on the team's and the organization's page: the
    // guard answers before the body is read; an allowed persona reaches the form's validation (422).
    const switchOf = (path: string) =>
      as.post(path, { form: { intent: "overages", overages: "maybe" }, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect((await switchOf(`${teamBase()}/subscription`)).status(), `${persona} team overages`).toBe(
      teamCall === 200 ? 422 : expectedPage(persona, "team.subscription", TEAM),
    );
    expect((await switchOf(`${orgBase()}/subscription`)).status(), `${persona} organization overages`).toBe(
      orgCall === 200 ? 422 : expectedPage(persona, "organization.subscription"),
    );
  }
  // A started checkout is no subscription: nothing was changed by anyone.
  const owner = await world.requestAs("owner");
  expect(await currentOf(owner, `/team/${TEAM}/subscriptions`)).toBeNull();
  expect(await currentOf(owner, "/subscriptions")).toBeNull();
  // Unknown ops and methods: 404 and 405 before the guard.
  expect((await owner.get(api(`/team/${TEAM}/subscription/bogus`))).status()).toBe(404);
  expect((await owner.get(api(`/team/${TEAM}/subscription`))).status()).toBe(405);
});

test("an owner subscribes a team in Chromium: its members get API access in the team only; cancelling there leaves the owner's own plan", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The owner pays for their personal workspace (Basic, no API access).
  const admin = await world.requestAs("owner");
  const fixture = await admin.post(`${BASE_URL}/__dev/fixtures`, {
    data: { action: "subscription", email: world.users.owner.email, plan: "basic", interval: "monthly" },
  });
  expect(fixture.status()).toBe(200);

  // Before: the team admin's team API page says the plan has no API access.
  const teamAdmin = await world.requestAs("teamAdmin");
  const teamApi = `/app/organization/${world.slug}/team/${TEAM}/api`;
  expect(await (await teamAdmin.get(teamApi)).text()).toContain("API access is not included in your plan.");

  // A subscriber lands on the dashboard after signing in.
  await loginUser(page, world.users.owner);
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  await page.goto(`${teamBase()}/subscription`);
  await expect(page.getByRole("heading", { name: "Team Subscription" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toContainText("organization's plan, or the Free plan");
  await page
    .getByTestId("plan-pro")
    .getByRole("button", { name: /a month/ })
    .click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);
  await page.getByLabel("Cardholder name").fill("Team Owner");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`${teamBase()}/subscription/success\\?session=cs_test_`));
  await page.screenshot({ path: test.info().outputPath("team-subscription-success.png"), fullPage: true });
  await expect(page.getByTestId("subscription-success")).toContainText("is on the Pro plan", { timeout: 20_000 });

  await page.goto(`${teamBase()}/subscription`);
  await expect(page.getByTestId("current-plan")).toContainText("Pro");
  await page.screenshot({ path: test.info().outputPath("team-subscription.png"), fullPage: true });
  await page.goto(`${teamBase()}/payment-method`);
  await expect(page.getByTestId("payment-methods")).toContainText("visa ending in 4242");
  await page.goto(`${teamBase()}/invoices`);
  await expect(page.getByTestId("invoices")).toContainText("TEST-0001");

  // The team has API access now: the team admin sees no refusal in the team; the other team
  // still lacks it, and the admin's own personal workspace stays on the free plan.
  expect(await (await teamAdmin.get(teamApi)).text()).not.toContain("API access is not included in your plan.");
  const otherTeamApi = `/app/organization/${world.slug}/team/${EMPTY_TEAM}/api`;
  expect(await (await admin.get(otherTeamApi)).text()).toContain("API access is not included in your plan.");
  const personal = await teamAdmin.get("/app/api/subscriptions");
  expect(((await personal.json()) as { data: { current: unknown } }).data.current, "the team admin's own plan stays free").toBeNull();
  expect(await currentOf(admin, `/team/${TEAM}/subscriptions`)).toMatchObject({ name: "pro" });
  expect(await currentOf(admin, "/subscriptions")).toBeNull();

  // "Change Plan" refuses what its page refuses: an interval other than monthly or yearly is 404
  // for the form too, and nothing changes (it was read as monthly before).
  for (const path of [`${teamBase()}/subscription/update/basic/garbage`, `${orgBase()}/subscription/update/pro/garbage`]) {
    expect((await admin.get(path, { maxRedirects: 0 })).status(), `GET ${path}`).toBe(404);
    const posted = await admin.post(path, { form: { intent: "update" }, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(posted.status(), `POST ${path}`).toBe(404);
  }
  const teamSubs = await admin.get(api(`/team/${TEAM}/subscriptions`));
  expect(((await teamSubs.json()) as { data: { current: unknown; future: unknown } }).data).toMatchObject({
    current: { name: "pro", interval: "monthly" },
    future: null,
  });

  // Cancel the team's subscription at once, from its cancel page (a plain form).
  await page.goto(`${teamBase()}/subscription/cancel`);
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await expect(page).toHaveURL(new RegExp(`${teamBase()}/subscription\\?pending=1`));
  await expect.poll(async () => (await currentOf(admin, `/team/${TEAM}/subscriptions`)) === null, { timeout: 20_000 }).toBe(true);
  expect(await (await teamAdmin.get(teamApi)).text()).toContain("API access is not included in your plan.");
  // The owner's personal plan is untouched.
  const own = await admin.get("/app/api/subscriptions");
  expect(((await own.json()) as { data: { current: { name: string } | null } }).data.current).toMatchObject({ name: "basic" });
});
