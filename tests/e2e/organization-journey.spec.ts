/**
 * Issue 16 from end to end, in Chromium, through the pages a user meets: a developer creates an
 * organization through onboarding, adds a team and invites two new addresses to it (a member and a
 * viewer); each invitee signs up with the address, verifies it, sees the envelope with 1 and
 * accepts; the member creates a link in the team with the form; the viewer gets the team read-only
 * and a create refused; the owner's audit trail lists each step.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { INVITATION_MESSAGES } from "../../domain/invitations";
import { ACCOUNT_TEXT, mailLink, makeDeveloper, newUser, passwordInput, registerVerifiedUser, type TestUser } from "./accounts";
import { acceptCookies, BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

test.describe.configure({ timeout: 240_000 });

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const envelope = (page: Page) =>
  mainNav(page)
    .locator("details")
    .filter({ has: page.locator("summary[title='Invitations']") });

/** The invitee follows the invitation mail to sign-up, registers with the address, verifies it, and gets the developer flag. */
async function joinFromMail(browser: Browser, invitee: TestUser, subject: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await acceptCookies(page);
  await page.goto(await mailLink(page, invitee.email, subject));
  await expect(page).toHaveURL(/\/app\/register\?email=/);
  await expect(page.getByLabel("Email")).toHaveValue(invitee.email);
  await page.getByLabel("Name").fill(invitee.name);
  await passwordInput(page).fill(invitee.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
  await page.goto(await mailLink(page, invitee.email, "Verify your email address"));
  await expect(page.getByText(ACCOUNT_TEXT.verified)).toBeVisible();
  // Organization pages need the developer flag (spec 01 §2), which staff grant.
  await makeDeveloper(page, invitee.email);
  return page;
}

/** Accepts the one pending invitation from the navigation bar's envelope. */
async function acceptFromEnvelope(page: Page, organizationName: string): Promise<void> {
  await page.goto("/");
  const box = envelope(page);
  await expect(box).toHaveAttribute("data-enhanced", "");
  await expect(box.getByTestId("invitations-count")).toHaveText("1");
  await box.locator("summary").click();
  const item = box.getByTestId("invitation");
  await expect(item).toContainText(organizationName);
  await item.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText(INVITATION_MESSAGES.accepted).first()).toBeVisible();
}

async function inviteToTeam(page: Page, slug: string, team: string, email: string, role: "Member" | "Viewer"): Promise<void> {
  await page.goto(`/app/organizations/${slug}/settings/teams/members/invite?team=${team}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Team role").selectOption({ label: role });
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(INVITATION_MESSAGES.sent)).toBeVisible();
}

test("a developer builds an organization with a team; invitees join from the envelope; a member creates in the team, a viewer cannot; the audit trail has each step", async ({
  page,
  browser,
}) => {
  const run = randomBytes(3).toString("hex");
  const slug = `journey-${run}`;
  const name = `Journey ${run}`;

  // The developer creates the organization through onboarding.
  const owner = await registerVerifiedUser(page);
  await makeDeveloper(page, owner.email);
  await page.goto("/app/organizations/onboarding");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Slug").fill(slug);
  await page.getByLabel("Slug").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/app/organizations/onboarding\\?org=${slug}&created=1$`));
  await expect(page.getByRole("heading", { name: `Set up ${name}` })).toBeVisible();

  // A team.
  await page.goto(`/app/organizations/${slug}/settings/teams`);
  await page.getByLabel("Name", { exact: true }).fill("Sales");
  await page.getByLabel("Slug", { exact: true }).fill("sales");
  await page.getByRole("button", { name: "Create Team" }).click();
  await expect(page.getByText("sales", { exact: true }).first()).toBeVisible();

  // Two new addresses invited to the team: a member and a viewer.
  const member = newUser("journey-member");
  const viewer = newUser("journey-viewer");
  await inviteToTeam(page, slug, "sales", member.email, "Member");
  await inviteToTeam(page, slug, "sales", viewer.email, "Viewer");

  // The member signs up from the mail, sees the envelope with 1, accepts, and creates a link in the team.
  const subject = `${owner.name} invited you to Sales (${name}) on Snip`;
  const memberPage = await joinFromMail(browser, member, subject);
  await acceptFromEnvelope(memberPage, name);
  await memberPage.goto(`/app/organizations/${slug}/team/sales`);
  await expect(memberPage.getByRole("heading", { name: "Team Sales" })).toBeVisible();
  const destination = `https://example.com/journey/${run}`;
  await memberPage.getByLabel("Long URL").fill(destination);
  await memberPage.getByLabel("Long URL").press("Enter");
  await expect(memberPage).toHaveURL(new RegExp(`/app/organizations/${slug}/team/sales\\?alias=[^&]+&team=sales$`));
  const alias = new URL(memberPage.url()).searchParams.get("alias")!;
  await memberPage.goto(`/app/organizations/${slug}/team/sales`);
  await expect(memberPage.locator(`li[data-alias="${alias}"]`)).toBeVisible();
  // The short link redirects.
  const followed = await memberPage.request.get(`/${alias}`, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers()["location"]).toBe(destination);

  // The viewer joins the same way and sees the team read-only; a create is refused and writes nothing.
  const viewerPage = await joinFromMail(browser, viewer, subject);
  await acceptFromEnvelope(viewerPage, name);
  await viewerPage.goto(`/app/organizations/${slug}/team/sales`);
  await expect(viewerPage.getByText("You have read-only access to this team’s links.")).toBeVisible();
  await expect(viewerPage.getByLabel("Long URL")).toHaveCount(0);
  await expect(viewerPage.locator(`li[data-alias="${alias}"]`)).toBeVisible();
  const refused = await viewerPage.request.post(`/app/api/organization/${slug}/team/sales/url/create`, {
    data: { url: `https://example.com/journey/viewer-${run}` },
    headers: { "X-Requested-With": "XMLHttpRequest", ...SAME_ORIGIN },
  });
  expect(refused.status()).toBe(403);
  const formRefused = await viewerPage.request.post(`/app/organizations/${slug}/team/sales`, {
    form: { url: `https://example.com/journey/viewer-form-${run}` },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(formRefused.status()).toBe(403);
  const list = await viewerPage.request.get(`/app/api/organization/${slug}/team/sales/urls/available`);
  expect(list.status()).toBe(200);
  const urls = ((await list.json()) as { data: { url: string }[] }).data.map((link) => link.url);
  expect(urls).toEqual([destination]);

  // The owner's audit trail lists each step, newest first.
  await page.goto(`/app/organizations/${slug}/audit`);
  const actions = await page.locator("tr[data-audit-row] td:nth-child(3)").allTextContents();
  expect([...actions].reverse()).toEqual([
    "Organization created",
    "Team created",
    "Invitation sent",
    "Invitation sent",
    "Invitation accepted",
    "Team member added",
    "Link created",
    "Invitation accepted",
    "Team member added",
  ]);
  const rows = page.locator("tr[data-audit-row]");
  await expect(rows.filter({ hasText: "Link created" })).toContainText(member.name);
  await expect(rows.filter({ hasText: "Invitation sent" }).filter({ hasText: viewer.email })).toHaveCount(1);
  await page.screenshot({ path: "test-results/organization-journey-audit.png", fullPage: true });

  await memberPage.context().close();
  await viewerPage.context().close();
});
