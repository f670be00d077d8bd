/**
 * Accounts in end-to-end tests: users are created the way people create them (the register
 * form, with unique emails), and put into states the app has no page for yet (developer,
 * subscriber, impersonation, notifications) through the dev-only /__dev/fixtures route.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { BASE_URL, interceptExternalHosts } from "./fixtures";

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

let sequence = 0;

/** An address no other test (or earlier run against the same state) uses. */
export function uniqueEmail(prefix = "user"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Registers through /app/register and stays signed in (as the form does). */
export async function registerUser(page: Page, details: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = { name: "Ada Lovelace", email: uniqueEmail(), password: TEST_PASSWORD, ...details };
  await page.goto("/app/register");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/email/verify?sent=1`);
  return user;
}

/** Registers a user in a browser context of its own, leaving the caller's session alone. */
export async function registerElsewhere(browser: Browser, details: Partial<TestUser> = {}): Promise<TestUser> {
  const context = await browser.newContext();
  try {
    await interceptExternalHosts(context);
    return await registerUser(await context.newPage(), details);
  } finally {
    await context.close();
  }
}

/** Signs in through /app/login. */
export async function logIn(page: Page, user: TestUser): Promise<void> {
  await page.goto("/app/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

// ---------------------------------------------------------------------------------------------
// /__dev/fixtures (app/routes/dev.fixtures.ts)
// ---------------------------------------------------------------------------------------------

/** Sends one fixture action with the page's cookies; fails the test unless it answers 200. */
export async function devFixture(page: Page, body: Record<string, unknown>): Promise<{ data: Record<string, unknown> }> {
  const response = await page.request.post("/__dev/fixtures", { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> };
}

export async function makeDeveloper(page: Page, email: string): Promise<void> {
  await devFixture(page, { action: "developer", email });
}

export async function giveSubscription(
  page: Page,
  email: string,
  options: { plan?: string; interval?: "monthly" | "yearly"; pastDueTrial?: boolean } = {},
): Promise<void> {
  await devFixture(page, { action: "subscription", email, ...options });
}

export interface TestMessage {
  title: string;
  body?: string;
  url?: string;
}

export async function addNotification(page: Page, email: string, message: TestMessage): Promise<string> {
  return String((await devFixture(page, { action: "notification", email, ...message })).data.id);
}

export async function addAnnouncement(page: Page, message: TestMessage): Promise<string> {
  return String((await devFixture(page, { action: "announcement", ...message })).data.id);
}

/** The page's own session becomes an impersonation by the staff user with this email. */
export async function impersonateAs(page: Page, staffEmail: string): Promise<void> {
  await devFixture(page, { action: "impersonate", by: staffEmail });
}
