/**
 * The kiosk helpdesk (/app/kiosk/helpdesk), end to end in Chromium: an organization member sends
 * a support request from the organization's helpdesk page, staff answer it in the kiosk (the
 * staff log names it, the member is notified) and the member sees the answer; staff edit the
 * answer; an empty answer shows its message and writes nothing; the form works without
 * JavaScript; a non-staff post changes nothing.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { apiLogin, DEMO, loginUser, newUser, STAFF, type TestUser } from "./accounts";
import { acceptCookies, apiContext, BASE_URL, expect, interceptExternalHosts, SAME_ORIGIN, test } from "./fixtures";
import { registerByForm } from "./organizations";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };
const KIOSK = "/app/kiosk/helpdesk";
const ANSWER_REQUIRED = "Enter the answer.";

const suffix = randomBytes(3).toString("hex");
const slug = `helpdesk-${suffix}`;
const orgName = `Helpdesk Org ${suffix}`;
let owner: TestUser;
let member: TestUser;

async function fixture(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post(`${BASE_URL}/__dev/fixtures`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async () => {
  owner = newUser("hd-owner");
  member = newUser("hd-member");
  const admin = await apiContext();
  for (const user of [owner, member]) {
    const context = await apiContext();
    await registerByForm(context, user);
    await context.dispose();
    await fixture(admin, { action: "developer", email: user.email });
  }
  await fixture(admin, {
    action: "organization",
    email: owner.email,
    slug,
    name: orgName,
    teams: [{ slug: "alpha", name: "Alpha", members: [{ email: member.email, role: "member" }] }],
  });
  await admin.dispose();
});

async function signedIn(browser: Browser, user: Pick<TestUser, "email" | "password">, javaScriptEnabled = true) {
  const context: BrowserContext = await browser.newContext({ javaScriptEnabled });
  await interceptExternalHosts(context);
  const page: Page = await context.newPage();
  await acceptCookies(page);
  await loginUser(page, user);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return { context, page };
}

/** The member sends a request from the organization's helpdesk page; answers its id. */
async function sendRequest(page: Page, subject: string, message: string): Promise<string> {
  await page.goto(`/app/organizations/${slug}/helpdesk`);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Your request has been sent.")).toBeVisible();
  const item = page.locator("[data-request]").filter({ hasText: subject });
  await expect(item).toContainText("Waiting for an answer");
  return (await item.getAttribute("data-request"))!;
}

test("staff answer a member's request in the kiosk; the member sees the answer and is notified", async ({ browser }) => {
  test.setTimeout(90_000);
  const subject = `Branded domains ${suffix}`;
  const sender = await signedIn(browser, member);
  const id = await sendRequest(sender.page, subject, "How do we add a branded domain?");

  const staff = await signedIn(browser, STAFF);
  const kiosk = staff.page;
  await kiosk.goto("/app/kiosk");
  await kiosk.getByRole("navigation", { name: "Kiosk" }).getByRole("link", { name: "Helpdesk" }).click();
  await expect(kiosk).toHaveURL(`${BASE_URL}${KIOSK}`);
  const item = kiosk.locator(`[data-request="${id}"]`);
  await expect(item).toContainText(subject);
  await expect(item).toContainText("How do we add a branded domain?");
  await expect(item).toContainText(`${orgName} (${slug})`);
  await expect(item).toContainText(`${member.name} <${member.email}>`);
  await expect(item).toContainText("Waiting for an answer");

  // An empty answer: the message next to the field, nothing written.
  const field = item.getByLabel("Answer", { exact: true });
  await field.fill("   ");
  await item.getByRole("button", { name: "Send the answer" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const errorId = (await field.getAttribute("aria-describedby"))!.split(" ")[0];
  await expect(kiosk.locator(`[id="${errorId}"]`)).toHaveText(ANSWER_REQUIRED);
  await kiosk.goto(KIOSK);
  await expect(kiosk.locator(`[data-request="${id}"]`)).toContainText("Waiting for an answer");
  await expect(kiosk.getByRole("cell", { name: `${slug}: ${subject}` })).toHaveCount(0);
  await sender.page.reload();
  await expect(sender.page.locator(`[data-request="${id}"]`)).toContainText("Waiting for an answer");

  // The answer: a notice, gone from "Unanswered", shown under "All", in the staff log.
  await kiosk.locator(`[data-request="${id}"]`).getByLabel("Answer", { exact: true }).fill("Organization Domains arrive soon.");
  await kiosk.locator(`[data-request="${id}"]`).getByRole("button", { name: "Send the answer" }).click();
  await expect(kiosk.getByText("The answer has been sent: the organization sees it on its helpdesk page.")).toBeVisible();
  await expect(kiosk.locator(`[data-request="${id}"]`)).toHaveCount(0);
  await expect(
    kiosk
      .getByRole("table", { name: "Staff log" })
      .getByRole("row")
      .filter({ hasText: `${slug}: ${subject}` }),
  ).toContainText("Support request answered");
  await kiosk.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "All" }).click();
  const answered = kiosk.locator(`[data-request="${id}"]`);
  await expect(answered).toContainText("Organization Domains arrive soon.");
  await expect(answered).toContainText(`Answered by ${STAFF.email}`);

  // The member sees the answer and has a notification linking to the helpdesk page.
  await sender.page.reload();
  await expect(sender.page.locator(`[data-request="${id}"]`)).toContainText("Organization Domains arrive soon.");
  const recent = await sender.page.request.get("/app/api/notifications/recent", { headers: AJAX });
  const { notifications } = ((await recent.json()) as { data: { notifications: { title: string; body: string; url: string }[] } }).data;
  expect(notifications.filter((n) => n.body === subject)).toEqual([
    expect.objectContaining({ title: "Your support request was answered", url: `/app/organizations/${slug}/helpdesk` }),
  ]);

  // Answering again edits the answer (no second notification).
  await answered.getByLabel("Edit the answer", { exact: true }).fill("Organization Domains arrive next month.");
  await answered.getByRole("button", { name: "Save the new answer" }).click();
  await expect(kiosk.getByText("The answer has been changed: the organization sees the new answer.")).toBeVisible();
  await expect(kiosk).toHaveURL(`${BASE_URL}${KIOSK}?show=all&notice=edited`);
  await expect(
    kiosk
      .getByRole("table", { name: "Staff log" })
      .getByRole("row")
      .filter({ hasText: `${slug}: ${subject}` })
      .first(),
  ).toContainText("Support request answer edited");
  await sender.page.reload();
  await expect(sender.page.locator(`[data-request="${id}"]`)).toContainText("Organization Domains arrive next month.");
  const again = await sender.page.request.get("/app/api/notifications/recent", { headers: AJAX });
  const after = ((await again.json()) as { data: { notifications: { body: string }[] } }).data.notifications;
  expect(after.filter((n) => n.body === subject)).toHaveLength(1);

  await sender.context.close();
  await staff.context.close();
});

