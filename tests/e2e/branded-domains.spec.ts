/**
 * Branded domains end to end (issue 18, docs/decisions/035): a subscriber adds a domain, the
 * Cloudflare stub's DNS turns it active, a link created on it redirects through the front door
 * when asked for with that Host; the server refuses someone else's domain; a lapsed domain stops
 * serving and its owner is told. The stub speaks the custom hostnames API (tests/stubs).
 */
import type { Page } from "@playwright/test";
import { devFixture, giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, PORT, SAME_ORIGIN, test } from "./fixtures";
import { cloudflareStubPort, startCloudflareStub, type CloudflareStub } from "../stubs/cloudflare-server";

let stub: CloudflareStub;
test.beforeAll(async () => {
  stub = await startCloudflareStub({ port: cloudflareStubPort(PORT) });
});
test.afterAll(async () => {
  await stub.close();
});

const TEXT = {
  confirmRequired: "Confirm that this domain will be used only for Snip short links.",
  invalidDomain: "Enter a valid domain name, like links.example.com.",
  waiting: "Waiting for DNS",
  active: "Active: short links on this domain redirect.",
  lapsed: "No longer verified",
  notServing: "This domain isn't serving short links",
  invalidChoice: "The selected domain is invalid.",
  notInPlan: "Your plan does not include branded domains.",
} as const;

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A request to the local service with another Host, as a visitor of that domain sends it. */
function visitOn(page: Page, host: string, path: string) {
  return page.request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host }, maxRedirects: 0 });
}

