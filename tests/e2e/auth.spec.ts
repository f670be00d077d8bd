/**
 * Accounts end to end, as a user meets them: sign-up, the verification mail in the dev mailbox,
 * sign-out and sign-in, the password rule, one answer for unknown emails and wrong passwords,
 * the password reset link that works once, and the return to `to` after sign-in.
 */
import {
  ACCOUNT_TEXT,
  DEMO,
  loginUser,
  logout,
  mailLink,
  newUser,
  registerUser,
  registerVerifiedUser,
  requestPasswordReset,
} from "./accounts";
import { acceptCookies, BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

test.describe("sign-up, verification, sign-out, sign-in", () => {
  test("a new user registers, verifies through the mailed link, logs out and logs back in", async ({ page }) => {
    const user = await registerUser(page);
    await expect(page.getByText(`We sent a verification link to ${user.email}`)).toBeVisible();

    const link = await mailLink(page, user.email, "Verify your email address");
    expect(link).toMatch(new RegExp(`^${BASE_URL}/app/email/verify/[^/]+/[^/]+$`));
    await page.goto(link);
    await expect(page).toHaveURL(`${BASE_URL}/app/email/verify?verified=1`);
    await expect(page.getByText(ACCOUNT_TEXT.verified)).toBeVisible();

    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: user.name })).toBeVisible();
    await logout(page);

    await loginUser(page, user);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: user.name })).toBeVisible();
    // Verified stays verified after signing in again.
    await page.goto("/app/email/verify");
    await expect(page.getByText(ACCOUNT_TEXT.verified)).toBeVisible();
  });

  test("a verification link works only for the account it was sent to", async ({ page, browser }) => {
    const first = await registerUser(page);
    const link = await mailLink(page, first.email, "Verify your email address");
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await registerUser(otherPage);
    await otherPage.goto(link);
    await expect(otherPage.getByText("This verification link is invalid or has expired.")).toBeVisible();
    await other.close();
  });

  test("the resend button sends a fresh verification mail", async ({ page }) => {
    const user = await registerUser(page);
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByText("A fresh verification link has been sent to your email address.")).toBeVisible();
    await expect
      .poll(async () => {
        await page.goto(`/__dev/mailbox?to=${encodeURIComponent(user.email)}`);
        return page.getByTestId("mail").count();
      })
      .toBe(2);
  });

  test("an email already registered is refused next to the email field", async ({ page, browser }) => {
    const user = await registerUser(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto("/app/register");
    await otherPage.getByLabel("Name").fill("Someone Else");
    await otherPage.getByLabel("Email").fill(user.email.toUpperCase());
    await otherPage.getByLabel("Password", { exact: true }).fill("another-password");
    await otherPage.getByRole("button", { name: "Sign Up" }).click();
    await expect(otherPage.locator("#field-email-error")).toHaveText("The email has already been taken.");
    await other.close();
  });

  test("the same email signed up from three browsers at once: one account, and the others are told the email is taken", async ({
    browser,
  }) => {
    const user = newUser();
    const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL: BASE_URL })));
    const responses = await Promise.all(
      contexts.map((context) =>
        context.request.post("/app/register", {
          form: { name: user.name, email: user.email, password: user.password },
          headers: SAME_ORIGIN,
          maxRedirects: 0,
        }),
      ),
    );
    expect(responses.map((response) => response.status()).sort()).toEqual([302, 422, 422]);
    for (const response of responses.filter((r) => r.status() === 422)) {
      expect(await response.text()).toContain("The email has already been taken.");
    }
    await Promise.all(contexts.map((context) => context.close()));
  });

  test("after a refused sign-up, pressing Sign Up while the corrected field is being checked still signs up", async ({ page }) => {
    const user = newUser();
    // The cookie banner would cover the button the mouse presses below.
    await acceptCookies(page);
    await page.goto("/app/register");
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("12345");
    const signUp = page.getByRole("button", { name: "Sign Up" });
    await signUp.click();
    await expect(page.locator("#field-password-error")).toHaveText(ACCOUNT_TEXT.passwordMin);

    // From now on the form checks a field on the server when it is left. Pressing the button
    // leaves the password field: that check is held in flight while the press is under way.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/app/register.data", async (route) => {
      if (!route.request().postData()?.includes("__intent__=")) return route.fallback();
      await released;
      // The sign-up's own post may have cancelled it meanwhile.
      await route.continue().catch(() => {});
    });
    const checking = page.waitForRequest(
      (request) => request.url().endsWith("/app/register.data") && !!request.postData()?.includes("__intent__="),
    );
    await password.fill(user.password);
    await signUp.scrollIntoViewIfNeeded();
    const box = (await signUp.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await checking;
    // Let the page render whatever the check in flight changes.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
    await expect(signUp).toBeEnabled();
    await page.mouse.up();
    release();
    await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/, { timeout: 20_000 });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the password rule (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("a short password gets the spec's message next to the field, and no account is made", async ({ page }) => {
      const user = newUser();
      await page.goto("/app/register");
      await page.getByLabel("Name").fill(user.name);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill("12345");
      await page.getByRole("button", { name: "Sign Up" }).click();
      const error = page.locator("#field-password-error");
      await expect(error).toHaveText(ACCOUNT_TEXT.passwordMin);
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
      // What the user typed in the other fields is kept.
      await expect(page.getByLabel("Email")).toHaveValue(user.email);
      await loginUser(page, { email: user.email, password: "12345" });
      await expect(page.getByText(ACCOUNT_TEXT.badCredentials)).toBeVisible();
    });

    test("register, then sign in, as plain forms", async ({ page }) => {
      const user = await registerUser(page);
      await page.context().clearCookies();
      await loginUser(page, user);
      await expect(page).toHaveURL(`${BASE_URL}/`);
      await expect(page.getByRole("banner").getByRole("link", { name: user.name })).toBeVisible();
    });
  });
}

