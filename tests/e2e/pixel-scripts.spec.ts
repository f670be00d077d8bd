/**
 * Pixel scripts (issue 20, docs/decisions/047), end to end in Chromium: a user adds a Meta
 * Pixel on /app/settings/pixel-scripts (a wrong id is refused next to its field), opts a link in
 * on its edit page, and a visit of the short link fires the pixel (the request to the pixel's
 * host is intercepted here, nothing leaves the machine) and lands on the destination; a bot gets
 * the plain 302, and so does a link that did not opt in. The sidebar entry is hidden elsewhere.
 */
import type { Page } from "@playwright/test";
import { devFixture, giveSubscription, registerVerifiedUser, type TestUser } from "./accounts";
import { ALL_PERMISSIONS, API_BASE, apiToken, registerApiUser } from "./api";
import { BASE_URL, expect, expectLandedAt, followLink, SAME_ORIGIN, test } from "./fixtures";

const META_ID = "123456789012345";
const DESTINATION = "https://example.com/pixel-landing";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

async function linksOf(page: Page, user: TestUser, count: number): Promise<{ id: string; alias: string }[]> {
  const { data } = await devFixture(page, {
    action: "links",
    email: user.email,
    count,
    aliasPrefix: `px${Date.now().toString(36)}`,
    url: DESTINATION,
  });
  return data.links as { id: string; alias: string }[];
}

