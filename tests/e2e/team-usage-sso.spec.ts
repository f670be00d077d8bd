/**
 * The team area's usage and SSO pages (issue 17, spec 01 §2 Team area; docs/decisions/033, 042),
 * through the real service and in Chromium:
 * - usage: the team workspace's counters against the plan in force there (the team's
 *   subscription, else the organization's, else Free), not the member's personal ones;
 * - sso: the organization's single sign-on as the team sees it; the owner or the "sso" permission
 *   requires it for the team (only once the organization has it), and then switching to the
 *   team answers 424 for a password session; a team admin's, a stranger's or a non-member's post is
 *   refused and changes nothing.
 */
import type { APIRequestContext } from "@playwright/test";
import { getPlan } from "../../domain/plans";
import { SSO_MESSAGES } from "../../domain/sso";
import { logIn, type TestUser } from "./accounts";
import { expect, SAME_ORIGIN, test } from "./fixtures";
import { devFixture, newDeveloper, teamArea, type TeamArea } from "./organizations";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };
const NUMBER = new Intl.NumberFormat("en-US");

let owner: TestUser;
let ssoAdmin: TestUser;
let member: TestUser;
let slug: string;
let teamIds: Record<string, string>;
let org: TeamArea<"sso" | "member">;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  org = await teamArea({
    prefix: "tu",
    name: "Usage",
    people: ["sso", "member"],
    roles: [
      { name: "SSO admin", permissions: ["sso"] },
      { name: "Member", permissions: [] },
    ],
    users: { sso: "SSO admin", member: "Member" },
    teams: [
      { slug: "alpha", name: "Alpha", members: { sso: "member", member: "admin" } },
      { slug: "beta", name: "Beta", members: { member: "member" } },
    ],
  });
  ({ slug, teamIds } = org);
  ({ owner, sso: ssoAdmin, member } = org.users);
});
test.afterAll(async () => {
  await org.dispose();
});

const area = (team: string, child: string) => `/app/organization/${slug}/team/${team}/${child}`;

