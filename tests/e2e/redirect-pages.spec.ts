/**
 * The short-link path with the seeded demo links (db/seed.sql): a redirect, the expired and
 * archived pages, and the not-found page that offers to shorten a link.
 */
import { BASE_URL, expect, expectLandedAt, followLink, resultView, SHORT_LINK, shortLinkField, test } from "./fixtures";

const DEMO_DESTINATION = "https://example.com/?ref=snip-demo";

test.describe("an active short link", () => {
  test("GET answers 302 to its destination", async ({ request }) => {
    const response = await request.get("/snip-demo", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(DEMO_DESTINATION);
  });

  test("HEAD answers 302 with the same Location", async ({ request }) => {
    const response = await request.head("/snip-demo", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(DEMO_DESTINATION);
  });

  test("the query string of the visit is forwarded", async ({ request }) => {
    const response = await request.get("/snip-demo?utm_source=x", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(`${DEMO_DESTINATION}&utm_source=x`);
  });

  test("a browser following it lands on the destination", async ({ page }) => {
    await followLink(page, `${BASE_URL}/snip-demo`);
    await expectLandedAt(page, DEMO_DESTINATION);
  });
});

test.describe("a short link that does not redirect", () => {
  test("an expired link shows 'This link has expired' with status 410", async ({ page, request }) => {
    const api = await request.get("/snip-expired", { maxRedirects: 0 });
    expect(api.status()).toBe(410);
    expect(api.headers()["location"]).toBeUndefined();

    const response = await page.goto("/snip-expired");
    expect(response?.status()).toBe(410);
    await expect(page).toHaveURL(`${BASE_URL}/snip-expired`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
  });

  test("an archived link shows 'This link is not active' with status 410", async ({ page, request }) => {
    const api = await request.get("/snip-archived", { maxRedirects: 0 });
    expect(api.status()).toBe(410);
    expect(api.headers()["location"]).toBeUndefined();

    const response = await page.goto("/snip-archived");
    expect(response?.status()).toBe(410);
    await expect(page).toHaveURL(`${BASE_URL}/snip-archived`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not active");
  });

  test("an unknown alias shows 'This short link doesn't exist' with status 404", async ({ page, request }) => {
    const api = await request.get("/doesNotExist1", { maxRedirects: 0 });
    expect(api.status()).toBe(404);
    expect(api.headers()["location"]).toBeUndefined();

    const response = await page.goto("/doesNotExist1");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This short link doesn't exist");
  });

  test("the not-found page's shorten form creates a link and shows the result view", async ({ page }) => {
    await page.goto("/doesNotExist1");
    await page.getByLabel("Shorten a link").fill("https://example.com/from-404");
    await page.getByRole("button", { name: "Shorten" }).click();

    await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/\\?created=[0-9a-f-]{36}$`));
    await expect(resultView(page)).toBeVisible();
    await expect(resultView(page).getByTestId("long-url")).toHaveText("https://example.com/from-404");
    expect(await shortLinkField(page).inputValue()).toMatch(SHORT_LINK);
  });
});