test.describe("pixel scripts", () => {
  test("a user adds a Meta Pixel, opts a link in, and a visit fires it and lands on the destination", async ({ page }) => {
    // A whole journey (registration, verification, settings, editor, visits) on a loaded machine.
    test.setTimeout(120_000);
    const user = await registerVerifiedUser(page);
    // Editing a link needs a plan with update_snip_url; the pixels page itself is L and V only.
    await giveSubscription(page, user.email, { plan: "pro" });
    const [optedIn, plain] = await linksOf(page, user, 2);

    // The entry is hidden in the sidebar, shown while its page is open.
    await page.goto("/app/settings/profile");
    const sidebar = page.getByRole("navigation", { name: "Account settings" });
    await expect(sidebar.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Custom Pixel Scripts" })).toHaveCount(0);

    await page.goto("/app/settings/pixel-scripts");
    await expect(page.getByRole("heading", { name: "Custom Pixel Scripts", level: 1 })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Custom Pixel Scripts" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("You have no pixels yet.")).toBeVisible();

    // Script text is not an id: refused next to the field, nothing stored.
    await page.getByLabel("Kind").selectOption({ label: "Meta Pixel" });
    await page.getByLabel("Pixel ID").fill(`<script>alert(1)</script>`);
    await page.getByRole("button", { name: "Add pixel" }).click();
    const idError = page.getByRole("alert").filter({ hasText: "This is not a valid Meta Pixel ID." });
    await expect(idError).toBeVisible();
    await expect(page.getByLabel("Pixel ID")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("You have no pixels yet.")).toBeVisible();

    await page.getByLabel("Pixel ID").fill(` ${META_ID} `);
    await page.getByLabel("Name (optional)").fill("Shop retargeting");
    await page.getByRole("button", { name: "Add pixel" }).click();
    await expect(page.getByText("The pixel was added.")).toBeVisible();
    const row = page.getByTestId("pixel");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Shop retargeting");
    await expect(row).toContainText(`Meta Pixel · ${META_ID}`);
    await expect(page.getByLabel("Pixel ID")).toHaveValue("");

    // The same pixel again is a duplicate.
    await page.getByLabel("Pixel ID").fill(META_ID);
    await page.getByRole("button", { name: "Add pixel" }).click();
    await expect(page.getByText("This pixel is already in your list.")).toBeVisible();

    // Opt the link in on its edit page.
    await page.goto(`/dashboard/edit/${optedIn!.id}`);
    await expect(page.getByText("1 pixel.")).toBeVisible();
    await page.getByLabel("Fire my retargeting pixels before redirecting").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?done=updated`);
    await page.goto(`/dashboard/edit/${optedIn!.id}`);
    await expect(page.getByLabel("Fire my retargeting pixels before redirecting")).toBeChecked();

    // A visit: the page fires the pixel (intercepted), then lands on the destination.
    const fired: string[] = [];
    await page.route("https://www.facebook.com/**", async (route) => {
      fired.push(route.request().url());
      await route.fulfill({ status: 200, contentType: "image/gif", body: GIF });
    });
    await followLink(page, `${BASE_URL}/${optedIn!.alias}?utm_source=pixel`);
    await expectLandedAt(page, `${DESTINATION}?utm_source=pixel`);
    expect(fired).toEqual([`https://www.facebook.com/tr?id=${META_ID}&ev=PageView&noscript=1`]);

    // The page itself, as fetched: 200, no-store, a CSP naming the pixel's host only.
    const direct = await page.request.get(`${BASE_URL}/${optedIn!.alias}`, { maxRedirects: 0 });
    expect(direct.status()).toBe(200);
    expect(direct.headers()["cache-control"]).toBe("no-store");
    expect(direct.headers()["content-security-policy"]).toContain("img-src https://www.facebook.com;");

    // A bot gets the plain 302; a link that did not opt in too.
    const bot = await page.request.get(`${BASE_URL}/${optedIn!.alias}`, { maxRedirects: 0, headers: { "user-agent": GOOGLEBOT } });
    expect(bot.status()).toBe(302);
    expect(bot.headers().location).toBe(DESTINATION);
    const other = await page.request.get(`${BASE_URL}/${plain!.alias}`, { maxRedirects: 0 });
    expect(other.status()).toBe(302);
    expect(other.headers().location).toBe(DESTINATION);

    // Deleting the pixel: the opted-in link has nothing to fire and redirects plainly again.
    await page.goto("/app/settings/pixel-scripts");
    await page.getByRole("button", { name: "Delete Shop retargeting" }).click();
    await expect(page.getByText("The pixel was deleted.")).toBeVisible();
    await expect(page.getByText("You have no pixels yet.")).toBeVisible();
    await expect
      .poll(async () => (await page.request.get(`${BASE_URL}/${optedIn!.alias}`, { maxRedirects: 0 })).status(), { timeout: 15_000 })
      .toBe(302);
  });

  test("the page works without JavaScript: add and delete are plain form posts", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await registerVerifiedUser(page);
    await page.goto("/app/settings/pixel-scripts");
    await page.getByLabel("Kind").selectOption({ label: "Google tag" });
    await page.getByLabel("Pixel ID").fill("g-ab12cd34ef");
    await page.getByRole("button", { name: "Add pixel" }).click();
    await expect(page.getByText("The pixel was added.")).toBeVisible();
    await expect(page.getByTestId("pixel")).toContainText("Google tag · G-AB12CD34EF");
    await page.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByText("The pixel was deleted.")).toBeVisible();
    await context.close();
  });

  test("the REST API opts a link in and out with `pixels`", async ({ request }) => {
    test.setTimeout(90_000);
    const owner = await registerApiUser("pro");
    // A subscriber passes V: the settings page's plain form post adds the pixel.
    const added = await owner.session.post("/app/settings/pixel-scripts", {
      form: { intent: "add", kind: "linkedin", pixelId: "1234567", name: "" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(added.status()).toBe(302);
    const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
    const headers = { authorization: `Bearer ${token}` };
    const alias = `api-px-${Date.now().toString(36)}`;
    const created = await request.post(`${API_BASE}/create`, { headers, data: { url: DESTINATION, alias } });
    expect(created.status(), await created.text()).toBe(200);
    const link = ((await created.json()) as { data: { domain: string; pixels: boolean } }).data;
    expect(link.pixels).toBe(false);

    const on = await request.patch(`${API_BASE}/update`, { headers, data: { domain: link.domain, alias, pixels: true } });
    expect(on.status(), await on.text()).toBe(200);
    expect(((await on.json()) as { data: { pixels: boolean } }).data.pixels).toBe(true);
    const page = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("https://px.ads.linkedin.com/collect/?pid=1234567&amp;fmt=gif");

    const off = await request.patch(`${API_BASE}/update`, { headers, data: { domain: link.domain, alias, pixels: false } });
    expect(((await off.json()) as { data: { pixels: boolean } }).data.pixels).toBe(false);
    const plain = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
    expect(plain.status()).toBe(302);
    expect(plain.headers().location).toBe(DESTINATION);
  });

  test("POST /create takes `pixels`: true opts the new link in; pixel ids are refused with a clear message", async ({ request }) => {
    test.setTimeout(90_000);
    const owner = await registerApiUser("pro");
    const added = await owner.session.post("/app/settings/pixel-scripts", {
      form: { intent: "add", kind: "linkedin", pixelId: "2345678", name: "" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(added.status()).toBe(302);
    const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
    const headers = { authorization: `Bearer ${token}` };

    const alias = `api-pxc-${Date.now().toString(36)}`;
    const created = await request.post(`${API_BASE}/create`, { headers, data: { url: DESTINATION, alias, pixels: true } });
    expect(created.status(), await created.text()).toBe(200);
    expect(((await created.json()) as { data: { pixels: boolean } }).data.pixels).toBe(true);
    const page = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("https://px.ads.linkedin.com/collect/?pid=2345678&amp;fmt=gif");

    // `pixels: false` (or absent) is the plain 302.
    const offAlias = `${alias}-off`;
    const off = await request.post(`${API_BASE}/create`, { headers, data: { url: DESTINATION, alias: offAlias, pixels: false } });
    expect(((await off.json()) as { data: { pixels: boolean } }).data.pixels).toBe(false);
    expect((await request.get(`${BASE_URL}/${offAlias}`, { maxRedirects: 0 })).status()).toBe(302);

    // Ids (this workspace's or anyone's) are not how a link opts in: 422 with the reason, nothing created.
    const idsAlias = `${alias}-ids`;
    const ids = await request.post(`${API_BASE}/create`, { headers, data: { url: DESTINATION, alias: idsAlias, pixels: ["2345678"] } });
    expect(ids.status()).toBe(422);
    expect(((await ids.json()) as { errors: string[] }).errors).toEqual([
      "pixels: Send true or false: a link fires every pixel of its own workspace (manage them under Settings → Custom Pixel Scripts); pixel ids are not accepted here.",
    ]);
    expect((await request.get(`${BASE_URL}/${idsAlias}`, { maxRedirects: 0 })).status()).toBe(404);

    // The OpenAPI document names the field on both calls.
    const doc = (await (await request.get(`${BASE_URL}/openapi/v2.json`)).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { type?: string }> }> };
    };
    expect(doc.components.schemas.CreateLink!.properties.pixels!.type).toBe("boolean");
    expect(doc.components.schemas.UpdateLink!.properties.pixels!.type).toBe("boolean");
  });
});
