/**
 * Domain purchase, the shopping cart and orders end to end (issue 18, docs/decisions/043): a
 * subscriber searches a name at the registrar (the DNSimple stub, tests/stubs/registrar-server.ts),
 * adds it to the cart, pays in test mode, sees the order go to paid and the domain appear in
 * Branded Domains (verified through the Cloudflare custom hostnames stub); a registration the
 * registrar refuses shows as refunded with its reason; every new page's guards. A bought domain's
 * DNS records are published by Snip in its zone at the registrar stub, whose records the Cloudflare
 * stub's DNS reads (docs/decisions/054): it verifies without the buyer publishing anything, and a
 * zone DNSimple refuses shows on the verify page with the records to publish by hand.
 */
import type { Page } from "@playwright/test";
import { giveSubscription, loginUser, registerElsewhere, registerUser, signOut } from "./accounts";
import { BASE_URL, expect, PORT, SAME_ORIGIN, test } from "./fixtures";
import { cloudflareStubPort, startCloudflareStub, type CloudflareStub } from "../stubs/cloudflare-server";
import { registrarStubPort, startRegistrarStub, type RegistrarStub } from "../stubs/registrar-server";

let cloudflare: CloudflareStub;
let registrar: RegistrarStub;
test.beforeAll(async () => {
  registrar = await startRegistrarStub({ port: registrarStubPort(PORT) });
  // The Cloudflare stub's DNS is the registrar's hosted zones (where Snip publishes a bought domain's records).
  cloudflare = await startCloudflareStub({ port: cloudflareStubPort(PORT), zoneDns: (fqdn) => registrar.recordsAt(fqdn) });
});
test.afterAll(async () => {
  await cloudflare.close();
  await registrar.close();
});

// Each journey crosses the queue and two stubs: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const TEXT = {
  invalid: "Enter a valid domain name, like mybrand.com.",
  notAvailable: "This domain is not available.",
  paymentFailed: "Payment failed. Please try again later.",
  permissionDenied: "Permission denied",
  active: "Active: short links on this domain redirect.",
  waiting: "Waiting for DNS: publish the records below. This page updates when you check again.",
  published: "Snip published the records below in this domain's DNS. There is nothing for you to do.",
} as const;

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.com`;

async function searchAndAdd(page: Page, domain: string) {
  await page.goto("/app/purchase/domain");
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-result")).toContainText("Available");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain/cart`);
}

async function checkoutAndPay(page: Page) {
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/app\/shopping-cart\/pay\//);
  await page.getByLabel("Cardholder name").fill("Pat Buyer");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/app\/shopping-cart\/success\?order=/);
}

