/**
 * Invitations (issue 16, docs/decisions/030): the role × permission × route table of every
 * invitation page and JSON call for every persona of the organization world (a refused request
 * changes nothing), the whole path of an invitation in Chromium (sent from the page, the mail,
 * sign-up with the address, verification, the envelope with its count, Accept, the Organizations
 * dropdown), Reject, the plain forms without JavaScript, bad input, and the navigation bar's
 * organization entries by persona.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { API_MESSAGES } from "../../domain/api-messages";
import { INVITATION_MESSAGES } from "../../domain/invitations";
import { acceptCookies, apiContext, expect, SAME_ORIGIN, test } from "./fixtures";
import {
  ACCOUNT_TEXT,
  loginUser,
  mailLink,
  makeDeveloper,
  newUser,
  passwordInput,
  registerVerifiedUser,
  uniqueEmail,
  type TestUser,
} from "./accounts";
import { organizationWorld, PERSONAS, TEAM, teamArea, type OrganizationWorld, type Persona } from "./organizations";

const AJAX = { "X-Requested-With": "XMLHttpRequest", ...SAME_ORIGIN };

let world: OrganizationWorld;
let owner: APIRequestContext;
/** Role name → id in the world's organization, read from the owner's invitation page. */
let roleIds: Record<string, string>;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  world = await organizationWorld("invite");
  owner = await world.requestAs("owner");
  const page = await owner.get(`/app/organizations/${world.slug}/settings/profile/users/invite`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  roleIds = Object.fromEntries([...html.matchAll(/<option value="([0-9a-f-]{36})"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[2]!, m[1]!]));
  expect(Object.keys(roleIds)).toContain("Only audit");
});
test.afterAll(async () => {
  await world.dispose();
});

const orgInvitations = () => `/app/api/organization/${world.slug}/users/invitations`;
const teamInvitations = (team: string = TEAM) => `/app/api/organization/${world.slug}/team/${team}/invitations`;

/** The guard's answer for a persona (decision 026): 403 without the developer flag, 404 for outsiders, else by the rule. */
function expected(persona: Persona, allowed: boolean, ok = 200): number {
  if (persona === "nonDeveloper") return 403;
  if (persona === "stranger" || persona === "staff") return 404;
  return allowed ? ok : 403;
}

async function pendingEmails(path: string): Promise<string[]> {
  const response = await owner.get(path);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { email: string }[] };
  return body.data.map((i) => i.email);
}

