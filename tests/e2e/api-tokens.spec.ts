/**
 * API tokens in Chromium (issue 5): Settings → API creates a token that is shown once, the
 * token works with fetch, the list shows when it was last used, editing its permissions takes
 * effect on the next request, and revoking it makes the next request a 401. /app/dev renders
 * the API reference from /openapi/v2.json.
 */
import type { Page } from "@playwright/test";
import { giveSubscription, passwordInput, registerUser, registerVerifiedUser } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

/** fetch from the page, as a script using the token would. */
async function apiFetch(
  page: Page,
  token: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ token, path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "omit",
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    { token, path, body },
  );
}

test("a token is created in settings, shown once, works with fetch, shows its last use, and is refused once revoked", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  await page.goto("/app/settings/profile");
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/api`);
  await expect(page.getByText("You have no API tokens yet.")).toBeVisible();

  await page.getByRole("link", { name: "Create Token" }).click();
  // The form says what is missing, next to the field.
  await page.getByLabel("Read links", { exact: true }).uncheck();
  await page.getByLabel("Create links", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Create Token" }).click();
  await expect(page.getByText("Give the token a name.")).toBeVisible();
  await expect(page.getByText("Choose at least one permission.")).toBeVisible();

  await page.getByLabel("Name").fill("Deploy script");
  await page.getByLabel("Expires after").selectOption("30d");
  await page.getByLabel("Create links", { exact: true }).check();
  await page.getByLabel("Read links", { exact: true }).check();
  await page.getByRole("button", { name: "Create Token" }).click();
  // A new token asks for the password first (the 423 flow); the dialog then sends the form as filled in.
  const confirmPassword = page.getByRole("dialog", { name: "Confirm your password" });
  await passwordInput(confirmPassword).fill(user.password);
  await confirmPassword.getByRole("button", { name: "Confirm Password" }).click();
  await expect(page.getByText("Your new API token. Copy it now: it is shown only once.")).toBeVisible();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^snip_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: test.info().outputPath("token-created.png"), fullPage: true });

  await page.getByRole("link", { name: "Done" }).click();
  const row = page.getByTestId("api-token").filter({ hasText: "Deploy script" });
  await expect(row).toContainText(`${token.slice(0, 12)}…`);
  await expect(row).toContainText("Read links, Create links");
  await expect(row.getByTestId("last-used")).toHaveText("Never");
  expect(await page.content(), "the token is never shown again").not.toContain(token);

  const alias = `tok-${Date.now().toString(36)}`;
  const created = await apiFetch(page, token, "/api/create", { url: "https://example.com/from-the-api", alias });
  expect(created.status).toBe(200);
  expect(created.json).toMatchObject({ code: 0, errors: [], data: { alias, url: "https://example.com/from-the-api" } });
  const visit = await page.request.get(`/${alias}`, { maxRedirects: 0 });
  expect(visit.headers().location).toBe("https://example.com/from-the-api");

  await page.reload();
  await expect(row.getByTestId("last-used")).toHaveText(/UTC$/);

  // Taking a permission away holds from the next request.
  await row.getByRole("link", { name: "Edit Deploy script" }).click();
  await page.getByLabel("Create links", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Save Token" }).click();
  await expect(page.getByText("The token has been saved.")).toBeVisible();
  await expect(row).toContainText("Read links");
  await expect(row).not.toContainText("Create links");
  const refused = await apiFetch(page, token, "/api/create", { url: "https://example.com/refused" });
  expect(refused.status).toBe(403);
  expect((await apiFetch(page, token, "/api/urls/available/count")).status).toBe(200);

  await row.getByRole("button", { name: "Revoke Deploy script" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this token?" });
  await expect(confirm).toContainText(`${token.slice(0, 12)}…`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect((await apiFetch(page, token, "/api/urls/available/count")).status, "cancelled: the token still works").toBe(200);
  await row.getByRole("button", { name: "Revoke Deploy script" }).click();
  await confirm.getByRole("button", { name: "Revoke Token" }).click();
  await expect(page.getByText("The token has been revoked. Requests with it are refused from now on.")).toBeVisible();
  await expect(page.getByTestId("api-token")).toHaveCount(0);
  const revoked = await apiFetch(page, token, "/api/urls/available/count");
  expect(revoked.status).toBe(401);
  expect(revoked.json.errors).toEqual(["Unauthenticated. Send a valid API token as a Bearer token or as api_token."]);
});

test("without the plan's API there is no API entry, and the page says so", async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto("/app/settings/profile");
  await expect(page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "API" })).toHaveCount(0);
  await page.goto("/app/settings/api");
  await expect(page.getByText("API access is not included in your plan.")).toBeVisible();
  await page.goto("/app/settings/api/new");
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/api`);
});

test("the API pages need a signed-in user with a verified email or a subscription", async ({ page }) => {
  await page.goto("/app/settings/api/new");
  await expect(page).toHaveURL(`${BASE_URL}/app/login?to=${encodeURIComponent("/app/settings/api/new")}`);
  await registerUser(page);
  await page.goto("/app/settings/api");
  await expect(page).toHaveURL(/\/app\/email\/verify$/);
});

test("/app/dev renders the API reference from /openapi/v2.json with the bundled viewer", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(BASE_URL) && !request.url().startsWith("data:")) external.push(request.url());
  });
  await page.goto("/app/dev");
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByRole("heading", { name: "Snip API" })).toBeVisible({ timeout: 15_000 });
  await expect(reference.getByText("Create a short link").first()).toBeVisible();
  await expect(reference.getByText("List links").first()).toBeVisible();
  await expect(reference.getByText("Analytics").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("api-reference.png") });
  expect(external, "no CDN or third-party request").toEqual([]);
});

test("a post the API page never sends is 400 with the general message on the page", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  for (const form of [{ intent: "bogus" }, { intent: "revoke" }]) {
    const response = await page.request.post("/app/settings/api", { form, headers: { Origin: BASE_URL } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toMatch(/role="alert"[^>]*>Something went wrong\. Please try again or contact customer support\.</);
  }
});
