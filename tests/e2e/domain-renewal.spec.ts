/**
 * Renewal of bought domains end to end (issue 18, docs/decisions/050): a buyer's domain shows its
 * expiry on its order page ("Renews on …"); the owner turns auto-renew off ("Expires on …") and on
 * again with a plain form; the daily cron (fired as Cloudflare fires it, at a time 20 days before
 * the expiry) queues the renewal and the queue renews it once at the registrar (the DNSimple stub,
 * tests/stubs/registrar-server.ts), moving the expiry a year on; a renewal the registry refuses
 * shows reason 3 with the registrar's words and tells the owner; a workspace without a paid plan
 * is offered the domain-renewal-service plan and subscribes to it through the test-mode checkout.
 */
import type { Page } from "@playwright/test";
import { giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, PORT, SAME_ORIGIN, test } from "./fixtures";
import { cloudflareStubPort, startCloudflareStub, type CloudflareStub } from "../stubs/cloudflare-server";
import { registrarStubPort, startRegistrarStub, type RegistrarStub } from "../stubs/registrar-server";

let cloudflare: CloudflareStub;
let registrar: RegistrarStub;
test.beforeAll(async () => {
  cloudflare = await startCloudflareStub({ port: cloudflareStubPort(PORT) });
  registrar = await startRegistrarStub({ port: registrarStubPort(PORT) });
});
test.afterAll(async () => {
  await cloudflare.close();
  await registrar.close();
});

// Each journey crosses the queue and two stubs: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 150_000 });

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.com`;

/** Buys the domain through the cart and the test-mode payment; returns the order's id once it is paid. */
async function buy(page: Page, domain: string): Promise<string> {
  await page.goto("/app/purchase/domain");
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-result")).toContainText("Available");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain/cart`);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/app\/shopping-cart\/pay\//);
  await page.getByLabel("Cardholder name").fill("Pat Buyer");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/app\/shopping-cart\/success\?order=/);
  await expect(page.getByTestId("order-status")).toHaveText("paid", { timeout: 30_000 });
  return new URL(page.url()).searchParams.get("order")!;
}

/** The registrar's expiry of the domain (the stub's record). */
const registrarExpiry = (domain: string) => registrar.state.registered.get(domain)!.expiresAt;

/** Fires the daily renewal cron of the app worker at this time, as Cloudflare fires it (scripts/runtime.mjs). */
async function runDailyCron(page: Page, at: Date) {
  const cron = await page.request.get(`${BASE_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 6 * * *")}&time=${at.getTime()}`, {
    headers: { "MF-Route-Override": "snip-app" },
  });
  expect(cron.status(), await cron.text()).toBe(200);
}

const row = (page: Page, domain: string) => page.getByTestId("renewal-row").filter({ hasText: domain });

