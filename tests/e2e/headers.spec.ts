/**
 * Response headers of the app's pages (docs/decisions/022): HSTS everywhere, and a
 * Content-Security-Policy whose scripts need the response's nonce. The hydrated pages run under
 * it in Chromium without a single violation and stay interactive.
 */
import type { Page } from "@playwright/test";
import { apiLogin, DEMO, devFixture, giveSubscription, registerUser } from "./accounts";
import { acceptCookies, apiContext, BASE_URL, expect, resultView, submitUrl, test } from "./fixtures";
import { serveFakeTurnstile } from "./turnstile";

function scriptSources(policy: string): string[] {
  const directive = policy.split(";").find((d) => d.trim().startsWith("script-src "));
  return directive ? directive.trim().split(/\s+/).slice(1) : [];
}

function nonceOf(policy: string): string {
  const nonce = scriptSources(policy).find((s) => s.startsWith("'nonce-"));
  expect(nonce, "script-src has a nonce").toBeDefined();
  return nonce!.slice("'nonce-".length, -1);
}

/**
 * Records every CSP violation the page reports (from the first byte of every document), and the
 * console's CSP complaints, which include the ones of inline scripts and frames.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      void (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

async function expectPolicy(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()["content-security-policy"], path).toContain("'nonce-");
}

test("pages send HSTS and a policy whose script nonce is fresh per response and on every inline script", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/app/login", "/app/terms"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
    const policy = headers["content-security-policy"] ?? "";
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).toContain("base-uri 'none'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(scriptSources(policy), path).not.toContain("'unsafe-inline'");
    expect(scriptSources(policy), path).not.toContain("'unsafe-eval'");
    const nonce = nonceOf(policy);
    nonces.add(nonce);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(3);
  // JSON answers get HSTS too; the policy is for documents.
  const api = await request.get("/openapi/v2.json");
  expect(api.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  // Paddle.js is allowed on the payment page only.
  expect(scriptSources((await request.get("/")).headers()["content-security-policy"]!).join(" ")).not.toContain("paddle");
});

test("a signed-in person's pages and page data are private, no-store; a guest's pages set no such rule", async ({ request }) => {
  const guest = await request.get("/");
  expect(guest.headers()["cache-control"] ?? "").not.toContain("no-store");
  const member = await apiContext();
  await apiLogin(member, DEMO);
  for (const path of ["/dashboard", "/app/settings/api", "/app/settings/api.data?_routes=routes%2Fsettings%2Fapi", "/"]) {
    const response = await member.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(400);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  // A response with a rule of its own keeps it (the photo's caching).
  const photo = await member.get("/app/user-photo/demo-user-0000000000000000000001", { maxRedirects: 0 });
  expect(photo.headers()["cache-control"]).not.toBe("private, no-store");
  await member.dispose();
});

test.describe("the hydrated pages run under the policy", () => {
  test("a guest: the homepage (copy after shortening) and the login page", async ({ page, context }) => {
    const violations = await watchViolations(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await expectPolicy(page, "/");
    await submitUrl(page, "https://example.com/csp-guest");
    await expect(resultView(page)).toBeVisible();
    await resultView(page).getByRole("button", { name: "Copy" }).click();
    await expect(resultView(page).getByRole("button", { name: "Copied!" })).toBeVisible();
    await expectPolicy(page, "/app/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("a guest with the bot challenge (Turnstile's script and widget)", async ({ page }) => {
    const violations = await watchViolations(page);
    await acceptCookies(page);
    await devFixture(page, { action: "client", turnstile: true });
    await serveFakeTurnstile(page);
    await expectPolicy(page, "/");
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await expect(page.getByTestId("anti-robot")).toHaveAttribute("data-verified", "true");
    await submitUrl(page, "https://example.com/csp-turnstile");
    await expect(resultView(page)).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("a subscriber: the dashboard (the Create popover opens), settings and the API reference", async ({ page }) => {
    const violations = await watchViolations(page);
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    await expectPolicy(page, "/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" }).click();
    const popover = page.getByRole("dialog", { name: "Create Snip Link" });
    await expect(popover).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();

    for (const path of ["/app/settings/profile", "/app/settings/security", "/app/settings/subscription", "/app/settings/usage"]) {
      await expectPolicy(page, path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    }

    await expectPolicy(page, "/app/dev");
    await expect(page.getByTestId("api-reference").getByRole("heading", { name: "Snip API" })).toBeVisible({ timeout: 15_000 });
    expect(violations).toEqual([]);
  });
});