test("a subscriber buys a domain: search, cart, test-mode payment, the order goes to paid and the domain is a branded domain", async ({
  page,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "yearly" });
  const domain = unique("mybrand");
  const taken = unique("taken");
  registrar.setName(taken, "taken");

  await page.goto("/app/purchase/domain");
  await page.getByLabel("Domain name").fill("not a domain");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(TEXT.invalid)).toBeVisible();
  await page.getByLabel("Domain name").fill(taken);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-result")).toContainText(TEXT.notAvailable);
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-price")).toHaveText("$12.00");
  await page.screenshot({ path: "test-results/domain-purchase-search.png", fullPage: true });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain/cart`);
  await expect(page.getByRole("link", { name: "Cart (1)" }).first()).toBeAttached();

  // Two years: the yearly plan's discounted domain makes the first one free (discounted_domain_count).
  await page.getByLabel(`Years for ${domain}`).selectOption("2");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("cart-discount")).toHaveText("−$12.00");
  await expect(page.getByTestId("cart-total")).toHaveText("$12.00");
  await page.screenshot({ path: "test-results/domain-purchase-cart.png", fullPage: true });

  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await page.getByLabel("Cardholder name").fill("Pat Buyer");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $12.00" }).click();
  await expect(page.getByText(TEXT.paymentFailed)).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $12.00" }).click();
  await expect(page).toHaveURL(/\/app\/shopping-cart\/success\?order=/);
  // The page reloads itself while the queue registers the domain.
  await expect(page.getByTestId("order-status")).toHaveText("paid", { timeout: 30_000 });
  await page.screenshot({ path: "test-results/domain-purchase-success.png", fullPage: true });
  expect(registrar.state.calls).toContainEqual({ kind: "register", domain });
  expect(registrar.state.calls).toContainEqual({ kind: "renew", domain, period: 1 });
  expect(registrar.state.calls.filter((c) => c.domain === domain && c.kind === "register")).toHaveLength(1);
  await expect(page.getByRole("link", { name: "Cart (0)" }).first()).toBeAttached();

  // Orders in the sidebar, the order with its label, then the domain among the branded domains.
  await page.goto("/app/settings/profile");
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByTestId("order-row").filter({ hasText: domain }).getByTestId("order-status")).toHaveText("paid");
  await page.screenshot({ path: "test-results/domain-purchase-orders.png", fullPage: true });
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Branded Domains" }).click();
  await expect(page.getByText(domain, { exact: true })).toBeVisible();
  expect(cloudflare.hostnames()).toContain(domain);
  // Nothing published by the buyer: Snip put the verify page's records in the domain's zone.
  expect(registrar.recordsAt(domain)).toContainEqual({ type: "ALIAS", content: "domains.snip.example" });
  await page.goto(`/app/settings/branded-domains/verify?domain=${encodeURIComponent(domain)}`);
  await expect(page.getByTestId("auto-dns")).toHaveText(TEXT.published);
  await expect(page.getByRole("button", { name: "Publish DNS records again" })).toHaveCount(0);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(TEXT.active);
  await page.screenshot({ path: "test-results/domain-purchase-auto-dns.png", fullPage: true });
  await page.goto("/app/settings/orders");
  await page.getByTestId("order-row").filter({ hasText: domain }).getByRole("link", { name: "Details" }).click();
  await expect(page.getByTestId("dns-row").filter({ hasText: domain }).getByTestId("dns-state")).toHaveText(
    "Published: the domain verifies without anything to do on your side.",
  );
});

test("DNSimple refusing the records: the order is paid, the verify page shows its words and the records to publish, and publishing again verifies it", async ({
  page,
  browser,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "monthly" });
  const domain = unique("lockedzone");
  registrar.setZone(domain, "refuses");
  await searchAndAdd(page, domain);
  await checkoutAndPay(page);
  await expect(page.getByTestId("order-status")).toHaveText("paid", { timeout: 30_000 });
  const words = `Zone ${domain} is locked: its records cannot be changed right now`;
  await page.getByRole("link", { name: "Order details" }).click();
  await expect(page.getByTestId("dns-state")).toHaveText(`Not published: ${words}`);
  await page.getByRole("link", { name: "The records to publish" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/branded-domains/verify?domain=${encodeURIComponent(domain)}`);
  await expect(page.getByTestId("auto-dns")).toHaveText(
    `Snip could not publish the DNS records: ${words}. Publish the records below yourself, or try again.`,
  );
  // The records to publish by hand, as for any branded domain.
  const records = page.getByRole("table");
  await expect(records).toContainText("domains.snip.example");
  await expect(records).toContainText(`_cf-custom-hostname.${domain}`);
  await page.screenshot({ path: "test-results/domain-purchase-dns-refused.png", fullPage: true });
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(TEXT.waiting);

  // DNSimple takes them now: publishing again, then Check now, verifies the domain.
  registrar.setZone(domain, "accepts");
  await page.getByRole("button", { name: "Publish DNS records again" }).click();
  await expect(page.getByTestId("auto-dns")).toHaveText(TEXT.published);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(TEXT.active);

  // Someone else cannot make Snip publish in this domain's zone: the server finds no such domain of theirs.
  const context = await browser.newContext();
  const other = await context.newPage();
  await registerUser(other);
  const stranger = await other.request.post(`/app/settings/branded-domains/verify?domain=${encodeURIComponent(domain)}`, {
    form: { intent: "publish-dns" },
    headers: SAME_ORIGIN,
  });
  expect(stranger.status()).toBe(404);
  await context.close();
});