test("team usage: the team's own counters against its plan in force, not the member's personal ones", async ({ page }) => {
  test.setTimeout(120_000);
  const as = await org.requestAs(member);
  for (let i = 0; i < 2; i++) {
    const created = await as.post(`/app/api/organization/${slug}/team/alpha/url/create`, {
      data: { url: `https://example.com/team-usage/${slug}/${i}` },
      headers: SAME_ORIGIN,
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  const free = getPlan("free").options;

  await logIn(page, member);
  await page.goto(area("alpha", "usage"));
  await expect(page.getByRole("heading", { name: "Team Usage" })).toBeVisible();
  await expect(page.locator("#usage-title")).toHaveText("Free plan");
  await expect(page.getByTestId("plan-source")).toContainText("Neither the team nor its organization has a paid plan");
  await expect(page.getByTestId("active-aliases-figure")).toHaveText(`2 of ${NUMBER.format(free.max_active_aliases!)}`);
  await expect(page.getByTestId("aliases-this-month-figure")).toHaveText(`2 of ${NUMBER.format(free.max_aliases_per_month!)}`);
  await expect(page.getByTestId("member-count")).toHaveText("2 members.");
  // A member without the "subscriptions" permission gets no link to the team's subscription.
  await expect(page.getByRole("link", { name: "Team subscription" })).toHaveCount(0);

  // The other team, and the member's own account, counted none of those links.
  await page.goto(area("beta", "usage"));
  await expect(page.getByTestId("active-aliases-figure")).toHaveText(`0 of ${NUMBER.format(free.max_active_aliases!)}`);
  await page.goto("/app/settings/usage");
  await expect(page.getByTestId("active-aliases-figure")).toContainText(/^0 of /);

  // The organization subscribes: both teams get its limits; then the team's own plan wins in alpha only.
  await devFixture({ action: "subscription", email: owner.email, plan: "basic", organization: slug });
  await page.goto(area("beta", "usage"));
  await expect(page.locator("#usage-title")).toHaveText("Basic plan");
  await expect(page.getByTestId("plan-source")).toContainText("The organization's subscription sets these limits");
  await devFixture({ action: "subscription", email: owner.email, plan: "pro", organization: slug, team: "alpha" });
  const pro = getPlan("pro").options;
  await page.goto(area("alpha", "usage"));
  await expect(page.locator("#usage-title")).toHaveText("Pro plan");
  await expect(page.getByTestId("plan-source")).toContainText("The team's own subscription sets these limits");
  await expect(page.getByTestId("active-aliases-figure")).toHaveText(
    `2 of ${pro.max_active_aliases === null ? "Unlimited" : NUMBER.format(pro.max_active_aliases)}`,
  );
  await page.screenshot({ path: test.info().outputPath("team-usage.png"), fullPage: true });
  await page.goto(area("beta", "usage"));
  await expect(page.locator("#usage-title")).toHaveText("Basic plan");
});

test("team SSO: the organization's status; the sso permission requires it for the team; a team admin, a stranger or a non-member cannot", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const memberContext = await org.requestAs(member);
  const adminContext = await org.requestAs(ssoAdmin);
  const switchTo = (as: APIRequestContext) => as.get(`/app/api/team/${teamIds.alpha}/switch`, { headers: AJAX });

  // Without the organization's SSO: the page says so, and requiring it is refused with the message.
  await logIn(page, ssoAdmin);
  await page.goto(area("alpha", "sso"));
  await expect(page.getByRole("heading", { name: "Single Sign-On", exact: true })).toBeVisible();
  await expect(page.getByTestId("organization-sso-status")).toContainText("has not set up single sign-on");
  await expect(page.getByRole("button", { name: "Require SSO for This Team" })).toBeDisabled();
  const early = await adminContext.post(area("alpha", "sso"), { form: { require: "on" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(early.status()).toBe(422);
  expect(await early.text()).toContain(SSO_MESSAGES.teamNeedsOrganizationSso);

  // The organization sets up SSO for a domain none of these accounts is in.
  await devFixture({ action: "sso", email: owner.email, organization: slug, domains: [`${slug}.example`], role: "Member" });
  await page.reload();
  await expect(page.getByTestId("organization-sso-status")).toContainText(`${slug}.example`);
  await expect(page.getByTestId("team-sso-status")).toContainText("Alpha does not require single sign-on.");
  await expect(page.getByTestId("outside-domains")).toContainText(member.email);

  // The team's admin (no "sso" permission) sees the status but no form; a forged post is refused.
  const memberPage = await memberContext.get(area("alpha", "sso"));
  expect(memberPage.status()).toBe(200);
  expect(await memberPage.text()).not.toContain("Require SSO for This Team");
  const refused = await memberContext.post(area("alpha", "sso"), { form: { require: "on" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Permission denied.");
  // A stranger: 404; the owner, not a member of the team: the team area's "Unknown team.".
  const stranger = await newDeveloper("tu-stranger");
  const strangerContext = await org.requestAs(stranger);
  const ownerContext = await org.requestAs(owner);
  const foreign = await strangerContext.post(area("alpha", "sso"), { form: { require: "on" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(foreign.status()).toBe(404);
  const notMember = await ownerContext.post(area("alpha", "sso"), { form: { require: "on" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(notMember.status()).toBe(302);
  expect(notMember.headers().location).toBe("/app/settings/teams?error=unknown-team");
  // None of them changed anything.
  expect((await switchTo(memberContext)).status()).toBe(200);
  // A garbled value is the general message, not a 500.
  const garbled = await adminContext.post(area("alpha", "sso"), { form: { require: "maybe" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(garbled.status()).toBe(422);

  // The SSO admin requires it: switching to the team now needs an SSO sign-in.
  await page.getByRole("button", { name: "Require SSO for This Team" }).click();
  await expect(page.getByText(SSO_MESSAGES.teamRequiredOn)).toBeVisible();
  await expect(page.getByTestId("team-sso-status")).toContainText("Alpha requires single sign-on.");
  await page.screenshot({ path: test.info().outputPath("team-sso.png"), fullPage: true });
  await memberContext.get("/app/api/team/none/switch", { headers: AJAX });
  const blocked = await switchTo(memberContext);
  expect(blocked.status()).toBe(424);
  expect(((await blocked.json()) as { login_url: string }).login_url).toBe(`/app/organization/${slug}/team/alpha/login`);
  // The other team is not affected.
  expect((await memberContext.get(`/app/api/team/${teamIds.beta}/switch`, { headers: AJAX })).status()).toBe(200);

  // And back off.
  await page.getByRole("button", { name: "Stop Requiring SSO" }).click();
  await expect(page.getByText(SSO_MESSAGES.teamRequiredOff)).toBeVisible();
  expect((await switchTo(memberContext)).status()).toBe(200);
});

test("organization settings: the Subscription link shows for the owner, not for a role without the subscriptions permission", async () => {
  const ownerContext = await org.requestAs(owner);
  const adminContext = await org.requestAs(ssoAdmin);
  const link = `href="/app/organizations/${slug}/settings/profile/subscription"`;
  // The SSO page: both may open it (the owner, and the "sso" permission).
  const sso = `/app/organizations/${slug}/settings/profile/sso`;
  const asOwner = await ownerContext.get(sso);
  expect(asOwner.status()).toBe(200);
  expect(await asOwner.text()).toContain(link);
  const asAdmin = await adminContext.get(sso);
  expect(asAdmin.status()).toBe(200);
  expect(await asAdmin.text()).not.toContain(link);
});
