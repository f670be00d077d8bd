/**
 * Organization domains end to end (issue 18, docs/decisions/044): the owner adds a branded domain
 * to the organization, the Cloudflare stub's DNS turns it active, the owner gives it to one team;
 * a member of that team creates a link on it from the team page and it redirects through the front
 * door with that Host; a member of another team neither sees it nor can post it; "Use for all
 * teams" opens it to every team.
 */
import type { Page } from "@playwright/test";
import { giveSubscription, registerUser, signIn } from "./accounts";
import { BASE_URL, expect, PORT, SAME_ORIGIN, test } from "./fixtures";
import { EMPTY_TEAM, organizationWorld, TEAM, type OrganizationWorld } from "./organizations";
import { cloudflareStubPort, startCloudflareStub, type CloudflareStub } from "../stubs/cloudflare-server";

let stub: CloudflareStub;
let world: OrganizationWorld;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stub = await startCloudflareStub({ port: cloudflareStubPort(PORT) });
  world = await organizationWorld("odom");
  const owner = await world.requestAs("owner");
  const given = await owner.post("/__dev/fixtures", {
    data: { action: "subscription", email: world.users.owner.email, plan: "pro", interval: "monthly", organization: world.slug },
  });
  expect(given.status()).toBe(200);
  // perm:audit joins Beta as a member: a member of another team.
  const state = await (await world.requestAs("perm:audit")).get("/app/api/state", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  const userId = ((await state.json()) as { data: { user: { id: string } } }).data.user.id;
  const added = await owner.post(`/app/organizations/${world.slug}/settings/teams/members`, {
    form: { intent: "add", team: EMPTY_TEAM, user: userId, role: "member" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
});
test.afterAll(async () => {
  await world.dispose();
  await stub.close();
});

const INVALID = "The selected domain is invalid.";
const VANITY_NOT_ALLOWED = "Your plan does not include vanity subdomains. Choose a plan in your billing settings to add one.";

function visitOn(page: Page, host: string, path: string) {
  return page.request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host }, maxRedirects: 0 });
}

