/**
 * Domain purchase and organizations (issue 18, docs/decisions/053), end to end in Chromium through
 * the real service, the registrar (DNSimple) stub and the Cloudflare custom hostnames stub:
 *
 * - in team mode the cart is refused 'Permission denied' (the page, every change, paying and
 *   GET /app/api/shopping-cart), the pages say domains are bought on the personal account and
 *   offer the switch back; switched back, the same user buys a domain;
 * - the owner moves the bought domain to their organization: it appears in the organization's
 *   domains, the personal link on it still redirects, the audit trail records it; a member without
 *   the permission is refused (403), a member with it cannot move someone else's domain (404),
 *   a stranger is 404, a forged host name is 404, and nothing moved.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { CART_REFUSAL_TEXTS, MOVE_TEXTS } from "../../domain/domain-moves";
import { apiLogin, devFixture, giveSubscription, makeDeveloper, registerElsewhere, registerUser, type TestUser } from "./accounts";
import { orderIdOf, startOrderStubs, uniqueDomain, waitForOrderStatus, type OrderStubs } from "./domain-orders";
import { apiContext, BASE_URL, expect, PORT, SAME_ORIGIN, test } from "./fixtures";

let stubs: OrderStubs;
const contexts: APIRequestContext[] = [];
test.beforeAll(async () => {
  stubs = await startOrderStubs();
});
test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.dispose()));
  await stubs.close();
});

// The journey crosses the queue and two stubs: far more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 240_000 });

const AJAX = { "X-Requested-With": "XMLHttpRequest" };

/** A request to the local service with another Host, as a visitor of that domain sends it. */
function visitOn(page: Page, host: string, path: string) {
  return page.request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host }, maxRedirects: 0 });
}

async function signedIn(user: TestUser): Promise<APIRequestContext> {
  const context = await apiContext();
  await apiLogin(context, user);
  contexts.push(context);
  return context;
}

