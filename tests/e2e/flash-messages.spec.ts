/**
 * Flash messages (spec 01 §3 Global app state flashMessages; spec 02 §2, §8 "Flash-message errors
 * on load are shown in an Error modal"): a guard that sends a user home leaves a message for the
 * next page load, shown once in the Error dialog, then gone; GET state carries it the same way.
 */
import { registerUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const HEADERS = { ...SAME_ORIGIN, "X-Requested-With": "XMLHttpRequest" };
const STAFF_ONLY = "That page is only for Snip staff.";

test("a page for staff sends a user home with the reason in the Error dialog, shown once", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/kiosk");
  await expect(page).toHaveURL(`${BASE_URL}/`);
  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("flash-messages")).toHaveText(STAFF_ONLY);
  await page.screenshot({ path: "test-results/flash-message.png" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The next load: gone.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Error" })).toHaveCount(0);
});

test("GET state carries a waiting flash message once; a cookie naming anything else shows nothing", async ({ page, context }) => {
  await registerUser(page);
  const refused = await page.request.get("/app/kiosk", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()["location"]).toBe("/");

  const first = await (await page.request.get("/app/api/state", { headers: HEADERS })).json();
  expect(first.data.app.flashMessages).toEqual([STAFF_ONLY]);
  const second = await (await page.request.get("/app/api/state", { headers: HEADERS })).json();
  expect(second.data.app.flashMessages).toEqual([]);

  // Only the site's own messages: a cookie with text of someone's choosing is not shown.
  await context.addCookies([{ name: "snip_flash", value: encodeURIComponent("You won a prize,developer-only"), url: BASE_URL }]);
  const forged = await (await page.request.get("/app/api/state", { headers: HEADERS })).json();
  expect(forged.data.app.flashMessages).toEqual([STAFF_ONLY]);
  await context.addCookies([{ name: "snip_flash", value: "You%20won%20a%20prize", url: BASE_URL }]);
  await page.goto("/");
  await expect(page.getByRole("dialog", { name: "Error" })).toHaveCount(0);
  expect(await page.content()).not.toContain("You won a prize");
});

test("a malformed flash cookie is no message, and every page still answers", async ({ page, context }) => {
  await context.addCookies([{ name: "snip_flash", value: "%E0%A4%A", url: BASE_URL }]);
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Error" })).toHaveCount(0);
  const state = await page.request.get("/app/api/state", { headers: HEADERS });
  expect(state.status()).toBe(200);
  expect((await state.json()).data.app.flashMessages).toEqual([]);
});
