/**
 * Pixel scripts of a team (issue 20, docs/decisions/047), through the real service and in
 * Chromium: the team's admin adds a pixel on the team area's Custom Pixel Scripts page, creates a
 * team link with the opt-in on the organization's create form, and a visit answers the pixel page;
 * a personal link inside the organization cannot opt in; a viewer of the team sees the pixels but
 * no form, and a forged post of theirs is refused and writes nothing. The role × route table of
 * the page's post is in organization-teams.spec.ts.
 */
import { randomBytes } from "node:crypto";
import { logIn, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";
import { devFixture, teamArea, type TeamArea } from "./organizations";

const LINKEDIN_ID = "7654321";
const DESTINATION = "https://example.com/team-pixel-landing";

let owner: TestUser;
let admin: TestUser;
let viewer: TestUser;
let slug: string;
let area: TeamArea<"admin" | "viewer">;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  area = await teamArea({
    prefix: "tp",
    name: "Pixels",
    people: ["admin", "viewer"],
    roles: [{ name: "Member", permissions: [] }],
    users: { admin: "Member", viewer: "Member" },
    teams: [{ slug: "alpha", name: "Alpha", members: { admin: "admin", viewer: "viewer" } }],
  });
  ({ slug } = area);
  ({ owner, admin, viewer } = area.users);
  // Editing a link's options (update_snip_url) comes with a paid plan in force for the team.
  await devFixture({ action: "subscription", email: owner.email, plan: "pro", organization: slug });
});
test.afterAll(async () => {
  await area.dispose();
});

const pixelsPage = () => `/app/organization/${slug}/team/alpha/pixel-scripts`;

test("a team admin adds the team's pixel and a team link that opts in fires it; a personal link cannot opt in", async ({ page }) => {
  test.setTimeout(150_000);
  await logIn(page, admin);
  await page.goto(pixelsPage());
  await expect(page.getByRole("heading", { name: "Custom Pixel Scripts", level: 1 })).toBeVisible();
  await expect(page.getByText("The team has no pixels yet.")).toBeVisible();
  // The hidden tab shows while its page is open.
  await expect(page.getByRole("navigation", { name: "Team" }).getByRole("link", { name: "Custom Pixel Scripts" })).toBeVisible();
  // A wrong id is refused next to its field, nothing added.
  await page.getByLabel("Kind").selectOption({ label: "LinkedIn Insight Tag" });
  await page.getByLabel("Pixel ID").fill("<script>");
  await page.getByRole("button", { name: "Add pixel" }).click();
  await expect(page.getByText(/This is not a valid LinkedIn/)).toBeVisible();
  await page.getByLabel("Pixel ID").fill(LINKEDIN_ID);
  await page.getByLabel("Name (optional)").fill("Team retargeting");
  await page.getByRole("button", { name: "Add pixel" }).click();
  await expect(page.getByText("The pixel was added.")).toBeVisible();
  await expect(page.getByTestId("pixel")).toContainText(`LinkedIn Insight Tag · ${LINKEDIN_ID}`);
  await page.screenshot({ path: test.info().outputPath("team-pixel-scripts.png"), fullPage: true });
  // Another tab of the area does not list it.
  await page.goto(`/app/organization/${slug}/team/alpha/usage`);
  await expect(page.getByRole("navigation", { name: "Team" }).getByRole("link", { name: "Custom Pixel Scripts" })).toHaveCount(0);

  // The team's create form: the opt-in, with a link to the team's pixels.
  await page.goto(`/app/organizations/${slug}/team/alpha`);
  await expect(page.getByTestId("team-select")).toHaveValue("alpha");
  await expect(page.getByRole("link", { name: "The team's pixel scripts" })).toHaveAttribute("href", pixelsPage());
  const alias = `tpx-${randomBytes(3).toString("hex")}`;
  await page.getByLabel("Long URL").fill(DESTINATION);
  await page.getByLabel("Alias (optional)").fill(alias);
  await page.getByLabel("Fire the team's retargeting pixels before redirecting").check();
  await page.screenshot({ path: test.info().outputPath("team-create-pixels.png"), fullPage: true });
  await page.getByLabel("Long URL").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/team/alpha\\?alias=${alias}&team=alpha$`));
  const visit = await page.request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
  expect(visit.status()).toBe(200);
  expect(await visit.text()).toContain(`https://px.ads.linkedin.com/collect/?pid=${LINKEDIN_ID}&amp;fmt=gif`);

  // Without the box a team link redirects plainly.
  const plainAlias = `tpn-${randomBytes(3).toString("hex")}`;
  await page.goto(`/app/organizations/${slug}/team/alpha`);
  await page.getByLabel("Long URL").fill(DESTINATION);
  await page.getByLabel("Alias (optional)").fill(plainAlias);
  await page.getByLabel("Long URL").press("Enter");
  await expect(page).toHaveURL(new RegExp(`alias=${plainAlias}&team=alpha$`));
  const plain = await page.request.get(`${BASE_URL}/${plainAlias}`, { maxRedirects: 0 });
  expect(plain.status()).toBe(302);
  expect(plain.headers().location).toBe(DESTINATION);

  // A personal link inside the organization has no team pixels: refused next to the box, nothing created.
  const personalAlias = `tpp-${randomBytes(3).toString("hex")}`;
  await page.goto(`/app/organizations/${slug}/team/alpha`);
  await page.getByTestId("team-select").selectOption("personal");
  await page.getByLabel("Long URL").fill(DESTINATION);
  await page.getByLabel("Alias (optional)").fill(personalAlias);
  await page.getByLabel("Fire the team's retargeting pixels before redirecting").check();
  await page.getByLabel("Long URL").press("Enter");
  await expect(page.getByText("Pixel scripts belong to a team. Choose a team to fire its pixels, or untick the box.")).toBeVisible();
  expect((await page.request.get(`${BASE_URL}/${personalAlias}`, { maxRedirects: 0 })).status()).toBe(404);

  // Deleting the team's pixel: the opted-in link has nothing left to fire.
  await page.goto(pixelsPage());
  await page.getByRole("button", { name: "Delete Team retargeting" }).click();
  await expect(page.getByText("The pixel was deleted.")).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 })).status(), { timeout: 15_000 })
    .toBe(302);
});

test("a viewer of the team sees its pixels without the forms; a forged post is refused and writes nothing", async () => {
  test.setTimeout(90_000);
  const adminContext = await area.requestAs(admin);
  const viewerContext = await area.requestAs(viewer);
  const added = await adminContext.post(pixelsPage(), {
    form: { intent: "add", kind: "meta", pixelId: "111122223333444", name: "" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  expect(added.headers().location).toBe(`${pixelsPage()}?done=added`);

  const seen = await viewerContext.get(pixelsPage());
  expect(seen.status()).toBe(200);
  const html = await seen.text();
  expect(html).toContain("111122223333444");
  expect(html).not.toContain("Add pixel");
  expect(html).not.toContain('name="intent"');

  const forged = await viewerContext.post(pixelsPage(), {
    form: { intent: "add", kind: "meta", pixelId: "999988887777666", name: "" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  const after = await (await viewerContext.get(pixelsPage())).text();
  expect(after).not.toContain("999988887777666");
});
