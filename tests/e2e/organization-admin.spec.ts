/**
 * The organization's own pages and calls (issue 16, docs/decisions/028): the role × permission ×
 * route table over every page (GET and each form POST) and JSON call of the area for every
 * persona of the organization world, a refused POST changing nothing; then behaviour in Chromium:
 * onboarding (a duplicate slug), Role Management (a role in use), archive and the Restore
 * Organization dialog, the Audit Trail with filters and CSV, the helpdesk, and the plain forms
 * without JavaScript.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { ORGANIZATION_MESSAGES } from "../../domain/organization-admin";
import { ORGANIZATION_SETTINGS_LINKS, type Action } from "../../domain/permissions";
import { apiLogin, devFixture, logIn, makeDeveloper, registerUser, type TestUser } from "./accounts";
import { apiContext, expect, SAME_ORIGIN, test } from "./fixtures";
import { organizationWorld, PERSONAS, type OrganizationWorld, type Persona } from "./organizations";

let world: OrganizationWorld;
const sessions = new Map<Persona, APIRequestContext>();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await organizationWorld("admin");
  for (const persona of PERSONAS) sessions.set(persona, await world.requestAs(persona));
});
test.afterAll(async () => {
  await world.dispose();
});

const as = (persona: Persona) => sessions.get(persona)!;
const org = () => `/app/organizations/${world.slug}`;

/** What a page answers a persona: the guard's table (decision 026). */
function pageStatus(persona: Persona, allowed: boolean): number {
  if (persona === "nonDeveloper") return 302;
  if (persona === "stranger" || persona === "staff") return 404;
  return allowed ? 200 : 403;
}
function jsonStatus(persona: Persona, allowed: boolean): number {
  if (persona === "nonDeveloper") return 403;
  if (persona === "stranger" || persona === "staff") return 404;
  return allowed ? 200 : 403;
}

type OrganizationAction = Extract<Action, `organization.${string}`>;

const PAGES: [string, OrganizationAction][] = [
  ["settings/profile", "organization.profile"],
  ["settings/profile/users", "organization.users"],
  ["settings/profile/roles", "organization.roles"],
  ["settings/profile/sso", "organization.sso"],
  ["settings/profile/domains", "organization.domains"],
  // Organization subdomains, vanity subdomains and redirects (decision 044)
  ["settings/profile/domains/create-subdomain", "organization.domains"],
  ["settings/profile/domains/create-tiny", "organization.domains"],
  ["settings/profile/subscription", "organization.subscription"],
  ["settings/profile/subscription/success", "organization.subscription"],
  ["settings/profile/subscription/cancel", "organization.subscription"],
  ["settings/profile/subscription/update/pro/monthly", "organization.subscription"],
  ["settings/profile/payment", "organization.subscription"],
  ["helpdesk", "organization.helpdesk"],
  ["audit", "organization.audit"],
  ["audit.csv", "organization.audit"],
  ["restore", "organization.unarchive"],
];

const SUBSCRIPTION_ALIASES: [string, string][] = [
  ["settings/subscription/success?session=cs_test_alias", "settings/profile/subscription/success?session=cs_test_alias"],
  ["settings/subscription/cancel", "settings/profile/subscription/cancel"],
  ["settings/subscription/update/pro/monthly?from=pricing", "settings/profile/subscription/update/pro/monthly?from=pricing"],
];

const CALLS: [string, OrganizationAction][] = [
  ["domains", "organization.domains"],
  ["roles", "organization.roles"],
  ["users", "organization.users"],
  ["archive", "organization.unarchive"],
];

