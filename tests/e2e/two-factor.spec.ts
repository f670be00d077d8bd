/**
 * Signing in with TOTP two-factor (spec 01 §3 mode 1): a code computed from the secret works,
 * a wrong one is refused, a code is accepted once, backup codes work once, and the session is
 * a new one after the second step.
 */
import type { Page } from "@playwright/test";
import { ACCOUNT_TEXT, enableTwoFactor, loginUser, logout, registerUser, totp } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

const SESSION = "__Host-snip_session";

async function sessionId(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === SESSION)?.value;
}

async function submitCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("sign-in asks for the code; a code from the secret signs in, a wrong one is refused, and a used one is refused", async ({
  page,
  browser,
}) => {
  const user = await registerUser(page);
  // The setup used the current step's code; sign-ins below use the next step's (still inside ±1).
  const { secret } = await enableTwoFactor(page, user);
  const sessionBefore = await sessionId(page);
  await logout(page);

  await loginUser(page, user, `/app/login?to=${encodeURIComponent("/app/settings/security")}`);
  await expect(page).toHaveURL(`${BASE_URL}/app/login/2FA/verify?to=${encodeURIComponent("/app/settings/security")}`);
  expect(await sessionId(page), "no session before the second step").toBeUndefined();

  await submitCode(page, "000000" === totp(secret, Date.now(), 1) ? "111111" : "000000");
  await expect(page.locator("#field-code-error")).toHaveText(ACCOUNT_TEXT.codeInvalid);

  const code = totp(secret, Date.now(), 1);
  await submitCode(page, code);
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/security`);
  const sessionAfter = await sessionId(page);
  expect(sessionAfter).toBeTruthy();
  expect(sessionAfter).not.toBe(sessionBefore);

  // The same code, replayed by someone else who knows the password, inside its 30-second window.
  const other = await browser.newContext();
  const attacker = await other.newPage();
  await loginUser(attacker, user);
  await expect(attacker).toHaveURL(/\/app\/login\/2FA\/verify$/);
  await submitCode(attacker, code);
  await expect(attacker.getByText(ACCOUNT_TEXT.codeInvalid)).toBeVisible();
  expect(await sessionId(attacker)).toBeUndefined();
  await attacker.goto("/app/settings");
  await expect(attacker).toHaveURL(/\/app\/login\?to=/);
  await other.close();
});

test("a backup code signs in once", async ({ page }) => {
  const user = await registerUser(page);
  const { backupCodes } = await enableTwoFactor(page, user);
  await logout(page);

  await loginUser(page, user);
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await logout(page);

  await loginUser(page, user);
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#field-code-error")).toHaveText(ACCOUNT_TEXT.codeInvalid);
  // Another, unused code still works.
  await page.getByLabel("Backup code").fill(backupCodes[1]!.replace("-", ""));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
});

test("the two-factor step without a pending sign-in goes back to the login page", async ({ page }) => {
  await page.goto("/app/login/2FA/verify");
  await expect(page).toHaveURL(`${BASE_URL}/app/login?notice=2fa-expired`);
  await expect(page.getByText("Your sign-in attempt expired. Please sign in again.")).toBeVisible();
});