test("checking out again while an order is unpaid replaces it: one order to pay, with both domains", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "yearly" });
  const [first, second] = [unique("firstpick"), unique("secondpick")];
  await searchAndAdd(page, first);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  // Not paid: back to the search for a second name, then Checkout again.
  await searchAndAdd(page, second);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await expect(page.getByText(`${first}, ${second}`)).toBeVisible();
  await page.goto("/app/settings/orders");
  // The one new order holds both; the first, replaced, shows as cancelled.
  await expect(page.getByTestId("order-row").filter({ hasText: second })).toContainText(first);
  await expect(page.getByTestId("order-row").filter({ hasNotText: second }).getByTestId("order-status")).toHaveText("cancelled");
});

test("a registration the registrar refuses shows as refunded, with its reason", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "monthly" });
  const domain = unique("refused");
  registrar.setName(domain, "fails");
  await searchAndAdd(page, domain);
  await expect(page.getByTestId("cart-total")).toHaveText("$12.00");
  await checkoutAndPay(page);
  await expect(page.getByTestId("order-status")).toHaveText("refunded", { timeout: 30_000 });
  await page.getByRole("link", { name: "Order details" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("refunded");
  await expect(page.getByTestId("order-reason")).toHaveText(
    `Reason: registration or renewal failed — ${domain}: The registry refused the registration of ${domain}`,
  );
  await page.screenshot({ path: "test-results/domain-purchase-refunded.png", fullPage: true });
  await page.getByRole("link", { name: "Notification", exact: true }).click();
  await expect(page.getByTestId("order-notification")).toHaveText("Your order was refunded: registration or renewal failed.");
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByText(domain, { exact: true })).toHaveCount(0);
});

const PAGES = [
  "/app/purchase/domain",
  "/app/purchase/domain/cart",
  "/app/shopping-cart",
  "/app/shopping-cart/success",
  "/app/domain-upsell",
  "/app/domain-purchase-verification",
  "/app/settings/orders",
  "/app/settings/order/any",
  "/app/settings/order/any/notification",
];

