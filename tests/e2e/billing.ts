/** Helpers shared by the billing suites (the Stripe and Paddle stubs). */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Pro monthly without a trial through the JSON subscribe call (spec 01 §7) at a provider: the checkout data. */
export async function subscribeCall(page: Page, billingType: 1 | 2): Promise<{ url: string; discount_code: string | null }> {
  const response = await page.request.post("/app/api/settings/subscription/new", {
    headers: { Origin: new URL(page.url()).origin, "X-Requested-With": "XMLHttpRequest" },
    data: { billing_type: billingType, subscription: "pro", interval: "monthly", currency: "USD", type: "default", trial: false },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { url: string; discount_code: string | null } }).data;
}

/** The invoices page once it lists `count` invoices; its rows, the header row first. */
export async function invoiceRows(page: Page, count: number) {
  await page.goto("/app/settings/invoices");
  const rows = page.getByRole("table", { name: "Invoices" }).getByRole("row");
  await expect(rows).toHaveCount(count + 1);
  return rows;
}
