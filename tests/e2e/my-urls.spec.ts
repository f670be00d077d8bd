/**
 * My URLs: the links this browser shortened, and clearing that history (the links keep working).
 */
import { BASE_URL, expect, expectLandedAt, followLink, recentLink, resultView, SAME_ORIGIN, shorten, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`My URLs ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("a browser that shortened nothing sees 'No links yet'", async ({ page }) => {
      await page.goto("/app/my-urls");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My URLs");
      await expect(page.getByText("No links yet")).toBeVisible();
      await expect(page.getByRole("link", { name: "Clear history" })).toHaveCount(0);
    });

    test("lists links newest first", async ({ page }) => {
      const first = await shorten(page, "https://example.com/first");
      const second = await shorten(page, "https://example.com/second");
      await page.goto("/app/my-urls");
      const items = page.getByRole("list", { name: "Recent links" }).getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.nth(0).locator(`a[href="${second}"]`)).toBeVisible();
      await expect(items.nth(0)).toContainText("https://example.com/second");
      await expect(items.nth(1).locator(`a[href="${first}"]`)).toBeVisible();
      await expect(items.nth(1)).toContainText("https://example.com/first");
    });

    test("Clear history asks first, then empties the list; the short link still redirects", async ({ page }) => {
      const shortUrl = await shorten(page, "https://example.com/clear-me");
      await page.goto("/app/my-urls");
      await expect(recentLink(page, shortUrl)).toHaveCount(1);

      await page.getByRole("link", { name: "Clear history" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/my-urls/clear-history`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clear your history?");

      await page.getByRole("button", { name: "Clear history" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
      await expect(page.getByText("No links yet")).toBeVisible();
      await expect(recentLink(page, shortUrl)).toHaveCount(0);

      await page.reload();
      await expect(page.getByText("No links yet")).toBeVisible();

      await followLink(page, shortUrl);
      await expectLandedAt(page, "https://example.com/clear-me");
    });

    test("Cancel on the confirmation page keeps the history", async ({ page }) => {
      const shortUrl = await shorten(page, "https://example.com/keep-me");
      await page.goto("/app/my-urls/clear-history");
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
      await expect(recentLink(page, shortUrl)).toHaveCount(1);
    });
  });
}

test("Clear history refuses another method or a body that is not a form, and the history stays", async ({ page }) => {
  const shortUrl = await shorten(page, "https://example.com/keep-on-put");
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const response = await page.request.fetch("/app/my-urls/clear-history", { method, form: {}, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), method).toBe(405);
  }
  const json = await page.request.post("/app/my-urls/clear-history", { data: { clear: true }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(json.status()).toBe(400);
  await page.goto("/app/my-urls");
  await expect(recentLink(page, shortUrl)).toHaveCount(1);
});

test("another browser sees neither the links nor their result view", async ({ page, browser }) => {
  const shortUrl = await shorten(page, "https://example.com/private");
  const resultUrl = page.url();

  const other = await browser.newContext({ baseURL: BASE_URL });
  try {
    const stranger = await other.newPage();
    await stranger.goto("/app/my-urls");
    await expect(stranger.getByText("No links yet")).toBeVisible();
    await expect(stranger.locator(`a[href="${shortUrl}"]`)).toHaveCount(0);

    await stranger.goto(resultUrl);
    await expect(resultView(stranger)).toHaveCount(0);
    await expect(stranger.getByLabel("Enter a long URL to make it short")).toBeVisible();
  } finally {
    await other.close();
  }
});