async function ownerInvites(email: string, where: "organization" | "team" = "organization", role = "Only audit"): Promise<string> {
  const response =
    where === "organization"
      ? await owner.post(orgInvitations(), { data: { email, role: roleIds[role] }, headers: AJAX })
      : await owner.post(teamInvitations(), { data: { email, team_role: "viewer" }, headers: AJAX });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

test.describe("the role × permission × route table", () => {
  test("GET the organization's and the team's invitations, and the two invitation pages", async () => {
    for (const persona of PERSONAS) {
      const as = await world.requestAs(persona);
      const orgList = await as.get(orgInvitations());
      expect(orgList.status(), `${persona} users/invitations`).toBe(
        expected(persona, world.allows(persona, "organization.invite") || world.allows(persona, "organization.users")),
      );
      const teamList = await as.get(teamInvitations());
      expect(teamList.status(), `${persona} team/invitations`).toBe(
        expected(persona, world.allows(persona, "team.invite", TEAM) || world.allows(persona, "team.members", TEAM)),
      );
      const orgPage = await as.get(`/app/organizations/${world.slug}/settings/profile/users/invite`, { maxRedirects: 0 });
      const orgPageExpected = persona === "nonDeveloper" ? 302 : expected(persona, world.allows(persona, "organization.invite"));
      expect(orgPage.status(), `${persona} users/invite page`).toBe(orgPageExpected);
      const teamPage = await as.get(`/app/organizations/${world.slug}/settings/teams/members/invite?team=${TEAM}`, { maxRedirects: 0 });
      const mayInviteToATeam = world.allows(persona, "team.invite", "alpha") || world.allows(persona, "team.invite", "beta");
      expect(teamPage.status(), `${persona} members/invite page`).toBe(
        persona === "nonDeveloper" ? 302 : expected(persona, mayInviteToATeam),
      );
    }
  });

  test("sending through the calls: allowed personas write one invitation; a refused request writes nothing", async () => {
    for (const persona of PERSONAS) {
      const as = await world.requestAs(persona);
      const orgEmail = uniqueEmail(`org-${persona.replace(":", "-")}`).toLowerCase();
      const sent = await as.post(orgInvitations(), { data: { email: orgEmail, role: roleIds["Only invitations"] }, headers: AJAX });
      const orgAllowed = world.allows(persona, "organization.invite");
      expect(sent.status(), `${persona} POST users/invitations`).toBe(expected(persona, orgAllowed, 201));
      expect(await pendingEmails(orgInvitations())).toEqual(
        orgAllowed ? expect.arrayContaining([orgEmail]) : expect.not.arrayContaining([orgEmail]),
      );

      const teamEmail = uniqueEmail(`team-${persona.replace(":", "-")}`).toLowerCase();
      const teamSent = await as.post(teamInvitations(), { data: { email: teamEmail, team_role: "member" }, headers: AJAX });
      const teamAllowed = world.allows(persona, "team.invite", TEAM);
      expect(teamSent.status(), `${persona} POST team/invitations`).toBe(expected(persona, teamAllowed, 201));
      expect(await pendingEmails(teamInvitations())).toEqual(
        teamAllowed ? expect.arrayContaining([teamEmail]) : expect.not.arrayContaining([teamEmail]),
      );
    }
  });

  test("sending and revoking through the pages' plain forms: a refused post writes nothing", async () => {
    const orgPage = `/app/organizations/${world.slug}/settings/profile/users/invite`;
    const teamPage = `/app/organizations/${world.slug}/settings/teams/members/invite`;
    for (const persona of PERSONAS) {
      const as = await world.requestAs(persona);
      const orgEmail = uniqueEmail("page-org").toLowerCase();
      const sent = await as.post(orgPage, {
        form: { intent: "send", email: orgEmail, role: roleIds["Only invitations"]! },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      const orgAllowed = world.allows(persona, "organization.invite");
      expect(sent.status(), `${persona} POST users/invite page`).toBe(
        persona === "nonDeveloper" ? 302 : expected(persona, orgAllowed, 302),
      );
      expect(await pendingEmails(orgInvitations())).toEqual(
        orgAllowed ? expect.arrayContaining([orgEmail]) : expect.not.arrayContaining([orgEmail]),
      );

      const teamEmail = uniqueEmail("page-team").toLowerCase();
      const teamSent = await as.post(teamPage, {
        form: { intent: "send", email: teamEmail, team: TEAM, team_role: "member" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      const teamAllowed = world.allows(persona, "team.invite", TEAM);
      const anyTeam = teamAllowed || world.allows(persona, "team.invite", "beta");
      // A user who may invite only to other teams gets the form's field error (422), nothing written.
      const teamExpected = persona === "nonDeveloper" ? 302 : expected(persona, anyTeam, teamAllowed ? 302 : 422);
      expect(teamSent.status(), `${persona} POST members/invite page`).toBe(teamExpected);
      expect(await pendingEmails(teamInvitations())).toEqual(
        teamAllowed ? expect.arrayContaining([teamEmail]) : expect.not.arrayContaining([teamEmail]),
      );

      const victim = uniqueEmail("page-revoke").toLowerCase();
      const victimId = await ownerInvites(victim);
      const revoked = await as.post(orgPage, { form: { intent: "revoke", id: victimId }, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(revoked.status(), `${persona} revoke on the page`).toBe(persona === "nonDeveloper" ? 302 : expected(persona, orgAllowed, 302));
      expect(await pendingEmails(orgInvitations())).toEqual(
        orgAllowed ? expect.not.arrayContaining([victim]) : expect.arrayContaining([victim]),
      );
    }
  });

  test("revoking through the calls: allowed personas revoke; a refused request leaves the invitation pending", async () => {
    for (const persona of PERSONAS) {
      const as = await world.requestAs(persona);
      const orgEmail = uniqueEmail("revoke-org");
      const orgId = await ownerInvites(orgEmail);
      const revoked = await as.delete(`${orgInvitations()}/${orgId}`, { headers: AJAX });
      const orgAllowed = world.allows(persona, "organization.invite");
      expect(revoked.status(), `${persona} DELETE users/invitations/{i}`).toBe(expected(persona, orgAllowed));
      expect(await pendingEmails(orgInvitations())).toEqual(
        orgAllowed ? expect.not.arrayContaining([orgEmail]) : expect.arrayContaining([orgEmail]),
      );

      const teamEmail = uniqueEmail("revoke-team");
      const teamId = await ownerInvites(teamEmail, "team");
      const teamRevoked = await as.delete(`${teamInvitations()}/${teamId}`, { headers: AJAX });
      const teamAllowed = world.allows(persona, "team.invite", TEAM);
      expect(teamRevoked.status(), `${persona} DELETE team/invitations/{i}`).toBe(expected(persona, teamAllowed));
      expect(await pendingEmails(teamInvitations())).toEqual(
        teamAllowed ? expect.not.arrayContaining([teamEmail]) : expect.arrayContaining([teamEmail]),
      );
    }
  });

  test("answering someone else's invitation is refused for every persona; logged out is 401", async () => {
    const email = uniqueEmail("someone");
    const orgId = await ownerInvites(email);
    const teamId = await ownerInvites(email, "team");
    for (const persona of PERSONAS) {
      const as = await world.requestAs(persona);
      for (const how of ["accept", "reject"]) {
        const org = await as.post(`/app/api/organization/${world.slug}/users/invite/${orgId}/${how}`, { headers: AJAX });
        expect(org.status(), `${persona} ${how} org`).toBe(404);
        expect(((await org.json()) as { message: string }).message).toBe(INVITATION_MESSAGES.unknown);
        const team = await as.post(`/app/api/organization/${world.slug}/team/${TEAM}/invite/${teamId}/${how}`, { headers: AJAX });
        expect(team.status(), `${persona} ${how} team`).toBe(404);
      }
      for (const source of ["organization", "team"]) {
        const mine = await as.get(`/app/api/invitations/${source}`);
        expect(mine.status()).toBe(200);
        expect(((await mine.json()) as { data: unknown[] }).data).toEqual([]);
      }
    }
    expect(await pendingEmails(orgInvitations())).toContain(email);
    expect(await pendingEmails(teamInvitations())).toContain(email);

    const guest = await apiContext();
    for (const source of ["organization", "team"]) {
      const response = await guest.get(`/app/api/invitations/${source}`);
      expect(response.status()).toBe(401);
      expect(await response.json()).toEqual({ message: API_MESSAGES.notAuthorized });
    }
    const answer = await guest.post(`/app/api/organization/${world.slug}/users/invite/${orgId}/accept`, { headers: AJAX });
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toEqual({ message: API_MESSAGES.notAuthorized });
    expect((await guest.get(orgInvitations())).status()).toBe(401);
    await guest.dispose();
    expect(await pendingEmails(orgInvitations())).toContain(email);
  });
});

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function envelope(page: Page) {
  return mainNav(page)
    .locator("details")
    .filter({ has: page.locator("summary[title='Invitations']") });
}

/** Signs in through the form and waits until it is done (a navigation right after would cancel it). */
async function signedIn(page: Page, user: Pick<TestUser, "email" | "password">): Promise<void> {
  await loginUser(page, user);
  await expect(page).not.toHaveURL(/\/app\/login/);
}

/** A hydrated page (the signed-in homepage), once React has taken over the envelope. */
async function openEnhanced(page: Page): Promise<void> {
  await page.goto("/");
  await expect(envelope(page)).toHaveAttribute("data-enhanced", "");
}

function organizationsMenu(page: Page) {
  return mainNav(page)
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: "Organizations" }) });
}

async function verifiedUserElsewhere(browser: Browser): Promise<{ user: TestUser; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await registerVerifiedUser(page);
  return { user, page };
}

test.describe("in Chromium", () => {
  test("an owner invites a new address; the invitee signs up with it, verifies, accepts from the envelope, and the organization is in their dropdown", async ({
    page,
    browser,
  }) => {
    await acceptCookies(page);
    await signedIn(page, world.users.owner);
    await page.goto(`/app/organizations/${world.slug}/settings/profile/users/invite`);
    const invitee = newUser("invitee");
    await page.getByLabel("Email").fill(invitee.email);
    await page.getByLabel("Role").selectOption({ label: "Only audit" });
    await page.getByLabel("Message").fill("Welcome to the audit team!");
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await expect(page.getByText(INVITATION_MESSAGES.sent)).toBeVisible();
    await expect(page.getByTestId("pending-invitation").filter({ hasText: invitee.email })).toBeVisible();

    const context = await browser.newContext();
    const other = await context.newPage();
    await acceptCookies(other);
    const link = await mailLink(other, invitee.email, `${world.users.owner.name} invited you to ${world.name} on Snip`);
    await other.goto(link);
    await expect(other).toHaveURL(/\/app\/register\?email=/);
    await expect(other.getByLabel("Email")).toHaveValue(invitee.email);
    await other.getByLabel("Name").fill(invitee.name);
    await passwordInput(other).fill(invitee.password);
    await other.getByRole("button", { name: "Sign Up" }).click();
    await expect(other).toHaveURL(/\/app\/email\/verify\?sent=1$/);
    await other.goto(await mailLink(other, invitee.email, "Verify your email address"));
    await expect(other.getByText(ACCOUNT_TEXT.verified)).toBeVisible();
    await makeDeveloper(other, invitee.email);

    await openEnhanced(other);
    const box = envelope(other);
    await expect(box.getByTestId("invitations-count")).toHaveText("1");
    await box.locator("summary").click();
    const item = box.getByTestId("invitation");
    await expect(item).toContainText(world.name);
    await expect(item).toContainText("Only audit");
    await expect(item).toContainText("Welcome to the audit team!");
    await item.getByRole("button", { name: "Accept" }).click();
    await expect(other.getByText(INVITATION_MESSAGES.accepted).first()).toBeVisible();
    await expect(box.getByText(INVITATION_MESSAGES.noInvitations)).toBeVisible();

    const menu = organizationsMenu(other);
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: world.name })).toHaveAttribute("href", `/app/organizations/${world.slug}/me`);
    // Accepted: the envelope is gone after a reload; the owner's list no longer has it.
    await other.reload();
    await expect(envelope(other)).toHaveCount(0);
    expect(await pendingEmails(orgInvitations())).not.toContain(invitee.email);
    // Answering again: already answered.
    await context.close();
  });

  test("reject: the invitation leaves the list and nothing is granted", async ({ browser }) => {
    const { user, page } = await verifiedUserElsewhere(browser);
    await ownerInvites(user.email, "team");
    await openEnhanced(page);
    const box = envelope(page);
    await expect(box.getByTestId("invitations-count")).toHaveText("1");
    await box.locator("summary").click();
    await expect(box.getByTestId("invitation")).toContainText("Alpha");
    await expect(box.getByTestId("invitation")).toContainText("viewer");
    await box.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByText(INVITATION_MESSAGES.rejected).first()).toBeVisible();
    await expect(box.getByText(INVITATION_MESSAGES.noInvitations)).toBeVisible();
    // None remain: no "0" badge, and once the popover closes the envelope is gone (spec 02 §2 "shown when any exist").
    await expect(box.getByTestId("invitations-count")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(box.getByText(INVITATION_MESSAGES.noInvitations)).toBeHidden();
    await expect(envelope(page)).toHaveCount(0);
    expect(await pendingEmails(teamInvitations())).not.toContain(user.email);
    await makeDeveloper(page, user.email);
    const teamPage = await page.request.get(`/app/api/organization/${world.slug}`);
    expect(teamPage.status()).toBe(404);
    await page.context().close();
  });

  test("at 450px the outcome's notice does not cover the popover, and the envelope goes with the last invitation", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 450, height: 900 } });
    const page = await context.newPage();
    const user = await registerVerifiedUser(page);
    await ownerInvites(user.email, "team");
    await page.goto("/");
    // The mobile bar's envelope (the desktop bar is hidden at this width).
    const box = page.locator("details:visible").filter({ has: page.locator("summary[title='Invitations']") });
    await expect(box).toHaveAttribute("data-enhanced", "");
    await expect(box.getByTestId("invitations-count")).toHaveText("1");
    await box.locator("summary").click();
    const popover = box.getByRole("dialog", { name: "Invitations" });
    await expect(popover.getByTestId("invitation")).toContainText("Alpha");
    await box.getByRole("button", { name: "Reject" }).click();
    const notice = page.getByRole("status").filter({ hasText: INVITATION_MESSAGES.rejected });
    await expect(notice).toBeVisible();
    await expect(popover.getByText(INVITATION_MESSAGES.noInvitations)).toBeVisible();
    const [a, b] = [await notice.boundingBox(), await popover.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlaps = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlaps, `notice ${JSON.stringify(a)} over popover ${JSON.stringify(b)}`).toBe(false);
    await expect(box.getByTestId("invitations-count")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.locator("summary[title='Invitations']")).toHaveCount(0);
    await context.close();
  });

  test("without JavaScript the popover's plain forms answer and the bar says so", async ({ browser }) => {
    const { user, page } = await verifiedUserElsewhere(browser);
    await page.context().close();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await signedIn(noJs, user);
    await ownerInvites(user.email, "team");
    await noJs.goto("/app/terms");
    const box = envelope(noJs);
    await expect(box.getByTestId("invitations-count")).toHaveText("1");
    await box.locator("summary").click();
    await box.getByRole("button", { name: "Accept" }).click();
    await expect(noJs).toHaveURL(/\/app\/terms\?invitation=accepted$/);
    await expect(noJs.getByRole("status").filter({ hasText: INVITATION_MESSAGES.accepted })).toBeVisible();
    await expect(envelope(noJs)).toHaveCount(0);
    // The team membership was granted: the member now reaches the organization as a participant.
    await makeDeveloper(noJs, user.email);
    expect((await noJs.request.get(`/app/api/organization/${world.slug}`)).status()).toBe(200);
    await context.close();
  });
});

