/**
 * Single sign-on (issue 17, docs/decisions/034) end to end, against a real OpenID provider
 * (oidc-provider on E2E_PORT+1000, its own login and consent pages) and the DNS-over-HTTPS stub
 * (E2E_PORT+1001), both started by playwright.config.ts: the owner configures SSO and proves the
 * domain, requires it; a member's password sign-in is then refused with the way to SSO; the
 * member signs in through the provider and lands in the organization with a membership created;
 * someone outside the verified domains is refused. Then the role × route table of the SSO page's
 * writes for every persona, a refused write changing nothing.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { SSO_MESSAGES, ssoTxtName } from "../../domain/sso";
import { SSO_E2E_CLIENT } from "../stubs/sso-stubs-client";
import { apiLogin, logIn, makeDeveloper, passwordInput, registerElsewhere, TEST_PASSWORD } from "./accounts";
import { apiContext, BASE_URL, expect, PORT, SAME_ORIGIN, test } from "./fixtures";
import { organizationWorld, PERSONAS, type OrganizationWorld, type Persona } from "./organizations";

const ISSUER = `http://127.0.0.1:${PORT + 1000}`;
const DNS_CONTROL = `http://127.0.0.1:${PORT + 1001}/__records`;

// One story: the owner's configuration is what the later tests sign in against.
test.describe.configure({ mode: "serial" });

let world: OrganizationWorld;
const domain = `sso-${randomBytes(3).toString("hex")}.test`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await organizationWorld("sso");
});
test.afterAll(async () => {
  await world.dispose();
});

const ssoPage = () => `/app/organizations/${world.slug}/settings/profile/sso`;

async function setTxt(name: string, txt: string[]): Promise<void> {
  const control = await apiContext();
  const response = await control.post(DNS_CONTROL, { data: { name, txt } });
  expect(response.status()).toBe(204);
  await control.dispose();
}

/** At the provider's own pages: log in as `login` (any password), then consent. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${ISSUER.replace(/[.]/g, "\\.")}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("provider-password");
  await page.getByRole("button", { name: /sign-in/i }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("the owner configures SSO and proves the domain; a member signs in through the provider and joins the organization", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The member: an account of the domain that is not yet in the organization.
  const member = await registerElsewhere(browser, { email: `ann-${randomBytes(2).toString("hex")}@${domain}`, password: TEST_PASSWORD });

  await logIn(page, world.users.owner);
  await makeDeveloper(page, member.email);
  await page.goto(ssoPage());
  await expect(page.getByRole("heading", { name: "SSO", exact: true })).toBeVisible();

  // A mistake first: an issuer that is not a URL, and no role.
  await page.getByLabel("Issuer").fill("not a url");
  await page.getByLabel("Client ID").fill(SSO_E2E_CLIENT.client_id);
  await page.getByLabel("Client secret").fill(SSO_E2E_CLIENT.client_secret);
  await page.getByLabel("Email domains").fill(domain);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(SSO_MESSAGES.issuerInvalid)).toBeVisible();
  await expect(page.getByText(SSO_MESSAGES.roleRequired)).toBeVisible();

  await page.getByLabel("Issuer").fill(ISSUER);
  await page.getByLabel("Client secret").fill(SSO_E2E_CLIENT.client_secret);
  await page.getByLabel("Role of new members").selectOption({ label: "Only audit" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(SSO_MESSAGES.saved)).toBeVisible();
  // The secret is never shown again, not even in the page's source.
  expect(await page.content()).not.toContain(SSO_E2E_CLIENT.client_secret);
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await page.screenshot({ path: "test-results/sso-settings.png", fullPage: true });

  // Verification: not yet published, then published at the stub.
  const row = page.locator(`li[data-domain="${domain}"]`);
  await expect(row.getByText("Not verified")).toBeVisible();
  const value = (await row.locator("code").nth(1).textContent())!;
  expect(value).toMatch(/^snip-sso-verification=[0-9a-f]{32}$/);
  await row.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(page.getByText(SSO_MESSAGES.notVerified(domain))).toBeVisible();
  await setTxt(ssoTxtName(domain), ["v=spf1 -all", value]);
  await page
    .locator(`li[data-domain="${domain}"]`)
    .getByRole("button", { name: `Verify ${domain}` })
    .click();
  await expect(page.locator(`li[data-domain="${domain}"]`).getByText("Verified", { exact: true })).toBeVisible();

  await page.getByLabel("Require single sign-on for members of the verified domains").check();
  await page.getByRole("button", { name: "Save requirement" }).click();
  await expect(page.getByText(SSO_MESSAGES.requiredOn)).toBeVisible();

  // The member, in a browser of their own: the password is refused with the way to SSO.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/app/login");
  await memberPage.getByLabel("Email").fill(member.email);
  await passwordInput(memberPage).fill(member.password);
  await memberPage.getByRole("button", { name: "Sign In" }).click();
  await expect(memberPage.getByText(SSO_MESSAGES.passwordRefused)).toBeVisible();

  await memberPage.getByRole("link", { name: "Sign in with SSO" }).click();
  await memberPage.getByLabel("Work email").fill(member.email);
  await memberPage.getByRole("button", { name: "Continue with SSO" }).click();
  await signInAtProvider(memberPage, member.email);
  // A role without the supervisor permission: org.me (spec 02 §2).
  await expect(memberPage).toHaveURL(`${BASE_URL}/app/organizations/${world.slug}/me`);
  await memberPage.screenshot({ path: "test-results/sso-landed.png", fullPage: true });
  await memberContext.close();

  // The membership was created with the chosen role, and the trail says so.
  await page.goto(`/app/organizations/${world.slug}/settings/profile/users`);
  const entry = page.getByRole("list", { name: "Organization users" }).getByRole("listitem").filter({ hasText: member.email });
  await expect(entry.getByRole("combobox")).toHaveValue(/.+/);
  await expect(entry.getByRole("combobox").locator("option:checked")).toHaveText("Only audit");
  const trail = await (await page.request.get(`/app/organizations/${world.slug}/audit.csv`)).text();
  expect(trail.split("\n").some((line) => line.includes("user.joined") && line.includes(member.email))).toBe(true);
});

test("someone outside the verified domains is refused at the callback, and no session is made", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/app/login/sso");
  await page.getByLabel("Work email").fill(`bob@${domain}`);
  await page.getByRole("button", { name: "Continue with SSO" }).click();
  // At the provider, another identity is used.
  await signInAtProvider(page, "eve@elsewhere.test");
  await expect(page).toHaveURL(`${BASE_URL}/app/login/sso?error=outside`);
  await expect(page.getByText(SSO_MESSAGES.outsideDomains)).toBeVisible();
  await page.goto("/app/settings");
  await expect(page).toHaveURL(/\/app\/login\?to=/);
  await context.close();
});

test("an email domain no organization has verified has no SSO; a replayed or forged callback is refused", async ({ page }) => {
  await page.goto("/app/login/sso");
  await page.getByLabel("Work email").fill("someone@nobody-verified.test");
  await page.getByRole("button", { name: "Continue with SSO" }).click();
  await expect(page.getByText(SSO_MESSAGES.noProvider)).toBeVisible();
  // A callback without this browser's pending sign-in (state, nonce and verifier in its encrypted cookie).
  await page.goto("/app/login/sso/callback?code=forged&state=forged&iss=" + encodeURIComponent(ISSUER));
  await expect(page).toHaveURL(`${BASE_URL}/app/login/sso?error=expired`);
  await expect(page.getByText(SSO_MESSAGES.expired)).toBeVisible();
});

/** What the SSO page answers a persona (decision 026's table). */
function expectedStatus(persona: Persona, allowed: boolean): number {
  if (persona === "nonDeveloper") return 302;
  if (persona === "stranger" || persona === "staff") return 404;
  return allowed ? 200 : 403;
}

