/**
 * Helpers of the domain-order journeys paid through a provider (stripe.spec.ts, paddle.spec.ts;
 * docs/decisions/049): the registrar and Cloudflare stubs on this port's places, a subscriber's
 * cart with one domain, the order's status as its page shows it.
 */
import type { Page } from "@playwright/test";
import { cloudflareStubPort, startCloudflareStub, type CloudflareStub } from "../stubs/cloudflare-server";
import { registrarStubPort, startRegistrarStub, type RegistrarStub } from "../stubs/registrar-server";
import { giveSubscription, registerUser, type TestUser } from "./accounts";
import { BASE_URL, expect, PORT } from "./fixtures";

export interface OrderStubs {
  registrar: RegistrarStub;
  cloudflare: CloudflareStub;
  close(): Promise<void>;
}

/** The registrar (DNSimple) and Cloudflare custom hostnames stubs the service is configured with (playwright.config.ts). */
export async function startOrderStubs(): Promise<OrderStubs> {
  const cloudflare = await startCloudflareStub({ port: cloudflareStubPort(PORT) });
  const registrar = await startRegistrarStub({ port: registrarStubPort(PORT) });
  return {
    registrar,
    cloudflare,
    close: async () => {
      await cloudflare.close();
      await registrar.close();
    },
  };
}

export const uniqueDomain = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.com`;

/** A subscriber (Enterprise monthly: no free first year, so the order costs the registrar's $12.00) with `domain` in the cart. */
export async function subscriberWithDomainInCart(page: Page, domain: string): Promise<TestUser> {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "enterprise", interval: "monthly" });
  await page.goto("/app/purchase/domain");
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-result")).toContainText("Available");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain/cart`);
  await expect(page.getByTestId("cart-total")).toHaveText("$12.00");
  return user;
}

/** Another domain searched and added to the cart; the cart then totals `total` (decision 051: two-line orders). */
export async function addDomainToCart(page: Page, domain: string, total: string): Promise<void> {
  await page.goto("/app/purchase/domain");
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("domain-result")).toContainText("Available");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/purchase/domain/cart`);
  await expect(page.getByTestId("cart-total")).toHaveText(total);
}

/**
 * The order's page after one of its two lines could not be registered: the failed line's reason,
 * what was refunded, each line's registration, and the notification naming the refund.
 */
export async function expectPartlyRefunded(page: Page, orderId: string, kept: string, failed: string, refunded: string): Promise<void> {
  await page.goto(`/app/settings/order/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("paid");
  await expect(page.getByTestId("order-reason")).toHaveText(
    `Reason: registration or renewal failed — ${failed}: The registry refused the registration of ${failed}`,
  );
  await expect(page.getByTestId("order-refunded")).toHaveText(`Refunded: ${refunded}`);
  const items = page.getByRole("table", { name: "Order items" });
  await expect(items.getByRole("row").filter({ hasText: kept })).toContainText("registered");
  await expect(items.getByRole("row").filter({ hasText: failed })).toContainText("failed");
  await page.getByRole("link", { name: "Notification", exact: true }).click();
  await expect(page.getByTestId("order-notification")).toHaveText(
    `Your order is paid: ${kept} added to your branded domains. ${failed} could not be registered: ${refunded} was refunded.`,
  );
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByText(kept, { exact: true })).toBeVisible();
  await expect(page.getByText(failed, { exact: true })).toHaveCount(0);
}

/**
 * The order's status as its success page shows it ("new" until paid). The page refreshes itself
 * every 2 s until the order is final: on a loaded machine that refresh can cut this navigation
 * short (net::ERR_ABORTED) or replace the page while it is read; then it is asked again.
 */
export async function orderStatus(page: Page, orderId: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`/app/shopping-cart/success?order=${orderId}`, { waitUntil: "domcontentloaded" });
      return (await page.getByTestId("order-status").textContent({ timeout: 5_000 })) ?? "";
    } catch (error) {
      const cutShort = /ERR_ABORTED|interrupted by another navigation|Execution context was destroyed|frame was detached/.test(
        String(error),
      );
      if (!cutShort || attempt === 5) throw error;
    }
  }
}

/** Until the order's page shows `status`. */
export async function waitForOrderStatus(page: Page, orderId: string, status: string): Promise<void> {
  await expect.poll(() => orderStatus(page, orderId), { timeout: 45_000, intervals: [1000, 2000] }).toBe(status);
}

/** The order id in a success page's URL. */
export function orderIdOf(url: string): string {
  const id = new URL(url).searchParams.get("order");
  if (!id) throw new Error(`no order in ${url}`);
  return id;
}

/** The bought domain among the Branded Domains. */
export async function expectBrandedDomain(page: Page, domain: string): Promise<void> {
  await page.goto("/app/settings/branded-domains");
  await expect(page.getByText(domain, { exact: true })).toBeVisible();
}