async function optionsOf(page: Page): Promise<string[]> {
  return page
    .getByLabel("Domain", { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

test("the owner adds an organization domain and gives it to a team; its member's link redirects; another team's member cannot use it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = `links-${Date.now().toString(36)}.org-brand.example`;
  const settings = `/app/organizations/${world.slug}/settings`;

  const ownerContext = await browser.newContext({ baseURL: BASE_URL });
  const owner = await ownerContext.newPage();
  await signIn(owner, world.users.owner.email, world.users.owner.password);
  await owner.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await owner.goto(`${settings}/profile`);
  await owner.getByRole("link", { name: "Organization Domains" }).click();
  await expect(owner).toHaveURL(`${BASE_URL}${settings}/profile/domains`);
  // Spec 01 §5: confirmed as only for the product.
  await owner.getByLabel("Domain", { exact: true }).fill(host);
  await owner.getByRole("button", { name: "Add domain" }).click();
  await expect(owner.getByText("Confirm that this domain will be used only for Snip short links.")).toBeVisible();
  await owner.getByLabel("Domain", { exact: true }).fill(host);
  await owner.getByRole("checkbox").check();
  await owner.getByRole("button", { name: "Add domain" }).click();
  const row = owner.locator(`li[data-domain="${host}"]`);
  await expect(row).toContainText("Waiting for DNS");
  await expect(row).toContainText(`_cf-custom-hostname.${host}`);
  expect(stub.hostnames()).toContain(host);
  expect((await visitOn(owner, host, "/")).status()).toBe(404);

  // Cloudflare down: the check says so on the page (no 500), and the domain is as it was.
  stub.setOutage(true);
  try {
    await row.getByRole("button", { name: `Check ${host} now` }).click();
    await expect(owner.getByText("The check could not reach our certificate provider. Please try again in a minute.")).toBeVisible();
    await expect(owner.locator(`li[data-domain="${host}"]`)).toContainText("Waiting for DNS");
  } finally {
    stub.setOutage(false);
  }

  stub.setDns(host, "active");
  await row.getByRole("button", { name: `Check ${host} now` }).click();
  await expect(owner.locator(`li[data-domain="${host}"]`)).toContainText("Active");
  await expect(owner.locator(`li[data-domain="${host}"]`)).toContainText("No team yet");
  await owner.screenshot({ path: "test-results/organization-domains.png", fullPage: true });

  // Team Domains: give it to Alpha only.
  await owner.goto(`${settings}/teams/domains?team=${TEAM}`);
  await owner.getByRole("checkbox", { name: `Alpha may use ${host}` }).check();
  await owner.getByRole("button", { name: "Save domains" }).click();
  await expect(owner.getByText("The domains of Alpha have been saved.")).toBeVisible();
  await expect(owner.getByRole("checkbox", { name: `Alpha may use ${host}` })).toBeChecked();
  await owner.screenshot({ path: "test-results/team-domains.png", fullPage: true });
  await owner.goto(`${settings}/teams/domains?team=${EMPTY_TEAM}`);
  await expect(owner.getByRole("checkbox", { name: `Beta may use ${host}` })).not.toBeChecked();

  // A member of Alpha creates a link on it from the team page; it redirects on that host only.
  const memberContext = await browser.newContext({ baseURL: BASE_URL });
  const member = await memberContext.newPage();
  await signIn(member, world.users.teamMember.email, world.users.teamMember.password);
  await member.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await member.goto(`/app/organizations/${world.slug}/team/${TEAM}`);
  const values = await optionsOf(member);
  expect(values).toContain(host);
  expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b)));
  const alias = `o${Date.now().toString(36)}`;
  await member.getByLabel("Domain", { exact: true }).selectOption(host);
  await member.getByLabel("Long URL").fill("https://example.com/org-landing");
  await member.getByLabel("Alias (optional)").fill(alias);
  await member.getByLabel("Long URL").press("Enter");
  await expect(member).toHaveURL(new RegExp(`alias=${alias}&team=${TEAM}&domain=`));
  await expect(member.getByText(`${host}/${alias}`).first()).toBeVisible();
  const redirect = await visitOn(member, host, `/${alias}`);
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe("https://example.com/org-landing");
  expect((await visitOn(member, `localhost:${PORT}`, `/${alias}`)).status()).toBe(404);

  // Bulk creation in the team takes the same domain (decision 044): the file's rows are created on it.
  const bulkAlias = `b${Date.now().toString(36)}`;
  const csv = (a: string) => ({
    name: "links.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`url,alias\nhttps://example.com/org-bulk,${a}\n`),
  });
  const bulk = await member.request.post(`/app/organizations/${world.slug}/team/${TEAM}`, {
    multipart: { team: TEAM, domain: host, withHeader: "on", file: csv(bulkAlias) },
    headers: SAME_ORIGIN,
  });
  expect(bulk.status(), await bulk.text()).toBe(200);
  await expect
    .poll(async () => (await visitOn(member, host, `/${bulkAlias}`)).headers()["location"] ?? null, { timeout: 30_000 })
    .toBe("https://example.com/org-bulk");

  // A member of Beta does not see it, and a forged post with it is refused.
  const otherContext = await browser.newContext({ baseURL: BASE_URL });
  const other = await otherContext.newPage();
  await signIn(other, world.users["perm:audit"].email, world.users["perm:audit"].password);
  await other.waitForURL((u) => !u.pathname.startsWith("/app/login"));
  await other.goto(`/app/organizations/${world.slug}/team/${EMPTY_TEAM}`);
  expect(await optionsOf(other)).not.toContain(host);
  const forged = await other.request.post(`/app/organizations/${world.slug}/team/${EMPTY_TEAM}`, {
    form: { team: EMPTY_TEAM, url: "https://example.com/hijack", domain: host, alias: `${alias}x` },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(422);
  expect(await forged.text()).toContain(INVALID);
  expect((await visitOn(other, host, `/${alias}x`)).status()).toBe(404);
  const forgedBulk = await other.request.post(`/app/organizations/${world.slug}/team/${EMPTY_TEAM}`, {
    multipart: { team: EMPTY_TEAM, domain: host, withHeader: "on", file: csv(`${bulkAlias}x`) },
    headers: SAME_ORIGIN,
  });
  expect(forgedBulk.status()).toBe(422);
  expect(await forgedBulk.text()).toContain(INVALID);

  // For all teams: Beta's member now gets it.
  await owner.goto(`${settings}/profile/domains`);
  await owner.getByRole("button", { name: `Use ${host} for all teams` }).click();
  await expect(owner.locator(`li[data-domain="${host}"]`)).toContainText("All teams");
  await other.goto(`/app/organizations/${world.slug}/team/${EMPTY_TEAM}`);
  expect(await optionsOf(other)).toContain(host);

  // Removing it stops its links and releases the custom hostname.
  await owner.getByRole("button", { name: `Remove ${host}` }).click();
  await expect(owner.getByText("The domain has been removed. Its links no longer redirect.")).toBeVisible();
  expect(stub.hostnames()).not.toContain(host);
  expect((await visitOn(owner, host, `/${alias}`)).status()).toBe(404);
  await Promise.all([ownerContext.close(), memberContext.close(), otherContext.close()]);
});

test("the owner adds a subdomain and a vanity subdomain to the organization and sets root and 404 redirects the redirect worker serves", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const host = `base-${stamp}.org-brand.example`;
  const domains = `/app/organizations/${world.slug}/settings/profile/domains`;
  const context = await browser.newContext({ baseURL: BASE_URL });
  const owner = await context.newPage();
  await signIn(owner, world.users.owner.email, world.users.owner.password);
  await owner.waitForURL((u) => !u.pathname.startsWith("/app/login"));

  // Pro (the organization's plan in force): vanity subdomains and redirects are not in it; the page and the server say so.
  await owner.goto(domains);
  await expect(owner.locator("#organization-domain-more")).toContainText(VANITY_NOT_ALLOWED);
  const refusedVanity = await owner.request.post(`${domains}/create-tiny`, { form: { subdomain: `no${stamp}` }, headers: SAME_ORIGIN });
  expect(refusedVanity.status()).toBe(403);
  expect(await refusedVanity.text()).toContain(VANITY_NOT_ALLOWED);

  // A base domain, verified; then a subdomain of it from its own page.
  await owner.request.post(domains, { form: { intent: "add", domain: host, confirm: "on" }, headers: SAME_ORIGIN });
  stub.setDns(host, "active");
  await owner.goto(domains);
  await owner.getByRole("button", { name: `Check ${host} now` }).click();
  await expect(owner.locator(`li[data-domain="${host}"]`)).toContainText("Active");
  await owner.getByRole("link", { name: "Add subdomain" }).click();
  await expect(owner).toHaveURL(`${BASE_URL}${domains}/create-subdomain`);
  await owner.getByRole("button", { name: "Add subdomain" }).click();
  await expect(owner.getByText("Subdomain is required.")).toBeVisible();
  await owner.screenshot({ path: "test-results/organization-subdomain.png", fullPage: true });
  await owner.getByLabel("Subdomain").fill("go");
  await owner.getByLabel("Of the domain").selectOption(host);
  await owner.getByRole("button", { name: "Add subdomain" }).click();
  await expect(owner.getByText("The domain has been added. Publish its DNS records, then check it.")).toBeVisible();
  const sub = owner.locator(`li[data-domain="go.${host}"]`);
  await expect(sub).toContainText("Subdomain");
  await expect(sub).toContainText("Waiting for DNS");
  expect(stub.hostnames()).toContain(`go.${host}`);
  // The base is looked up among the organization's own verified domains: a forged one is refused, nothing added.
  const forged = await owner.request.post(`${domains}/create-subdomain`, {
    form: { base: "someone-else.example", subdomain: "go" },
    headers: SAME_ORIGIN,
  });
  expect(forged.status()).toBe(422);
  expect(await forged.text()).toContain("Choose one of your own domains.");
  expect(stub.hostnames()).not.toContain("go.someone-else.example");

  // Redirects on pro: the fields say the plan does not include them, and the server refuses a change.
  await owner.goto(`${domains}/edit/${host}`);
  await expect(owner.getByLabel("Root redirect")).toBeDisabled();
  await expect(owner.getByText("Your plan does not include root and 404 redirects for domains.").first()).toBeVisible();
  const refusedRedirect = await owner.request.post(`${domains}/edit/${host}`, {
    form: { intent: "redirects", root: "https://evil.example/" },
    headers: SAME_ORIGIN,
  });
  expect(refusedRedirect.status()).toBe(403);
  expect((await visitOn(owner, host, "/")).status()).toBe(200);

  // Enterprise for the organization: a vanity subdomain (a reserved name refused), served at once.
  const upgraded = await (
    await world.requestAs("owner")
  ).post("/__dev/fixtures", {
    data: { action: "subscription", email: world.users.owner.email, plan: "enterprise", interval: "monthly", organization: world.slug },
  });
  expect(upgraded.status()).toBe(200);
  await owner.goto(domains);
  await owner.getByRole("link", { name: "Add vanity subdomain" }).click();
  await expect(owner).toHaveURL(`${BASE_URL}${domains}/create-tiny`);
  await owner.getByLabel("Subdomain").fill("www");
  await owner.getByRole("button", { name: "Add vanity subdomain" }).click();
  await expect(owner.getByText("This name is reserved. Choose another one.")).toBeVisible();
  await owner.screenshot({ path: "test-results/organization-vanity.png", fullPage: true });
  const name = `org${stamp}`;
  await owner.getByLabel("Subdomain").fill(name);
  await owner.getByRole("button", { name: "Add vanity subdomain" }).click();
  await expect(owner.getByText("The vanity subdomain has been added. Its short links redirect at once.")).toBeVisible();
  const vanityRow = owner.locator(`li[data-domain^="${name}."]`);
  await expect(vanityRow).toContainText("Vanity subdomain");
  await expect(vanityRow).toContainText("Active");
  const vanity = (await vanityRow.getAttribute("data-domain"))!;
  await owner.screenshot({ path: "test-results/organization-domains-more.png", fullPage: true });

  // Its redirects, through the page: the worker serves them from the host record.
  await vanityRow.getByRole("link", { name: `Redirects of ${vanity}` }).click();
  await owner.getByLabel("Root redirect").fill("not a url");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Enter a full web address starting with https:// or http://.").first()).toBeVisible();
  await owner.getByLabel("Root redirect").fill("https://org-brand.example/");
  await owner.getByLabel("404 redirect").fill("https://org-brand.example/missing");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Saved.")).toBeVisible();
  await expect(owner.getByLabel("Root redirect")).toHaveValue("https://org-brand.example/");
  // The refused value's error went with the save.
  await expect(owner.getByText("Enter a full web address starting with https:// or http://.")).toHaveCount(0);
  await owner.screenshot({ path: "test-results/organization-redirects.png", fullPage: true });
  const root = await visitOn(owner, vanity, "/");
  expect(root.status()).toBe(302);
  expect(root.headers()["location"]).toBe("https://org-brand.example/");
  const missing = await visitOn(owner, vanity, `/nope${stamp}`);
  expect(missing.status()).toBe(302);
  expect(missing.headers()["location"]).toBe("https://org-brand.example/missing");
  // And on the organization's own verified domain.
  await owner.goto(`${domains}/edit/${host}`);
  await owner.getByLabel("404 redirect").fill("https://org-brand.example/lost");
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Saved.")).toBeVisible();
  expect((await visitOn(owner, host, `/nope${stamp}`)).headers()["location"]).toBe("https://org-brand.example/lost");
  expect((await visitOn(owner, host, "/")).status()).toBe(200);

  // Each change is on the audit trail.
  const csv = await (await owner.request.get(`/app/organizations/${world.slug}/audit.csv`)).text();
  expect(csv).toContain(`go.${host}`);
  expect(csv).toContain(vanity);
  expect(csv.split("\r\n").filter((line) => line.includes("domain.redirects-changed"))).toHaveLength(2);

  // Back to pro for whatever runs next; the vanity subdomain is removed and stops serving.
  await owner.goto(domains);
  await owner.getByRole("button", { name: `Remove ${vanity}` }).click();
  await expect(owner.getByText("The domain has been removed. Its links no longer redirect.")).toBeVisible();
  expect((await visitOn(owner, vanity, "/")).status()).toBe(404);
  await (
    await world.requestAs("owner")
  ).post("/__dev/fixtures", {
    data: { action: "subscription", email: world.users.owner.email, plan: "pro", interval: "monthly", organization: world.slug },
  });
  await context.close();
});

