/**
 * The kiosk's stats, domains and Cloudflare pages (issue 19, decision 045), end to end in Chromium
 * through the real service: staff see the figures change after a user creates a link, clicks it
 * and subscribes; staff find a branded domain with its owner and state, stop it serving (its short
 * link stops answering), let it serve again and re-check it at Cloudflare, each in the staff log;
 * the Cloudflare page lists the zone and the domain's custom hostname from the stub. A non-staff
 * user gets the guard's answer and changes nothing.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { apiLogin, devFixture, giveSubscription, loginUser, registerUser, registerVerifiedUser, STAFF } from "./accounts";
import { acceptCookies, apiContext, BASE_URL, expect, PORT, SAME_ORIGIN, test, wranglerVar } from "./fixtures";
import { cloudflareStubPort, startCloudflareStub, STUB_CF_ZONE_NAME, type CloudflareStub } from "../stubs/cloudflare-server";

let stub: CloudflareStub;
test.beforeAll(async () => {
  stub = await startCloudflareStub({ port: cloudflareStubPort(PORT) });
});
test.afterAll(async () => {
  await stub.close();
});

const tag = () => randomBytes(4).toString("hex");

async function staffPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return { context, page };
}

async function figure(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).textContent())!.replace(/[^0-9]/g, ""));
}

/** Reloads `path` until the figure reaches at least `atLeast` (clicks are counted by the queue consumer). */
async function expectFigure(page: Page, path: string, testId: string, atLeast: number) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return figure(page, testId);
      },
      { timeout: 30_000, intervals: [500, 1_000, 2_000] },
    )
    .toBeGreaterThanOrEqual(atLeast);
}

function visitOn(page: Page, host: string, path: string) {
  return page.request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host }, maxRedirects: 0 });
}

function rowOf(table: Locator, text: string): Locator {
  return table.getByRole("row").filter({ hasText: text });
}

