/**
 * Account helpers for the end-to-end tests: users made through the real sign-up form, mail read
 * from the dev mailbox, TOTP codes computed from a secret (RFC 6238), and sign-in through the
 * API request context for the route table.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { acceptCookies, BASE_URL, expect, interceptExternalHosts, SAME_ORIGIN } from "./fixtures";

export const DEMO = { email: "demo@example.com", password: "demo-password", name: "Demo User" } as const;
export const STAFF = { email: "staff@example.com", password: "staff-password", name: "Staff User" } as const;

export const ACCOUNT_TEXT = {
  passwordMin: "the password must be at least 6 characters",
  badCredentials: "These credentials do not match our records.",
  codeInvalid: "The code is invalid or has already been used.",
  resetSent: "If an account exists for that address, we have emailed a password reset link.",
  resetInvalid: "This password reset link is invalid or has expired.",
  resetDone: "Your password has been reset. Please sign in.",
  verified: "Your email address is verified.",
} as const;

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** An address no other test (or earlier run against the same state) uses. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(4).toString("hex")}@example.com`;
}

export function newUser(prefix = "user"): TestUser {
  const email = uniqueEmail(prefix);
  return { name: `Test ${prefix} ${email.slice(-16, -12)}`, email, password: TEST_PASSWORD };
}

/** The password input of a form (its reveal button's label also contains "password"). */
export function passwordInput(scope: Page | ReturnType<Page["locator"]>, label = "Password") {
  return scope.getByLabel(label, { exact: true });
}

/**
 * Signs up through /app/register, after accepting cookies (so the banner covers nothing); the
 * browser is signed in afterwards (email not yet verified).
 */
export async function registerUser(page: Page, details: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = { ...newUser(), ...details };
  await acceptCookies(page);
  await page.goto("/app/register");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
  return user;
}

/** Signs in through /app/login (a user without two-factor lands on `to` or the homepage). */
export async function loginUser(page: Page, user: Pick<TestUser, "email" | "password">, path = "/app/login"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through /app/login; stops at the two-factor step when the account has one. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await loginUser(page, { email, password });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
}

/** Waits for a mail to `to` whose subject matches and returns its first link. */
export async function mailLink(page: Page, to: string, subject: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto(`/__dev/mailbox?to=${encodeURIComponent(to)}`);
        const mail = page.getByTestId("mail").filter({ has: page.getByTestId("mail-subject").getByText(subject, { exact: true }) });
        if ((await mail.count()) === 0) return null;
        link = await mail.first().getByTestId("mail-link").first().getAttribute("href");
        return link;
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .not.toBeNull();
  return link!;
}

/** Asks for a password reset on the forgotten-password page, as a signed-out user; the mailed link. */
export async function requestPasswordReset(page: Page, email: string): Promise<string> {
  await page.goto("/app/password/reset");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Password Reset Link" }).click();
  await expect(page.getByText(ACCOUNT_TEXT.resetSent)).toBeVisible();
  return mailLink(page, email, "Reset your password");
}

/** Registers and verifies the email through the mail's link. */
export async function registerVerifiedUser(page: Page, details: Partial<TestUser> = {}): Promise<TestUser> {
  const user = await registerUser(page, details);
  await page.goto(await mailLink(page, user.email, "Verify your email address"));
  await expect(page.getByText(ACCOUNT_TEXT.verified)).toBeVisible();
  return user;
}

// ---------------------------------------------------------------------------------------------
// TOTP (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits)
// ---------------------------------------------------------------------------------------------

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const clean = input.replace(/=+$/, "").replace(/\s+/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totp(secretBase32: string, at = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(at / 1000 / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", base32Decode(secretBase32)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, "0");
}

/** The secret of an otpauth:// URI. */
export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the otpauth URI");
  return secret;
}

// ---------------------------------------------------------------------------------------------
// Sign-in without a browser page (for tables of routes)
// ---------------------------------------------------------------------------------------------

/** Signs the request context in; its cookie jar then carries the session. */
export async function apiLogin(request: APIRequestContext, user: Pick<TestUser, "email" | "password">): Promise<void> {
  const response = await request.post(`${BASE_URL}/app/login`, {
    form: { email: user.email, password: user.password },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status(), `login of ${user.email}`).toBe(302);
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

/** Signs in through /app/login and expects the homepage. */
export async function logIn(page: Page, user: Pick<TestUser, "email" | "password">): Promise<void> {
  await loginUser(page, user);
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

// ---------------------------------------------------------------------------------------------
// /__dev/fixtures (app/routes/dev/fixtures.ts): states the app has no page for yet
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
  options: { plan?: string; interval?: "monthly" | "yearly"; pastDueTrial?: boolean; pastDue?: boolean } = {},
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

// ---------------------------------------------------------------------------------------------
// Settings pages
// ---------------------------------------------------------------------------------------------

/** A settings card: the <section> headed by this title. */
export function card(page: Page, title: string) {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
}

/** Turns two-factor on from the security page; returns the secret and the backup codes shown. */
export async function enableTwoFactor(page: Page, user: TestUser): Promise<{ secret: string; backupCodes: string[] }> {
  await page.goto("/app/settings/security");
  const twoFactor = card(page, "Two-factor authentication");
  await passwordInput(twoFactor, "Your password").fill(user.password);
  await twoFactor.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
  await expect(twoFactor.getByRole("img", { name: "QR code of your two-factor secret" })).toBeVisible();
  await expect(twoFactor.getByRole("img", { name: "QR code of your two-factor secret" }).locator("svg")).toHaveCount(1);
  const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const backupCodes = await twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  await twoFactor.getByLabel("Authentication code").fill(totp(secret));
  await twoFactor.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();
  await expect(twoFactor.getByText("On", { exact: true })).toBeVisible();
  await expect(twoFactor.getByTestId("backup-codes-left")).toHaveText("Backup codes left: 10 of 10");
  return { secret, backupCodes };
}
