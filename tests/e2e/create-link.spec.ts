/**
 * The signed-in creation form (spec 02 §2, §3, §5): custom alias, tags, expiry, the UTM builder,
 * the result view with its QR downloads, and the server's capability checks. With and without
 * JavaScript.
 */
import type { Page } from "@playwright/test";
import { giveSubscription, registerUser, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, SHORT_LINK, test } from "./fixtures";

const TEXT = {
  aliasTaken: "The alias has already been taken.",
  tagMin: "The tag must be at least 2 characters.",
  tagMax: "The tag must not be greater than 45 characters.",
  tagTaken: "The tag has already been taken.",
  permissionDenied: "Permission denied.",
  urlRequired: "The URL field is required.",
  expiryTooSoon: "The expiry must be at least 5 minutes from now.",
} as const;

function uniqueAlias(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function proUser(page: Page): Promise<TestUser> {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  return user;
}

const form = (page: Page) => page.getByTestId("create-link-form");
const longUrl = (page: Page) => page.getByLabel("Long URL");

async function openAdvanced(page: Page) {
  const details = form(page).locator("details");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
}

/** A datetime-local value `days` ahead (in the browser's time zone, which is the runner's). */
function localInputDaysAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test.describe("creating a link with JavaScript", () => {
  test("a pro user creates a link with a custom alias, tags and an expiry; the alias redirects", async ({ page }) => {
    await proUser(page);
    const alias = uniqueAlias("pro");
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/pro-landing");
    await page.getByLabel("Alias (optional)").fill(alias);
    // Spec 02 §2: the description is a field of the organization's form only.
    await expect(page.getByLabel("Description (optional)")).toHaveCount(0);
    await page.getByLabel("Tags (optional)").fill("Promo, Spring Sale");
    await openAdvanced(page);
    await expect(page.getByText("Expires at (local time)")).toBeVisible();
    await page.getByLabel("Link expiry").check();
    await page.getByLabel("Expires at (local time)").fill(localInputDaysAhead(3));
    await page.getByRole("button", { name: "Shorten" }).click();

    await expect(page).toHaveURL(new RegExp(`[?&]alias=${alias}&active=true$`));
    const result = page.getByTestId("result");
    await expect(result).toBeVisible();
    await expect(page.getByLabel("Your short link")).toHaveValue(`${BASE_URL}/${alias}`);
    // On a phone the short link shows whole: the field wraps it instead of cutting it off.
    await page.setViewportSize({ width: 390, height: 800 });
    const whole = await page
      .getByLabel("Your short link")
      .evaluate((field) => [field.scrollWidth - field.clientWidth, field.scrollHeight - field.clientHeight]);
    expect(whole).toEqual([0, 0]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(result.getByTestId("result-tag")).toHaveText(["promo", "springsale"]);
    await expect(result.getByText(/^Expires/)).toBeVisible();
    await expect(result.getByRole("link", { name: "My URLs" })).toHaveCount(0);
    for (const name of ["Facebook", "Twitter", "WhatsApp", "LinkedIn", "Email"]) {
      await expect(result.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        new RegExp(encodeURIComponent(`${BASE_URL}/${alias}`)),
      );
    }
    await expect(result.getByTestId("qr").locator("svg")).toHaveAttribute("width", "127");

    const hop = await page.request.get(`/${alias}`, { maxRedirects: 0 });
    expect([301, 302, 307, 308]).toContain(hop.status());
    expect(hop.headers()["location"]).toBe("https://example.com/pro-landing");
  });

  test("Enter in the long URL field shortens, not opens the UTM builder", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await openAdvanced(page);
    await longUrl(page).fill("https://example.com/pressed-enter");
    await longUrl(page).press("Enter");
    const result = page.getByTestId("result");
    await expect(result).toBeVisible();
    await expect(result.getByTestId("long-url")).toHaveText("https://example.com/pressed-enter");
    await expect(page.getByLabel("Your short link")).toHaveValue(SHORT_LINK);
    await expect(page.getByRole("dialog", { name: "UTM Parameters Builder" })).toHaveCount(0);
  });

  test("a taken alias and bad tags are shown next to their fields", async ({ page }) => {
    await proUser(page);
    const alias = uniqueAlias("dup");
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/first");
    await page.getByLabel("Alias (optional)").fill(alias);
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByTestId("result")).toBeVisible();

    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/second");
    await page.getByLabel("Alias (optional)").fill(alias);
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.locator("#create-alias-error")).toHaveText(TEXT.aliasTaken);
    await expect(page.getByLabel("Alias (optional)")).toHaveAttribute("aria-invalid", "true");

    const tags = page.getByLabel("Tags (optional)");
    for (const [value, message] of [
      ["ok, x", TEXT.tagMin],
      [`ok, ${"y".repeat(46)}`, TEXT.tagMax],
      ["News, n ews", TEXT.tagTaken],
    ] as const) {
      await page.getByLabel("Alias (optional)").fill(uniqueAlias("tag"));
      await tags.fill(value);
      await page.getByRole("button", { name: "Shorten" }).click();
      await expect(page.locator("#create-tags-error")).toHaveText(message);
      await expect(tags).toHaveAttribute("aria-describedby", "create-tags-error");
    }
  });

  test("an expiry too soon is refused next to the picker", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/soon");
    await openAdvanced(page);
    await page.getByLabel("Link expiry").check();
    await page.getByLabel("Expires at (local time)").fill(localInputDaysAhead(-1));
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.locator("#create-expires-error")).toHaveText(TEXT.expiryTooSoon);
  });

  test("a user who may not choose an alias sees it locked, and the server refuses a crafted post", async ({ page }) => {
    await registerUser(page); // free plan, email not verified yet
    await page.goto("/");
    const alias = page.getByLabel("Alias (optional)");
    await expect(alias).toBeDisabled();
    await expect(alias).toHaveAttribute("title", "Verify your email address to choose a custom alias.");
    await expect(page.getByLabel("Tags (optional)")).toHaveCount(0);
    await expect(page.getByText("Advanced options")).toHaveCount(0);

    // The same post a tampered form would send.
    const crafted = uniqueAlias("crafted");
    const response = await page.request.post("/?index", {
      form: { url: "https://example.com/crafted", alias: crafted, return_to: "/" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(TEXT.permissionDenied);

    await page.evaluate(() => document.querySelector<HTMLInputElement>("#create-alias")!.removeAttribute("disabled"));
    await longUrl(page).fill("https://example.com/crafted");
    await alias.fill(crafted);
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.locator("#create-alias-error")).toHaveText(TEXT.permissionDenied);
    expect((await page.request.get(`/${crafted}`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a crafted expiry from a user without the expiry capability is refused as the form's own 'Permission denied.'; crafted tags are dropped", async ({
    page,
  }) => {
    await registerUser(page); // free plan: no expiry and no tags capability, so the form has neither field
    await page.goto("/");
    await expect(page.getByText("Advanced options")).toHaveCount(0);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);

    // A tampered form: the fields the form does not have for this user, added to it.
    await page.evaluate((value) => {
      const form = document.querySelector<HTMLFormElement>('[data-testid="create-link-form"]')!;
      const fields: [string, string][] = [
        ["expires", "on"],
        ["expires_local", value],
      ];
      for (const [name, v] of fields) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = v;
        form.appendChild(input);
      }
    }, later);
    await longUrl(page).fill("https://example.com/crafted-expiry");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(form(page).getByRole("alert")).toHaveText(TEXT.permissionDenied);
    await expect(form(page).getByRole("alert")).toBeVisible();

    // The same post sent directly, with an expiry out of bounds too: the refusal, not the expiry's rules.
    for (const expires_local of [later, "1999-01-01T00:00"]) {
      const response = await page.request.post("/?index", {
        form: { url: "https://example.com/crafted-expiry", expires: "on", expires_local, return_to: "/" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      const html = await response.text();
      expect(html).toMatch(/id="create-link-form-error"[^>]*>Permission denied\.</);
      expect(html).not.toContain(TEXT.expiryTooSoon);
    }

    // Tags without the capability are removed from the payload (spec 02 §5), even ones the rules would refuse.
    const tagged = await page.request.post("/?index", {
      form: { url: "https://example.com/crafted-tags", tags: "x", return_to: "/" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(tagged.status()).toBe(302);

    // A description (a field of the organization's form only, spec 02 §2) that breaks its rule: said as the form's own.
    const described = await page.request.post("/?index", {
      form: { url: "https://example.com/crafted-description", description: "d".repeat(300), return_to: "/" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(described.status()).toBe(422);
    expect(await described.text()).toMatch(/id="create-link-form-error"[^>]*>The description must not be greater than 255 characters\.</);
  });

  test("the UTM builder asks the capability before the fields: a free user gets 403 'Permission denied.', not the field rules", async ({
    page,
  }) => {
    await registerUser(page); // free plan: no expiration capability, which the builder needs
    // The page itself is refused too, without a form that could only be refused on submit.
    const opened = await page.goto(`/app/links/utm?url=${encodeURIComponent("https://example.com/utm")}&return_to=/`);
    expect(opened?.status()).toBe(403);
    await expect(page.getByText(TEXT.permissionDenied)).toBeVisible();
    await expect(page.locator('input[name="utm_source"]')).toHaveCount(0);
    const bodies = [
      { mode: "page", url: "https://example.com/utm", return_to: "/", utm_source: "", utm_medium: "m".repeat(51), utm_campaign: "" },
      { mode: "page", url: "https://example.com/utm", return_to: "/", utm_source: "a", utm_medium: "b", utm_campaign: "c" },
    ];
    for (const form of bodies) {
      const response = await page.request.post("/app/links/utm", { form, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(response.status()).toBe(403);
      const html = await response.text();
      expect(html).toContain(TEXT.permissionDenied);
      expect(html).not.toContain("The utm source field is required.");
      expect(html).not.toContain("The utm medium must not be greater than 50.");
    }
  });

  test("a free user creates from the homepage and gets the result view with My URLs", async ({ page }) => {
    await registerUser(page);
    await page.goto("/");
    await longUrl(page).fill("https://example.com/free-user");
    await page.getByRole("button", { name: "Shorten" }).click();
    const result = page.getByTestId("result");
    await expect(result).toBeVisible();
    await expect(result.getByTestId("long-url")).toHaveText("https://example.com/free-user");
    await expect(result.getByRole("link", { name: "My URLs" })).toBeVisible();
    await result.getByRole("link", { name: "Shorten another" }).click();
    await expect(longUrl(page)).toBeFocused();
    await expect(longUrl(page)).toHaveValue("");
  });

  test("a subscriber's Shorten another brings back the dashboard's form with the focus in the URL field", async ({ page }) => {
    await proUser(page);
    await page.goto("/dashboard");
    await longUrl(page).fill("https://example.com/dashboard-another");
    await longUrl(page).press("Enter");
    const result = page.getByTestId("result");
    await expect(result).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?alias=[^&]+&active=true$/);
    await result.getByRole("link", { name: "Shorten another" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(longUrl(page)).toHaveValue("");
    await expect(longUrl(page)).toBeFocused();
  });

  test("the UTM builder checks its fields and rebuilds the URL; turning it off removes the parameters", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await openAdvanced(page);
    const utmSwitch = page.getByLabel("UTM parameters");
    await utmSwitch.click();
    await expect(page.locator("#create-url-error")).toHaveText(TEXT.urlRequired);
    await expect(utmSwitch).not.toBeChecked();

    await longUrl(page).fill("https://example.com/shop?id=7&utm_source=old");
    await utmSwitch.check();
    const dialog = page.getByRole("dialog", { name: "UTM Parameters Builder" });
    await expect(dialog).toBeVisible();
    // The URL has utm_* parameters already: the builder updates them (spec 02 §4 "Create or Update mode").
    await expect(dialog.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);
    await dialog.getByLabel("Source").fill("");
    await dialog.getByRole("button", { name: "Update", exact: true }).click();
    await expect(dialog.getByText("The utm source field is required.")).toBeVisible();
    await expect(dialog.getByText("The utm medium field is required.")).toBeVisible();
    await expect(dialog.getByText("The utm campaign field is required.")).toBeVisible();

    await dialog.getByLabel("Source").fill("news letter");
    await dialog.getByLabel("Medium").fill("m".repeat(51));
    await dialog.getByLabel("Campaign").fill("spring&sale");
    await dialog.getByRole("button", { name: "Update", exact: true }).click();
    await expect(dialog.getByText("The utm medium must not be greater than 50.")).toBeVisible();

    await dialog.getByLabel("Medium").fill("email");
    await dialog.getByLabel("Save as preset").check();
    const presetName = uniqueAlias("preset");
    await dialog.getByLabel("Preset name").fill(presetName);
    await dialog.getByRole("button", { name: "Update", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(longUrl(page)).toHaveValue(
      "https://example.com/shop?id=7&utm_source=news%20letter&utm_medium=email&utm_campaign=spring%26sale",
    );
    await expect(utmSwitch).toBeChecked();

    // The sample presets and the saved one are offered.
    await page.getByRole("button", { name: "Edit" }).click();
    const presets = dialog.getByLabel("Load a preset");
    await expect(presets.locator("option")).toContainText(["Sample preset A", "Sample preset B"]);
    await presets.selectOption({ label: "Sample preset B" });
    await expect(dialog.getByLabel("Source")).toHaveValue("facebook");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await utmSwitch.uncheck();
    await expect(longUrl(page)).toHaveValue("https://example.com/shop?id=7");

    await page.reload();
    await openAdvanced(page);
    await longUrl(page).fill("https://example.com/again");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(dialog.getByLabel("Load a preset").locator("option", { hasText: presetName })).toHaveCount(1);
  });

  test("QR downloads: SVG and PNG at 400 and 1200, named after the short code, owner only", async ({ page, browser }) => {
    await proUser(page);
    const alias = uniqueAlias("qr");
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/qr");
    await page.getByLabel("Alias (optional)").fill(alias);
    await page.getByRole("button", { name: "Shorten" }).click();
    const result = page.getByTestId("result");
    await expect(result).toBeVisible();

    for (const [name, file] of [
      ["SVG", `${alias}.svg`],
      ["PNG 400", `${alias}-400.png`],
      ["PNG 1200", `${alias}-1200.png`],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name, exact: true }).click()]);
      expect(download.suggestedFilename()).toBe(file);
    }

    const svgHref = await result.getByRole("link", { name: "SVG", exact: true }).getAttribute("href");
    const svg = await page.request.get(svgHref!);
    expect(svg.headers()["content-type"]).toBe("image/svg+xml");
    expect(svg.headers()["content-disposition"]).toBe(`attachment; filename="${alias}.svg"`);
    expect(await svg.text()).toContain("<svg");

    for (const size of [400, 1200]) {
      const png = await page.request.get(svgHref!.replace("qr.svg", `qr.png?size=${size}`));
      expect(png.headers()["content-type"]).toBe("image/png");
      expect(png.headers()["content-disposition"]).toBe(`attachment; filename="${alias}-${size}.png"`);
      const bytes = await png.body();
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(bytes.readUInt32BE(16)).toBe(size);
      expect(bytes.readUInt32BE(20)).toBe(size);
    }
    expect((await page.request.get(svgHref!.replace("qr.svg", "qr.png?size=77"))).status()).toBe(400);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await registerUser(otherPage);
    expect((await otherPage.request.get(svgHref!)).status()).toBe(404);
    await other.close();
  });
});

test.describe("creating a link without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, shows errors on the create page, then creates", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/no-js");
    const alias = uniqueAlias("nojs");
    await page.getByLabel("Alias (optional)").fill(alias);
    await page.getByLabel("Tags (optional)").fill("x");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/links/create`);
    await expect(page.locator("#create-tags-error")).toHaveText(TEXT.tagMin);
    await expect(longUrl(page)).toHaveValue("https://example.com/no-js");

    await page.getByLabel("Tags (optional)").fill("nojs");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]alias=${alias}&active=true$`));
    await expect(page.getByTestId("result").getByTestId("result-tag")).toHaveText(["nojs"]);
    expect((await page.request.get(`/${alias}`, { maxRedirects: 0 })).headers()["location"]).toBe("https://example.com/no-js");
  });

  test("a free user's homepage form shows a refusal next to the field, then creates", async ({ page }) => {
    await registerUser(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Shorten" }).click();
    // The homepage's own action answers (the create page is not theirs).
    await expect(page).toHaveURL(`${BASE_URL}/?index`);
    await expect(page.locator("#create-url-error")).toHaveText(TEXT.urlRequired);
    await longUrl(page).fill("https://example.com/free-no-js");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page).toHaveURL(/\/\?created=/);
    await expect(page.getByTestId("result").getByTestId("long-url")).toHaveText("https://example.com/free-no-js");
  });

  test("Enter in the long URL field shortens", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/no-js-enter");
    await longUrl(page).press("Enter");
    await expect(page).toHaveURL(/[?&]active=true$/);
    await expect(page.getByTestId("result").getByTestId("long-url")).toHaveText("https://example.com/no-js-enter");
  });

  test("the expiry is read as UTC and the label says so", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/utc");
    await page.locator("summary", { hasText: "Advanced options" }).click();
    await page.getByLabel("Link expiry").check();
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
    await page.getByLabel("Expires at (UTC)").fill(soon);
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByTestId("result").locator("time")).toHaveAttribute("datetime", `${soon}:00.000Z`);
  });

  test("the UTM builder page returns to the form with the rebuilt URL", async ({ page }) => {
    await proUser(page);
    await page.goto("/app/links/create");
    await longUrl(page).fill("https://example.com/page");
    await page.locator("summary", { hasText: "Advanced options" }).click();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/app\/links\/utm\?/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("UTM Parameters Builder");

    // No utm_* parameters yet: the builder creates them (spec 02 §4 "Create or Update mode").
    const builder = page.getByTestId("utm-builder");
    await builder.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("The utm source field is required.")).toBeVisible();
    await expect(page.getByText("The utm campaign field is required.")).toBeVisible();

    await page.getByLabel("Source").fill("google");
    await page.getByLabel("Medium").fill("cpc");
    await page.getByLabel("Campaign").fill("brand terms");
    await builder.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/app\/links\/create\?url=/);
    await expect(longUrl(page)).toHaveValue("https://example.com/page?utm_source=google&utm_medium=cpc&utm_campaign=brand%20terms");
    await expect(page.getByLabel("UTM parameters")).toBeChecked();
  });

  test("the UTM builder page hands back every other field of the form, and updates parameters it finds", async ({ page }) => {
    await proUser(page);
    await page.goto("/dashboard");
    const alias = uniqueAlias("utmkeep");
    const expiry = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);
    await longUrl(page).fill("https://example.com/keep");
    await page.getByLabel("Alias (optional)").fill(alias);
    await page.getByLabel("Tags (optional)").fill("kept, builder");
    await page.locator("summary", { hasText: "Advanced options" }).click();
    await page.getByLabel("Link expiry").check();
    await page.getByLabel("Expires at (UTC)").fill(expiry);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/app\/links\/utm\?/);
    await page.getByLabel("Source").fill("news");
    await page.getByLabel("Medium").fill("email");
    await page.getByLabel("Campaign").fill("keep");
    await page.getByTestId("utm-builder").getByRole("button", { name: "Create", exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\?url=/);
    await expect(longUrl(page)).toHaveValue("https://example.com/keep?utm_source=news&utm_medium=email&utm_campaign=keep");
    await expect(page.getByLabel("Alias (optional)")).toHaveValue(alias);
    await expect(page.getByLabel("Tags (optional)")).toHaveValue("kept, builder");
    await expect(page.getByLabel("Link expiry")).toBeChecked();
    await expect(page.getByLabel("Expires at (UTC)")).toHaveValue(expiry);
    await expect(page.getByLabel("UTM parameters")).toBeChecked();

    // Its parameters are there now: the builder updates them, and still keeps the rest.
    await page.getByRole("button", { name: "Edit" }).click();
    const builder = page.getByTestId("utm-builder");
    await expect(builder.getByLabel("Source")).toHaveValue("news");
    await expect(builder.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);
    await builder.getByLabel("Campaign").fill("kept");
    await builder.getByRole("button", { name: "Update", exact: true }).click();
    await expect(longUrl(page)).toHaveValue("https://example.com/keep?utm_source=news&utm_medium=email&utm_campaign=kept");
    await expect(page.getByLabel("Alias (optional)")).toHaveValue(alias);

    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]alias=${alias}&active=true$`));
    const result = page.getByTestId("result");
    await expect(result.getByTestId("long-url")).toHaveText("https://example.com/keep?utm_source=news&utm_medium=email&utm_campaign=kept");
    await expect(result.getByTestId("result-tag")).toHaveText(["builder", "kept"]);
    await expect(result.locator("time")).toHaveAttribute("datetime", `${expiry}:00.000Z`);
  });
});

test.describe("the plan limit", () => {
  test("at the active-link limit the create answers with the plan-limit dialog", async ({ page }) => {
    test.setTimeout(120_000);
    await registerUser(page); // free plan: 100 active links
    for (let i = 0; i < 100; i++) {
      const response = await page.request.post("/?index", {
        form: { url: `https://example.com/fill-${i}`, return_to: "/" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }
    await page.goto("/");
    await longUrl(page).fill("https://example.com/one-too-many");
    await page.getByRole("button", { name: "Shorten" }).click();
    const dialog = page.getByRole("dialog", { name: "You’ve hit your plan’s limit for creating links" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Turn on overages or upgrade your plan to continue shortening links.");
    await expect(dialog.getByRole("link", { name: "Manage Overages" })).toHaveAttribute("href", "/app/settings/usage");
    await expect(dialog.getByRole("link", { name: "Upgrade Your Plan" })).toHaveAttribute("href", "/app/settings/subscription");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
