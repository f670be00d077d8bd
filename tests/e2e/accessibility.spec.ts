/**
 * Accessibility: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules on the pages and states people
 * meet most: a guest's forms with their errors, the mobile menu, the signed-in dashboard with the
 * Create popover open, a link's edit and analytics pages, the account settings, and the
 * organization, team and kiosk pages. A violation fails with the rule, its help text and the
 * elements it found. (/app/dev is left out: it is Scalar's API reference viewer, not our markup.)
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO, loginUser, STAFF } from "./accounts";
import { expect, test } from "./fixtures";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function signIn(page: Page, user: typeof DEMO | typeof STAFF): Promise<void> {
  await loginUser(page, user);
  await expect(page).not.toHaveURL(/\/app\/login/);
}

async function expectAccessible(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, label).toEqual([]);
}

/** Every page in the list, each once it has loaded and hydrated. */
async function expectPagesAccessible(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectAccessible(page, path);
  }
}

test("a guest: the homepage with an error and a result, sign-in and sign-up with their errors, pricing, the mobile menu", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await expectPagesAccessible(page, ["/", "/app/pricing", "/app/features/branded-domains", "/app/terms"]);

  await page.goto("/");
  const longUrl = page.getByLabel("Long URL", { exact: false }).first();
  await longUrl.fill("not a url");
  await longUrl.press("Enter");
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expectAccessible(page, "homepage, invalid URL");
  await longUrl.fill("https://example.org/accessibility");
  await longUrl.press("Enter");
  await expect(page).toHaveURL(/created=/);
  await expectAccessible(page, "homepage, the new short link");

  await page.goto("/app/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.locator("#field-email-error")).not.toBeEmpty();
  await expectAccessible(page, "sign-in, empty");
  await page.goto("/app/register");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.locator("#field-email-error")).not.toBeEmpty();
  await expectAccessible(page, "sign-up, empty");

  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto("/");
  await page.getByLabel("Menu").click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectAccessible(page, "mobile menu");
});

test("a subscriber: the dashboard with the Create popover, a link's pages and the account settings", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  await page.goto("/dashboard");
  await expectAccessible(page, "/dashboard");
  const edit = await page.locator("a[href*='/dashboard/edit/']").first().getAttribute("href");
  const analytics = await page.locator("a[href*='/app/analytics/']").first().getAttribute("href");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" }).click();
  await expect(page.getByRole("dialog", { name: "Create Snip Link" })).toBeVisible();
  await expectAccessible(page, "the Create popover");

  await expectPagesAccessible(page, [
    edit!,
    `${edit!}/routes`,
    analytics!,
    "/app/settings/profile",
    "/app/settings/security",
    "/app/settings/usage",
    "/app/settings/api",
    "/app/settings/api/new",
    "/app/settings/webhooks",
    "/app/settings/branded-domains",
    "/app/settings/branded-domains/create",
    "/app/settings/subscription",
    "/app/settings/invoices",
    "/app/notifications",
  ]);
});

test("staff: the organization's pages, its team's, and the kiosk", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, STAFF);
  const org = "/app/organizations/snip-demo-org";
  await expectPagesAccessible(page, [
    "/app/organizations",
    `${org}/dashboard`,
    `${org}/settings/profile`,
    `${org}/settings/profile/users`,
    `${org}/settings/profile/users/invite`,
    `${org}/settings/profile/roles`,
    `${org}/settings/profile/sso`,
    `${org}/settings/profile/domains`,
    `${org}/audit`,
    `${org}/helpdesk`,
    `${org}/settings/teams`,
    `${org}/settings/teams/members`,
    "/app/organization/snip-demo-org/team/marketing/profile",
    "/app/organization/snip-demo-org/team/marketing/usage",
    "/app/kiosk/users",
    "/app/kiosk/banned_domains",
  ]);
});

test("a billing page waiting for the provider moves on in place with JavaScript, and by a refresh without it (no timed meta refresh)", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO);
  const errors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  page.on("pageerror", (error) => void errors.push(error.message));
  await page.goto("/app/settings/subscription?pending=1");
  const waiting = page.getByRole("status").filter({ hasText: "Updating your subscription…" });
  await expect(waiting).toBeVisible();
  // Hydrated while it waits: the timed refresh is only for browsers without JavaScript.
  await expect(page.locator('head meta[http-equiv="refresh"]')).toHaveCount(0);
  await expectAccessible(page, "subscription, waiting for the provider");
  // The same document moves on: a full reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await expect(page).toHaveURL(/\/app\/settings\/subscription$/, { timeout: 10_000 });
  await expect(waiting).toHaveCount(0);
  await expect(page.getByTestId("current-plan")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors, "no hydration or script errors").toEqual([]);
  // History keeps one entry for the wait, not one per look.
  await page.goBack();
  await expect(page).not.toHaveURL(/pending=1/);

  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const plain = await context.newPage();
    await plain.goto("/app/settings/subscription?pending=1");
    await expect(plain.getByText("Updating your subscription…")).toBeVisible();
    await expect(plain).toHaveURL(/\/app\/settings\/subscription$/, { timeout: 10_000 });
    await expect(plain.getByText("Updating your subscription…")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a form refused with JavaScript on puts the focus on its field in error (an organization's new role)", async ({ page }) => {
  await signIn(page, STAFF);
  const org = "/app/organizations/snip-demo-org";
  await page.goto(`${org}/settings/profile/roles`);
  const newRole = page.getByRole("form", { name: "New role" });
  await newRole.getByRole("button", { name: "Create Role" }).click();
  const name = newRole.getByLabel("Role name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  // What is typed next goes into the field being corrected.
  await page.keyboard.type(`Focus ${Date.now().toString(36)}`);
  await expect(name).toHaveValue(/^Focus /);
});