test.describe("sign-in answers", () => {
  test("a wrong password and an unknown email get the same answer", async ({ page, request }) => {
    await loginUser(page, { email: DEMO.email, password: "not-the-password" });
    const wrongPassword = await page.getByRole("alert").textContent();
    await loginUser(page, { email: `nobody-${Date.now()}@example.com`, password: "not-the-password" });
    const unknownEmail = await page.getByRole("alert").textContent();
    expect(wrongPassword).toBe(ACCOUNT_TEXT.badCredentials);
    expect(unknownEmail).toBe(wrongPassword);

    const statuses = [];
    for (const email of [DEMO.email, `nobody-${Date.now()}@example.com`]) {
      const response = await request.post("/app/login", {
        form: { email, password: "not-the-password" },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([401, 401]);
  });

  test("after sign-in the user returns to the page that asked for it", async ({ page }) => {
    await page.goto("/app/email/verify");
    await expect(page).toHaveURL(`${BASE_URL}/app/login?to=${encodeURIComponent("/app/email/verify")}`);
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/email/verify`);
  });

  test("a `to` that leaves the site is ignored", async ({ page }) => {
    await loginUser(page, DEMO, `/app/login?to=${encodeURIComponent("//evil.example/steal")}`);
    // The homepage, which sends the (subscribed) demo user on to the dashboard.
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  });

  test("the caps-lock indicator and the reveal toggle", async ({ page }) => {
    await page.goto("/app/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    // Headless Chromium has no Caps Lock key state of its own: the key events carry it.
    await password.dispatchEvent("keyup", { key: "A", modifierCapsLock: true });
    await expect(page.getByText("Caps Lock is on")).toBeVisible();
    await password.dispatchEvent("keyup", { key: "a", modifierCapsLock: false });
    await expect(page.getByText("Caps Lock is on")).toHaveCount(0);
  });
});

test.describe("password reset", () => {
  test("the mailed link sets a new password once", async ({ page }) => {
    const user = await registerUser(page);
    await page.context().clearCookies();

    const link = await requestPasswordReset(page, user.email);
    expect(link).toMatch(new RegExp(`^${BASE_URL}/app/password/reset/[^/]+$`));
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password");
    await page.getByLabel("Confirm new password").fill("brand-new-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    // Signing in then leads to the security page's list of the API tokens that still work.
    const review = encodeURIComponent("/app/settings/security?notice=password-reset&tokens=review");
    await expect(page).toHaveURL(`${BASE_URL}/app/login?notice=reset&to=${review}`);
    await expect(page.getByText(ACCOUNT_TEXT.resetDone)).toBeVisible();

    // The old password no longer works; the new one does.
    await loginUser(page, user);
    await expect(page.getByText(ACCOUNT_TEXT.badCredentials)).toBeVisible();
    await loginUser(page, { email: user.email, password: "brand-new-password" });
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await page.context().clearCookies();

    // The same link a second time says at once that it no longer works, and offers a new one.
    await page.goto(link);
    await expect(page.getByText(ACCOUNT_TEXT.resetInvalid)).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/app/password/reset");
    // A post with it anyway changes nothing.
    const replay = await page.request.post(link, {
      form: { password: "yet-another-password", password_confirmation: "yet-another-password" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(422);
    await loginUser(page, { email: user.email, password: "yet-another-password" });
    await expect(page.getByText(ACCOUNT_TEXT.badCredentials)).toBeVisible();
  });

  test("a link that was never issued says so when opened, without a form", async ({ page }) => {
    await page.goto("/app/password/reset/no-such-token");
    await expect(page.getByText(ACCOUNT_TEXT.resetInvalid)).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });

  test("an unknown address gets the same answer and no mail", async ({ page }) => {
    const email = `nobody-${Date.now()}@example.com`;
    await page.goto("/app/password/reset");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Password Reset Link" }).click();
    await expect(page.getByText(ACCOUNT_TEXT.resetSent)).toBeVisible();
    await page.waitForTimeout(1500);
    await page.goto(`/__dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("mail")).toHaveCount(0);
  });

  test("the new password must follow the rule and match its confirmation", async ({ page }) => {
    const user = await registerUser(page);
    await page.context().clearCookies();
    await page.goto(await requestPasswordReset(page, user.email));
    await page.getByLabel("New password", { exact: true }).fill("123");
    await page.getByLabel("Confirm new password").fill("456");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.locator("#field-password-error")).toHaveText(ACCOUNT_TEXT.passwordMin);
  });
});

test("registerVerifiedUser leaves a verified, signed-in user", async ({ page }) => {
  const user = await registerVerifiedUser(page);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: user.name })).toBeVisible();
});
