/**
 * Link analytics (/app/analytics/{alias}, spec 01 §2 and §9): visits through the real redirect,
 * counted by the queue consumer into the rollups, shown to the link's owner with the analytics
 * capability; the period switch and the remembered period; who may not see it.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { apiLogin, DEMO, giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, fromCountry, PORT, SAME_ORIGIN, test } from "./fixtures";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Creates a link through the home page's creation form as the signed-in user; returns its alias. */
async function createLinkFromHome(page: Page, url: string): Promise<string> {
  await page.goto("/");
  await page.getByLabel("Long URL").fill(url);
  await page.getByRole("button", { name: "Shorten", exact: true }).click();
  const shortLink = page.getByLabel("Your short link");
  await expect(shortLink).toBeVisible();
  return new URL(await shortLink.inputValue()).pathname.slice(1);
}

/** One visit of the short link through the redirect, as a browser with these headers would make it. */
async function visit(request: APIRequestContext, alias: string, headers: Record<string, string>): Promise<void> {
  const response = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0, headers });
  expect(response.status()).toBe(302);
}

function stat(page: Page, id: string) {
  return page.getByTestId(id);
}

function breakdown(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

test.describe("link analytics", () => {
  test("the owner sees totals, bots apart, breakdowns and a chart, and the period is remembered", async ({ page, request }) => {
    const user = await registerUser(page);
    const destination = `https://example.com/analytics-${Date.now()}`;
    const alias = await createLinkFromHome(page, destination);
    await giveSubscription(page, user.email, { plan: "pro" });

    // Before any visit: the empty state.
    await page.goto(`/app/analytics/${alias}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${new URL(BASE_URL).host}/${alias}`);
    await expect(page.getByTestId("destination")).toHaveText(destination);
    await expect(page.getByTestId("analytics-empty")).toContainText("No clicks in this period");
    await expect(stat(page, "total-clicks")).toHaveText("0");

    // Two visits by the same person, two other people, and a crawler.
    const firefox = {
      "user-agent": FIREFOX,
      referer: "https://news.example/post",
      "accept-language": "de-DE,de;q=0.9",
      ...fromCountry("DE"),
    };
    await visit(request, alias, firefox);
    await visit(request, alias, firefox);
    await visit(request, alias, { "user-agent": IPHONE, referer: "https://t.co/abc", "accept-language": "fr-FR", ...fromCountry("FR") });
    await visit(request, alias, { "user-agent": CHROME, "accept-language": "en-US,en;q=0.8", ...fromCountry("US") });
    await visit(request, alias, { "user-agent": GOOGLEBOT, ...fromCountry("US") });

    await expect
      .poll(
        async () => {
          await page.goto(`/app/analytics/${alias}`);
          return [await stat(page, "total-clicks").textContent(), await stat(page, "bot-clicks").textContent()];
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toEqual(["4", "1"]);
    await expect(stat(page, "unique-visitors")).toHaveText("3");

    // Default period: the last 24 hours, one bar per hour.
    const periods = page.getByRole("navigation", { name: "Period" });
    await expect(periods.locator("[aria-current=page]")).toHaveText("Last 24 hours");
    const chart = page.getByRole("img", { name: /^Clicks per hour, last 24 hours: 4 in total/ });
    await expect(chart).toBeVisible();
    await expect(page.locator("table caption", { hasText: "Clicks per hour (UTC)" }).locator("xpath=..").locator("tbody tr")).toHaveCount(
      25,
    );

    // Breakdowns count people only, with their shares.
    const countries = breakdown(page, "Countries");
    await expect(countries.getByRole("row", { name: /Germany \(DE\)/ })).toContainText("2");
    await expect(countries.getByRole("row", { name: /Germany \(DE\)/ })).toContainText("50%");
    await expect(countries.getByRole("row", { name: /France \(FR\)/ })).toContainText("25%");
    await expect(countries.getByRole("row")).toHaveCount(4); // header row and three countries: the crawler is not broken down
    const referrers = breakdown(page, "Referrers");
    await expect(referrers.getByRole("row", { name: /news\.example/ })).toContainText("2");
    await expect(referrers.getByRole("row", { name: /t\.co/ })).toContainText("1");
    await expect(referrers.getByRole("row", { name: /Direct \(no referrer\)/ })).toContainText("1");
    await expect(breakdown(page, "Browsers").getByRole("row", { name: /^Firefox/ })).toContainText("2");
    await expect(breakdown(page, "Browsers").getByRole("row", { name: /Mobile Safari/ })).toContainText("1");
    await expect(breakdown(page, "Devices").getByRole("row", { name: /Mobile/ })).toContainText("1");
    await expect(breakdown(page, "Operating systems").getByRole("row", { name: /Windows/ })).toContainText("2");
    await expect(breakdown(page, "Languages").getByRole("row", { name: /German \(de\)/ })).toContainText("2");

    // Switching to 7 days: daily bars, and the choice is remembered for the next visit.
    await periods.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/analytics/${alias}?period=last_7_days`);
    await expect(periods.locator("[aria-current=page]")).toHaveText("Last 7 days");
    await expect(page.getByRole("img", { name: /^Clicks per day, last 7 days: 4 in total/ })).toBeVisible();
    await expect(stat(page, "total-clicks")).toHaveText("4");
    await page.goto(`/app/analytics/${alias}`);
    await expect(periods.locator("[aria-current=page]")).toHaveText("Last 7 days");

    // The last hour holds the visits just made; an unknown period falls back to the remembered one.
    await periods.getByRole("link", { name: "Last hour" }).click();
    await expect(stat(page, "total-clicks")).toHaveText("4");
    await page.goto(`/app/analytics/${alias}?period=last_400_years`);
    await expect(periods.locator("[aria-current=page]")).toHaveText("Last hour");
  });

  test("visitors from Tor and of unknown country are counted as Unknown", async ({ page, request }) => {
    const user = await registerUser(page);
    const alias = await createLinkFromHome(page, `https://example.com/tor-${Date.now()}`);
    await giveSubscription(page, user.email, { plan: "pro" });
    // The edge sends T1 for Tor exits and XX for an unknown country: not countries.
    await visit(request, alias, { "user-agent": FIREFOX, ...fromCountry("T1") });
    await visit(request, alias, { "user-agent": CHROME, ...fromCountry("XX") });
    await expect
      .poll(
        async () => {
          const response = await page.goto(`/app/analytics/${alias}`);
          expect(response?.status()).toBe(200);
          return stat(page, "total-clicks").textContent();
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toBe("2");
    const countries = breakdown(page, "Countries");
    await expect(countries.getByRole("row", { name: /^Unknown/ })).toContainText("2");
  });

  test("the period switch works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const user = await registerUser(page);
      const alias = await createLinkFromHome(page, "https://example.com/no-js");
      await giveSubscription(page, user.email, { plan: "pro" });
      await page.goto(`/app/analytics/${alias}`);
      const periods = page.getByRole("navigation", { name: "Period" });
      await periods.getByRole("link", { name: "Last 30 days" }).click();
      await expect(periods.locator("[aria-current=page]")).toHaveText("Last 30 days");
      await page.goto(`/app/analytics/${alias}`);
      await expect(periods.locator("[aria-current=page]")).toHaveText("Last 30 days");
    } finally {
      await context.close();
    }
  });

  test("a link on another short domain has its own page, never the default domain's link of the same alias", async ({ page, browser }) => {
    const alias = `dom${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const create = async (on: Page, form: Record<string, string>) => {
      const response = await on.request.post("/?index", { form, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(form)).toBe(302);
    };

    // Another subscriber shares the analytics of their link with this alias on the default domain.
    const otherContext = await browser.newContext();
    const guestContext = await browser.newContext();
    try {
      const other = await otherContext.newPage();
      const otherUser = await registerUser(other);
      await giveSubscription(other, otherUser.email, { plan: "pro" });
      await create(other, { url: "https://example.com/others-default", alias });
      await other.goto(`/app/analytics/${alias}`);
      await other.getByRole("button", { name: "Share publicly" }).click();
      await expect(other.getByTestId("public-url")).toHaveText(`${BASE_URL}/app/analytics/${alias}`);

      // The owner's link with the same alias on an extra short domain, and one visit of it there.
      const user = await registerUser(page);
      await giveSubscription(page, user.email, { plan: "pro" });
      await create(page, { url: "https://example.com/mine-on-pro", domain: "pro.snip.example", alias });
      const hop = await page.request.get(`http://127.0.0.1:${PORT}/${alias}`, {
        headers: { host: "pro.snip.example", "user-agent": FIREFOX },
        maxRedirects: 0,
      });
      expect(hop.status()).toBe(302);
      expect(hop.headers()["location"]).toBe("https://example.com/mine-on-pro");

      // The dashboard's Analytics opens the owner's own link, not the other user's shared page.
      await page.goto("/dashboard");
      await page.locator(`li[data-alias="${alias}"]`).getByRole("link", { name: "Analytics", exact: true }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/analytics/${alias}?domain=pro.snip.example`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`pro.snip.example/${alias}`);
      await expect(page.getByTestId("destination")).toHaveText("https://example.com/mine-on-pro");
      await expect
        .poll(
          async () => {
            await page.reload();
            return stat(page, "total-clicks").textContent();
          },
          { timeout: 20_000, intervals: [500, 1000] },
        )
        .toBe("1");

      // The period switch stays on the link.
      await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 7 days" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/analytics/${alias}?domain=pro.snip.example&period=last_7_days`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`pro.snip.example/${alias}`);
      await expect(stat(page, "total-clicks")).toHaveText("1");
      // One click is said in the singular.
      await expect(page.getByText("Clicks by people in this period; shares are of 1 click.")).toBeVisible();

      // Its click log, and its own public page once shared.
      const log = await page.request.get(`/app/analytics/${alias}/clicks.csv?domain=pro.snip.example`);
      expect(log.status()).toBe(200);
      expect((await log.text()).trim().split(/\r?\n/)).toHaveLength(2);
      await page.getByRole("button", { name: "Share publicly" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/analytics/${alias}?domain=pro.snip.example`);
      const publicUrl = `${BASE_URL}/app/analytics/${alias}?domain=pro.snip.example`;
      await expect(page.getByTestId("public-url")).toHaveText(publicUrl);

      const guest = await guestContext.newPage();
      await guest.goto(publicUrl);
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`pro.snip.example/${alias}`);
      await expect(stat(guest, "total-clicks")).toHaveText("1");
      // The default domain's address is still the other user's shared link.
      await guest.goto(`/app/analytics/${alias}`);
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`${new URL(BASE_URL).host}/${alias}`);
      await expect(stat(guest, "total-clicks")).toHaveText("0");
      // A domain named twice, or empty, names no link.
      for (const query of ["?domain=pro.snip.example&domain=pro.snip.example", "?domain="]) {
        expect((await guest.goto(`/app/analytics/${alias}${query}`))?.status(), query).toBe(404);
      }
    } finally {
      await otherContext.close();
      await guestContext.close();
    }
  });

  test("another user's link and an unknown alias are not found", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    for (const alias of ["snip-demo", "no-such-alias-here", "bad%20alias"]) {
      const response = await page.goto(`/app/analytics/${alias}`);
      expect(response?.status(), alias).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not Found");
    }
  });

  test("the owner of the demo link sees its page", async ({ request }) => {
    await apiLogin(request, DEMO);
    const response = await request.get(`${BASE_URL}/app/analytics/snip-demo`, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Total clicks");
  });

  test("a user without analytics is sent to the plans", async ({ page }) => {
    await registerUser(page);
    const alias = await createLinkFromHome(page, "https://example.com/free-user");
    await page.goto(`/app/analytics/${alias}`);
    await expect(page).toHaveURL(`${BASE_URL}/app/pricing`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plans for every link");
  });

  test("a guest finds a link that is not shared not found, with a login link back to the page", async ({ page }) => {
    const response = await page.goto("/app/analytics/snip-demo?period=last_7_days");
    expect(response?.status()).toBe(404);
    await page.getByRole("link", { name: "log in" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/login?to=${encodeURIComponent("/app/analytics/snip-demo?period=last_7_days")}`);
  });

  test("/app/analytics/download is not taken for an alias: it still redirects to /app", async ({ request }) => {
    const response = await request.get(`${BASE_URL}/app/analytics/download`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/app");
  });
});
