/**
 * Account helpers of the end-to-end tests: a fresh user per test (registered through the
 * sign-up page, as a person would), sign-in and sign-out, and TOTP codes (RFC 6238) computed
 * from the secret the two-factor setup shows.
 */
import { createHmac } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { acceptCookies, BASE_URL } from "./fixtures";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function uniqueEmail(prefix = "u"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** The password input of a form (its reveal button's label also contains "password"). */
export function passwordInput(scope: Page | ReturnType<Page["locator"]>, label = "Password") {
  return scope.getByLabel(label, { exact: true });
}

/**
 * Registers a new user through /app/register and leaves the page signed in on the
 * "verify your email" page. Accepts cookies first, so the banner covers nothing.
 */
export async function registerUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = { name: "Test User", email: uniqueEmail(), password: "correct horse battery", ...overrides };
  await acceptCookies(page);
  await page.goto("/app/register");
  await page.getByLabel("Name", { exact: true }).fill(user.name);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await passwordInput(page).fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/email/verify?sent=1`);
  return user;
}

/** Signs in through /app/login; stops at the two-factor step when the account has one. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/app/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await passwordInput(page).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// TOTP (RFC 6238 over RFC 4226 HOTP, HMAC-SHA1, 6 digits, 30-second steps)
// ---------------------------------------------------------------------------------------------

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The current code for a base32 secret. */
export function totp(secret: string, at = Date.now(), period = 30): string {
  return hotp(base32Decode(secret), Math.floor(at / 1000 / period));
}
