/** Helpers shared by the billing suites (the Stripe and Paddle stubs). */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, PORT } from "./fixtures";

/** A provider stub's origin, written by tests/stubs/start-with-stripe.ts / start-with-paddle.ts. */
export function stubUrl(provider: "stripe" | "paddle"): string {
  const file =
    (provider === "stripe" ? process.env.STRIPE_STUB_FILE : process.env.PADDLE_STUB_FILE) ?? `.wrangler/${provider}-stub-${PORT}.json`;
  return (JSON.parse(readFileSync(file, "utf8")) as { url: string }).url;
}

/** One change of a stub's `/__stub/burst` (tests/stubs/stripe-server.ts, paddle-server.ts). */
export interface BurstChange {
  cancel_at_period_end?: boolean;
  status?: string;
  lookup_key?: string;
  custom_data?: Record<string, unknown>;
}

/**
 * A burst of changes to the user's subscription at a provider's stub, all its events stamped with
 * the same time; `deliver` "none" leaves the events for the caller to sign and post. Answers the
 * events' bodies.
 */
export async function stubBurst(
  page: Page,
  provider: "stripe" | "paddle",
  email: string,
  changes: BurstChange[],
  deliver: "order" | "reverse" | "none" = "order",
): Promise<string[]> {
  const response = await page.request.post(`${stubUrl(provider)}/__stub/burst?email=${encodeURIComponent(email)}&deliver=${deliver}`, {
    data: JSON.stringify(changes),
    headers: { "content-type": "application/json" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { events: string[] }).events;
}

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

/** The signed-in user's id, as the shell's state call gives it. */
export async function userId(page: Page): Promise<string> {
  const state = (await (await page.request.get("/app/api/state")).json()) as { data: { user: { id: string } } };
  return state.data.user.id;
}

/** What the subscription page says of the current plan. */
export async function currentPlan(page: Page): Promise<string> {
  await page.goto("/app/settings/subscription");
  return (await page.getByTestId("current-plan").or(page.getByText("You are on the Free plan.")).first().textContent()) ?? "";
}

/** Until the subscription page shows `text`, then a while longer: every event sent by then has been applied. */
export async function settlesOn(page: Page, text: string): Promise<void> {
  await expect.poll(() => currentPlan(page), { timeout: 20_000, intervals: [500, 1000] }).toContain(text);
  await page.waitForTimeout(2000);
  expect(await currentPlan(page)).toContain(text);
}