async function addVerifiedDomain(page: Page, host: string) {
  await page.goto("/app/settings/branded-domains");
  await page.getByRole("link", { name: "Add domain" }).click();
  await page.getByLabel("Domain", { exact: true }).fill(host);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/branded-domains/verify?domain=${encodeURIComponent(host)}`);
  stub.setDns(host, "active");
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(TEXT.active);
}

test("a subscriber adds a branded domain; once its DNS is active, a link on it redirects through the front door", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  const host = `${unique("links")}.brand.example`;

  await page.goto("/app/settings/profile");
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Branded Domains" }).click();
  await page.getByRole("link", { name: "Add domain" }).click();
  // Spec 01 §5: valid, and confirmed as only for the product.
  await page.getByLabel("Domain", { exact: true }).fill("not a domain");
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText(TEXT.invalidDomain)).toBeVisible();
  await expect(page.getByText(TEXT.confirmRequired)).toBeVisible();

  await page.getByLabel("Domain", { exact: true }).fill(host);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/branded-domains/verify?domain=${encodeURIComponent(host)}`);
  await expect(page.getByTestId("domain-state")).toContainText(TEXT.waiting);
  await expect(page.getByText(`_cf-custom-hostname.${host}`)).toBeVisible();
  await page.screenshot({ path: "test-results/branded-domain-verify.png", fullPage: true });
  expect(stub.hostnames()).toContain(host);

  // Not verified yet: the host serves nothing.
  expect((await visitOn(page, host, "/")).status()).toBe(404);

  stub.setDns(host, "active");
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(TEXT.active);
  // GET state names it among the user's own domains (spec 01 §3 User.domains).
  const state = await page.request.get("/app/api/state", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  expect(((await state.json()) as { data: { user: { domains: unknown } } }).data.user.domains).toEqual({ owned: [host], personal: [] });

  // The create form lists it (alphabetically among the others), and a link made on it redirects on that host only.
  const alias = unique("b");
  await page.goto("/app/links/create");
  const select = page.getByLabel("Domain", { exact: true });
  const values = await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(values).toContain(host);
  expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b)));
  await select.selectOption(host);
  await page.getByLabel("Long URL").fill("https://example.com/branded-landing");
  await page.getByLabel("Alias (optional)").fill(alias);
  await page.getByRole("button", { name: "Shorten" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]alias=${alias}&active=true$`));

  const redirect = await visitOn(page, host, `/${alias}`);
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe("https://example.com/branded-landing");
  expect((await visitOn(page, `localhost:${PORT}`, `/${alias}`)).status()).toBe(404);
  // The app is not served on the branded host.
  const app = await visitOn(page, host, "/app/login");
  expect(app.status()).toBe(404);
  expect(await app.text()).not.toContain("Log in");

  await page.goto("/app/settings/branded-domains");
  await page.screenshot({ path: "test-results/branded-domains-list.png", fullPage: true });
});

test("the server refuses someone else's branded domain, and an unverified one", async ({ page, browser }) => {
  const owner = await registerUser(page);
  await giveSubscription(page, owner.email, { plan: "pro" });
  const theirs = `${unique("theirs")}.brand.example`;
  await addVerifiedDomain(page, theirs);
  const pending = `${unique("pending")}.brand.example`;
  await page.goto("/app/settings/branded-domains/create");
  await page.getByLabel("Domain", { exact: true }).fill(pending);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByTestId("domain-state")).toContainText(TEXT.waiting);

  const ownerPending = await page.request.post("/app/links/create", {
    form: { url: "https://example.com/x", domain: pending, alias: unique("p") },
    headers: SAME_ORIGIN,
  });
  expect(ownerPending.status()).toBe(422);
  expect(await ownerPending.text()).toContain(TEXT.invalidChoice);

  const context = await browser.newContext();
  const other = await context.newPage();
  const stranger = await registerUser(other);
  await giveSubscription(other, stranger.email, { plan: "pro" });
  const alias = unique("s");
  const refused = await other.request.post("/app/links/create", {
    form: { url: "https://example.com/hijack", domain: theirs, alias },
    headers: SAME_ORIGIN,
  });
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toContain(TEXT.invalidChoice);
  expect((await visitOn(other, theirs, `/${alias}`)).status()).toBe(404);
  // Nor may they see or edit it, or add it again.
  expect((await other.request.get(`/app/settings/branded-domains/edit/${theirs}`)).status()).toBe(404);
  await other.goto("/app/settings/branded-domains/create");
  await other.getByLabel("Domain", { exact: true }).fill(theirs);
  await other.getByRole("checkbox").check();
  await other.getByRole("button", { name: "Add domain" }).click();
  await expect(other.getByText("This domain is already connected to Snip.")).toBeVisible();
  await context.close();
});

test("a claim that never verified holds the name for 7 days; then another account takes it, and the claimant is told (decision 061)", async ({
  page,
  browser,
}) => {
  const claimant = await registerUser(page);
  await giveSubscription(page, claimant.email, { plan: "pro" });
  const host = `${unique("claim")}.brand.example`;
  await page.goto("/app/settings/branded-domains/create");
  await page.getByLabel("Domain", { exact: true }).fill(host);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByTestId("domain-state")).toContainText(TEXT.waiting);

  const context = await browser.newContext({ baseURL: BASE_URL });
  const owner = await context.newPage();
  const real = await registerUser(owner);
  await giveSubscription(owner, real.email, { plan: "pro" });
  const add = async () => {
    await owner.goto("/app/settings/branded-domains/create");
    await owner.getByLabel("Domain", { exact: true }).fill(host);
    await owner.getByRole("checkbox").check();
    await owner.getByRole("button", { name: "Add domain" }).click();
  };
  // Six days on, the claim still holds.
  await devFixture(owner, { action: "domain-age", hostname: host, days: 6 });
  await add();
  await expect(owner.getByText("This domain is already connected to Snip.")).toBeVisible();

  // Seven days unverified: the real owner adds it and verifies it.
  await devFixture(owner, { action: "domain-age", hostname: host, days: 7 });
  await add();
  await expect(owner).toHaveURL(`${BASE_URL}/app/settings/branded-domains/verify?domain=${encodeURIComponent(host)}`);
  stub.setDns(host, "active");
  await owner.getByRole("button", { name: "Check now" }).click();
  await expect(owner.getByTestId("domain-state")).toHaveText(TEXT.active);

  // The claimant no longer has it, and is told why.
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByText(host)).toHaveCount(0);
  await page.goto("/app/notifications");
  await expect(page.getByText(`Your domain ${host} was released`)).toBeVisible();

  // A verified domain never gives way, however old.
  await devFixture(owner, { action: "domain-age", hostname: host, days: 400 });
  await page.goto("/app/settings/branded-domains/create");
  await page.getByLabel("Domain", { exact: true }).fill(host);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText("This domain is already connected to Snip.")).toBeVisible();
  await context.close();
});

test("a free user is told branded domains are not in the plan, and the server refuses an add", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByText("Branded domains are part of the Pro and Enterprise plans.")).toBeVisible();
  const refused = await page.request.post("/app/settings/branded-domains/create", {
    form: { domain: `${unique("free")}.brand.example`, confirm: "on" },
    headers: SAME_ORIGIN,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(TEXT.notInPlan);
});

test("a domain whose DNS is removed lapses at the next check: its links stop, nothing is deleted, and its owner is told", async ({
  page,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  const host = `${unique("lapse")}.brand.example`;
  await addVerifiedDomain(page, host);
  const alias = unique("l");
  const created = await page.request.post("/app/links/create", {
    form: { url: "https://example.com/lapsing", domain: host, alias },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  expect((await visitOn(page, host, `/${alias}`)).status()).toBe(302);

  stub.setDns(host, "removed");
  // The cron trigger's pass, fired as Cloudflare fires it (scripts/runtime.mjs).
  const cron = await page.request.get(`${BASE_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`, {
    headers: { "MF-Route-Override": "snip-app" },
  });
  expect(cron.status(), await cron.text()).toBe(200);

  const lapsed = await visitOn(page, host, `/${alias}`);
  expect(lapsed.status()).toBe(404);
  expect(await lapsed.text()).toContain(TEXT.notServing);
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByText(host)).toBeVisible();
  await expect(page.getByText(TEXT.lapsed)).toBeVisible();
  await page.goto("/app/notifications");
  await expect(page.getByText(`Your domain ${host} no longer verifies`)).toBeVisible();

  // DNS restored: the next check serves it again.
  stub.setDns(host, "active");
  await page.goto(`/app/settings/branded-domains/verify?domain=${encodeURIComponent(host)}`);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(TEXT.active);
  expect((await visitOn(page, host, `/${alias}`)).status()).toBe(302);
});

test("an enterprise user adds a vanity subdomain (reserved names refused) and sets root and 404 redirects", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise" });
  await page.goto("/app/settings/branded-domains");
  await page.getByRole("link", { name: "Add vanity subdomain" }).click();
  await page.getByLabel("Subdomain").fill("www");
  await page.getByRole("button", { name: "Add vanity subdomain" }).click();
  await expect(page.getByText("This name is reserved. Choose another one.")).toBeVisible();
  const name = unique("acme");
  await page.getByLabel("Subdomain").fill(name);
  await page.getByRole("button", { name: "Add vanity subdomain" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/branded-domains`);
  const vanity = `${name}.localhost:8787`; // a vanity subdomain of SHORT_HOST
  await expect(page.getByText(vanity)).toBeVisible();

  const alias = unique("v");
  const created = await page.request.post("/app/links/create", {
    form: { url: "https://example.com/vanity", domain: vanity, alias },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const redirect = await visitOn(page, vanity, `/${alias}`);
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe("https://example.com/vanity");

  await page.goto(`/app/settings/branded-domains/edit/${vanity}`);
  await page.getByLabel("Root redirect").fill("not a url");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a full web address starting with https:// or http://.").first()).toBeVisible();
  await page.getByLabel("Root redirect").fill("https://acme.example/");
  await page.getByLabel("404 redirect").fill("https://acme.example/missing");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const root = await visitOn(page, vanity, "/");
  expect(root.status()).toBe(302);
  expect(root.headers()["location"]).toBe("https://acme.example/");
  const missing = await visitOn(page, vanity, `/${unique("nope")}`);
  expect(missing.headers()["location"]).toBe("https://acme.example/missing");

  // Removed: the host serves nothing; the link stays in the account.
  await page.getByRole("button", { name: "Remove domain" }).click();
  await expect(page.getByText(`${vanity} was removed. Its links no longer redirect.`)).toBeVisible();
  expect((await visitOn(page, vanity, `/${alias}`)).status()).toBe(404);
});

test("a pro user may not set root or 404 redirects: the fields say so and the server refuses them", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  const host = `${unique("noredir")}.brand.example`;
  await addVerifiedDomain(page, host);
  await page.goto(`/app/settings/branded-domains/edit/${host}`);
  await expect(page.getByLabel("Root redirect")).toBeDisabled();
  const refused = await page.request.post(`/app/settings/branded-domains/edit/${host}`, {
    form: { intent: "redirects", root: "https://evil.example/" },
    headers: SAME_ORIGIN,
  });
  expect(refused.status()).toBe(403);
  expect((await visitOn(page, host, "/")).status()).toBe(200);
});

