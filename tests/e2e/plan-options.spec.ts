/**
 * Plan options (issue 20) through the real service: a link's analytics shared publicly by its
 * owner and read by a logged-out browser (then unshared: not found), the click log as CSV, and
 * the links-per-URL limit on the creation form with its message.
 */
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { giveSubscription, registerUser } from "./accounts";
import { API_BASE, apiToken, fixture, registerApiUser } from "./api";
import { BASE_URL, expect, test } from "./fixtures";

async function createLinkFromHome(page: Page, url: string): Promise<string> {
  await page.goto("/");
  await page.getByLabel("Long URL").fill(url);
  await page.getByRole("button", { name: "Shorten", exact: true }).click();
  const shortLink = page.getByLabel("Your short link");
  await expect(shortLink).toBeVisible();
  return new URL(await shortLink.inputValue()).pathname.slice(1);
}

test.describe("public analytics pages", () => {
  test("the owner shares a link's analytics, a logged-out browser reads them, and unsharing ends it", async ({
    page,
    browser,
    request,
  }) => {
    const user = await registerUser(page);
    const destination = `https://example.com/shared-${Date.now()}`;
    const alias = await createLinkFromHome(page, destination);
    await giveSubscription(page, user.email, { plan: "pro" });
    const visit = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
    expect(visit.status()).toBe(302);

    const guest = await browser.newContext();
    const reader = await guest.newPage();
    try {
      // Not shared yet: not found for everyone else, with a way in for the owner.
      const before = await reader.goto(`${BASE_URL}/app/analytics/${alias}`);
      expect(before?.status()).toBe(404);
      await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Not Found");
      await expect(reader.getByRole("link", { name: "log in" })).toHaveAttribute(
        "href",
        `/app/login?to=${encodeURIComponent(`/app/analytics/${alias}`)}`,
      );

      await page.goto(`/app/analytics/${alias}`);
      await expect(page.getByText("Only you can see these analytics.")).toBeVisible();
      await page.getByRole("button", { name: "Share publicly" }).click();
      await expect(page.getByTestId("public-url")).toHaveText(`${BASE_URL}/app/analytics/${alias}`);

      await expect
        .poll(
          async () => {
            const response = await reader.goto(`${BASE_URL}/app/analytics/${alias}`);
            return [response?.status(), await reader.getByTestId("total-clicks").textContent()];
          },
          { timeout: 20_000, intervals: [500, 1000] },
        )
        .toEqual([200, "1"]);
      await expect(reader.getByText("Shared analytics")).toBeVisible();
      await expect(reader.getByRole("heading", { level: 1 })).toHaveText(`${new URL(BASE_URL).host}/${alias}`);
      // Read-only and nothing of the owner: no destination, no sharing controls, no account menu; never indexed.
      await expect(reader.getByTestId("destination")).toHaveCount(0);
      await expect(reader.getByRole("button", { name: /share/i })).toHaveCount(0);
      expect(await reader.content()).not.toContain(destination);
      expect(await reader.content()).not.toContain(user.email);
      await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      const head = await guest.request.get(`${BASE_URL}/app/analytics/${alias}`);
      expect(head.headers()["x-robots-tag"]).toBe("noindex");
      // A logged-out reader cannot change the sharing.
      const post = await guest.request.post(`${BASE_URL}/app/analytics/${alias}`, {
        form: { intent: "unshare" },
        headers: { origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(302);
      expect(post.headers()["location"]).toContain("/app/login");
      await reader.screenshot({ path: "test-results/public-analytics.png", fullPage: true });

      await page.goto(`/app/analytics/${alias}`);
      await page.getByRole("button", { name: "Stop sharing" }).click();
      await expect(page.getByRole("button", { name: "Share publicly" })).toBeVisible();
      const after = await reader.goto(`${BASE_URL}/app/analytics/${alias}`);
      expect(after?.status()).toBe(404);
      await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Not Found");
    } finally {
      await guest.close();
    }
  });

  test("a plan without public analytics cannot share", async ({ page }) => {
    const user = await registerUser(page);
    const alias = await createLinkFromHome(page, `https://example.com/basic-share-${Date.now()}`);
    await giveSubscription(page, user.email, { plan: "basic" });
    await page.goto(`/app/analytics/${alias}`);
    await expect(page.getByText("Public analytics pages are included in the Pro plans.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Share publicly" })).toHaveCount(0);
    const response = await page.request.post(`/app/analytics/${alias}`, {
      form: { intent: "share" },
      headers: { origin: BASE_URL },
    });
    expect(response.status()).toBe(403);
    const guest = await page.context().browser()!.newContext();
    try {
      const read = await guest.request.get(`${BASE_URL}/app/analytics/${alias}`);
      expect(read.status()).toBe(404);
    } finally {
      await guest.close();
    }
  });
});

test.describe("the click log", () => {
  test("the owner downloads the click log as CSV; a plan without it is refused", async ({ page, request }) => {
    const user = await registerUser(page);
    const alias = await createLinkFromHome(page, `https://example.com/log-${Date.now()}`);
    await giveSubscription(page, user.email, { plan: "pro" });
    for (let i = 0; i < 3; i++) expect((await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 })).status()).toBe(302);
    await expect
      .poll(
        async () => {
          await page.goto(`/app/analytics/${alias}`);
          return page.getByTestId("total-clicks").textContent();
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toBe("3");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the click log (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`clicks-${alias}.csv`);
    const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
    expect(lines[0]).toBe("hour_start_utc,clicks,unique_visitors,bot_clicks");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z,3,1,0$/);

    await giveSubscription(page, user.email, { plan: "basic" });
    await page.goto(`/app/analytics/${alias}`);
    await expect(page.getByText("Downloading the click log as CSV is included in the Pro plans.")).toBeVisible();
    const refused = await page.request.get(`/app/analytics/${alias}/clicks.csv`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Downloading the click log is not included in your plan.");
  });
});

test.describe("link limits on the creation form", () => {
  test("a second link to the same destination on the free plan is refused with the plan's message", async ({ page }) => {
    await registerUser(page); // free plan: 1 link per destination URL
    const url = `https://example.com/only-once-${Date.now()}`;
    await createLinkFromHome(page, url);
    await page.goto("/");
    await page.getByLabel("Long URL").fill(url);
    await page.getByRole("button", { name: "Shorten", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Your plan allows 1 link to the same destination URL. Upgrade your plan to create more.",
    );
    await expect(page.getByLabel("Your short link")).toHaveCount(0);
  });
});

test.describe("link limits on the REST API", () => {
  test("a create past the links-per-URL limit is refused with 403 and the plan's message, and costs no credit", async () => {
    const user = await registerApiUser(); // pro: 20 links per destination URL
    const url = `https://example.com/api-same-${Date.now()}`;
    await fixture(user.session, { action: "links", email: user.email, count: 20, url });
    const { token } = await apiToken(user);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const refused = await user.session.post(`${API_BASE}/create`, { headers, data: { url } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errors).toEqual([
      "Your plan allows 20 links to the same destination URL. Upgrade your plan to create more.",
    ]);
    const other = await user.session.post(`${API_BASE}/create`, { headers, data: { url: `${url}/other` } });
    expect(other.status()).toBe(200);
  });
});

test.describe("what the plan includes", () => {
  test("the usage page lists the plan's services with where to use them, and the new limits", async ({ page }) => {
    const user = await registerUser(page);
    await page.goto("/app/settings/usage");
    await expect(page.getByText("Your plan includes self-service help only.")).toBeVisible();
    await expect(page.getByTestId("per-url-limit")).toHaveText("Up to 1 short link may point to the same destination URL.");
    await expect(page.getByRole("progressbar", { name: "Aliases in total" })).toHaveAttribute("aria-valuemax", "1000");

    await giveSubscription(page, user.email, { plan: "enterprise" });
    await page.goto("/app/settings/usage");
    const services = page.getByRole("list", { name: "Included services" });
    await expect(services.getByRole("listitem")).toHaveCount(4);
    await expect(services.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/app/helpdesk");
    await expect(services.getByRole("link", { name: "Service level agreement" })).toHaveAttribute("href", "/app/service-level-agreement");
    await expect(page.getByTestId("per-url-limit")).toHaveText("Any number of short links may point to the same destination URL.");
    await page.screenshot({ path: "test-results/usage-services.png", fullPage: true });
  });
});