test("the SSO page and each of its writes answer every persona as the permission table says; a refused write changes nothing", async () => {
  test.setTimeout(180_000);
  const sessions = new Map<Persona, APIRequestContext>();
  for (const persona of PERSONAS) sessions.set(persona, await world.requestAs(persona));
  const owner = sessions.get("owner")!;
  const before = await (await owner.get(ssoPage())).text();
  const trailBefore = await (await owner.get(`/app/organizations/${world.slug}/audit.csv`)).text();
  const posts: Record<string, string>[] = [
    {
      intent: "save",
      issuer: "https://evil.example",
      client_id: "evil",
      client_secret: "evil-secret",
      domains: "evil.test",
      default_role: "x",
    },
    { intent: "verify", domain },
    { intent: "require" },
    { intent: "remove" },
  ];
  for (const persona of PERSONAS) {
    const request = sessions.get(persona)!;
    const allowed = world.allows(persona, "organization.sso");
    const get = await request.get(ssoPage(), { maxRedirects: 0 });
    expect(get.status(), `${persona} GET sso`).toBe(expectedStatus(persona, allowed));
    if (allowed) continue;
    for (const form of posts) {
      const response = await request.post(ssoPage(), { form, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(response.status(), `${persona} POST ${form.intent}`).toBe(expectedStatus(persona, false));
    }
    // Signed in, the SSO sign-in page is not for them (guests only).
    const start = await request.get("/app/login/sso", { maxRedirects: 0 });
    expect(start.status(), `${persona} GET /app/login/sso`).toBe(302);
  }
  // The sso permission alone may open it (its writes are the owner's flow above).
  expect(world.allows("perm:sso", "organization.sso")).toBe(true);
  expect(world.allows("perm:users", "organization.sso")).toBe(false);
  const after = await (await owner.get(ssoPage())).text();
  const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
  expect(strip(after)).toBe(strip(before));
  expect(await (await owner.get(`/app/organizations/${world.slug}/audit.csv`)).text()).toBe(trailBefore);
});

test("a guest is sent to sign in for the SSO page; the sso permission holder may save settings", async () => {
  const guest = await apiContext();
  const response = await guest.get(ssoPage(), { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toContain("/app/login?to=");
  await guest.dispose();
  const holder = await apiContext();
  await apiLogin(holder, world.users["perm:sso"]);
  const save = await holder.post(ssoPage(), {
    form: { intent: "save", issuer: "ftp://x", client_id: "", client_secret: "", domains: "", default_role: "" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  // Past the guard: the form's own messages.
  expect(save.status()).toBe(422);
  expect(await save.text()).toContain(SSO_MESSAGES.clientIdRequired);
  await holder.dispose();
});

test("an issuer inside a private network is refused at once, before the server fetches it", async () => {
  const holder = await apiContext();
  await apiLogin(holder, world.users["perm:sso"]);
  for (const issuer of ["https://169.254.169.254/latest/meta-data", "https://10.0.0.1", "https://metadata.google.internal"]) {
    const started = Date.now();
    const save = await holder.post(ssoPage(), {
      form: { intent: "save", issuer, client_id: "snip", client_secret: "secret", domains: "acme.test", default_role: "" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(save.status(), issuer).toBe(422);
    const html = await save.text();
    expect(html, issuer).toContain(SSO_MESSAGES.issuerPrivate.replace("'", "&#x27;"));
    expect(html).not.toContain(SSO_MESSAGES.issuerUnreachable.replace("'", "&#x27;"));
    // No discovery was tried (it waits up to 10 seconds for an answer).
    expect(Date.now() - started, issuer).toBeLessThan(5_000);
  }
  await holder.dispose();
});
