/**
 * Account settings (spec 01 §2 Settings, §5 validation, §8 423): profile, photo, email,
 * password, two-factor, sessions, usage and account deletion, each test with its own user.
 */
import type { Browser, Page } from "@playwright/test";
import { card, devFixture, enableTwoFactor, passwordInput, registerUser, signIn, signOut, totp, type TestUser } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

const MESSAGES = {
  currentPasswordWrong: "The provided password does not match your current password.",
  photoType: "The photo must be a file of type: png, jpg.",
  photoSize: "The photo must not be greater than 1024 kilobytes.",
  photoRequired: "Choose a photo to upload.",
  badCredentials: "These credentials do not match our records.",
  passwordMin: "the password must be at least 6 characters",
} as const;

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
/** A real 1×1 GIF. */
const TINY_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const PHOTO_MAX_BYTES = 1024 * 1024;

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

function passwordDialog(page: Page) {
  return page.getByRole("dialog", { name: "Confirm your password" });
}

async function uploadPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const photo = card(page, "Profile photo");
  await photo.getByLabel("New photo").setInputFiles(file);
  await photo.getByRole("button", { name: "Upload Photo" }).click();
}

async function newSignedInContext(browser: Browser, user: TestUser) {
  const context = await browser.newContext({ baseURL: BASE_URL, userAgent: FIREFOX_WINDOWS });
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return { context, page };
}