test("staff answer with a plain form without JavaScript", async ({ browser }) => {
  test.setTimeout(60_000);
  const subject = `Plain question ${suffix}`;
  const sender = await signedIn(browser, member);
  const id = await sendRequest(sender.page, subject, "Sent with scripts, answered without.");
  const staff = await signedIn(browser, STAFF, false);
  await staff.page.goto(KIOSK);
  const item = staff.page.locator(`[data-request="${id}"]`);
  await item.getByRole("button", { name: "Send the answer" }).click();
  await expect(staff.page.locator(`[data-request="${id}"]`).getByText(ANSWER_REQUIRED)).toBeVisible();
  await staff.page.locator(`[data-request="${id}"]`).getByLabel("Answer", { exact: true }).fill("Answered without scripts.");
  await staff.page.locator(`[data-request="${id}"]`).getByRole("button", { name: "Send the answer" }).click();
  await expect(staff.page.getByText("The answer has been sent: the organization sees it on its helpdesk page.")).toBeVisible();
  await sender.page.reload();
  await expect(sender.page.locator(`[data-request="${id}"]`)).toContainText("Answered without scripts.");
  await sender.context.close();
  await staff.context.close();
});

test("a non-staff post to the kiosk helpdesk changes nothing", async ({ browser }) => {
  test.setTimeout(60_000);
  const subject = `Untouched ${suffix}`;
  const sender = await signedIn(browser, member);
  const id = await sendRequest(sender.page, subject, "Nobody but staff may answer this.");

  const subscriber = await apiContext();
  await apiLogin(subscriber, DEMO);
  const unverified = await apiContext();
  await registerByForm(unverified, newUser("hd-nonstaff"));
  const guest = await apiContext();
  for (const [who, request] of [
    ["subscriber", subscriber],
    ["unverified", unverified],
    ["guest", guest],
  ] as const) {
    const response = await request.post(KIOSK, { form: { id, answer: "Intruder answer" }, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), who).toBe(302);
    expect(response.headers().location, who).toBe(who === "guest" ? `/app/login?to=${encodeURIComponent(KIOSK)}` : "/");
  }
  await sender.page.reload();
  const item = sender.page.locator(`[data-request="${id}"]`);
  await expect(item).toContainText("Waiting for an answer");
  await expect(item).not.toContainText("Intruder answer");
  for (const context of [subscriber, unverified, guest]) await context.dispose();
  await sender.context.close();
});