test.describe("kiosk stats, domains and Cloudflare", () => {
  test.describe.configure({ timeout: 150_000 });

  test("staff see links, clicks, users and paying workspaces change after a user acts", async ({ page, browser, request }) => {
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/stats/system");
    await expect(kiosk.getByRole("heading", { name: "Links and clicks on every short domain" })).toBeVisible();
    await expect(kiosk.getByText("Summed from the hourly click rollups (click_hourly).")).toBeVisible();
    await expect(kiosk.getByText("dead_letters: messages that failed their last retry, kept by the dead-letter consumer.")).toBeVisible();
    const links = await figure(kiosk, "figure-links");
    const clicks = await figure(kiosk, "figure-clicks");
    await kiosk.goto("/app/kiosk/stats/snip");
    const users = await figure(kiosk, "figure-users");
    const paying = await figure(kiosk, "figure-paying-workspaces");

    const user = await registerVerifiedUser(page);
    await giveSubscription(page, user.email, { plan: "pro", interval: "monthly" });
    const prefix = `st${tag()}`;
    await devFixture(page, { action: "links", email: user.email, count: 2, aliasPrefix: prefix, url: "https://example.com/stats" });
    for (let i = 0; i < 3; i++) {
      const answer = await request.get(`/${prefix}01`, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
    }

    await expectFigure(kiosk, "/app/kiosk/stats/system", "figure-links", links + 2);
    await expectFigure(kiosk, "/app/kiosk/stats/system", "figure-clicks", clicks + 3);
    // Today's bar in the clicks chart holds them (its figures are the hidden table).
    const today = new Date().toISOString().slice(0, 10);
    const todayClicks = Number(
      await kiosk.getByRole("table", { name: "Clicks per day (UTC)" }).getByRole("row", { name: today }).getByRole("cell").textContent(),
    );
    expect(todayClicks).toBeGreaterThanOrEqual(3);
    // One domain's page: the default short host has the links.
    await kiosk
      .getByRole("navigation", { name: "Stats" })
      .getByRole("link", { name: /^localhost:\d+ \(/ })
      .click();
    await expect(kiosk.getByRole("heading", { name: /^Links and clicks on localhost:\d+$/ })).toBeVisible();
    expect(await figure(kiosk, "figure-links")).toBeGreaterThanOrEqual(2);
    await kiosk.getByRole("link", { name: /^guest\.snip\.example/ }).click();
    await expect(kiosk.getByRole("heading", { name: "Links and clicks on guest.snip.example" })).toBeVisible();
    await kiosk.screenshot({ path: "test-results/kiosk-stats-system.png", fullPage: true });

    await expectFigure(kiosk, "/app/kiosk/stats/snip", "figure-users", users + 1);
    await expectFigure(kiosk, "/app/kiosk/stats/snip", "figure-paying-workspaces", paying + 1);
    // The row of plan "pro" itself (other tests of the suite subscribe to pro50k and others).
    await expect(
      kiosk
        .getByRole("table", { name: "Revenue by plan" })
        .getByRole("row")
        .filter({ has: kiosk.getByRole("cell", { name: "pro", exact: true }) }),
    ).toBeVisible();
    await kiosk.screenshot({ path: "test-results/kiosk-stats-snip.png", fullPage: true });
    await staff.context.close();
  });

  test("staff find a branded domain with its owner and state, stop it serving, let it serve again and re-check it; the Cloudflare page lists it", async ({
    page,
    browser,
  }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const host = `k${tag()}.brand.example`;
    await page.goto("/app/settings/branded-domains/create");
    await page.getByLabel("Domain", { exact: true }).fill(host);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Add domain" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/branded-domains/verify?domain=${encodeURIComponent(host)}`);

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/domains");
    const row = rowOf(kiosk.getByRole("table", { name: "Branded domains" }), host);
    await expect(row).toContainText(`User ${user.email}`);
    await expect(row).toContainText("pending");
    await expect(rowOf(kiosk.getByRole("table", { name: "Snip's short domains" }), "guest.snip.example")).toBeVisible();

    // The DNS turns active; staff re-check it at Cloudflare from the kiosk.
    stub.setDns(host, "active");
    await row.getByRole("link", { name: host }).click();
    await expect(kiosk).toHaveURL(`${BASE_URL}/app/kiosk/domain/${host}`);
    await kiosk.getByRole("button", { name: "Re-check at Cloudflare now" }).click();
    await expect(kiosk.getByText("Cloudflare was asked again; the state below is its answer.")).toBeVisible();
    await expect(kiosk.getByTestId("domain-state")).toHaveText("active");

    // The owner makes a link on it: it redirects on that host.
    const alias = `d${tag()}`;
    await page.goto("/app/links/create");
    await page.getByLabel("Domain", { exact: true }).selectOption(host);
    await page.getByLabel("Long URL").fill("https://example.com/branded-kiosk");
    await page.getByLabel("Alias (optional)").fill(alias);
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]alias=${alias}&active=true$`));
    expect((await visitOn(page, host, `/${alias}`)).status()).toBe(302);

    // A non-staff post changes nothing.
    const refused = await page.request.post(`/app/kiosk/domain/${host}`, {
      form: { intent: "disable", reason: "not staff" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/");
    expect((await visitOn(page, host, `/${alias}`)).status()).toBe(302);

    // Bad input: the reason is required, next to the field; nothing changes.
    await kiosk.reload();
    await kiosk.getByRole("button", { name: "Stop serving" }).click();
    await expect(kiosk.getByLabel("Reason for stopping it")).toHaveAttribute("aria-invalid", "true");
    await expect(kiosk.locator("#disable-reason-error")).toHaveText("Enter the reason.");
    await expect(kiosk.getByTestId("domain-state")).toHaveText("active");

    await kiosk.getByLabel("Reason for stopping it").fill("Phishing on the owner's links");
    await kiosk.getByRole("button", { name: "Stop serving" }).click();
    await expect(kiosk.getByText("The domain has stopped serving")).toBeVisible();
    await expect(kiosk.getByTestId("domain-state")).toHaveText("disabled by staff (active)");
    await expect.poll(async () => (await visitOn(page, host, `/${alias}`)).status(), { timeout: 20_000 }).toBe(404);
    // A re-check does not bring it back while staff hold it.
    await kiosk.getByRole("button", { name: "Re-check at Cloudflare now" }).click();
    await expect(kiosk.getByTestId("domain-state")).toHaveText("disabled by staff (active)");
    expect((await visitOn(page, host, `/${alias}`)).status()).toBe(404);
    await kiosk.screenshot({ path: "test-results/kiosk-domain.png", fullPage: true });
    // The owner sees why their domain stopped.
    await page.goto("/app/settings/branded-domains");
    const ownRow = page.getByRole("list", { name: "Your domains" }).getByRole("listitem").filter({ hasText: host });
    await expect(ownRow.getByTestId("domain-stopped")).toHaveText(
      "Stopped by Snip staff: its links do not redirect. Reason: Phishing on the owner's links",
    );
    await expect(ownRow).toContainText("Stopped");
    // Nothing new is made on it: the create form no longer offers it, and a forged post is refused.
    await page.goto("/app/links/create");
    await expect(page.getByLabel("Domain", { exact: true }).locator(`option[value="${host}"]`)).toHaveCount(0);
    const forged = await page.request.post("/app/links/create", {
      form: { url: "https://example.com/stopped", domain: host },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(422);
    expect(await forged.text()).toContain("The selected domain is invalid.");

    await kiosk.getByRole("button", { name: "Serve again" }).click();
    await expect(kiosk.getByText("The domain serves again")).toBeVisible();
    await expect.poll(async () => (await visitOn(page, host, `/${alias}`)).status(), { timeout: 20_000 }).toBe(302);
    await page.reload();
    await expect(page.getByRole("list", { name: "Your domains" }).getByTestId("domain-stopped")).toHaveCount(0);

    await kiosk.goto("/app/kiosk/domains");
    const domainRow = rowOf(kiosk.getByRole("table", { name: "Branded domains" }), host);
    await expect(domainRow).toContainText("active");
    await expect(domainRow.getByRole("cell").last()).toHaveText("1");
    const log = kiosk.getByRole("table", { name: "Staff log" });
    for (const action of ["Short domain stopped serving", "Short domain serving again", "Short domain re-checked"]) {
      await expect(log.getByRole("row").filter({ hasText: host }).filter({ hasText: action }).first()).toBeVisible();
    }
    await kiosk.screenshot({ path: "test-results/kiosk-domains.png", fullPage: true });

    await kiosk.goto("/app/kiosk/cloudflare/zones");
    await expect(rowOf(kiosk.getByRole("table", { name: "Zones" }), STUB_CF_ZONE_NAME)).toContainText("service zone");
    const hostnameRow = rowOf(kiosk.getByRole("table", { name: "Custom hostnames" }), host);
    await expect(hostnameRow).toContainText("active");
    await expect(hostnameRow.getByRole("link", { name: host })).toHaveAttribute("href", `/app/kiosk/domain/${host}`);
    await kiosk.screenshot({ path: "test-results/kiosk-cloudflare.png", fullPage: true });
    await staff.context.close();
  });

  test("the domain and alias pages answer a PUT, PATCH or DELETE with 405 like the other kiosk pages, for Snip's own hosts and unknown aliases too", async () => {
    const staff = await apiContext();
    await apiLogin(staff, STAFF);
    const pages = [
      `/app/kiosk/domain/${wranglerVar("SHORT_HOST")}`,
      `/app/kiosk/domain/k${tag()}.brand.example`,
      `/app/kiosk/alias/${wranglerVar("SHORT_HOST")}/nope-${tag()}`,
      "/app/kiosk/ips",
    ];
    for (const path of pages) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const response = await staff.fetch(path, {
          method,
          form: { intent: "disable", reason: "wrong method" },
          headers: SAME_ORIGIN,
          maxRedirects: 0,
        });
        expect(response.status(), `${method} ${path}`).toBe(405);
      }
    }
    await staff.dispose();
  });

  test("a terminated account's bulk upload is held at import: nothing is created, staff see the held upload", async ({
    page,
    browser,
    request,
  }) => {
    const user = await registerVerifiedUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto(`/app/kiosk/users?q=${encodeURIComponent(user.email)}`);
    await kiosk.getByRole("link", { name: user.email }).click();
    await expect(kiosk).toHaveURL(/\/app\/kiosk\/user\/[^/]+$/);
    const userPage = kiosk.url();
    await kiosk.getByLabel("Reason").fill("Spam campaign");
    await kiosk.getByRole("button", { name: "Terminate account" }).click();
    await expect(kiosk.getByText("The account is terminated")).toBeVisible();

    const id = tag();
    const name = `held-${id}.csv`;
    await page.goto("/dashboard?mode=bulk");
    await page.getByLabel("Spreadsheet file").setInputFiles({
      name,
      mimeType: "text/csv",
      buffer: Buffer.from(`url,alias\nhttps://example.com/held-${id},held-${id}\n`),
    });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("bulk-total")).toHaveText("1");

    await expect
      .poll(
        async () => {
          await kiosk.goto(userPage);
          return kiosk.getByRole("table", { name: "Held bulk imports" }).getByRole("row").filter({ hasText: name }).count();
        },
        { timeout: 30_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(1);
    expect((await request.get(`/held-${id}`, { maxRedirects: 0 })).status()).toBe(404);
    await kiosk.goto("/app/kiosk/stats/system");
    expect(await figure(kiosk, "figure-held-bulk-imports")).toBeGreaterThanOrEqual(1);
    await staff.context.close();
  });

  test("a non-staff user gets the guard's answer on every new kiosk page", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email);
    for (const path of ["/app/kiosk/stats/system", "/app/kiosk/stats/snip", "/app/kiosk/domains", "/app/kiosk/cloudflare/zones"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe("/");
    }
  });
});
