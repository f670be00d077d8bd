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

/** The order's status as its success page shows it ("new" until paid). */
export async function orderStatus(page: Page, orderId: string): Promise<string> {
  await page.goto(`/app/shopping-cart/success?order=${orderId}`);
  return (await page.getByTestId("order-status").textContent()) ?? "";
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
