/**
 * Sensitive actions (issue 14): creating an API token or a webhook endpoint asks for the
 * password (the 423 flow of spec 01 §8, docs/decisions/006); changing or resetting the password
 * ends the other sessions and then lists the API tokens that still work, each with a one-click
 * revoke (a plain form).
 */
import type { Browser, Page } from "@playwright/test";
import {
  ACCOUNT_TEXT,
  apiLogin,
  card,
  devFixture,
  giveSubscription,
  loginUser,
  mailLink,
  passwordInput,
  registerUser,
  registerVerifiedUser,
  type TestUser,
} from "./accounts";
import { BASE_URL, expect, interceptExternalHosts, SAME_ORIGIN, test } from "./fixtures";

const CONFIRM = "Confirm your password";
const WRONG_PASSWORD = "The provided password does not match your current password.";

async function apiToken(page: Page, email: string, options: Record<string, unknown> = {}): Promise<{ id: string; token: string }> {
  const { data } = await devFixture(page, { action: "api-token", email, ...options });
  return { id: String(data.id), token: String(data.token) };
}

/** Whether the REST API takes the token. */
async function apiStatus(page: Page, token: string): Promise<number> {
  const response = await page.request.get("/api/urls/available/count", { headers: { Authorization: `Bearer ${token}` } });
  return response.status();
}

/** A second signed-in device: a browser context of its own. */
async function otherDevice(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  await interceptExternalHosts(context);
  const page = await context.newPage();
  await apiLogin(page.request, user);
  await page.goto("/app/settings/security");
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/security`);
  return page;
}

async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/app/settings/security");
  await expect(page).toHaveURL(/\/app\/login\?to=/);
}

test.describe("creating credentials asks for the password", () => {
  test("a new API token: the dialog asks first; a wrong password makes nothing; the right one shows the token", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });

    // Without the password the server makes nothing, whatever the client sends.
    const bare = await page.request.post("/app/settings/api/new", {
      form: { name: "Scripted", expiry: "30d", permissions: "read" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(bare.status()).toBe(423);
    expect(await bare.text()).not.toContain("snip_");

    await page.goto("/app/settings/api/new");
    await page.getByLabel("Name").fill("Deploy script");
    await page.getByRole("button", { name: "Create Token" }).click();
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await passwordInput(dialog).fill("not-the-password");
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(dialog.getByText(WRONG_PASSWORD)).toBeVisible();
    await page.goto("/app/settings/api");
    await expect(page.getByTestId("api-token")).toHaveCount(0);

    await page.goto("/app/settings/api/new");
    await page.getByLabel("Name").fill("Deploy script");
    await page.getByRole("button", { name: "Create Token" }).click();
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByText("Your new API token. Copy it now: it is shown only once.")).toBeVisible();
    const token = (await page.getByTestId("new-token").textContent())!.trim();
    expect(await apiStatus(page, token)).toBe(200);
    await page.goto("/app/settings/api");
    await expect(page.getByTestId("api-token").filter({ hasText: "Deploy script" })).toHaveCount(1);
  });

  test("a new webhook endpoint: the dialog asks first, also without JavaScript; the endpoint exists only after it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await interceptExternalHosts(context);
    const page = await context.newPage();
    const setup = await browser.newContext();
    await interceptExternalHosts(setup);
    const user = await registerVerifiedUser(await setup.newPage());
    await giveSubscription(await setup.newPage(), user.email, { plan: "pro50k" });
    await setup.close();
    await loginUser(page, user);

    await page.goto("/app/settings/webhooks");
    const form = card(page, "Add an endpoint");
    await form.getByLabel("Endpoint URL").fill("https://hooks.example.com/guarded");
    await form.getByRole("button", { name: "Add Endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    await page.goto("/app/settings/webhooks");
    await expect(card(page, "Endpoints").getByTestId("endpoint")).toHaveCount(0);

    await form.getByLabel("Endpoint URL").fill("https://hooks.example.com/guarded");
    await form.getByRole("button", { name: "Add Endpoint" }).click();
    await passwordInput(dialog).fill(user.password);
    await dialog.getByRole("button", { name: "Confirm Password" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveValue(/^whsec_[0-9a-f]{48}$/);
    await page.goto("/app/settings/webhooks");
    await expect(card(page, "Endpoints").getByTestId("endpoint")).toHaveCount(1);
    await context.close();
  });
});

test.describe("a new password leaves no other way in", () => {
  test("changing the password ends the other sessions and lists the live API tokens, each revoked with one click", async ({
    page,
    browser,
  }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const first = await apiToken(page, user.email, { name: "Laptop script" });
    const second = await apiToken(page, user.email, { name: "CI deploy" });
    const revoked = await apiToken(page, user.email, { name: "Old revoked" });
    await page.request.post("/app/settings/api", {
      form: { intent: "revoke", tokenId: revoked.id },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    await apiToken(page, user.email, { name: "Long expired", expiresAt: "2020-01-01T00:00:00.000Z" });
    const device = await otherDevice(browser, user);

    await page.goto("/app/settings/security");
    await expect(card(page, "API tokens still active")).toHaveCount(0);
    const password = card(page, "Change password");
    await passwordInput(password, "Current password").fill(user.password);
    await passwordInput(password, "New password").fill("a-brand-new-password");
    await passwordInput(password, "Confirm new password").fill("a-brand-new-password");
    await password.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your password has been changed. Your other sessions have been signed out.")).toBeVisible();
    await expectSignedOut(device);
    await device.context().close();

    const live = card(page, "API tokens still active");
    await expect(live.getByTestId("live-token")).toHaveCount(2);
    await expect(live).toContainText("Laptop script");
    await expect(live).toContainText("CI deploy");
    await expect(live).not.toContainText("Old revoked");
    await expect(live).not.toContainText("Long expired");

    await live.getByTestId("live-token").filter({ hasText: "Laptop script" }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("The API token has been revoked.")).toBeVisible();
    await expect(live.getByTestId("live-token")).toHaveCount(1);
    await expect(live).toContainText("CI deploy");
    expect(await apiStatus(page, first.token)).toBe(401);
    expect(await apiStatus(page, second.token)).toBe(200);
  });

  test("resetting the password ends every session; signing in with the new one lists the live API tokens to revoke", async ({
    page,
    browser,
  }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const token = await apiToken(page, user.email, { name: "Forgotten script" });
    const device = await otherDevice(browser, user);
    await page.getByRole("button", { name: "Log out" }).first().click();
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    await page.goto("/app/password/reset");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Password Reset Link" }).click();
    await expect(page.getByText(ACCOUNT_TEXT.resetSent)).toBeVisible();
    await page.goto(await mailLink(page, user.email, "Reset your password"));
    await passwordInput(page, "New password").fill("reset-new-password");
    await passwordInput(page, "Confirm new password").fill("reset-new-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText(ACCOUNT_TEXT.resetDone)).toBeVisible();
    await expectSignedOut(device);
    await device.context().close();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("reset-new-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/app\/settings\/security\?notice=password-reset/);
    await expect(page.getByText("Your password has been reset. Every other session has been signed out.")).toBeVisible();
    const live = card(page, "API tokens still active");
    await expect(live.getByTestId("live-token")).toHaveCount(1);
    await live.getByTestId("live-token").filter({ hasText: "Forgotten script" }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("The API token has been revoked.")).toBeVisible();
    await expect(live).toHaveCount(0);
    expect(await apiStatus(page, token.token)).toBe(401);
  });
});