test("every page of the area answers each persona as the permission table says", async () => {
  test.setTimeout(240_000);
  for (const persona of PERSONAS) {
    const request = as(persona);
    for (const [path, action] of PAGES) {
      const response = await request.get(`${org()}/${path}`, { maxRedirects: 0 });
      expect(response.status(), `${persona} GET ${path}`).toBe(pageStatus(persona, world.allows(persona, action)));
    }
    // A domain's redirects page: the guard answers first; past it, a host name that is not the organization's is 404.
    const redirects = await request.get(`${org()}/settings/profile/domains/edit/not-${world.slug}.example`, { maxRedirects: 0 });
    const guard = pageStatus(persona, world.allows(persona, "organization.domains"));
    expect(redirects.status(), `${persona} GET domains/edit`).toBe(guard === 200 ? 404 : guard);
    // Moving a bought domain in (decision 053): the guard first; past it, a host name that is not the persona's own bought domain is 404.
    const move = await request.get(`${org()}/settings/profile/domains/move/not-${world.slug}.example`, { maxRedirects: 0 });
    expect(move.status(), `${persona} GET domains/move`).toBe(guard === 200 ? 404 : guard);
    // Spec 01 §2's settings/subscription/success, cancel and update/{subscription}/{interval}: the same guard first,
    // then the page under settings/profile/subscription with the query kept; a stranger learns nothing.
    const subscription = pageStatus(persona, world.allows(persona, "organization.subscription"));
    for (const [path, to] of SUBSCRIPTION_ALIASES) {
      const response = await request.get(`${org()}/${path}`, { maxRedirects: 0 });
      expect(response.status(), `${persona} GET ${path}`).toBe(subscription === 200 ? 302 : subscription);
      if (subscription === 200) expect(response.headers()["location"], `${persona} GET ${path}`).toBe(`${org()}/${to}`);
      else if (subscription === 302) expect(response.headers()["location"], `${persona} GET ${path}`).not.toContain("subscription");
      const post = await request.post(`${org()}/${path}`, { form: {}, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(post.status(), `${persona} POST ${path}`).toBe(subscription === 200 ? 405 : subscription);
    }
    const reOnboarding = await request.get(`/app/organizations/onboarding?org=${world.slug}`, { maxRedirects: 0 });
    expect(reOnboarding.status(), `${persona} re-onboarding`).toBe(pageStatus(persona, world.allows(persona, "organization.onboarding")));
    // Outside any organization: developers only (guard D).
    for (const path of ["/app/organizations", "/app/organizations/onboarding"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), `${persona} GET ${path}`).toBe(persona === "nonDeveloper" ? 302 : 200);
    }
  }
});

test("the Organization settings group shows only with at least one visible link (spec 01 §6), on the helpdesk and the Audit Trail too", async () => {
  test.setTimeout(120_000);
  const heading = /uppercase[^"]*">Organization<\/p>/;
  for (const persona of PERSONAS) {
    const shows = ORGANIZATION_SETTINGS_LINKS.some((link) => world.allows(persona, link.action));
    for (const [path, action] of [
      ["helpdesk", "organization.helpdesk"],
      ["audit", "organization.audit"],
      ["settings/profile", "organization.profile"],
    ] as const) {
      if (pageStatus(persona, world.allows(persona, action)) !== 200) continue;
      const html = await (await as(persona).get(`${org()}/${path}`)).text();
      expect(html.includes('data-testid="organization-settings-links"'), `${persona} ${path}`).toBe(shows);
      expect(heading.test(html), `${persona} ${path}: the heading`).toBe(shows);
    }
  }
  // The audit's case: a role holding only "audit" sees the Audit Trail without an empty Organization group.
  const auditor = await as("perm:audit").get(`${org()}/audit`);
  expect(auditor.status()).toBe(200);
  const html = await auditor.text();
  expect(html).toContain("Audit Trail");
  expect(html).not.toMatch(heading);
});

test("every JSON call of the area answers each persona as the permission table says", async () => {
  test.setTimeout(120_000);
  for (const persona of PERSONAS) {
    const request = as(persona);
    for (const [path, action] of CALLS) {
      const response = await request.get(`/app/api/organization/${world.slug}/${path}`);
      expect(response.status(), `${persona} GET ${path}`).toBe(jsonStatus(persona, world.allows(persona, action)));
      if (response.status() === 200) expect(await response.json()).toHaveProperty("data");
    }
  }
});

test("a refused form POST or JSON write changes nothing: name, roles, users, requests, status and the trail stay as they were", async () => {
  test.setTimeout(240_000);
  const owner = as("owner");
  const before = await snapshot(owner);
  const victim = before.users.find((u) => u.email === world.users["perm:audit"].email)!.id;
  const roleId = before.roles.find((r) => r.name === "Only sso")!.id;
  const posts: { path: string; form: Record<string, string>; action: OrganizationAction }[] = [
    { path: "settings/profile", form: { intent: "rename", name: "Taken over" }, action: "organization.profile" },
    { path: "settings/profile", form: { intent: "archive" }, action: "organization.archive" },
    { path: "settings/profile", form: { intent: "delete", confirm: world.slug }, action: "organization.delete" },
    { path: "settings/profile/users", form: { intent: "remove", userId: victim }, action: "organization.users" },
    { path: "settings/profile/roles", form: { intent: "create", name: "Evil", permissions: "audit" }, action: "organization.roles" },
    { path: "settings/profile/roles", form: { intent: "delete", roleId }, action: "organization.roles" },
    { path: "helpdesk", form: { subject: "Hello", message: "Let me in" }, action: "organization.helpdesk" },
    { path: "restore", form: {}, action: "organization.unarchive" },
    // Organization domains (decision 044): a refused add creates nothing (the snapshot's domains stay empty).
    {
      path: "settings/profile/domains",
      form: { intent: "add", domain: `evil-${world.slug}.example`, confirm: "on" },
      action: "organization.domains",
    },
    { path: "settings/profile/domains/create-tiny", form: { subdomain: `evil-${world.slug}` }, action: "organization.domains" },
    {
      path: "settings/profile/domains/create-subdomain",
      form: { base: `evil-${world.slug}.example`, subdomain: "go" },
      action: "organization.domains",
    },
    {
      path: `settings/profile/domains/edit/evil-${world.slug}.example`,
      form: { intent: "redirects", root: "https://evil.example/" },
      action: "organization.domains",
    },
    // Moving a bought domain in (decision 053): refused by the guard, nothing moved.
    { path: `settings/profile/domains/move/evil-${world.slug}.example`, form: {}, action: "organization.domains" },
  ];
  for (const persona of PERSONAS) {
    const request = as(persona);
    for (const post of posts) {
      const allowedByGuard = world.allows(persona, post.action);
      // Writes that pass are tested below; here only what must be refused.
      if (allowedByGuard) continue;
      const response = await request.post(`${org()}/${post.path}`, { form: post.form, headers: SAME_ORIGIN, maxRedirects: 0 });
      const expected = persona === "nonDeveloper" ? 302 : persona === "stranger" || persona === "staff" ? 404 : 403;
      expect(response.status(), `${persona} POST ${post.path} ${post.form.intent ?? ""}`).toBe(expected);
      if (expected === 302) expect(response.headers().location).toBe("/");
    }
    const patch = await request.patch(`/app/api/organization/${world.slug}/archive`, { data: { archive: true }, headers: SAME_ORIGIN });
    expect(patch.status(), `${persona} PATCH archive`).toBe(persona === "owner" ? 200 : jsonStatus(persona, false));
    if (persona === "owner") {
      // Put it back, so the table can go on (the owner's own change is recorded, which is right).
      const back = await request.patch(`/app/api/organization/${world.slug}/archive`, { data: { archive: false }, headers: SAME_ORIGIN });
      expect(back.status()).toBe(200);
      continue;
    }
    const del = await request.delete(`/app/api/organization/${world.slug}`, { headers: SAME_ORIGIN });
    expect(del.status(), `${persona} DELETE`).toBe(jsonStatus(persona, false));
    // Creating an organization is the developers'.
    if (persona === "nonDeveloper") {
      const create = await request.post("/app/organizations/onboarding", {
        form: { name: "Nope", slug: `${world.slug}-nondev` },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(create.status()).toBe(302);
      expect(create.headers().location).toBe("/");
    }
  }
  const after = await snapshot(owner);
  expect(after.organization).toEqual(before.organization);
  expect(after.users).toEqual(before.users);
  expect(after.roles).toEqual(before.roles);
  expect(after.requests).toBe(before.requests);
  expect(after.domains).toEqual(before.domains);
  // The trail gained only the owner's archive and restore.
  expect(after.trail.slice(0, after.trail.length - before.trail.length)).toEqual([
    expect.stringContaining("organization.restored"),
    expect.stringContaining("organization.archived"),
  ]);
  // The non-developer's slug was never written: a developer may take it.
  const create = await owner.post("/app/organizations/onboarding", {
    form: { name: "Mine", slug: `${world.slug}-nondev` },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(create.status()).toBe(302);
});

async function snapshot(owner: APIRequestContext) {
  const get = async (path: string) => {
    const response = await owner.get(path);
    expect(response.status(), path).toBe(200);
    return response;
  };
  const organization = ((await (await get(`/app/api/organization/${world.slug}`)).json()) as { data: unknown }).data;
  const users = ((await (await get(`/app/api/organization/${world.slug}/users`)).json()) as { data: { email: string; id: string }[] }).data;
  const roles = ((await (await get(`/app/api/organization/${world.slug}/roles`)).json()) as { data: { name: string; id: string }[] }).data;
  const helpdesk = await (await get(`${org()}/helpdesk`)).text();
  const requests = (helpdesk.match(/data-request=/g) ?? []).length;
  const csv = await (await get(`${org()}/audit.csv`)).text();
  const trail = csv.trim().split("\r\n").slice(1);
  const domains = ((await (await get(`/app/api/organization/${world.slug}/domains`)).json()) as { data: unknown[] }).data;
  return { organization, users, roles, requests, trail, domains };
}

// ---------------------------------------------------------------------------------------------
// Behaviour in Chromium
// ---------------------------------------------------------------------------------------------

/** Signs up a new developer in this page (signing out whoever was signed in). */
async function developer(page: Page): Promise<TestUser> {
  await page.context().clearCookies();
  const user = await registerUser(page);
  await makeDeveloper(page, user.email);
  return user;
}

async function createOrganization(page: Page, name: string, slug: string): Promise<void> {
  await page.goto("/app/organizations/onboarding");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Slug").fill(slug);
  await page.getByLabel("Slug").press("Enter");
  await expect(page.getByText(ORGANIZATION_MESSAGES.created)).toBeVisible();
}

function uniqueSlug(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
}

test("onboarding creates an organization owned by its creator, refuses a taken slug beside the field, and walks the steps", async ({
  page,
}) => {
  await developer(page);
  const slug = uniqueSlug("onb");
  await createOrganization(page, "Onboarding Inc", slug.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`/app/organizations/onboarding\\?org=${slug}&created=1$`));
  await expect(page.locator("#onboarding-step")).toContainText("Step 1: Add your organization's domains");
  await expect(page.getByRole("link", { name: "Go to Organization Domains" })).toHaveAttribute(
    "href",
    `/app/organizations/${slug}/settings/profile/domains`,
  );
  await page.getByRole("link", { name: "Skip this step" }).click();
  await expect(page.locator("#onboarding-step")).toContainText("Step 2");
  await page.getByRole("link", { name: "Skip this step" }).click();
  await expect(page.locator("#onboarding-step")).toContainText("Step 3: Create your first team");
  // Local storage remembers the steps done: a plain visit resumes at step 3.
  await page.goto(`/app/organizations/onboarding?org=${slug}`);
  await expect(page.locator("#onboarding-step")).toContainText("Step 3");

  await page.goto("/app/organizations/onboarding");
  await page.getByLabel("Name").fill("Copycat");
  await page.getByLabel("Slug").fill(slug);
  await page.getByRole("button", { name: "Create Organization" }).click();
  await expect(page.locator("#field-slug-error")).toHaveText(ORGANIZATION_MESSAGES.slugTaken);
  await page.goto("/app/organizations");
  await expect(page.getByRole("list", { name: "Your organizations" }).getByText("Copycat")).toHaveCount(0);
  const row = page.locator(`[data-organization="${slug}"]`);
  await expect(row).toContainText("Onboarding Inc");
  await expect(row).toContainText("Owner");
  await expect(row.getByRole("link", { name: "Set Up" })).toHaveAttribute("href", `/app/organizations/onboarding?org=${slug}`);
});

test("the list is sorted by name case-insensitively and shows organizations through a role or a team", async ({ page }) => {
  await logIn(page, world.users.teamViewer);
  await page.goto("/app/organizations");
  await expect(page.locator(`[data-organization="${world.slug}"]`)).toBeVisible();
  await expect(page.locator(`[data-organization="${world.slug}"]`).getByRole("link", { name: "Set Up" })).toHaveCount(0);
  await developer(page);
  const a = uniqueSlug("zeta");
  const b = uniqueSlug("alpha");
  await createOrganization(page, "zeta corp", a);
  await createOrganization(page, "Alpha Corp", b);
  await page.goto("/app/organizations");
  const names = await page.locator("[data-organization]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-organization")));
  expect(names).toEqual([b, a]);
});

test("Role Management creates, renames and edits a role; a role still held is refused and nothing changes", async ({ page }) => {
  await logIn(page, world.users.owner);
  await page.goto(`${org()}/settings/profile/roles`);
  const form = page.getByRole("form", { name: "New role" });
  await form.getByLabel("Role name").fill("Reviewers");
  await form.getByLabel(/^audit/).check();
  await form.getByRole("button", { name: "Create Role" }).click();
  await expect(page.getByText("The role has been created.")).toBeVisible();
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Reviewers", exact: true }) });
  await expect(card.getByLabel(/^audit/)).toBeChecked();
  await expect(card.getByLabel(/^roles/)).not.toBeChecked();

  // A duplicate name is a message next to the field.
  await form.getByLabel("Role name").fill("reviewers");
  await form.getByRole("button", { name: "Create Role" }).click();
  await expect(page.locator("#new-role-name-error")).toHaveText(ORGANIZATION_MESSAGES.roleNameTaken);

  await card.getByLabel("Role name").fill("Auditors");
  await card.getByLabel(/^domains/).check();
  await card.getByRole("button", { name: "Save Role" }).click();
  await expect(page.getByText("The role has been saved.")).toBeVisible();
  const renamed = page.locator("section").filter({ has: page.getByRole("heading", { name: "Auditors", exact: true }) });
  await expect(renamed.getByLabel(/^domains/)).toBeChecked();
  await renamed.getByRole("button", { name: "Delete Role" }).click();
  await expect(page.getByText("The role has been deleted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Auditors", exact: true })).toHaveCount(0);

  // "Only audit" is held by one user: refused, and the role stays.
  const held = page.locator("section").filter({ has: page.getByRole("heading", { name: "Only audit", exact: true }) });
  await held.getByRole("button", { name: "Delete Role" }).click();
  await expect(page.getByText(ORGANIZATION_MESSAGES.roleInUse(1))).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Only audit", exact: true })).toBeVisible();
});

test("a holder of roles cannot edit the role they hold", async () => {
  const request = as("perm:roles");
  const roles = (await (await request.get(`/app/api/organization/${world.slug}/roles`)).json()) as { data: { id: string; name: string }[] };
  const own = roles.data.find((r) => r.name === "Only roles")!;
  const response = await request.post(`${org()}/settings/profile/roles`, {
    form: { intent: "update", roleId: own.id, name: "Only roles", permissions: "supervisor" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const after = (await (await request.get(`/app/api/organization/${world.slug}/roles`)).json()) as {
    data: { id: string; permissions: { name: string }[] }[];
  };
  expect(after.data.find((r) => r.id === own.id)!.permissions).toEqual([{ name: "roles" }]);
});

test("Users: the owner changes a user's role and removes a user; the owner cannot be removed", async ({ page }) => {
  const slug = uniqueSlug("usr");
  const member = await developer(page);
  const owner = await developer(page);
  await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name: "Users Org",
    roles: [
      { name: "Editors", permissions: ["profile"] },
      { name: "Readers", permissions: ["audit"] },
    ],
    users: [{ email: member.email, role: "Editors" }],
  });
  await page.goto(`/app/organizations/${slug}/settings/profile/users`);
  const row = page.locator(`[data-user="${member.email}"]`);
  await row.getByRole("combobox").selectOption({ label: "Readers" });
  await row.getByRole("button", { name: "Change Role" }).click();
  await expect(page.getByText("The user's role has been changed.")).toBeVisible();
  await expect(page.locator(`[data-user="${member.email}"]`).getByRole("combobox")).toHaveValue(/.+/);
  const users = (await (await page.request.get(`/app/api/organization/${slug}/users`)).json()) as {
    data: { email: string; id: string; role: { name: string } | null }[];
  };
  expect(users.data.find((u) => u.email === member.email)!.role!.name).toBe("Readers");
  const ownerId = users.data.find((u) => u.email === owner.email)!.id;
  const refused = await page.request.post(`/app/organizations/${slug}/settings/profile/users`, {
    form: { intent: "remove", userId: ownerId },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toContain(ORGANIZATION_MESSAGES.ownerNotRemovable);
  await page
    .locator(`[data-user="${member.email}"]`)
    .getByRole("button", { name: `Remove ${member.name}` })
    .click();
  await expect(page.getByText("The user has been removed from the organization.")).toBeVisible();
  await expect(page.locator(`[data-user="${member.email}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-user="${owner.email}"]`)).toContainText("Owner");
  await expect(page.getByRole("link", { name: "Invite User" })).toHaveAttribute(
    "href",
    `/app/organizations/${slug}/settings/profile/users/invite`,
  );
});

test("archive from the profile, then the Restore Organization dialog loads its counts and restores", async ({ page }) => {
  const member = await developer(page);
  const owner = await developer(page);
  const slug = uniqueSlug("arc");
  await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name: "Archive Org",
    roles: [{ name: "Admins", permissions: ["profile"] }],
    users: [{ email: member.email, role: "Admins" }],
    teams: [
      { slug: "one", name: "One", members: [{ email: member.email, role: "member" }] },
      { slug: "two", name: "Two" },
    ],
  });
  await page.goto(`/app/organizations/${slug}/settings/profile`);
  await page.getByRole("button", { name: "Archive Organization" }).click();
  await expect(page.getByText(ORGANIZATION_MESSAGES.archived)).toBeVisible();
  const row = page.locator(`[data-organization="${slug}"]`);
  await expect(row).toContainText("Archived");
  // Archived: its pages refuse.
  expect((await page.request.get(`/app/organizations/${slug}/settings/profile`, { maxRedirects: 0 })).status()).toBe(403);

  // The link list answers slowly: the spinner shows while a count is unknown.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/app/api/organization/${slug}/urls/available*`, async (route) => {
    await held;
    const url = new URL(route.request().url());
    const body =
      url.searchParams.get("page") === "2" ? { data: [{ alias: "c" }], next: null } : { data: [{ alias: "a" }, { alias: "b" }], next: 2 };
    await route.fulfill({ json: body });
  });
  await row.getByRole("button", { name: "Restore" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore Organization" });
  await expect(dialog.getByRole("status", { name: "Loading" })).toBeVisible();
  release();
  const counts = dialog.getByTestId("restore-counts");
  await expect(counts).toContainText("Admins1");
  await expect(counts).toContainText("Teams2");
  await expect(counts).toContainText("Members1");
  await expect(counts).toContainText("Links3");
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText(ORGANIZATION_MESSAGES.restored)).toBeVisible();
  await expect(page.locator(`[data-organization="${slug}"]`)).not.toContainText("Archived");
  expect((await page.request.get(`/app/organizations/${slug}/settings/profile`, { maxRedirects: 0 })).status()).toBe(200);

  // Cancel leaves it archived.
  await page.request.patch(`/app/api/organization/${slug}/archive`, { data: { archive: true }, headers: SAME_ORIGIN });
  await page.goto("/app/organizations");
  await page.locator(`[data-organization="${slug}"]`).getByRole("button", { name: "Restore" }).click();
  await page.getByRole("dialog", { name: "Restore Organization" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator(`[data-organization="${slug}"]`)).toContainText("Archived");
});

test("the Audit Trail lists the changes newest first, filters them, pages them and downloads them as CSV", async ({ page }) => {
  const owner = await developer(page);
  const slug = uniqueSlug("aud");
  await createOrganization(page, "Audit Org", slug);
  const base = `/app/organizations/${slug}`;
  await page.goto(`${base}/settings/profile`);
  await page.getByLabel("Organization name").fill("Audit Org Renamed");
  await page.getByRole("button", { name: "Save Name" }).click();
  await expect(page.getByText("The organization's name has been saved.")).toBeVisible();
  for (let i = 1; i <= 3; i++) {
    await page.request.post(`${base}/settings/profile/roles`, {
      form: { intent: "create", name: `Role ${i}`, permissions: "audit" },
      headers: SAME_ORIGIN,
    });
  }
  await page.goto(`${base}/audit`);
  const rows = page.locator("[data-audit-row]");
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText("Role created");
  await expect(rows.first()).toContainText("Role 3");
  await expect(rows.last()).toContainText("Organization created");
  await expect(rows.nth(3)).toContainText("name: Audit Org → Audit Org Renamed");
  await expect(rows.first()).toContainText(owner.email);

  await page.getByLabel("Action").selectOption({ label: "Organization profile updated" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/action=organization.updated/);
  // Back to the whole trail: the filter shows "All actions" again, as the list does.
  await page.goBack();
  await expect(rows).toHaveCount(5);
  await expect(page.getByLabel("Action")).toHaveValue("");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${base}/audit?from=${tomorrow}`);
  await expect(page.getByText("No entries match.")).toBeVisible();

  const csv = await page.request.get(`${base}/audit.csv?action=role.created`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("when,who,email,action,label,target,details");
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain("role.created");
  expect(lines[1]).toContain("Role 3");
});

test("the Audit Trail pages by 50 with a Next link and filters by person", async ({ page }) => {
  test.setTimeout(90_000);
  const member = await developer(page);
  const owner = await developer(page);
  const slug = uniqueSlug("pag");
  await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name: "Paging Org",
    roles: [{ name: "Role makers", permissions: ["roles"] }],
    users: [{ email: member.email, role: "Role makers" }],
  });
  const base = `/app/organizations/${slug}`;
  for (let i = 1; i <= 51; i++) {
    const response = await page.request.post(`${base}/settings/profile/roles`, {
      form: { intent: "create", name: `Paged ${String(i).padStart(2, "0")}` },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await page.goto(`${base}/audit`);
  const rows = page.locator("[data-audit-row]");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Paged 51");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Paged 01");
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);

  // The member makes one change; the person filter shows only it.
  const memberSession = await apiContext();
  await apiLogin(memberSession, member);
  const made = await memberSession.post(`${base}/settings/profile/roles`, {
    form: { intent: "create", name: "By the member" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  await memberSession.dispose();
  await page.goto(`${base}/audit`);
  await page.getByLabel("Person", { exact: true }).selectOption({ label: `${member.name} (${member.email})` });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("By the member");
});

test("the organization photo: png or jpg within the stated limit, served to the organization's people only", async ({ page }) => {
  const tinyPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  await developer(page);
  const slug = uniqueSlug("pho");
  await createOrganization(page, "Photo Org", slug);
  await page.goto(`/app/organizations/${slug}/settings/profile`);
  await expect(page.getByText("A png or jpg image of at most 1024 kilobytes.")).toBeVisible();
  await page.getByLabel("New photo").setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await page.getByRole("button", { name: "Upload Photo" }).click();
  await expect(page.locator("#field-photo-error")).toHaveText("The photo must be a file of type: png, jpg.");
  await page.getByLabel("New photo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: tinyPng });
  await page.getByRole("button", { name: "Upload Photo" }).click();
  await expect(page.getByText("The organization's photo has been updated.")).toBeVisible();
  const src = await page.getByRole("img", { name: "The organization's photo" }).getAttribute("src");
  expect(src).toMatch(new RegExp(`^/app/organization-photo/${slug}\\?v=[0-9a-f]{32}$`));
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect((await as("stranger").get(src!)).status()).toBe(404);
  const api = (await (await page.request.get(`/app/api/organization/${slug}`)).json()) as { data: { photo_url: string } };
  expect(api.data.photo_url).toBe(src);
  await page.getByRole("button", { name: "Remove Photo" }).click();
  await expect(page.getByText("The organization's photo has been removed.")).toBeVisible();
  expect((await page.request.get(src!)).status()).toBe(404);
});

test("the helpdesk stores a request, mails the staff address, and shows the staff's answer", async ({ page }) => {
  await logIn(page, world.users.teamMember);
  await page.goto(`${org()}/helpdesk`);
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.locator("#field-subject-error")).toHaveText(ORGANIZATION_MESSAGES.subjectRequired);
  const subject = `Domains question ${Date.now()}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("How do we add a branded domain?");
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Your request has been sent.")).toBeVisible();
  const item = page.locator("[data-request]").filter({ hasText: subject });
  await expect(item).toContainText("Waiting for an answer");
  const id = await item.getAttribute("data-request");
  await expect
    .poll(async () => {
      const mailbox = await page.request.get(`/__dev/mailbox?to=${encodeURIComponent("support@snip.example")}`);
      return (await mailbox.text()).includes(`[${world.slug}] ${subject}`);
    })
    .toBe(true);
  await devFixture(page, { action: "support-answer", id, answer: "Organization Domains arrive soon." });
  await page.reload();
  await expect(page.locator(`[data-request="${id}"]`)).toContainText("Organization Domains arrive soon.");
  await expect(page.getByRole("heading", { name: "Your requests" })).toBeVisible();
  // The owner reads every request of the organization; another participant only their own.
  expect(await (await as("owner").get(`${org()}/helpdesk`)).text()).toContain(`data-request="${id}"`);
  const theirs = await (await as("teamViewer").get(`${org()}/helpdesk`)).text();
  expect(theirs).not.toContain(subject);
  expect(theirs).toContain("Your requests");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("onboarding, the profile, a role, the helpdesk and restore work as plain forms", async ({ page }) => {
    await developer(page);
    const slug = uniqueSlug("nojs");
    await page.goto("/app/organizations/onboarding");
    await page.getByLabel("Name").fill("");
    await page.getByLabel("Slug").fill("Bad slug!");
    await page.getByRole("button", { name: "Create Organization" }).click();
    await expect(page.locator("#field-name-error")).toHaveText(ORGANIZATION_MESSAGES.nameRequired);
    await expect(page.locator("#field-slug-error")).toHaveText(ORGANIZATION_MESSAGES.slugFormat);
    await createOrganization(page, "No Script Org", slug);
    await expect(page.locator("#onboarding-step")).toContainText("Step 1");
    await page.getByRole("link", { name: "Skip this step" }).click();
    await expect(page.locator("#onboarding-step")).toContainText("Step 2");

    await page.goto(`/app/organizations/${slug}/settings/profile`);
    await page.getByLabel("Organization name").fill("No Script Renamed");
    await page.getByLabel("Organization name").press("Enter");
    await expect(page.getByText("The organization's name has been saved.")).toBeVisible();

    await page.goto(`/app/organizations/${slug}/settings/profile/roles`);
    const form = page.getByRole("form", { name: "New role" });
    await form.getByLabel("Role name").fill("Plain");
    await form.getByLabel(/^users/).check();
    await form.getByRole("button", { name: "Create Role" }).click();
    await expect(page.getByText("The role has been created.")).toBeVisible();

    await page.goto(`/app/organizations/${slug}/helpdesk`);
    await page.getByLabel("Subject").fill("Plain request");
    await page.getByLabel("Message").fill("Sent without scripts");
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(page.locator("[data-request]").filter({ hasText: "Plain request" })).toBeVisible();

    await page.goto(`/app/organizations/${slug}/settings/profile`);
    await page.getByRole("button", { name: "Archive Organization" }).click();
    await expect(page.getByText(ORGANIZATION_MESSAGES.archived)).toBeVisible();
    await page.locator(`[data-organization="${slug}"]`).getByRole("link", { name: "Restore" }).click();
    await expect(page.getByRole("heading", { name: "Restore Organization" })).toBeVisible();
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText(ORGANIZATION_MESSAGES.restored)).toBeVisible();

    await page.goto(`/app/organizations/${slug}/settings/profile`);
    await page.getByLabel("Organization slug").fill("wrong");
    await page.getByRole("button", { name: "Delete Organization" }).click();
    await expect(page.locator("#field-confirm-error")).toHaveText(ORGANIZATION_MESSAGES.deleteConfirm);
    await page.getByLabel("Organization slug").fill(slug);
    await page.getByRole("button", { name: "Delete Organization" }).click();
    await expect(page.getByText(ORGANIZATION_MESSAGES.deleted)).toBeVisible();
    await expect(page.locator(`[data-organization="${slug}"]`)).toHaveCount(0);
  });
});

test("the owner deletes an organization through the JSON call", async ({ page }) => {
  await developer(page);
  const slug = uniqueSlug("del");
  await createOrganization(page, "Doomed", slug);
  const response = await page.request.delete(`/app/api/organization/${slug}`, { headers: SAME_ORIGIN });
  expect(response.status()).toBe(200);
  expect((await page.request.get(`/app/api/organization/${slug}`)).status()).toBe(404);
});