test.describe("bad input: a clear message, nothing written", () => {
  test("an existing user or member, a duplicate pending invitation, bad fields", async () => {
    const toUser = await owner.post(orgInvitations(), {
      data: { email: world.users["perm:users"].email, role: roleIds["Only audit"] },
      headers: AJAX,
    });
    expect(toUser.status()).toBe(422);
    expect(((await toUser.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([INVITATION_MESSAGES.alreadyUser]);
    const toOwner = await owner.post(orgInvitations(), {
      data: { email: world.users.owner.email.toUpperCase(), role: roleIds["Only audit"] },
      headers: AJAX,
    });
    expect(toOwner.status()).toBe(422);
    const toMember = await owner.post(teamInvitations(), {
      data: { email: world.users.teamMember.email, team_role: "viewer" },
      headers: AJAX,
    });
    expect(toMember.status()).toBe(422);
    expect(((await toMember.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([INVITATION_MESSAGES.alreadyMember]);
    const pending = await pendingEmails(orgInvitations());
    expect(pending).not.toContain(world.users["perm:users"].email);
    expect(await pendingEmails(teamInvitations())).not.toContain(world.users.teamMember.email);

    const email = uniqueEmail("twice");
    await ownerInvites(email);
    const twice = await owner.post(orgInvitations(), { data: { email: email.toUpperCase(), role: roleIds["Only teams"] }, headers: AJAX });
    expect(twice.status()).toBe(422);
    expect(((await twice.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([INVITATION_MESSAGES.duplicate]);
    expect((await pendingEmails(orgInvitations())).filter((e) => e === email)).toHaveLength(1);

    const bad = await owner.post(orgInvitations(), {
      data: { email: "not-an-email", role: "nope", message: "x".repeat(501) },
      headers: AJAX,
    });
    expect(bad.status()).toBe(422);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors.email).toEqual([INVITATION_MESSAGES.emailInvalid]);
    expect(errors.message).toEqual([INVITATION_MESSAGES.messageTooLong]);
    const unknownRole = await owner.post(orgInvitations(), { data: { email: uniqueEmail("role"), role: "nope" }, headers: AJAX });
    expect(((await unknownRole.json()) as { errors: Record<string, string[]> }).errors.role).toEqual([INVITATION_MESSAGES.roleInvalid]);
    const badRole = await owner.post(teamInvitations(), { data: { email: uniqueEmail("tr"), team_role: "owner" }, headers: AJAX });
    expect(((await badRole.json()) as { errors: Record<string, string[]> }).errors.team_role).toEqual([
      INVITATION_MESSAGES.teamRoleInvalid,
    ]);
  });

  test("a team of another organization: 404 from the call, a field error on the page", async ({ page }) => {
    const email = uniqueEmail("gamma");
    const call = await owner.post(teamInvitations(world.otherTeam), { data: { email, team_role: "member" }, headers: AJAX });
    expect(call.status()).toBe(404);
    await acceptCookies(page);
    await signedIn(page, world.users.owner);
    await page.goto(`/app/organizations/${world.slug}/settings/teams/members/invite?team=${TEAM}`);
    // The select offers only this organization's teams; a forged post names another's.
    const response = await page.request.post(`/app/organizations/${world.slug}/settings/teams/members/invite`, {
      form: { intent: "send", email, team: world.otherTeam, team_role: "member" },
      headers: SAME_ORIGIN,
    });
    expect(response.status()).toBe(422);
    // Through the form: bad fields shown next to them.
    await page.getByLabel("Email").fill("nope");
    await page.getByLabel("Message").fill("x".repeat(10));
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await expect(page.getByText(INVITATION_MESSAGES.emailInvalid)).toBeVisible();
    await page.getByLabel("Email").fill(world.users.teamViewer.email);
    await page.getByLabel("Team", { exact: true }).selectOption({ label: "Alpha" });
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await expect(page.getByText(INVITATION_MESSAGES.alreadyMember)).toBeVisible();
    expect(await pendingEmails(teamInvitations())).not.toContain(email);
    expect(await pendingEmails(teamInvitations())).not.toContain(world.users.teamViewer.email);
    // A good one through the page, then revoked through the page.
    const fresh = uniqueEmail("page-team");
    await page.getByLabel("Email").fill(fresh);
    await page.getByLabel("Team role").selectOption("admin");
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await expect(page.getByText(INVITATION_MESSAGES.sent)).toBeVisible();
    const row = page.getByTestId("pending-invitation").filter({ hasText: fresh });
    await expect(row).toContainText("Admin");
    await row.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText(INVITATION_MESSAGES.revokedDone)).toBeVisible();
    await expect(page.getByTestId("pending-invitation").filter({ hasText: fresh })).toHaveCount(0);
  });

  test("expired, revoked, answered and another user's invitation ids", async ({ browser }) => {
    const { user, page } = await verifiedUserElsewhere(browser);
    const expiredId = await ownerInvites(user.email);
    const expire = await page.request.post("/__dev/invitations", { data: { action: "expire", id: expiredId } });
    expect(expire.status()).toBe(200);
    const accept = await page.request.post(`/app/api/organization/${world.slug}/users/invite/${expiredId}/accept`, { headers: AJAX });
    expect(accept.status()).toBe(410);
    expect(await accept.json()).toEqual({ message: INVITATION_MESSAGES.expired, errors: { invitation: [INVITATION_MESSAGES.expired] } });
    // The expired one no longer blocks a new one; the user is not a user of the organization.
    await makeDeveloper(page, user.email);
    expect((await page.request.get(`/app/api/organization/${world.slug}`)).status()).toBe(404);

    const revokedId = await ownerInvites(user.email, "team");
    expect((await owner.delete(`${teamInvitations()}/${revokedId}`, { headers: AJAX })).status()).toBe(200);
    const onRevoked = await page.request.post(`/app/api/organization/${world.slug}/team/${TEAM}/invite/${revokedId}/accept`, {
      headers: AJAX,
    });
    expect(onRevoked.status()).toBe(410);
    expect(((await onRevoked.json()) as { message: string }).message).toBe(INVITATION_MESSAGES.revoked);

    const someoneElse = await ownerInvites(uniqueEmail("else"));
    const foreign = await page.request.post(`/app/api/organization/${world.slug}/users/invite/${someoneElse}/accept`, { headers: AJAX });
    expect(foreign.status()).toBe(404);
    const unknown = await page.request.post(
      `/app/api/organization/${world.slug}/users/invite/00000000-0000-0000-0000-000000000000/reject`,
      {
        headers: AJAX,
      },
    );
    expect(unknown.status()).toBe(404);
    // The right id under another organization's path: unknown too.
    const fresh = await ownerInvites(user.email);
    const wrongPath = await page.request.post(`/app/api/organization/${world.otherSlug}/users/invite/${fresh}/accept`, { headers: AJAX });
    expect(wrongPath.status()).toBe(404);
    expect((await page.request.get(`/app/api/organization/${world.slug}`)).status()).toBe(404);

    // Answered once: the second answer is refused.
    expect((await page.request.post(`/app/api/organization/${world.slug}/users/invite/${fresh}/reject`, { headers: AJAX })).status()).toBe(
      200,
    );
    const again = await page.request.post(`/app/api/organization/${world.slug}/users/invite/${fresh}/accept`, { headers: AJAX });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(INVITATION_MESSAGES.answered);
    expect((await page.request.get(`/app/api/organization/${world.slug}`)).status()).toBe(404);
    await page.context().close();
  });

  test("an archived organization's invitations cannot be answered by id (403 'Permission denied.'); restored, they can", async ({
    browser,
  }) => {
    const area = await teamArea({
      prefix: "inv-arch",
      name: "Archived",
      people: [],
      roles: [{ name: "Auditors", permissions: ["audit"] }],
      teams: [{ slug: "crew", name: "Crew" }],
    });
    const { user, page } = await verifiedUserElsewhere(browser);
    try {
      const ownerOf = await area.requestAs(area.users.owner);
      const api = `/app/api/organization/${area.slug}`;
      const roles = (await (await ownerOf.get(`${api}/roles`, { headers: AJAX })).json()) as { data: { id: string; name: string }[] };
      const roleId = roles.data.find((r) => r.name === "Auditors")!.id;
      const sent = async (path: string, data: Record<string, string>) => {
        const response = await ownerOf.post(path, { data, headers: AJAX });
        expect(response.status(), await response.text()).toBe(201);
        return ((await response.json()) as { data: { id: string } }).data.id;
      };
      const toOrganization = await sent(`${api}/users/invitations`, { email: user.email, role: roleId });
      const toTeam = await sent(`${api}/team/crew/invitations`, { email: user.email, team_role: "member" });
      expect((await ownerOf.patch(`${api}/archive`, { data: { archive: true }, headers: AJAX })).status()).toBe(200);

      for (const [path, answer] of [
        [`${api}/users/invite/${toOrganization}`, "accept"],
        [`${api}/team/crew/invite/${toTeam}`, "accept"],
        [`${api}/users/invite/${toOrganization}`, "reject"],
      ] as const) {
        const response = await page.request.post(`${path}/${answer}`, { headers: AJAX });
        expect(response.status(), `${answer} ${path}`).toBe(403);
        expect(await response.json()).toEqual({
          message: API_MESSAGES.permissionDenied,
          errors: { invitation: [API_MESSAGES.permissionDenied] },
        });
      }
      // The plain form (no JavaScript) comes back with the notice, nothing granted.
      const plain = await page.request.post(`${api}/users/invite/${toOrganization}/accept`, {
        form: { redirect_to: "/app/settings/profile" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(plain.status()).toBe(302);
      expect(plain.headers().location).toBe("/app/settings/profile?invitation=permission-denied");
      // Nothing was granted: the invitee is no part of the organization (a stranger's 404, not a participant's 403).
      await makeDeveloper(page, user.email);
      expect((await page.request.get(api, { headers: AJAX })).status()).toBe(404);

      // Restored, the same invitations are answered.
      expect((await ownerOf.patch(`${api}/archive`, { data: { archive: false }, headers: AJAX })).status()).toBe(200);
      expect((await page.request.post(`${api}/users/invite/${toOrganization}/accept`, { headers: AJAX })).status()).toBe(200);
      expect((await page.request.post(`${api}/team/crew/invite/${toTeam}/accept`, { headers: AJAX })).status()).toBe(200);
      expect((await page.request.get(api, { headers: AJAX })).status()).toBe(200);
    } finally {
      await area.dispose();
      await page.context().close();
    }
  });

  test("an archived team's invitation is left out of the list and refused by id (403); unarchived, it is answered", async ({ browser }) => {
    const area = await teamArea({ prefix: "inv-tarch", name: "Team archived", people: [], teams: [{ slug: "crew", name: "Crew" }] });
    const { user, page } = await verifiedUserElsewhere(browser);
    try {
      const ownerOf = await area.requestAs(area.users.owner);
      const api = `/app/api/organization/${area.slug}`;
      const teams = `/app/organizations/${area.slug}/settings/teams`;
      const sent = await ownerOf.post(`${api}/team/crew/invitations`, { data: { email: user.email, team_role: "member" }, headers: AJAX });
      expect(sent.status(), await sent.text()).toBe(201);
      const id = ((await sent.json()) as { data: { id: string } }).data.id;
      const listed = async () =>
        ((await (await page.request.get("/app/api/invitations/team", { headers: AJAX })).json()) as { data: { id: string }[] }).data.map(
          (i) => i.id,
        );
      expect(await listed()).toContain(id);

      const archive = await ownerOf.post(teams, { form: { intent: "archive", team: "crew" }, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(archive.status()).toBe(302);
      expect(await listed()).not.toContain(id);
      const refused = await page.request.post(`${api}/team/crew/invite/${id}/accept`, { headers: AJAX });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(API_MESSAGES.permissionDenied);

      const restore = await ownerOf.post(teams, { form: { intent: "unarchive", team: "crew" }, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(restore.status()).toBe(302);
      expect(await listed()).toContain(id);
      expect((await page.request.post(`${api}/team/crew/invite/${id}/accept`, { headers: AJAX })).status()).toBe(200);
    } finally {
      await area.dispose();
      await page.context().close();
    }
  });

  test("an unverified address cannot answer its invitation", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const user = newUser("unverified");
    await page.goto("/app/register");
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await passwordInput(page).fill(user.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
    const id = await ownerInvites(user.email);
    const accept = await page.request.post(`/app/api/organization/${world.slug}/users/invite/${id}/accept`, { headers: AJAX });
    expect(accept.status()).toBe(403);
    expect(((await accept.json()) as { message: string }).message).toBe(INVITATION_MESSAGES.notVerified);
    expect(await pendingEmails(orgInvitations())).toContain(user.email);
    await context.close();
  });
});

test.describe("the navigation bar's organization entries", () => {
  async function entriesOf(page: Page, persona: Persona): Promise<string[]> {
    await signedIn(page, world.users[persona]);
    // Any page of the organization ({org} in the route) carries its entries, a refused one included.
    await page.goto(`/app/organizations/${world.slug}/settings/profile/users/invite`);
    const menu = organizationsMenu(page);
    await menu.locator("summary").click();
    const group = menu.getByRole("group");
    if ((await group.count()) === 0) return [];
    return (await group.getByRole("link").allTextContents()).map((t) => t.trim());
  }

  test("owner, a viewer, a user with only audit, a user with only users", async ({ browser }) => {
    const cases: [Persona, string[]][] = [
      ["owner", ["Organization Settings", "Team Settings", "Audit Trail", "Helpdesk"]],
      ["teamViewer", ["Helpdesk"]],
      ["perm:audit", ["Audit Trail", "Helpdesk"]],
      ["perm:users", ["Organization Settings", "Helpdesk"]],
      ["teamAdmin", ["Team Settings", "Helpdesk"]],
    ];
    for (const [persona, entries] of cases) {
      const context = await browser.newContext();
      const page = await context.newPage();
      expect(await entriesOf(page, persona), persona).toEqual(entries);
      if (persona === "owner") {
        const menu = organizationsMenu(page);
        await expect(menu.getByRole("link", { name: "Organization Settings" })).toHaveAttribute(
          "href",
          `/app/organizations/${world.slug}/settings/profile`,
        );
        await expect(menu.getByRole("link", { name: "Team Settings" })).toHaveAttribute(
          "href",
          `/app/organizations/${world.slug}/settings/teams`,
        );
        await expect(menu.getByRole("link", { name: "Audit Trail" })).toHaveAttribute("href", `/app/organizations/${world.slug}/audit`);
        await expect(menu.getByRole("link", { name: world.name })).toHaveAttribute("href", `/app/organizations/${world.slug}/dashboard`);
        await expect(menu.getByRole("link", { name: "Create Organization" })).toHaveAttribute("href", "/app/organizations/onboarding");
      }
      if (persona === "perm:users") {
        await expect(organizationsMenu(page).getByRole("link", { name: "Organization Settings" })).toHaveAttribute(
          "href",
          `/app/organizations/${world.slug}/settings/profile/users`,
        );
      }
      if (persona === "teamViewer") {
        await expect(organizationsMenu(page).getByRole("link", { name: world.name })).toHaveAttribute(
          "href",
          `/app/organizations/${world.slug}/team/${TEAM}`,
        );
      }
      await context.close();
    }
  });

  test("outside an organization's pages there are no organization entries; the mobile menu carries them inside", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 400, height: 900 } });
    const page = await context.newPage();
    await signedIn(page, world.users.owner);
    await page.goto(`/app/organizations/${world.slug}/settings/profile/users/invite`);
    await page.getByLabel("Menu").click();
    const panel = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Organization Settings", "Team Settings", "Audit Trail", "Helpdesk", "Kiosk", "Billing"]) {
      await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.goto("/app/terms");
    await page.getByLabel("Menu").click();
    await expect(panel.getByRole("link", { name: world.name })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Audit Trail" })).toHaveCount(0);
    await context.close();
  });
});
