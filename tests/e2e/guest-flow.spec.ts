/**
 * A guest shortens a link, shares it, follows it, and finds it (with its clicks) in My URLs:
 * once with JavaScript and once with plain HTML forms.
 */
import {
  BASE_URL,
  expect,
  expectLandedAt,
  followLink,
  recentLink,
  resultView,
  shorten,
  shortLinkField,
  SHORT_LINK,
  submitUrl,
  test,
  urlField,
} from "./fixtures";

const LONG_URL = "https://example.com/a?b=1";

test.describe("guest shortening with JavaScript", () => {
  test("the result view shows the long URL, an 8-character short link, Visit, Copy and Shorten another", async ({ page }) => {
    await page.goto("/");
    await submitUrl(page, LONG_URL);

    const result = resultView(page);
    await expect(result).toBeVisible();
    await expect(page).toHaveURL(/\/\?created=/);
    await expect(result.getByTestId("long-url")).toHaveText(LONG_URL);
    const shortUrl = await shortLinkField(page).inputValue();
    expect(shortUrl).toMatch(SHORT_LINK);
    await expect(result.getByRole("link", { name: "Visit" })).toHaveAttribute("href", shortUrl);
    await expect(result.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(result.getByRole("link", { name: "Shorten another" })).toBeVisible();
  });

  test("the result view has the QR code with its downloads and the share actions (spec 02 §2)", async ({ page, browser }) => {
    const shortUrl = await shorten(page, LONG_URL);
    const result = resultView(page);
    await expect(result.getByTestId("qr").locator("svg")).toBeVisible();
    const alias = new URL(shortUrl).pathname.slice(1);
    for (const [name, file] of [
      ["SVG", `${alias}.svg`],
      ["PNG 400", `${alias}-400.png`],
      ["PNG 1200", `${alias}-1200.png`],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name, exact: true }).click()]);
      expect(download.suggestedFilename()).toBe(file);
    }
    for (const name of ["Facebook", "Twitter", "WhatsApp", "LinkedIn", "Email"]) {
      await expect(result.getByRole("link", { name, exact: true })).toHaveAttribute("href", new RegExp(encodeURIComponent(shortUrl)));
    }
    // The downloads are the creating browser's own: another guest gets nothing.
    const svgHref = await result.getByRole("link", { name: "SVG", exact: true }).getAttribute("href");
    const other = await browser.newContext();
    expect((await other.request.get(`${BASE_URL}${svgHref!}`)).status()).toBe(404);
    await other.close();
  });

  test("Copy puts the short link on the clipboard and says Copied!", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    const shortUrl = await shorten(page, LONG_URL);

    await resultView(page).getByRole("button", { name: "Copy" }).click();
    await expect(resultView(page).getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
  });

  test("following the short link lands on the long URL, and My URLs lists it with 1 click", async ({ page }) => {
    const shortUrl = await shorten(page, LONG_URL);

    await followLink(page, shortUrl);
    await expectLandedAt(page, LONG_URL);

    await page.goto("/app/my-urls");
    const entry = recentLink(page, shortUrl);
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(LONG_URL);
    await expect(entry.getByRole("link", { name: shortUrl.replace(/^https?:\/\//, "") })).toBeVisible();

    // The click travels edge -> queue -> D1 rollups; it shows up within seconds.
    await expect(async () => {
      await page.reload();
      await expect(entry.getByTestId("clicks")).toHaveText("1 click", { timeout: 500 });
    }).toPass({ timeout: 10_000, intervals: [500, 1_000] });
  });

  test("Visit opens the destination in a new tab", async ({ page }) => {
    await shorten(page, LONG_URL);
    const [popup] = await Promise.all([page.waitForEvent("popup"), resultView(page).getByRole("link", { name: "Visit" }).click()]);
    await expectLandedAt(popup, LONG_URL);
  });

  test("a query string on the short link is appended to the destination's own", async ({ page }) => {
    const shortUrl = await shorten(page, LONG_URL);
    await followLink(page, `${shortUrl}?utm_source=x`);
    await expectLandedAt(page, "https://example.com/a?b=1&utm_source=x");
  });

  test("Shorten another brings back an empty form", async ({ page }) => {
    await shorten(page, LONG_URL);
    await resultView(page).getByRole("link", { name: "Shorten another" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(resultView(page)).toHaveCount(0);
    await expect(urlField(page)).toHaveValue("");
    await expect(urlField(page)).toBeFocused();
  });

  test("the result view's My URLs link shows the new link", async ({ page }) => {
    const shortUrl = await shorten(page, LONG_URL);
    await resultView(page).getByRole("link", { name: "My URLs" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My URLs");
    await expect(recentLink(page, shortUrl)).toContainText(LONG_URL);
  });
});

test.describe("guest shortening without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form posts, the result view appears, the link works and My URLs lists it", async ({ page }) => {
    await page.goto("/");
    await submitUrl(page, LONG_URL);

    const result = resultView(page);
    await expect(result).toBeVisible();
    await expect(page).toHaveURL(/\/\?created=[0-9a-f-]{36}$/);
    await expect(result.getByTestId("long-url")).toHaveText(LONG_URL);
    const shortUrl = await shortLinkField(page).inputValue();
    expect(shortUrl).toMatch(SHORT_LINK);
    await expect(result.getByRole("link", { name: "Visit" })).toHaveAttribute("href", shortUrl);
    await expect(result.getByRole("link", { name: "Shorten another" })).toBeVisible();
    await expect(result.getByTestId("qr").locator("svg")).toBeVisible();
    const png = await page.request.get((await result.getByRole("link", { name: "PNG 400", exact: true }).getAttribute("href"))!);
    expect(png.headers()["content-type"]).toBe("image/png");
    await expect(result.getByRole("link", { name: "WhatsApp", exact: true })).toHaveAttribute(
      "href",
      new RegExp(encodeURIComponent(shortUrl)),
    );

    await followLink(page, shortUrl);
    await expectLandedAt(page, LONG_URL);

    await page.goto("/app/my-urls");
    const entry = recentLink(page, shortUrl);
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(LONG_URL);
    await expect(async () => {
      await page.reload();
      await expect(entry.getByTestId("clicks")).toHaveText("1 click", { timeout: 500 });
    }).toPass({ timeout: 10_000, intervals: [500, 1_000] });
  });

  test("a query string on the short link is appended to the destination's own", async ({ page }) => {
    const shortUrl = await shorten(page, LONG_URL);
    await followLink(page, `${shortUrl}?utm_source=x`);
    await expectLandedAt(page, "https://example.com/a?b=1&utm_source=x");
  });

  test("Shorten another brings back an empty form", async ({ page }) => {
    await shorten(page, LONG_URL);
    await resultView(page).getByRole("link", { name: "Shorten another" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(resultView(page)).toHaveCount(0);
    await expect(urlField(page)).toHaveValue("");
  });

  test("the result view's My URLs link shows the new link", async ({ page }) => {
    const shortUrl = await shorten(page, LONG_URL);
    await resultView(page).getByRole("link", { name: "My URLs" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My URLs");
    await expect(recentLink(page, shortUrl)).toContainText(LONG_URL);
  });
});