test.describe("settings shell", () => {
  test("/app/settings asks guests to sign in and opens the profile for users", async ({ page }) => {
    await page.goto("/app/settings/security");
    await expect(page).toHaveURL(`${BASE_URL}/app/login?to=${encodeURIComponent("/app/settings/security")}`);
    await registerUser(page);
    await page.goto("/app/settings");
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/profile`);
    const sidebar = page.getByRole("navigation", { name: "Account settings" });
    await expect(sidebar.getByRole("link")).toHaveText(["Profile", "Security", "Account Usage", "Subscription", "Invoices"]);
    await expect(sidebar.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  });

  test("the sidebar is a horizontal list on small screens", async ({ page }) => {
    await registerUser(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/app/settings/profile");
    const links = page.getByRole("navigation", { name: "Account settings" }).getByRole("link");
    const first = (await links.nth(0).boundingBox())!;
    const second = (await links.nth(1).boundingBox())!;
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x);
  });

  test("usage shows the plan and its limits", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/settings/usage");
    await expect(page.getByRole("heading", { name: "Free plan" })).toBeVisible();
    await expect(page.getByTestId("active-aliases-figure")).toHaveText("0 of 100");
    await expect(page.getByTestId("aliases-this-month-figure")).toHaveText("0 of 100");
    await expect(page.getByTestId("api-credits-figure")).toHaveText("0 of 0");
    await expect(page.getByRole("progressbar", { name: "Active aliases" })).toHaveAttribute("aria-valuenow", "0");
  });
});

test.describe("profile", () => {
  test("a new name is saved and shown", async ({ page }) => {
    await registerUser(page, { name: "Ada Lovelace" });
    await page.goto("/app/settings/profile");
    const nameCard = card(page, "Name");
    await nameCard.getByLabel("Name").fill("   ");
    await nameCard.getByRole("button", { name: "Save Name" }).click();
    await expect(nameCard.getByRole("alert")).toHaveText("The name field is required.");
    await nameCard.getByLabel("Name").fill("Grace Hopper");
    await nameCard.getByRole("button", { name: "Save Name" }).click();
    await expect(page.getByText("Your name has been saved.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Grace Hopper" })).toBeVisible();
    await expect(nameCard.getByLabel("Name")).toHaveValue("Grace Hopper");
  });

  test("a png photo is stored, served to its owner, and removed", async ({ page, browser }) => {
    await registerUser(page);
    await page.goto("/app/settings/profile");
    await uploadPhoto(page, { name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(page.getByText("Your photo has been updated.")).toBeVisible();
    const img = page.getByRole("img", { name: "Your profile photo" });
    await expect(img).toBeVisible();
    const src = (await img.getAttribute("src"))!;
    expect(src).toMatch(/^\/app\/user-photo\/[^/?]+\?v=[0-9a-f]{32}\.png$/);
    // Visible is not loaded: wait for the browser to have decoded the 1×1 image.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);

    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["cache-control"]).toBe("private, max-age=86400");
    expect(Buffer.from(await response.body()).equals(TINY_PNG)).toBe(true);

    // Nobody else gets it: another user, and a guest.
    const other = await browser.newContext({ baseURL: BASE_URL });
    const otherPage = await other.newPage();
    expect((await otherPage.request.get(src)).status()).toBe(404);
    await registerUser(otherPage);
    expect((await otherPage.request.get(src)).status()).toBe(404);
    await other.close();

    // A second photo replaces the first under a new URL, so no cache shows the old one.
    await uploadPhoto(page, { name: "again.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(img).not.toHaveAttribute("src", src);
    const newSrc = (await img.getAttribute("src"))!;
    expect((await page.request.get(newSrc)).status()).toBe(200);

    await card(page, "Profile photo").getByRole("button", { name: "Remove Photo" }).click();
    await expect(page.getByText("Your photo has been removed.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveCount(0);
    expect((await page.request.get(newSrc)).status()).toBe(404);
  });

  test("photos other than png and jpg, or too large, are refused", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/settings/profile");
    const photoCard = card(page, "Profile photo");

    await photoCard.getByRole("button", { name: "Upload Photo" }).click();
    await expect(photoCard.getByRole("alert")).toHaveText(MESSAGES.photoRequired);

    await uploadPhoto(page, { name: "me.gif", mimeType: "image/gif", buffer: TINY_GIF });
    await expect(photoCard.getByRole("alert")).toHaveText(MESSAGES.photoType);
    await expect(photoCard.getByLabel("New photo")).toHaveAttribute("aria-invalid", "true");

    await uploadPhoto(page, { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not an image\n") });
    await expect(photoCard.getByRole("alert")).toHaveText(MESSAGES.photoType);

    const large = Buffer.concat([TINY_PNG, Buffer.alloc(PHOTO_MAX_BYTES)]);
    await uploadPhoto(page, { name: "large.png", mimeType: "image/png", buffer: large });
    await expect(photoCard.getByRole("alert")).toHaveText(MESSAGES.photoSize);

    await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveCount(0);
  });

  test("a new email address takes effect through the link sent to it, after the password is confirmed", async ({ page }) => {
    const user = await registerUser(page);
    const newEmail = user.email.replace("@", "+new@");
    await page.goto("/app/settings/profile");
    const emailCard = card(page, "Email address");
    await emailCard.getByLabel("New email address").fill(user.email);
    await emailCard.getByRole("button", { name: "Change Email" }).click();
    await expect(emailCard.getByRole("alert")).toHaveText("This is already your email address.");

    await emailCard.getByLabel("New email address").fill(newEmail);
    await emailCard.getByRole("button", { name: "Change Email" }).click();
    const dialog = passwordDialog(page);
    await expect(dialog).toBeVisible();
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The mail goes through the queue; the dev mailbox shows it once delivered.
    await expect(async () => {
      await page.goto(`/__dev/mailbox?to=${encodeURIComponent(newEmail)}`);
      await expect(page.getByTestId("mail-subject").first()).toHaveText("Confirm your new email address");
    }).toPass({ timeout: 15_000 });
    const link = (await page.getByTestId("mail-link").first().textContent())!;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/profile?notice=email-changed`);
    await expect(page.getByText("Your email address has been changed.")).toBeVisible();
    await expect(card(page, "Email address").getByText(newEmail)).toBeVisible();

    await signOut(page);
    await signIn(page, newEmail, user.password);
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("the password sent along with an email change is not written back into the page", async ({ page }) => {
    const user = await registerUser(page);
    const response = await page.request.post("/app/settings/profile", {
      form: { intent: "change-email", email: user.email.replace("@", "+echo@"), confirm_password: user.password },
      headers: { Origin: BASE_URL },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("We sent a confirmation link to");
    expect(html).not.toContain(user.password);
  });

  test("a change link opened after another account took the address says so, and the address stays", async ({ page, browser }) => {
    const user = await registerUser(page);
    const newEmail = user.email.replace("@", "+taken@");
    await page.goto("/app/settings/profile");
    const emailCard = card(page, "Email address");
    await emailCard.getByLabel("New email address").fill(newEmail);
    await emailCard.getByRole("button", { name: "Change Email" }).click();
    const dialog = passwordDialog(page);
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
    await expect(async () => {
      await page.goto(`/__dev/mailbox?to=${encodeURIComponent(newEmail)}`);
      await expect(page.getByTestId("mail-subject").first()).toHaveText("Confirm your new email address");
    }).toPass({ timeout: 15_000 });
    const link = (await page.getByTestId("mail-link").first().textContent())!.replace(/^https?:\/\/[^/]+/, "");

    // Meanwhile someone signs up with that address.
    const other = await browser.newContext({ baseURL: BASE_URL });
    await registerUser(await other.newPage(), { email: newEmail });
    await other.close();

    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/profile?notice=email-taken`);
    await expect(card(page, "Email address").getByRole("alert")).toHaveText("The email has already been taken.");
    await expect(card(page, "Email address").getByText(user.email)).toBeVisible();
    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });
});

test.describe("security", () => {
  test("password change: the current password is checked, the new one works", async ({ page }) => {
    const user = await registerUser(page);
    await page.goto("/app/settings/security");
    const passwordCard = card(page, "Change password");
    await passwordInput(passwordCard, "Current password").fill("not my password");
    await passwordInput(passwordCard, "New password").fill("a new password");
    await passwordInput(passwordCard, "Confirm new password").fill("a new password");
    await passwordCard.getByRole("button", { name: "Change Password" }).click();
    await expect(passwordCard.getByRole("alert")).toHaveText(MESSAGES.currentPasswordWrong);
    await expect(passwordInput(passwordCard, "Current password")).toHaveAttribute("aria-invalid", "true");

    await passwordInput(passwordCard, "Current password").fill(user.password);
    await passwordInput(passwordCard, "New password").fill("short");
    await passwordInput(passwordCard, "Confirm new password").fill("short");
    await passwordCard.getByRole("button", { name: "Change Password" }).click();
    await expect(passwordCard.getByRole("alert")).toHaveText(MESSAGES.passwordMin);

    await passwordInput(passwordCard, "Current password").fill(user.password);
    await passwordInput(passwordCard, "New password").fill("a new password");
    await passwordInput(passwordCard, "Confirm new password").fill("a new password");
    await passwordCard.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your password has been changed.")).toBeVisible();

    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(page.getByText(MESSAGES.badCredentials)).toBeVisible();
    await signIn(page, user.email, "a new password");
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("two-factor: set up with a code from the secret, backup codes counted and regenerated", async ({ page }) => {
    const user = await registerUser(page);
    const { backupCodes } = await enableTwoFactor(page, user);
    const twoFactor = card(page, "Two-factor authentication");
    await page.screenshot({ path: "/tmp/settings-security-2fa.png", fullPage: true });

    // The password was entered to set it up, so no confirmation is asked again yet.
    await twoFactor.getByRole("button", { name: "Regenerate Backup Codes" }).click();
    await expect(page.getByText("Here are your new backup codes.")).toBeVisible();
    const newCodes = await twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
    expect(newCodes).toHaveLength(10);
    for (const code of newCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(newCodes.filter((code) => backupCodes.includes(code))).toEqual([]);
    await expect(twoFactor.getByTestId("backup-codes-left")).toHaveText("Backup codes left: 10 of 10");

    // Shown once: a reload lists none.
    await page.goto("/app/settings/security");
    await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

    // An old code no longer signs in; a new one does, once.
    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/login\/2FA\/verify/);
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText("The code is invalid or has already been used.");
    await page.getByLabel("Backup code").fill(newCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await page.goto("/app/settings/security");
    await expect(card(page, "Two-factor authentication").getByTestId("backup-codes-left")).toHaveText("Backup codes left: 9 of 10");
  });

  test("a wrong setup code is refused and the setup stays on the page", async ({ page }) => {
    const user = await registerUser(page);
    await page.goto("/app/settings/security");
    const twoFactor = card(page, "Two-factor authentication");
    await passwordInput(twoFactor, "Your password").fill("wrong password");
    await twoFactor.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
    await expect(twoFactor.getByRole("alert")).toHaveText(MESSAGES.currentPasswordWrong);

    await passwordInput(twoFactor, "Your password").fill(user.password);
    await twoFactor.getByRole("button", { name: "Set Up Two-Factor Authentication" }).click();
    const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    const right = totp(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    await twoFactor.getByLabel("Authentication code").fill(wrong);
    await twoFactor.getByRole("button", { name: "Confirm and Turn On" }).click();
    await expect(twoFactor.getByRole("alert")).toHaveText("The code is invalid or has already been used.");
    await expect(twoFactor.getByTestId("totp-secret")).toHaveText(secret.replace(/(.{4})(?=.)/g, "$1 "));
    await expect(twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
    await expect(twoFactor.getByText("Off", { exact: true })).toBeVisible();
    await twoFactor.getByLabel("Authentication code").fill(right);
    await twoFactor.getByRole("button", { name: "Confirm and Turn On" }).click();
    await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();
  });

  test("423: turning two-factor off asks for the password in a dialog", async ({ page }) => {
    const user = await registerUser(page);
    const { backupCodes } = await enableTwoFactor(page, user);
    // A new sign-in has no password confirmation: signing in does not count as one.
    await signOut(page);
    await signIn(page, user.email, user.password);
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);

    await page.goto("/app/settings/security");
    const twoFactor = card(page, "Two-factor authentication");
    await expect(twoFactor.getByTestId("backup-codes-left")).toHaveText("Backup codes left: 9 of 10");
    await twoFactor.getByRole("button", { name: "Turn Off Two-Factor Authentication" }).click();
    const dialog = passwordDialog(page);
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(twoFactor.getByText("On", { exact: true })).toBeVisible();

    // Cancel leaves everything as it was.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(twoFactor.getByText("On", { exact: true })).toBeVisible();

    await twoFactor.getByRole("button", { name: "Turn Off Two-Factor Authentication" }).click();
    await passwordInput(dialog).fill("not the password");
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(MESSAGES.currentPasswordWrong);
    await expect(twoFactor.getByText("On", { exact: true })).toBeVisible();

    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
    await expect(twoFactor.getByText("Off", { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Sign-in no longer asks for a code.
    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("sessions: both devices listed; signing out the other one ends it there", async ({ page, browser }) => {
    const user = await registerUser(page);
    const other = await newSignedInContext(browser, user);

    await page.goto("/app/settings/security");
    const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
    await expect(sessions).toHaveCount(2);
    const mine = sessions.filter({ hasText: "This device" });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("Chrome 156 on Linux");
    const theirs = sessions.filter({ hasNotText: "This device" });
    await expect(theirs).toContainText("Firefox 140 on Windows 10");
    await expect(theirs).toContainText("Signed in");

    await theirs.getByRole("button", { name: "Sign Out" }).click();
    const dialog = passwordDialog(page);
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText("The session has been signed out.")).toBeVisible();
    await expect(sessions).toHaveCount(1);

    await other.page.goto("/app/settings/security");
    await expect(other.page).toHaveURL(`${BASE_URL}/app/login?to=${encodeURIComponent("/app/settings/security")}`);
    await other.context.close();
  });

  test("sessions: all others signed out at once", async ({ page, browser }) => {
    const user = await registerUser(page);
    const second = await newSignedInContext(browser, user);
    const third = await newSignedInContext(browser, user);
    await page.goto("/app/settings/security");
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(3);
    await page.getByRole("button", { name: "Sign Out All Other Sessions" }).click();
    const dialog = passwordDialog(page);
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText("All your other sessions have been signed out.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(1);
    for (const { page: otherPage, context } of [second, third]) {
      await otherPage.goto("/app/settings/profile");
      await expect(otherPage).toHaveURL(/\/app\/login\?to=/);
      await context.close();
    }
  });
});

test.describe("account deletion", () => {
  test("the password deletes the account; its login stops working and its links stop redirecting at once", async ({ page }) => {
    const user = await registerUser(page);
    const prefix = `gone${Date.now().toString(36)}`;
    await devFixture(page, { action: "links", email: user.email, count: 2, url: "https://example.com/kept", aliasPrefix: prefix });
    const visit = (alias: string) => page.request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
    for (const alias of [`${prefix}01`, `${prefix}02`]) {
      const before = await visit(alias);
      expect(before.status()).toBe(302);
      expect(before.headers().location).toBe("https://example.com/kept");
    }
    await page.goto("/app/settings/profile");
    await page.getByRole("link", { name: /Delete Account/ }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/profile/delete`);
    await expect(page.getByText("Your short links stop redirecting.")).toBeVisible();

    await passwordInput(page, "Your password").fill("not the password");
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.currentPasswordWrong);

    await passwordInput(page, "Your password").fill(user.password);
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/deleted`);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    // No wait: the links were marked deleted before the answer came back.
    for (const alias of [`${prefix}01`, `${prefix}02`]) {
      const after = await visit(alias);
      expect(after.status()).toBe(302);
      expect(after.headers().location).toMatch(/\/app\/deleted$/);
    }

    await page.goto("/app/settings/profile");
    await expect(page).toHaveURL(/\/app\/login\?to=/);
    await signIn(page, user.email, user.password);
    await expect(page.getByText(MESSAGES.badCredentials)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the name form works", async ({ page }) => {
    await registerUser(page, { name: "Plain Form" });
    await page.goto("/app/settings/profile");
    const nameCard = card(page, "Name");
    await nameCard.getByLabel("Name").fill("No Script");
    await nameCard.getByRole("button", { name: "Save Name" }).click();
    await expect(page.getByText("Your name has been saved.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "No Script" })).toBeVisible();
  });

  test("the password change works", async ({ page }) => {
    const user = await registerUser(page);
    await page.goto("/app/settings/security");
    const passwordCard = card(page, "Change password");
    await passwordInput(passwordCard, "Current password").fill("wrong one");
    await passwordInput(passwordCard, "New password").fill("another password");
    await passwordInput(passwordCard, "Confirm new password").fill("another password");
    await passwordCard.getByRole("button", { name: "Change Password" }).click();
    await expect(passwordCard.getByRole("alert")).toHaveText(MESSAGES.currentPasswordWrong);
    await passwordInput(passwordCard, "Current password").fill(user.password);
    await passwordInput(passwordCard, "New password").fill("another password");
    await passwordInput(passwordCard, "Confirm new password").fill("another password");
    await passwordCard.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your password has been changed.")).toBeVisible();
    await signOut(page);
    await signIn(page, user.email, "another password");
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("the photo upload and the password dialog work", async ({ page }) => {
    const user = await registerUser(page);
    await page.goto("/app/settings/profile");
    await uploadPhoto(page, { name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(page.getByText("Your photo has been updated.")).toBeVisible();
    await uploadPhoto(page, { name: "me.gif", mimeType: "image/gif", buffer: TINY_GIF });
    await expect(card(page, "Profile photo").getByRole("alert")).toHaveText(MESSAGES.photoType);

    // The dialog is a plain form that repeats the original request.
    const emailCard = card(page, "Email address");
    await emailCard.getByLabel("New email address").fill(user.email.replace("@", "+nojs@"));
    await emailCard.getByRole("button", { name: "Change Email" }).click();
    const dialog = passwordDialog(page);
    await expect(dialog).toBeVisible();
    await passwordInput(dialog).fill("wrong");
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(MESSAGES.currentPasswordWrong);
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText("We sent a confirmation link to")).toBeVisible();
  });
});