test("a cart open in two tabs: Remove in the second after the first says the domain is not in the cart, not that it was removed", async ({
  page,
  context,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "yearly" });
  const domain = unique("twotabs");
  await searchAndAdd(page, domain);
  const other = await context.newPage();
  await other.goto("/app/shopping-cart");
  const row = (p: Page) => p.getByRole("table", { name: "Shopping cart" }).getByRole("row").filter({ hasText: domain });

  await row(page).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`${domain} was removed from your cart.`)).toBeVisible();
  await row(other).getByRole("button", { name: "Remove" }).click();
  await expect(other.getByText("This domain is not in your cart.")).toBeVisible();
  await expect(other.getByText(`${domain} was removed from your cart.`)).toHaveCount(0);
  // The same for its years.
  const years = await other.request.post("/app/shopping-cart", {
    form: { intent: "years", domain, years: "2" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(years.status()).toBe(404);
  await other.close();
});

test("the cart's years: anything but a whole number from 1 to 10 gets the field's message next to that field, and the cart keeps its years", async ({
  page,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "yearly" });
  const domain = unique("years");
  await searchAndAdd(page, domain);
  for (const years of ["abc", "1.5", "", "0", "11"]) {
    const response = await page.request.post("/app/shopping-cart", {
      form: { intent: "years", domain, years },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status(), `years=${years}`).toBe(422);
    const html = await response.text();
    expect(html, `years=${years}`).toContain("Choose from 1 to 10 years.");
    expect(html, `years=${years}`).toContain(`aria-describedby="years-${domain}-error"`);
    expect(html, `years=${years}`).toContain(`id="years-${domain}-error"`);
    expect(html, `years=${years}`).not.toContain("Something went wrong.");
  }
  await page.goto("/app/shopping-cart");
  const field = page.getByLabel(`Years for ${domain}`);
  await expect(field).toHaveValue("1");

  // The page's own form (no JavaScript on this page), posted with a value the select does not offer.
  await field.evaluate((select) => select.insertAdjacentHTML("beforeend", '<option value="0">0 years</option>'));
  await field.selectOption("0");
  await page.getByRole("row").filter({ hasText: domain }).getByRole("button", { name: "Update" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Choose from 1 to 10 years.");
  await expect(page.getByText("Choose from 1 to 10 years.")).toHaveCount(1);
  await expect(field).toHaveValue("1");
});

test("guards: a guest is sent to log in from every purchase and order page", async ({ page }) => {
  for (const path of PAGES) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe(`/app/login?to=${encodeURIComponent(path)}`);
  }
  const api = await page.request.get("/app/api/shopping-cart", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  expect(api.status()).toBe(401);
});

test("guards: a free user is offered the upsell, refused the cart ('Permission denied'), and sees only their own orders", async ({
  page,
  browser,
}) => {
  await registerUser(page);
  const search = await page.request.get("/app/purchase/domain", { maxRedirects: 0 });
  expect(search.headers()["location"]).toBe("/app/domain-upsell");
  for (const path of ["/app/purchase/domain/cart", "/app/shopping-cart"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: TEXT.permissionDenied, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "Get your own domain" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/domain-upsell`);
  await expect(page.getByText("Your plan does not include domain purchase.", { exact: false })).toBeVisible();
  await page.screenshot({ path: "test-results/domain-upsell.png", fullPage: true });
  // Whatever the form says, the server refuses the cart.
  for (const intent of ["checkout", "refresh"]) {
    const refused = await page.request.post("/app/shopping-cart", { form: { intent }, headers: SAME_ORIGIN });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(TEXT.permissionDenied);
  }
  const addRefused = await page.request.post("/app/purchase/domain", {
    form: { domain: unique("free") },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(addRefused.headers()["location"]).toBe("/app/domain-upsell");
  const api = await page.request.get("/app/api/shopping-cart", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ message: TEXT.permissionDenied });
  // The orders pages are open to any signed-in user: their own orders only.
  await page.goto("/app/settings/orders");
  await expect(page.getByText("No orders yet.")).toBeVisible();
  await page.goto("/app/domain-purchase-verification");
  await expect(page.getByText("You have no domain purchase to verify.")).toBeVisible();

  // A subscriber's order is not found for anyone else.
  const context = await browser.newContext();
  const buyer = await context.newPage();
  const owner = await registerUser(buyer);
  await giveSubscription(buyer, owner.email, { plan: "enterprise", interval: "monthly" });
  await searchAndAdd(buyer, unique("mine"));
  await checkoutAndPay(buyer);
  const orderId = new URL(buyer.url()).searchParams.get("order")!;
  await expect(buyer.getByTestId("order-status")).toHaveText("paid", { timeout: 30_000 });
  for (const path of [
    `/app/settings/order/${orderId}`,
    `/app/settings/order/${orderId}/notification`,
    `/app/shopping-cart/success?order=${orderId}`,
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
    expect((await buyer.request.get(path)).status(), path).toBe(200);
  }
  // Paying again for a paid order takes nothing: the pay page sends the owner to the order.
  const again = await buyer.request.post(`/app/shopping-cart/pay/${orderId}`, {
    form: { name: "Pat", card: "4242424242424242" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(again.headers()["location"]).toBe(`/app/shopping-cart/success?order=${orderId}`);
  expect(
    (
      await page.request.post(`/app/shopping-cart/pay/${orderId}`, { form: { name: "X", card: "4242424242424242" }, headers: SAME_ORIGIN })
    ).status(),
  ).toBe(404);
  await context.close();
});

test("guards: a subscriber whose plan buys domains reaches every purchase page; the sidebar shows Orders and Payment Method", async ({
  page,
}) => {
  const user = await registerUser(page);
  // A plan without purchase_branded_domains (pro) is offered the upsell.
  await giveSubscription(page, user.email, { plan: "pro" });
  expect((await page.request.get("/app/purchase/domain", { maxRedirects: 0 })).headers()["location"]).toBe("/app/domain-upsell");
  expect((await page.request.get("/app/shopping-cart")).status()).toBe(403);
  await giveSubscription(page, user.email, { plan: "enterprise" });
  for (const path of [
    "/app/purchase/domain",
    "/app/purchase/domain/cart",
    "/app/shopping-cart",
    "/app/domain-upsell",
    "/app/settings/orders",
  ]) {
    expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  const purchase = await page.request.get("/app/purchase", { maxRedirects: 0 });
  expect(purchase.headers()["location"]).toBe("/app/purchase/domain");
  await page.goto("/app/domain-upsell");
  await page.getByRole("link", { name: "Search for a domain" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain`);
  const sidebar = page.getByRole("navigation", { name: "Account settings" });
  await page.goto("/app/settings/profile");
  await expect(sidebar.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Payment Method" })).toBeVisible();
});

test("a plan that cannot buy domains has no free domain (decision 051): an order made on Enterprise yearly is repriced on Pro yearly; the free-domains page names the plans that include one", async ({
  page,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "yearly" });
  const domain = unique("discountplan");
  await searchAndAdd(page, domain);
  await page.getByLabel(`Years for ${domain}`).selectOption("2");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("cart-discount")).toHaveText("−$12.00");
  await expect(page.getByTestId("cart-total")).toHaveText("$12.00");
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByRole("button", { name: "Pay $12.00" })).toBeVisible();

  // Now on Pro yearly: its plan table carries discounted_domain_count 1, but not purchase_branded_domains.
  await giveSubscription(page, user.email, { plan: "pro", interval: "yearly" });
  await page.getByLabel("Cardholder name").fill("Pat Buyer");
  await page.getByRole("button", { name: "Pay $12.00" }).click();
  await expect(page.getByText("The price of your order changed. Please check the new total and pay again.")).toBeVisible();
  await page.goto(page.url());
  await expect(page.getByRole("button", { name: "Pay $24.00" })).toBeVisible();
  expect(registrar.state.calls.filter((c) => c.domain === domain)).toEqual([]);

  await page.goto("/app/features/free-domains");
  await expect(page.getByTestId("free-domain-plans")).toContainText("Enterprise (25 domains)");
  await expect(page.getByTestId("free-domain-plans")).not.toContainText("Pro");
  await expect(page.getByTestId("connect-only-plans")).toContainText("Pro");
  await page.screenshot({ path: "test-results/free-domains-plans.png", fullPage: true });
  await page.goto("/app/pricing?interval=yearly");
  await expect(page.locator('[data-plan="enterprise"]')).toContainText("Domain purchase: first year free for 25 domains on yearly billing");
  await expect(page.locator('[data-plan="pro"]')).not.toContainText("Domain purchase");
});

test("the free trial's purchase source is its session's: that order goes to the verification page, the next account's on the same browser does not", async ({
  page,
  browser,
}) => {
  const trialUser = await registerUser(page);
  await giveSubscription(page, trialUser.email, { plan: "enterprise", interval: "yearly" });
  await page.goto("/app/purchase/domain?source=trial");
  await searchAndAdd(page, unique("fromtrial"));
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.getByLabel("Cardholder name").fill("Pat Trial");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/app\/domain-purchase-verification\?order=/);

  // Someone else signs in on the same browser (the cookie is still there): their order is theirs.
  await signOut(page);
  const next = await registerElsewhere(browser);
  await giveSubscription(page, next.email, { plan: "enterprise", interval: "yearly" });
  await loginUser(page, next);
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  await searchAndAdd(page, unique("nexton"));
  await checkoutAndPay(page);
  await expect(page.getByTestId("order-status")).toBeVisible();
});
