/**
 * Kiosk content (issue 19, decision 032), end to end in Chromium: staff publish an announcement
 * and users see it as unread (a draft never); staff block an address and a guest from it can
 * neither shorten nor sign up; the password dictionary refuses common passwords at sign-up and
 * password change; a user answers the onboarding survey and staff read the answer. Bad input
 * gets a clear message and writes nothing; a non-staff post to any kiosk action changes nothing.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import {
  apiLogin,
  card,
  DEMO,
  giveSubscription,
  loginUser,
  newUser,
  passwordInput,
  registerUser,
  registerVerifiedUser,
  requestPasswordReset,
  STAFF,
  TEST_PASSWORD,
} from "./accounts";
import { ALL_PERMISSIONS, apiToken, fixture, registerApiUser } from "./api";
import { acceptCookies, apiContext, BASE_URL, expect, interceptExternalHosts, SAME_ORIGIN, submitUrl, test, wranglerVar } from "./fixtures";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };
const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose another.";
const BLOCKED_MESSAGE =
  "Sign-ups and new links are not accepted from your network. If you think this is a mistake, please contact customer support.";

const tag = () => randomBytes(4).toString("hex");

async function staffPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await interceptExternalHosts(context);
  const page = await context.newPage();
  await acceptCookies(page);
  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return { context, page };
}

interface RecentItem {
  title: string;
  unread: boolean;
}

async function recentAnnouncements(request: APIRequestContext): Promise<RecentItem[]> {
  const response = await request.get("/app/api/notifications/recent", { headers: AJAX });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { announcements: RecentItem[] } }).data.announcements;
}

/** The field's error: the alert its aria-describedby names. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = (await field.getAttribute("aria-describedby"))!.split(" ")[0];
  await expect(page.locator(`[id="${id}"]`)).toHaveText(message);
}

test.describe("announcements", () => {
  test("staff preview, save a draft no user sees, publish it (unread for users), and unpublish it", async ({ page, browser }) => {
    const title = `Kiosk news ${tag()}`;
    const user = await registerUser(page);
    // Everything published so far is read: only what follows can be unread.
    expect((await page.request.put("/app/api/user/last-read-announcements-at", { headers: { ...AJAX, ...SAME_ORIGIN } })).status()).toBe(
      200,
    );

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/announcements");
    await kiosk.getByLabel("Title").fill(title);
    await kiosk.getByLabel("Text").fill("Branded QR codes are here.");
    await kiosk.getByLabel("Link (optional)").fill("/app/features/link-management");
    await kiosk.getByRole("button", { name: "Preview" }).click();
    const preview = kiosk.getByTestId("announcement-preview");
    await expect(preview).toContainText(title);
    await expect(preview).toContainText("Branded QR codes are here.");
    // A preview writes nothing.
    await expect(kiosk.getByTestId("kiosk-announcement").filter({ hasText: title })).toHaveCount(0);

    await kiosk.getByRole("button", { name: "Save draft" }).click();
    await expect(kiosk.getByText("The draft has been saved.")).toBeVisible();
    const row = kiosk.getByTestId("kiosk-announcement").filter({ hasText: title });
    await expect(row).toContainText("Draft");
    await expect(kiosk.getByLabel("Title")).toHaveValue("");
    expect((await recentAnnouncements(page.request)).map((a) => a.title)).not.toContain(title);

    await kiosk.getByRole("button", { name: `Publish ${title}` }).click();
    await expect(kiosk.getByText("The announcement has been published")).toBeVisible();
    await expect(row).toContainText("Published");
    const published = (await recentAnnouncements(page.request)).find((a) => a.title === title);
    expect(published?.unread).toBe(true);
    await page.goto("/app/notifications");
    await expect(page.getByText(title)).toBeVisible();

    await kiosk.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expect(kiosk.getByText("The announcement has been unpublished")).toBeVisible();
    expect((await recentAnnouncements(page.request)).map((a) => a.title)).not.toContain(title);

    const log = kiosk.getByRole("table", { name: "Staff log" });
    for (const action of ["Announcement written", "Announcement published", "Announcement unpublished"]) {
      await expect(log.getByRole("row").filter({ hasText: action }).filter({ hasText: title }).first()).toContainText(STAFF.email);
    }
    expect(user.email).toBeTruthy();
    await staff.context.close();
  });

  test("editing a published announcement: Save (Enter) says users see the new text now, and they do; it stays published", async ({
    page,
    browser,
  }) => {
    const title = `Kiosk live ${tag()}`;
    await registerUser(page);
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/announcements");
    await kiosk.getByLabel("Title").fill(title);
    await kiosk.getByLabel("Text").fill("First words.");
    await kiosk.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(kiosk.getByText("The announcement has been published")).toBeVisible();
    expect((await recentAnnouncements(page.request)).find((a) => a.title === title)).toBeTruthy();

    await kiosk.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(kiosk.getByText("This announcement is published: Save changes what every user sees now")).toBeVisible();
    await kiosk.getByLabel("Text").fill("Corrected words.");
    await kiosk.getByLabel("Title").press("Enter");
    await expect(kiosk.getByText("The published announcement has been saved: users see the new text now.")).toBeVisible();
    await expect(kiosk.getByText("The draft has been saved.")).toHaveCount(0);
    await expect(kiosk.getByTestId("kiosk-announcement").filter({ hasText: title })).toContainText("Published");
    const recent = (await recentAnnouncements(page.request)).find((a) => a.title === title) as (RecentItem & { body: string }) | undefined;
    expect(recent?.body).toBe("Corrected words.");
    await staff.context.close();
  });

  test("bad input: the messages are next to the fields and nothing is written", async ({ browser }) => {
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/announcements");
    const before = await kiosk.getByTestId("kiosk-announcement").count();
    await kiosk.getByLabel("Link (optional)").fill("javascript:alert(1)");
    await kiosk.getByRole("button", { name: "Publish", exact: true }).click();
    await expectFieldError(kiosk, "Title", "Enter a title.");
    await expectFieldError(kiosk, "Link (optional)", "Enter a link that starts with https://, http:// or / (a page of this site).");
    await kiosk.reload();
    await expect(kiosk.getByTestId("kiosk-announcement")).toHaveCount(before);
    await staff.context.close();
  });
});

test.describe("blocked addresses", () => {
  test("staff block a range: a guest from it can neither shorten nor sign up; unblocked, both work again", async ({ page, browser }) => {
    test.setTimeout(90_000);
    // A range of its own each run: a /28 of TEST-NET-3 and a /48 of the IPv6 documentation prefix.
    const base = 16 * Math.floor(Math.random() * 16);
    const v4 = `203.0.113.${base}/28`;
    const v4Inside = `203.0.113.${base + 5}`;
    const v6Group = (0x1000 + Math.floor(Math.random() * 0xefff)).toString(16);
    const v6 = `2001:db8:${v6Group}::/48`;
    const v6Inside = `2001:db8:${v6Group}:5::9`;
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/ips");
    // Bad input first: clear messages, nothing blocked.
    await kiosk.getByLabel("Address or range").fill("203.0.113.9/24");
    await kiosk.getByRole("button", { name: "Block", exact: true }).click();
    await expectFieldError(kiosk, "Address or range", "This range has bits set after its prefix: did you mean 203.0.113.0/24?");
    await expectFieldError(kiosk, "Reason", "Enter the reason for the block.");
    await kiosk.getByLabel("Address or range").fill("203.0.113.0/33");
    await kiosk.getByLabel("Reason").fill("Spam run");
    await kiosk.getByRole("button", { name: "Block", exact: true }).click();
    await expectFieldError(kiosk, "Address or range", "Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.");
    await expect(kiosk.getByRole("table", { name: "Blocked addresses" }).getByText("203.0.113.0/24")).toHaveCount(0);

    await kiosk.getByLabel("Address or range").fill(v4);
    await kiosk.getByLabel("Reason").fill("Spam run");
    await kiosk.getByRole("button", { name: "Block", exact: true }).click();
    await expect(kiosk.getByText("The address is blocked")).toBeVisible();
    const blocked = kiosk.getByRole("table", { name: "Blocked addresses" });
    await expect(blocked.getByRole("row").filter({ hasText: v4 })).toContainText("Spam run");
    // The same range twice is refused.
    await kiosk.getByLabel("Address or range").fill(v4);
    await kiosk.getByLabel("Reason").fill("Again");
    await kiosk.getByRole("button", { name: "Block", exact: true }).click();
    await expectFieldError(kiosk, "Address or range", "This address or range is already blocked.");
    // An IPv6 range too.
    await kiosk.getByLabel("Address or range").fill(v6.toUpperCase());
    await kiosk.getByLabel("Reason").fill("Bot farm");
    await kiosk.getByRole("button", { name: "Block", exact: true }).click();
    await expect(blocked.getByRole("row").filter({ hasText: v6 })).toContainText("Bot farm");

    // A guest playing an address inside the range.
    await acceptCookies(page);
    expect((await page.request.post("/__dev/fixtures", { data: { action: "client", address: v4Inside } })).status()).toBe(200);
    await page.goto("/");
    await submitUrl(page, "https://example.com/blocked-guest");
    await expect(page.getByText(BLOCKED_MESSAGE)).toBeVisible();
    const legacy = await page.request.get("/api-create.php?url=https://example.com/blocked-legacy");
    expect(legacy.status()).toBe(403);
    expect(legacy.headers()["x-snip-error"]).toBe(BLOCKED_MESSAGE);

    const user = newUser("blocked");
    await page.goto("/app/register");
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await passwordInput(page).fill(user.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText(BLOCKED_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/app/register`);

    // A signed-in subscriber playing an address inside the range cannot create either (form and organization call alike).
    const member = await browser.newContext();
    try {
      const subscriber = await member.newPage();
      const created = await registerUser(subscriber);
      await giveSubscription(subscriber, created.email, { plan: "pro" });
      expect((await subscriber.request.post("/__dev/fixtures", { data: { action: "client", address: v4Inside } })).status()).toBe(200);
      const refused = await subscriber.request.post("/app/links/create", {
        form: { url: "https://example.com/blocked-member" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain(BLOCKED_MESSAGE);
    } finally {
      await member.close();
    }

    // An IPv6 address inside the other range is refused too.
    expect((await page.request.post("/__dev/fixtures", { data: { action: "client", address: v6Inside } })).status()).toBe(200);
    expect((await page.request.get("/api-create.php?url=https://example.com/blocked-v6")).status()).toBe(403);
    // An address outside both ranges shortens.
    expect((await page.request.post("/__dev/fixtures", { data: { action: "client", address: "203.0.114.1" } })).status()).toBe(200);
    expect((await page.request.get("/api-create.php?url=https://example.com/not-blocked")).status()).toBe(200);

    for (const range of [v4, v6]) {
      await kiosk.getByRole("button", { name: `Unblock ${range}` }).click();
      await expect(kiosk.getByText("The address is no longer blocked.")).toBeVisible();
    }
    const log = kiosk.getByRole("table", { name: "Staff log" });
    await expect(log.getByRole("row").filter({ hasText: "Address blocked" }).filter({ hasText: v4 })).toHaveCount(1);
    await expect(log.getByRole("row").filter({ hasText: "Address unblocked" }).filter({ hasText: v4 })).toHaveCount(1);

    // Unblocked: the refused sign-up wrote nothing, so the same email signs up now.
    expect((await page.request.post("/__dev/fixtures", { data: { action: "client", address: v4Inside } })).status()).toBe(200);
    await page.goto("/app/register");
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await passwordInput(page).fill(user.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
    await staff.context.close();
  });
});

test.describe("blocked addresses and signed-in creation", () => {
  test("the REST API (single and bulk) and the bulk upload refuse a client in a blocked range, as the forms do; outside it they create", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const base = 16 * Math.floor(Math.random() * 16);
    const range = `198.51.100.${base}/28`;
    const inside = `198.51.100.${base + 3}`;
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/ips");
    await kiosk.getByLabel("Address or range").fill(range);
    await kiosk.getByLabel("Reason").fill("API abuse");
    await kiosk.getByRole("button", { name: "Block", exact: true }).click();
    await expect(kiosk.getByText("The address is blocked")).toBeVisible();

    const user = await registerApiUser("enterprise");
    try {
      const { token } = await apiToken(user, { permissions: ALL_PERMISSIONS });
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const count = async () =>
        ((await (await user.session.get(`${BASE_URL}/api/urls/available/count`, { headers })).json()) as { data: { count: number } }).data
          .count;
      await fixture(user.session, { action: "client", address: inside });
      const single = await user.session.post(`${BASE_URL}/api/create`, { headers, data: { url: "https://example.com/api-blocked" } });
      expect(single.status()).toBe(403);
      expect((await single.json()).errors).toEqual([BLOCKED_MESSAGE]);
      const bulk = await user.session.post(`${BASE_URL}/api/bulk`, {
        headers,
        data: { links: [{ url: "https://example.com/api-bulk-blocked" }] },
      });
      expect(bulk.status()).toBe(403);
      expect((await bulk.json()).errors).toEqual([BLOCKED_MESSAGE]);
      const upload = await user.session.post(`${BASE_URL}/app/api/bulk/csv`, {
        headers: SAME_ORIGIN,
        multipart: {
          file: { name: `blocked-${tag()}.csv`, mimeType: "text/csv", buffer: Buffer.from("url\nhttps://example.com/upload-blocked\n") },
          domain: wranglerVar("SHORT_HOST"),
          withHeader: "true",
        },
      });
      expect(upload.status()).toBe(403);
      expect(await upload.text()).toContain(BLOCKED_MESSAGE);
      // Nothing was made: the user still has no links.
      expect(await count()).toBe(0);

      // Outside the range the same calls create.
      await fixture(user.session, { action: "client", address: "198.51.101.1" });
      const created = await user.session.post(`${BASE_URL}/api/create`, { headers, data: { url: "https://example.com/api-not-blocked" } });
      expect(created.status()).toBe(200);
      const bulkCreated = await user.session.post(`${BASE_URL}/api/bulk`, {
        headers,
        data: { links: [{ url: "https://example.com/api-bulk-not-blocked" }] },
      });
      expect(bulkCreated.status()).toBe(200);
      expect(await count()).toBe(2);
    } finally {
      await user.session.dispose();
      await kiosk.getByRole("button", { name: `Unblock ${range}` }).click();
      await staff.context.close();
    }
  });
});

test.describe("the password dictionary", () => {
  test("a common password is refused at sign-up, whatever its case, with the message next to the field", async ({ page }) => {
    const user = newUser("common");
    await acceptCookies(page);
    await page.goto("/app/register");
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await passwordInput(page).fill("PassWord123");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectFieldError(page, "Password", COMMON_PASSWORD_MESSAGE);
    await expect(page).toHaveURL(`${BASE_URL}/app/register`);
    // Nothing was written: the same email signs up with a better password.
    await passwordInput(page).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    // Signing up hashes the password: on a loaded machine that takes more than the default 5 s.
    await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/, { timeout: 20_000 });

    // Changing the password to a common one is refused too.
    await page.goto("/app/settings/security");
    const passwordCard = card(page, "Change password");
    await passwordInput(passwordCard, "Current password").fill(TEST_PASSWORD);
    await passwordInput(passwordCard, "New password").fill("iloveyou1");
    await passwordInput(passwordCard, "Confirm new password").fill("iloveyou1");
    await passwordCard.getByRole("button", { name: "Change Password" }).click();
    await expect(passwordCard.getByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
  });

  test("a password reset refuses a common password next to the field (before the link is spent)", async ({ page }) => {
    const user = await registerUser(page);
    await page.context().clearCookies();
    const link = await requestPasswordReset(page, user.email);
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Qwerty123");
    await page.getByLabel("Confirm new password").fill("Qwerty123");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectFieldError(page, "New password", COMMON_PASSWORD_MESSAGE);
    // The link still works.
    await page.goto(link);
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  });

  test("staff add a word (refused at sign-up at once) and remove it; bad input explains itself", async ({ page, browser }) => {
    const word = `snip-e2e-${tag()}`;
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/password_dictionary");
    await kiosk.getByRole("button", { name: "Add to the dictionary" }).click();
    await expectFieldError(kiosk, "Password", "Enter a password.");
    await kiosk.getByLabel("Password", { exact: true }).fill("PASSWORD");
    await kiosk.getByRole("button", { name: "Add to the dictionary" }).click();
    await expectFieldError(kiosk, "Password", "This password is already refused.");
    await kiosk.getByLabel("Password", { exact: true }).fill(word);
    await kiosk.getByRole("button", { name: "Remove from the dictionary" }).click();
    await expectFieldError(kiosk, "Password", "This password is not in the dictionary.");

    await kiosk.getByLabel("Password", { exact: true }).fill(word.toUpperCase());
    await kiosk.getByRole("button", { name: "Add to the dictionary" }).click();
    await expect(kiosk.getByText("The password is now refused")).toBeVisible();
    await expect(kiosk.getByRole("table", { name: "Added by staff" })).toContainText(word);

    const user = newUser("dictionary");
    await acceptCookies(page);
    await page.goto("/app/register");
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await passwordInput(page).fill(word);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectFieldError(page, "Password", COMMON_PASSWORD_MESSAGE);

    await kiosk.getByRole("button", { name: `Remove ${word}` }).click();
    await expect(kiosk.getByText("The password is no longer refused.")).toBeVisible();
    await expect(kiosk.getByRole("table", { name: "Staff log" }).getByRole("row").filter({ hasText: "Password added" })).not.toHaveCount(0);
    await passwordInput(page).fill(word);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
    await staff.context.close();
  });
});

test.describe("the onboarding survey", () => {
  let staffRequest: APIRequestContext | null = null;
  test.afterAll(async () => {
    // Turn the onboarding survey off, whatever happened, so no later spec meets the modal.
    staffRequest = await apiContext();
    await apiLogin(staffRequest, STAFF);
    const html = await (await staffRequest.get("/app/kiosk/surveys")).text();
    for (const [, id] of html.matchAll(/name="survey" value="([^"]+)"[^>]*>(?:(?!<\/form>).)*?value="onboarding-off"/gs)) {
      await staffRequest.post("/app/kiosk/surveys", {
        form: { intent: "onboarding-off", survey: id! },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
    }
    await staffRequest.dispose();
  });

  test("staff write a survey and turn it on; a user answers it in the modal, another skips it without JavaScript; staff read both", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = `Welcome survey ${tag()}`;
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/surveys");
    await kiosk.getByRole("button", { name: "Create survey" }).click();
    await expect(kiosk.getByText("Enter the survey's title.")).toBeVisible();
    await kiosk.getByLabel("Survey title").fill(title);
    await kiosk.getByRole("button", { name: "Create survey" }).click();
    await expect(kiosk.getByRole("heading", { name: title })).toBeVisible();
    // No questions yet: it cannot be turned on.
    await kiosk.getByRole("button", { name: `Turn on ${title}` }).click();
    await expect(kiosk.getByText("Add a question before turning the survey on.")).toBeVisible();

    await kiosk.getByRole("button", { name: "Add question" }).click();
    await expectFieldError(kiosk, "Question", "Enter the question.");
    await kiosk.getByLabel("Question", { exact: true }).fill("Which plan?");
    await kiosk.getByLabel("Kind").selectOption("choice");
    await kiosk.getByLabel("Choices (single choice: one a line)").fill("Only one");
    await kiosk.getByRole("button", { name: "Add question" }).click();
    await expectFieldError(kiosk, "Choices (single choice: one a line)", "Enter at least two choices, one a line.");
    await expect(kiosk.getByText("No questions yet.")).toBeVisible();

    await kiosk.getByLabel("Question", { exact: true }).fill("What will you use Snip for?");
    await kiosk.getByLabel("Kind").selectOption("text");
    await kiosk.getByLabel("Required").check();
    await kiosk.getByRole("button", { name: "Add question" }).click();
    await expect(kiosk.getByText("The question has been added.")).toBeVisible();
    await kiosk.getByLabel("Question", { exact: true }).fill("How did you hear about us?");
    await kiosk.getByLabel("Kind").selectOption("choice");
    await kiosk.getByLabel("Choices (single choice: one a line)").fill("Search\nA friend\nSomewhere else");
    await kiosk.getByRole("button", { name: "Add question" }).click();
    await expect(kiosk.getByRole("list", { name: "Questions" }).getByRole("listitem")).toHaveCount(2);
    await kiosk.getByRole("button", { name: `Turn on ${title}` }).click();
    await expect(kiosk.getByText("The survey is on")).toBeVisible();

    // An unverified user is not asked.
    const unverifiedContext = await browser.newContext();
    await interceptExternalHosts(unverifiedContext);
    const unverified = await unverifiedContext.newPage();
    await registerUser(unverified);
    const none = (await (await unverified.request.get("/app/api/survey/onboarding", { headers: AJAX })).json()) as { data: unknown[] };
    expect(none.data).toEqual([]);
    await unverified.goto("/app/settings/profile");
    await expect(unverified.getByRole("region", { name: "Onboarding survey" })).toHaveCount(0);
    await unverifiedContext.close();

    // A verified user: the banner, then the modal after 500 ms, answered there.
    const answerContext = await browser.newContext();
    await interceptExternalHosts(answerContext);
    const answering = await answerContext.newPage();
    const answerer = await registerVerifiedUser(answering);
    const questions = (await (await answering.request.get("/app/api/survey/onboarding", { headers: AJAX })).json()) as {
      data: { survey_id: string; question: string; type: string; options: string[] }[];
    };
    expect(questions.data.map((q) => [q.question, q.type])).toEqual([
      ["What will you use Snip for?", "text"],
      ["How did you hear about us?", "choice"],
    ]);
    await answering.goto("/app/settings/profile");
    await expect(answering.getByRole("region", { name: "Onboarding survey" })).toContainText(title);
    const modal = answering.getByRole("dialog", { name: title });
    await expect(modal).toBeVisible();
    // The required question unanswered: the plain page shows the message next to it.
    await modal.getByLabel("A friend").check();
    await modal.getByLabel("What will you use Snip for?").fill("Links for my bakery's flyers");
    await modal.getByRole("button", { name: "Send answers" }).click();
    await expect(answering.getByText("Thank you for your answers.")).toBeVisible();
    await answering.goto("/app/settings/profile");
    await expect(answering.getByRole("region", { name: "Onboarding survey" })).toHaveCount(0);
    await expect(answering.getByRole("dialog", { name: title })).toHaveCount(0);
    const after = (await (await answering.request.get("/app/api/survey/onboarding", { headers: AJAX })).json()) as { data: unknown[] };
    expect(after.data).toEqual([]);
    await answerContext.close();

    // Without JavaScript: the banner's plain page says what is missing, and Skip is remembered.
    const plainContext = await browser.newContext({ javaScriptEnabled: false });
    await interceptExternalHosts(plainContext);
    const plain = await plainContext.newPage();
    const skipper = await registerVerifiedUser(plain);
    await plain.goto("/app/settings/profile");
    const banner = plain.getByRole("region", { name: "Onboarding survey" });
    await banner.getByRole("link", { name: "Answer the survey" }).click();
    await expect(plain).toHaveURL(/\/app\/survey\/onboarding\?to=/);
    await plain.getByRole("button", { name: "Send answers" }).click();
    await expect(plain.getByText("Please answer this question.")).toBeVisible();
    await plain.goto("/app/settings/profile");
    await plain.getByRole("region", { name: "Onboarding survey" }).getByRole("button", { name: "Skip" }).click();
    await expect(plain).toHaveURL(`${BASE_URL}/app/settings/profile`);
    await expect(plain.getByRole("region", { name: "Onboarding survey" })).toHaveCount(0);
    await plainContext.close();

    // Skipping in the modal: remembered on the server and in local storage (spec 01 §9).
    const skipContext = await browser.newContext();
    await interceptExternalHosts(skipContext);
    const skipping = await skipContext.newPage();
    const modalSkipper = await registerVerifiedUser(skipping);
    await skipping.goto("/app/settings/profile");
    await skipping.getByRole("dialog", { name: title }).getByRole("button", { name: "Skip" }).click();
    await expect(skipping.getByRole("region", { name: "Onboarding survey" })).toHaveCount(0);
    await expect(skipping).toHaveURL(`${BASE_URL}/app/settings/profile`);
    expect(await skipping.evaluate(() => window.localStorage.getItem("survey-onboarding-skipped"))).toBe(questions.data[0]!.survey_id);
    await skipContext.close();

    await kiosk.reload();
    const answers = kiosk.getByRole("table", { name: "Answers" });
    const answered = answers.getByRole("row").filter({ hasText: answerer.email });
    await expect(answered).toContainText("Links for my bakery's flyers");
    await expect(answered).toContainText("A friend");
    await expect(answers.getByRole("row").filter({ hasText: skipper.email })).toContainText("Skipped");
    await expect(answers.getByRole("row").filter({ hasText: modalSkipper.email })).toContainText("Skipped");

    await kiosk.getByRole("button", { name: `Turn off ${title}` }).click();
    await expect(kiosk.getByText("The onboarding survey is off")).toBeVisible();
    // The list counts the questions and the answers (a skip is not an answer).
    await kiosk.goto("/app/kiosk/surveys");
    const listed = kiosk.getByRole("table", { name: "Surveys" }).getByRole("row").filter({ hasText: title });
    await expect(listed.getByRole("cell").nth(1)).toHaveText("2");
    await expect(listed.getByRole("cell").nth(2)).toHaveText("1");
    await staff.context.close();
  });
});

test("a non-staff post to any kiosk action changes nothing", async ({ browser }) => {
  test.setTimeout(90_000);
  const marker = tag();
  const staff = await staffPage(browser);
  const kiosk = staff.page;
  // A survey of staff's own, which the others then try to change.
  await kiosk.goto("/app/kiosk/surveys");
  await kiosk.getByLabel("Survey title").fill(`Staff survey ${marker}`);
  await kiosk.getByRole("button", { name: "Create survey" }).click();
  await expect(kiosk.getByRole("heading", { name: `Staff survey ${marker}` })).toBeVisible();
  const surveyPath = new URL(kiosk.url()).pathname;

  const subscriber = await apiContext();
  await apiLogin(subscriber, DEMO);
  const unverified = await apiContext();
  const user = newUser("nonstaff");
  expect(
    (
      await unverified.post("/app/register", {
        form: { name: user.name, email: user.email, password: user.password },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  const guest = await apiContext();

  const posts: [path: string, form: Record<string, string>][] = [
    ["/app/kiosk/announcements", { intent: "publish", title: `Intruder ${marker}`, body: "x" }],
    ["/app/kiosk/ips", { intent: "block", cidr: "192.0.2.0/24", reason: `Intruder ${marker}` }],
    ["/app/kiosk/password_dictionary", { intent: "add", word: `intruder-${marker}` }],
    ["/app/kiosk/surveys", { intent: "create", title: `Intruder ${marker}` }],
    [surveyPath, { intent: "add-question", prompt: `Intruder ${marker}`, kind: "text" }],
    [surveyPath, { intent: "rename", title: `Intruder ${marker}` }],
  ];
  for (const [who, request] of [
    ["subscriber", subscriber],
    ["unverified", unverified],
    ["guest", guest],
  ] as const) {
    for (const [path, form] of posts) {
      const response = await request.post(path, { form, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(response.status(), `${who} POST ${path}`).toBe(302);
      expect(response.headers().location, `${who} POST ${path}`).toBe(who === "guest" ? `/app/login?to=${encodeURIComponent(path)}` : "/");
    }
  }
  for (const path of ["/app/kiosk/announcements", "/app/kiosk/ips", "/app/kiosk/password_dictionary", "/app/kiosk/surveys", surveyPath]) {
    await kiosk.goto(path);
    await expect(kiosk.getByText(`Intruder ${marker}`)).toHaveCount(0);
    await expect(kiosk.getByText(`intruder-${marker}`)).toHaveCount(0);
  }
  await expect(kiosk.getByText("No questions yet.")).toBeVisible();
  expect((await recentAnnouncements(subscriber)).map((a) => a.title)).not.toContain(`Intruder ${marker}`);
  for (const context of [subscriber, unverified, guest]) await context.dispose();
  await staff.context.close();
});