test("deleting an account removes its branded domains' custom hostnames and host records", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  const host = `mine-${Date.now().toString(36)}.brand.example`;
  await page.goto("/app/settings/branded-domains/create");
  await page.getByLabel("Domain", { exact: true }).fill(host);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Add domain" }).click();
  stub.setDns(host, "active");
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText("Active: short links on this domain redirect.");
  expect((await visitOn(page, host, "/")).status()).toBe(200);
  expect(stub.hostnames()).toContain(host);

  await page.goto("/app/settings/profile/delete");
  await page.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/deleted`);
  expect(stub.hostnames()).not.toContain(host);
  expect((await visitOn(page, host, "/")).status()).toBe(404);
});

test("deleting the organization removes its domains' custom hostnames and host records", async ({ browser }) => {
  test.setTimeout(120_000);
  const other = await organizationWorld("odel");
  const owner = await other.requestAs("owner");
  await owner.post("/__dev/fixtures", {
    data: { action: "subscription", email: other.users.owner.email, plan: "pro", interval: "monthly", organization: other.slug },
  });
  const host = `gone-${Date.now().toString(36)}.org-brand.example`;
  const path = `/app/organizations/${other.slug}/settings/profile/domains`;
  // Re-onboarding step 1 ("no domains") until the organization has one (spec 01 §4).
  const onboarding = async () => (await owner.get(`/app/organizations/onboarding?org=${other.slug}`)).text();
  expect(await onboarding()).toContain("Step 1: Add your organization&#x27;s domains");
  const added = await owner.post(path, { form: { intent: "add", domain: host, confirm: "on" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(added.status()).toBe(302);
  expect(await onboarding()).not.toContain("Step 1:");
  stub.setDns(host, "active");
  expect((await owner.post(path, { form: { intent: "check", domain: host }, headers: SAME_ORIGIN, maxRedirects: 0 })).status()).toBe(302);
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  expect((await visitOn(page, host, "/")).status()).toBe(200);
  expect(stub.hostnames()).toContain(host);

  const deleted = await owner.delete(`/app/api/organization/${other.slug}`, { headers: SAME_ORIGIN });
  expect(deleted.status()).toBe(200);
  expect(stub.hostnames()).not.toContain(host);
  expect((await visitOn(page, host, "/")).status()).toBe(404);
  await context.close();
  await other.dispose();
});
