/**
 * Overages and coupons of team and organization subscriptions (issue 17, docs/decisions/052),
 * through the real service in test mode and in Chromium:
 * - the overage switch of a team's own plan, on the team's usage page: every member sees it, only
 *   the "subscriptions" permission turns it on; with it on, the team creates past its plan's web
 *   credits; it never counts in another team, which follows the organization's switch;
 * - a team's checkout takes the coupon remembered from the query, as the personal checkout does.
 */
import type { APIRequestContext } from "@playwright/test";
import { webCreditsMessage } from "../../domain/creation-limits";
import { getPlan } from "../../domain/plans";
import { logIn, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";
import { devFixture, teamArea, type TeamArea } from "./organizations";

let owner: TestUser;
let biller: TestUser;
let member: TestUser;
let slug: string;
let area: TeamArea<"biller" | "member">;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  area = await teamArea({
    prefix: "ov",
    name: "Overages",
    people: ["biller", "member"],
    roles: [
      { name: "Billing", permissions: ["subscriptions"] },
      { name: "Member", permissions: [] },
    ],
    users: { biller: "Billing", member: "Member" },
    teams: [
      { slug: "alpha", name: "Alpha", members: { biller: "member", member: "admin" } },
      { slug: "beta", name: "Beta", members: { member: "admin" } },
      { slug: "gamma", name: "Gamma", members: {} },
    ],
  });
  ({ slug } = area);
  ({ owner, biller, member } = area.users);
});
test.afterAll(async () => {
  await area.dispose();
});

const teamPath = (team: string, child: string) => `/app/organization/${slug}/team/${team}/${child}`;
const orgSubscription = () => `/app/organizations/${slug}/settings/profile/subscription`;
const basicCredits = getPlan("basic").options.max_web_credits!;

async function create(as: APIRequestContext, team: string, n: string) {
  return as.post(`/app/api/organization/${slug}/team/${team}/url/create`, {
    data: { url: `https://example.com/overages/${slug}/${team}/${n}` },
    headers: SAME_ORIGIN,
  });
}

test("a team's overage switch: seen by its members, turned on by the subscriptions permission on the usage page; it lifts that team's limits only", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Alpha pays for Basic itself and has spent its month's web credits.
  await devFixture({ action: "subscription", email: owner.email, plan: "basic", organization: slug, team: "alpha" });
  await devFixture({ action: "web-credits", email: member.email, used: basicCredits, organization: slug, team: "alpha" });
  const asMember = await area.requestAs(member);
  const refused = await create(asMember, "alpha", "1");
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(webCreditsMessage({ plan: "basic" }));

  // A team admin without the permission sees the switch off, without its button; a post is refused and changes nothing.
  const usage = await asMember.get(teamPath("alpha", "usage"));
  const html = await usage.text();
  expect(html).toContain("Overages are <strong>off</strong>");
  expect(html).not.toContain("Turn Overages On");
  const forged = await asMember.post(teamPath("alpha", "subscription"), {
    form: { intent: "overages", overages: "on", return: "usage" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect((await create(asMember, "alpha", "2")).status()).toBe(403);

  // The subscriptions permission turns it on from the team's usage page (a plain form) and comes back there.
  await logIn(page, biller);
  await page.goto(teamPath("alpha", "usage"));
  await expect(page.getByTestId("overages-status")).toHaveText("Overages are off.");
  await page.getByRole("button", { name: "Turn Overages On" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${teamPath("alpha", "usage")}`);
  await expect(page.getByTestId("overages-status")).toHaveText(
    "Overages are on. Projected charge this period: $0.00 (0 blocks over the limit).",
  );
  await page.screenshot({ path: test.info().outputPath("team-usage-overages.png"), fullPage: true });

  // Past the allowance, the team's creates now go through (billed, not refused).
  const created = await create(asMember, "alpha", "3");
  expect(created.status(), await created.text()).toBe(200);

  // Beta is on the organization's Basic plan: Alpha's switch does not count there.
  await devFixture({ action: "subscription", email: owner.email, plan: "basic", organization: slug });
  await devFixture({ action: "web-credits", email: member.email, used: basicCredits, organization: slug, team: "beta" });
  expect((await create(asMember, "beta", "1")).status()).toBe(403);
  const betaUsage = await (await asMember.get(teamPath("beta", "usage"))).text();
  expect(betaUsage).toContain("The organization&#x27;s subscription sets this switch for the team.");

  // The organization's switch is turned on on its subscription page: now Beta goes past it too.
  await page.goto(orgSubscription());
  await expect(page.getByTestId("overages-status")).toHaveText("Overages are off.");
  await page.getByRole("button", { name: "Turn Overages On" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${orgSubscription()}`);
  await expect(page.getByTestId("overages-status")).toContainText("Overages are on.");
  await page.screenshot({ path: test.info().outputPath("organization-subscription-overages.png"), fullPage: true });
  expect((await create(asMember, "beta", "2")).status()).toBe(200);

  // And off again on the team's subscription page: Alpha is refused once more, Beta is not.
  await page.goto(teamPath("alpha", "subscription"));
  await page.getByRole("button", { name: "Turn Overages Off" }).click();
  await expect(page.getByTestId("overages-status")).toHaveText("Overages are off.");
  expect((await create(asMember, "alpha", "4")).status()).toBe(403);
  expect((await create(asMember, "beta", "3")).status()).toBe(200);
});

test("a team without a paid plan has no overages; its switch cannot be turned on", async () => {
  const asBiller = await area.requestAs(biller);
  const page = await (await asBiller.get(teamPath("gamma", "subscription"))).text();
  expect(page).toContain("Overages come with a paid plan.");
  const posted = await asBiller.post(teamPath("gamma", "subscription"), {
    form: { intent: "overages", overages: "on" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(await posted.text()).toContain("Permission denied.");
});

test("a team's checkout takes the coupon remembered from the query: the first payment is discounted", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, biller);
  await page.goto("/app/features/custom-links?coupon=welcome10");
  await page.goto(teamPath("gamma", "subscription"));
  await expect(page.getByTestId("remembered-coupon")).toHaveText("Coupon WELCOME10 is applied to the first payment.");
  await expect(page.getByText("Team and organization plans start without a free trial.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("team-subscription-coupon.png"), fullPage: true });
  await page
    .getByTestId("plan-pro")
    .getByRole("button", { name: /a month/ })
    .click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);
  await expect(page.getByTestId("coupon")).toContainText("Coupon WELCOME10: the first payment is $26.10");
  await page.getByLabel("Cardholder name").fill("Team Biller");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`${teamPath("gamma", "subscription")}/success\\?session=cs_test_`));
  await expect(page.getByTestId("subscription-success")).toContainText("Gamma is on the Pro plan", { timeout: 20_000 });
  // The team's invoices show the discounted first payment.
  await page.goto(teamPath("gamma", "invoices"));
  await expect(page.getByTestId("invoices")).toContainText("$26.10");
});