test("a bought domain shows its expiry; its owner turns auto-renew off and on; the daily renewal moves it a year on, once", async ({
  page,
  browser,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "yearly" });
  const domain = unique("renewme");
  const orderId = await buy(page, domain);
  const expiry = registrarExpiry(domain);

  await page.goto(`/app/settings/order/${orderId}`);
  await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(`Renews on ${DATE.format(expiry)}`);
  await page.screenshot({ path: "test-results/domain-renewal-order.png", fullPage: true });

  await row(page, domain).getByRole("button", { name: "Turn auto-renew off" }).click();
  await expect(page.getByText("Auto-renew is off: the domain expires on its date.")).toBeVisible();
  await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(`Expires on ${DATE.format(expiry)}`);
  // Off: the daily pass leaves it alone.
  await runDailyCron(page, new Date(expiry.getTime() - 20 * DAY));
  await page.waitForTimeout(3_000);
  expect(registrar.state.calls.filter((c) => c.kind === "renew" && c.domain === domain)).toEqual([]);
  await row(page, domain).getByRole("button", { name: "Turn auto-renew on" }).click();
  await expect(page.getByText("Auto-renew is on.")).toBeVisible();
  await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(`Renews on ${DATE.format(expiry)}`);

  // Someone else cannot change it, whatever the form says; nor can the owner name a domain not in the order.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await registerUser(stranger);
  const refused = await stranger.request.post(`/app/settings/order/${orderId}`, {
    form: { intent: "auto-renew", domain, autoRenew: "off" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(404);
  await other.close();
  const notInOrder = await page.request.post(`/app/settings/order/${orderId}`, {
    form: { intent: "auto-renew", domain: unique("other"), autoRenew: "off" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(notInOrder.status()).toBe(404);
  const invalid = await page.request.post(`/app/settings/order/${orderId}`, {
    form: { intent: "auto-renew", domain, autoRenew: "maybe" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(invalid.status()).toBe(422);

  // 20 days before the expiry: the daily pass queues the renewal; the queue renews it at the registrar.
  await runDailyCron(page, new Date(expiry.getTime() - 20 * DAY));
  const renewed = `Renews on ${DATE.format(new Date(expiry.getTime() + YEAR))}`;
  await expect(async () => {
    await page.goto(`/app/settings/order/${orderId}`);
    await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(renewed, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: "test-results/domain-renewal-renewed.png", fullPage: true });
  // Branded Domains says it too, and leads to the order's renewal settings.
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByTestId("domain-renewal")).toContainText(renewed);
  await page.getByRole("link", { name: "Renewal settings" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/settings/order/${orderId}`);
  // The next day's pass: the domain is no longer due, nothing is renewed twice.
  await runDailyCron(page, new Date(expiry.getTime() - 19 * DAY));
  await page.waitForTimeout(3_000);
  expect(registrar.state.calls.filter((c) => c.kind === "renew" && c.domain === domain)).toEqual([{ kind: "renew", domain, period: 1 }]);
});

test("a renewal the registry refuses shows reason 3 with the registrar's words, and its owner is told", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "monthly" });
  const domain = unique("refusedrenewal");
  const orderId = await buy(page, domain);
  const expiry = registrarExpiry(domain);
  registrar.setRenewal(domain, "fails");

  await runDailyCron(page, new Date(expiry.getTime() - 10 * DAY));
  await expect(async () => {
    await page.goto(`/app/settings/order/${orderId}`);
    await expect(row(page, domain).getByTestId("renewal-reason")).toHaveText(
      `Last renewal failed: registration or renewal failed — The registry refused the renewal of ${domain}`,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 60_000 });
  await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(`Renews on ${DATE.format(expiry)}`);
  await page.screenshot({ path: "test-results/domain-renewal-refused.png", fullPage: true });
  await page.goto("/app/notifications");
  await expect(page.getByText(`Your domain ${domain} could not be renewed`)).toBeVisible();
});

test("without a paid plan the domain expires on its date; the domain-renewal-service plan is offered and, once subscribed, it renews", async ({
  page,
}) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "monthly" });
  const domain = unique("lapsing");
  const orderId = await buy(page, domain);
  const expiry = registrarExpiry(domain);

  await page.goto("/app/settings/subscription");
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await expect(page.getByText("You are on the Free plan.")).toBeVisible({ timeout: 30_000 });

  await page.goto(`/app/settings/order/${orderId}`);
  await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(`Expires on ${DATE.format(expiry)}`);
  await expect(row(page, domain)).toContainText("Renewing a bought domain needs a paid plan.");
  await page.screenshot({ path: "test-results/domain-renewal-offer.png", fullPage: true });
  await page.getByRole("button", { name: "Subscribe to the Domain renewal service" }).click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\//);
  await page.getByLabel("Cardholder name").fill("Pat Buyer");
  await page.getByRole("button", { name: "Pay $10.00" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=/);
  await expect(page.getByText("You are subscribed to Domain renewal service. Thank you!")).toBeVisible({ timeout: 30_000 });

  await page.goto(`/app/settings/order/${orderId}`);
  await expect(row(page, domain).getByTestId("renewal-expiry")).toHaveText(`Renews on ${DATE.format(expiry)}`);
  await expect(page.getByRole("button", { name: "Subscribe to the Domain renewal service" })).toHaveCount(0);
});