test("in a team the cart is 'Permission denied'; back on the account the owner buys a domain and moves it to the organization, its link still redirecting", async ({
  page,
  browser,
}) => {
  const owner = await registerUser(page);
  await giveSubscription(page, owner.email, { plan: "enterprise", interval: "monthly" });
  const domainsMember = await registerElsewhere(browser);
  const usersMember = await registerElsewhere(browser);
  const stranger = await registerElsewhere(browser);
  for (const user of [owner, domainsMember, usersMember, stranger]) await makeDeveloper(page, user.email);
  const slug = `buy-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Org ${slug}`;
  await devFixture(page, {
    action: "organization",
    email: owner.email,
    slug,
    name,
    roles: [
      { name: "Domains", permissions: ["domains"] },
      { name: "Users", permissions: ["users"] },
    ],
    users: [
      { email: domainsMember.email, role: "Domains" },
      { email: usersMember.email, role: "Users" },
    ],
    teams: [{ slug: "crew", name: "Crew", members: [{ email: owner.email, role: "admin" }] }],
  });

  // Entering the team area switches to the team and turns team mode on (decision 029).
  await page.goto(`/app/organization/${slug}/team/crew`);
  const cart = await page.goto("/app/shopping-cart");
  expect(cart?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Permission denied" })).toBeVisible();
  await expect(page.getByTestId("cart-refusal")).toContainText(CART_REFUSAL_TEXTS.team);
  await page.screenshot({ path: "test-results/organization-purchases-team-cart.png", fullPage: true });
  // Every change is refused on the server, whatever the form says; the call too.
  const api = await page.request.get("/app/api/shopping-cart", { headers: AJAX });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ message: "Permission denied" });
  const refused = uniqueDomain("teamtry");
  for (const [path, form] of [
    ["/app/purchase/domain", { domain: refused }],
    ["/app/shopping-cart", { intent: "refresh" }],
    ["/app/shopping-cart", { intent: "checkout" }],
    ["/app/purchase/domain/cart", { intent: "remove", domain: refused }],
  ] as const) {
    const response = await page.request.post(path, { form, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), `POST ${path} ${JSON.stringify(form)}`).toBe(403);
  }
  // The search page says where domains are bought, and offers the way back.
  await page.goto("/app/purchase/domain");
  await expect(page.getByTestId("cart-refusal")).toContainText(CART_REFUSAL_TEXTS.team);
  await expect(page.getByLabel("Domain name")).toHaveCount(0);
  await page.getByRole("link", { name: CART_REFUSAL_TEXTS.switchToAccount }).click();
  await expect(page.getByText("You are going to switch to your account")).toBeVisible();
  await page.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(page.locator("[data-team-mode=off]")).toBeVisible();

  // Back on the account: the cart answers, empty (the refused add wrote nothing), and the owner buys.
  await page.goto("/app/shopping-cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  const domain = uniqueDomain("orgbuy");
  await page.goto("/app/purchase/domain");
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-result")).toContainText("Available");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain/cart`);
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.getByLabel("Cardholder name").fill("Pat Owner");
  await page.getByRole("button", { name: "Pay $12.00" }).click();
  await expect(page).toHaveURL(/\/app\/shopping-cart\/success\?order=/);
  const orderId = orderIdOf(page.url());
  await waitForOrderStatus(page, orderId, "paid");

  // Verified, and a personal link made on it.
  stubs.cloudflare.setDns(domain, "active");
  await page.goto(`/app/settings/branded-domains/verify?domain=${encodeURIComponent(domain)}`);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText("Active: short links on this domain redirect.");
  const alias = `m${Date.now().toString(36)}`;
  await page.goto("/app/links/create");
  await page.getByLabel("Domain", { exact: true }).selectOption(domain);
  await page.getByLabel("Long URL").fill("https://example.com/moved-landing");
  await page.getByLabel("Alias (optional)").fill(alias);
  await page.getByRole("button", { name: "Shorten" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]alias=${alias}`));
  expect((await visitOn(page, domain, `/${alias}`)).headers()["location"]).toBe("https://example.com/moved-landing");

  // The order page and the domain's page offer the move to the organization where the owner adds domains.
  await page.goto(`/app/settings/order/${orderId}`);
  await expect(page.getByRole("button", { name: MOVE_TEXTS.button(name) })).toBeVisible();
  const movePath = `/app/organizations/${slug}/settings/profile/domains/move/${domain}`;

  // Refused, nothing moved: a member without the permission (403), a member with it but not the buyer (404),
  // a stranger (404), the owner naming a domain that is not theirs (404).
  const refusals: [APIRequestContext, string, number][] = [
    [await signedIn(usersMember), movePath, 403],
    [await signedIn(domainsMember), movePath, 404],
    [await signedIn(stranger), movePath, 404],
    [page.request, `/app/organizations/${slug}/settings/profile/domains/move/not-${domain}`, 404],
  ];
  for (const [request, path, status] of refusals) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), `GET ${path}`).toBe(status);
    expect((await request.post(path, { form: {}, headers: SAME_ORIGIN, maxRedirects: 0 })).status(), `POST ${path}`).toBe(status);
  }
  await page.goto(`/app/settings/branded-domains/edit/${domain}`);
  await expect(page.getByRole("heading", { name: domain })).toBeVisible();
  await page.screenshot({ path: "test-results/organization-purchases-move-offer.png", fullPage: true });

  await page.getByRole("button", { name: MOVE_TEXTS.button(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/settings/profile/domains\\?notice=moved`));
  await expect(page.getByText(MOVE_TEXTS.moved)).toBeVisible();
  await expect(page.getByText(domain, { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/organization-purchases-moved.png", fullPage: true });

  // The link on it still redirects; the domain is no longer the owner's personal one; the trail has the move.
  const after = await visitOn(page, domain, `/${alias}`);
  expect(after.status()).toBe(302);
  expect(after.headers()["location"]).toBe("https://example.com/moved-landing");
  expect((await page.request.get(`/app/settings/branded-domains/edit/${domain}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.post(movePath, { form: {}, headers: SAME_ORIGIN, maxRedirects: 0 })).status()).toBe(404);
  const listed = await page.request.get(`/app/api/organization/${slug}/domains`);
  expect(JSON.stringify(await listed.json())).toContain(domain);
  const csv = await (await page.request.get(`/app/organizations/${slug}/audit.csv`)).text();
  expect(csv.split("\r\n").filter((line) => line.includes("domain.moved-in") && line.includes(domain))).toHaveLength(1);
  // The renewal stays the buyer's (decision 050): the order page still shows it, and no longer offers the move.
  await page.goto(`/app/settings/order/${orderId}`);
  await expect(page.getByTestId("renewal-row")).toHaveAttribute("data-domain", domain);
  await expect(page.getByRole("button", { name: MOVE_TEXTS.button(name) })).toHaveCount(0);
});
