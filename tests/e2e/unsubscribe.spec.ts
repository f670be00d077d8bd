/**
 * The unsubscribe page: a plain form (no JavaScript shipped) that checks the address.
 */
import { expect, MESSAGES, test } from "./fixtures";

test.describe("unsubscribe", () => {
  test("an invalid email is refused with a message under the field, keeping what was typed", async ({ page }) => {
    await page.goto("/app/unsubscribe");
    const field = page.getByLabel("Email address");
    await field.fill("not-an-email");
    await page.getByRole("button", { name: "Unsubscribe" }).click();

    const alert = field.locator("xpath=following-sibling::*[1]");
    await expect(alert).toHaveText(MESSAGES.emailInvalid);
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(field).toHaveValue("not-an-email");
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("a valid email gets a confirmation that names the address", async ({ page }) => {
    await page.goto("/app/unsubscribe");
    await page.getByLabel("Email address").fill("someone@example.com");
    await page.getByRole("button", { name: "Unsubscribe" }).click();

    const status = page.getByRole("status");
    await expect(status).toContainText("someone@example.com");
    await expect(status).toContainText("will no longer receive newsletters");
    await expect(page.getByLabel("Email address")).toHaveCount(0);
  });

  test("the address in the link's query fills the field", async ({ page }) => {
    await page.goto("/app/unsubscribe?email=reader%40example.com");
    await expect(page.getByLabel("Email address")).toHaveValue("reader@example.com");
  });
});