test("root and 404 redirects may not send visitors to a banned domain or back to the domain itself", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise" });
  const host = `${unique("redir")}.brand.example`;
  await addVerifiedDomain(page, host);
  await page.goto(`/app/settings/branded-domains/edit/${host}`);

  // A domain staff (or the shipped list) banned is refused here as for a link's destination.
  await page.getByLabel("Root redirect").fill("https://phishing.example/login");
  await page.getByLabel("Root redirect").press("Enter");
  await expect(page.getByText("Links to this domain are not allowed.")).toBeVisible();
  expect((await visitOn(page, host, "/")).status()).toBe(200);
  const posted = await page.request.post(`/app/settings/branded-domains/edit/${host}`, {
    form: { intent: "redirects", root: "https://login.phishing.example/" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(422);

  // A 404 redirect to the domain itself would answer its own 404 again: a loop.
  await page.getByLabel("Root redirect").fill("");
  await page.getByLabel("404 redirect").fill(`https://${host}/gone`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Choose an address on another domain: this one would send visitors back to this domain in a loop."),
  ).toBeVisible();
  expect((await visitOn(page, host, `/${unique("nope")}`)).status()).toBe(404);

  await page.getByLabel("Root redirect").fill("https://acme.example/");
  await page.getByLabel("404 redirect").fill("https://acme.example/missing");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  expect((await visitOn(page, host, "/")).headers()["location"]).toBe("https://acme.example/");
});
