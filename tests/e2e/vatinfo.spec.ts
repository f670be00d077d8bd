/**
 * The tax-id form without login (spec 01 §2 /user/vatinfo/{encrypted}, docs/decisions/046), in
 * test mode: the link from the invoices page opens the form in a browser that is not signed in,
 * the spec's rules answer next to the fields, a saved tax id is shown on the next visit, and a
 * forged or altered link is a clear 404, never someone's form.
 */
import { giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

test("a subscriber's tax-id link opens the form without login; the tax id is checked, saved and shown", async ({ page, browser }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  await page.goto("/app/settings/invoices");
  const href = await page.getByRole("link", { name: "Add a tax ID" }).getAttribute("href");
  expect(href).toMatch(/^\/user\/vatinfo\/[0-9a-f]{40,}$/);

  const guest = await browser.newContext();
  const form = await guest.newPage();
  try {
    const opened = await form.goto(`${BASE_URL}${href}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(form.getByRole("heading", { name: "Tax ID for your invoices" })).toBeVisible();
    // Nothing of the account is on the page.
    expect(await form.content()).not.toContain(user.email);

    await form.getByRole("button", { name: "Save tax ID" }).click();
    await expect(form.getByText("The business name field is required.")).toBeVisible();
    await expect(form.getByText("Choose the type of your tax ID.")).toBeVisible();
    await expect(form.getByText("The tax ID field is required.")).toBeVisible();

    await form.getByLabel("Business name").fill("Acme Ltd");
    await form.getByLabel("Type of tax ID").selectOption("gb_vat");
    await form.getByLabel("Tax ID", { exact: true }).fill("DE123456789");
    await form.getByRole("button", { name: "Save tax ID" }).click();
    await expect(form.getByText("The tax ID format is invalid.")).toBeVisible();

    await form.getByLabel("Business name").fill("Acme Ltd");
    await form.getByLabel("Type of tax ID").selectOption("gb_vat");
    await form.getByLabel("Tax ID", { exact: true }).fill("gb 123 4567 89");
    await form.getByRole("button", { name: "Save tax ID" }).click();
    await expect(form.getByRole("status")).toHaveText("Your tax ID has been saved. It will appear on your next invoices.");
    await expect(form.getByTestId("current-tax-id")).toContainText("Acme Ltd · United Kingdom VAT number: GB123456789");
    await form.screenshot({ path: "test-results/vatinfo.png", fullPage: true });

    // The next visit shows it too.
    await form.goto(`${BASE_URL}${href}`);
    await expect(form.getByTestId("current-tax-id")).toContainText("GB123456789");

    // An altered or forged value: 404 with the page's message, for a page and for a post.
    const last = href!.at(-1) === "0" ? "1" : "0";
    const altered = await form.goto(`${BASE_URL}${href!.slice(0, -1)}${last}`);
    expect(altered?.status()).toBe(404);
    await expect(form.getByText("This tax ID link is not valid.", { exact: false })).toBeVisible();
    await expect(form.getByRole("button", { name: "Save tax ID" })).toHaveCount(0);
    const forged = await guest.request.post(`${BASE_URL}/user/vatinfo/${"ab".repeat(40)}`, {
      form: { business_name: "Evil", type: "gb_vat", value: "GB123456789" },
      headers: { origin: BASE_URL },
    });
    expect(forged.status()).toBe(404);
    await form.goto(`${BASE_URL}${href}`);
    await expect(form.getByTestId("current-tax-id")).toContainText("Acme Ltd");
  } finally {
    await guest.close();
  }
});

test("a user without a subscription has no tax-id link", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/settings/invoices");
  await expect(page.getByRole("heading", { name: "Invoices", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a tax ID" })).toHaveCount(0);
});
