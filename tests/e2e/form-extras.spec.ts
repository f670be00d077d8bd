/**
 * The creation form's extras (spec 02 §2, §4, §5, §8): the domain selector and its rules for
 * guests and users (SHORT_DOMAINS of this run: tests/e2e/short-domains.ts), the guests'
 * agreement (the region rule, played through the dev "client" fixture), the bot challenge
 * (Cloudflare's test keys through the same fixture; the provider's script is served by a fake
 * `turnstile` that calls the widget's callbacks), the navigation bar's Create popover with its
 * plan-limit gate, My URLs for signed-in users and the dashboard's "most clicks" order.
 */
import type { Page } from "@playwright/test";
import { devFixture, giveSubscription, registerUser, registerVerifiedUser } from "./accounts";
import { acceptCookies, BASE_URL, expect, fromCountry, resultView, SAME_ORIGIN, shortLinkField, test, urlField } from "./fixtures";
import { serveFakeTurnstile, TURNSTILE_SCRIPT } from "./turnstile";

const TEXT = {
  guestTooltip: "This domain is not available to guest users.",
  guestLocked: "This domain is for Snip accounts. Log in or register to use it.",
  verifyLocked: "Verify your email address to use this domain.",
  subscribeLocked: "This domain is for subscribers. Choose a plan in your billing settings to use it.",
  agreementRequired: "Please agree to the Terms of Service, Privacy Policy and Cookie Policy.",
  antiRobotRequired: "Please confirm that you are not a robot.",
  antiRobotError: "An error has occurred during turnstile validation, please try again. If the error persists, please contact us.",
  planLimit: "You’ve hit your plan’s limit for creating links",
} as const;

const DEFAULT_HOST = "localhost:8787";

function uniqueAlias(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

const domainSelect = (page: Page, id = "guest-domain") => page.locator(`#${id}`);
const shorten = (page: Page) => page.getByRole("button", { name: "Shorten" });

test.describe("the domain selector for guests", () => {
  test("lists the usable domains alphabetically, with a tooltip on those guests may not use; choosing one sends them to register", async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto("/");
    const select = domainSelect(page);
    await expect(select).toHaveValue(DEFAULT_HOST);
    const values = await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(["guest.snip.example", DEFAULT_HOST, "pro.snip.example", "verified.snip.example"]);
    await expect(select.locator('option[value="pro.snip.example"]')).toHaveAttribute("title", TEXT.guestTooltip);
    await expect(select.locator('option[value="guest.snip.example"]')).not.toHaveAttribute("title", /.+/);

    await select.selectOption("pro.snip.example");
    await expect(page.getByText(TEXT.guestLocked)).toBeVisible();
    await expect(select).toHaveValue(DEFAULT_HOST);
    await expect(page).toHaveURL(`${BASE_URL}/app/register`);
  });

  test("a guest picks an alias only on a domain that allows it", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/");
    const alias = page.getByLabel("Alias (optional)");
    await expect(alias).toBeDisabled();
    await domainSelect(page).selectOption("guest.snip.example");
    await expect(alias).toBeEnabled();
    const chosen = uniqueAlias("g");
    await urlField(page).fill("https://example.com/guest-alias");
    await alias.fill(chosen);
    await shorten(page).click();
    await expect(resultView(page)).toBeVisible();
    await expect(shortLinkField(page)).toHaveValue(`https://guest.snip.example/${chosen}`);
  });

  test("the server refuses a locked domain and a crafted alias on a domain without aliases", async ({ page }) => {
    const locked = await page.request.post("/?index", {
      form: { url: "https://example.com/x", domain: "pro.snip.example" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(locked.status()).toBe(422);
    const aliased = await page.request.post("/?index", {
      form: { url: "https://example.com/x", domain: DEFAULT_HOST, alias: uniqueAlias("crafted") },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(aliased.status()).toBe(403);
    const blocked = await page.request.post("/?index", {
      form: { url: "https://example.com/x", domain: "blocked.snip.example" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(blocked.status()).toBe(422);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a locked domain is refused under the field, with the way to register", async ({ page }) => {
      await acceptCookies(page);
      await page.goto("/");
      await urlField(page).fill("https://example.com/no-js-locked");
      await domainSelect(page).selectOption("verified.snip.example");
      await shorten(page).click();
      const notice = page.locator("#guest-domain-lock");
      await expect(notice).toContainText(TEXT.guestLocked);
      await expect(notice.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/app/register");
      await expect(urlField(page)).toHaveValue("https://example.com/no-js-locked");
    });
  });
});

test.describe("the domain selector for signed-in users", () => {
  test("an unverified user is sent to verify their email, and to billing for a subscribers' domain", async ({ page }) => {
    await registerUser(page);
    await page.goto("/");
    const select = domainSelect(page, "create-domain");
    await expect(select.locator('option[value="verified.snip.example"]')).toHaveAttribute("title", TEXT.verifyLocked);
    await select.selectOption("verified.snip.example");
    await expect(page.getByText(TEXT.verifyLocked)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/email\/verify$/);

    await page.goto("/");
    await domainSelect(page, "create-domain").selectOption("pro.snip.example");
    await expect(page.getByText(TEXT.subscribeLocked)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/subscription`);
  });

  test("the server refuses a subscribers' domain to a free user; a subscriber creates on it", async ({ page }) => {
    const user = await registerVerifiedUser(page);
    const refused = await page.request.post("/?index", {
      form: { url: "https://example.com/pro-domain", domain: "pro.snip.example", return_to: "/" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(422);
    expect(await refused.text()).toContain(TEXT.subscribeLocked);

    await giveSubscription(page, user.email, { plan: "pro" });
    await page.goto("/app/links/create");
    await page.getByLabel("Long URL").fill("https://example.com/pro-domain");
    await domainSelect(page, "create-domain").selectOption("pro.snip.example");
    await expect(page.getByText(TEXT.subscribeLocked)).toHaveCount(0);
    await shorten(page).click();
    await expect(page).toHaveURL(/[?&]active=true$/);
    await expect(page.getByLabel("Your short link")).toHaveValue(/^https:\/\/pro\.snip\.example\/[A-Za-z0-9]{8}$/);
  });
});

test.describe("the agreement (region rule)", () => {
  test("a guest from the EU ticks it before Shorten is enabled; it is not asked again", async ({ page }) => {
    await acceptCookies(page);
    await devFixture(page, { action: "client", country: "DE" });
    await page.goto("/");
    const agreement = page.getByRole("checkbox", { name: /I agree to the Terms of Service/ });
    await expect(agreement).toBeVisible();
    await urlField(page).fill("https://example.com/eu-guest");
    await expect(shorten(page)).toBeDisabled();
    await agreement.check();
    await expect(shorten(page)).toBeEnabled();
    await shorten(page).click();
    await expect(resultView(page)).toBeVisible();
    await page.goto("/");
    await expect(urlField(page)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /I agree/ })).toHaveCount(0);
  });

  test("a guest elsewhere is not asked", async ({ page }) => {
    await acceptCookies(page);
    await devFixture(page, { action: "client", country: "US" });
    await page.goto("/");
    await expect(urlField(page)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /I agree/ })).toHaveCount(0);
    await expect(shorten(page)).toBeEnabled();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server refuses a create without it, under the field", async ({ page }) => {
      await acceptCookies(page);
      await devFixture(page, { action: "client", country: "FR" });
      await page.goto("/");
      await urlField(page).fill("https://example.com/eu-no-js");
      await shorten(page).click();
      await expect(page.locator("#guest-agreement-error")).toHaveText(TEXT.agreementRequired);
      await page.getByRole("checkbox", { name: /I agree/ }).check();
      await shorten(page).click();
      await expect(resultView(page)).toBeVisible();
    });
  });
});

test.describe("the bot challenge", () => {
  test("Shorten waits for the check; it resets after the submit and when the token expires", async ({ page }) => {
    await acceptCookies(page);
    await devFixture(page, { action: "client", turnstile: true });
    await serveFakeTurnstile(page);
    await page.clock.install();
    await page.goto("/");
    const widget = page.getByTestId("anti-robot");
    await urlField(page).fill("https://example.com/robot-check");
    await expect(page.getByRole("button", { name: "Verify you are human" })).toBeVisible();
    await expect(shorten(page)).toBeDisabled();
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await expect(widget).toHaveAttribute("data-verified", "true");
    await expect(shorten(page)).toBeEnabled();

    // The token lives 299,999 ms: then the check starts again.
    await page.clock.fastForward(299_999);
    await expect(shorten(page)).toBeDisabled();
    expect(await page.evaluate(() => (window as unknown as { __turnstile: { resets: number } }).__turnstile.resets)).toBe(1);

    await page.getByRole("button", { name: "Verify you are human" }).click();
    await expect(shorten(page)).toBeEnabled();
    await urlField(page).fill("not a url");
    await shorten(page).click();
    // A refused create resets the check.
    await expect(page.getByText("The URL format is invalid.")).toBeVisible();
    await expect(shorten(page)).toBeDisabled();
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await urlField(page).fill("https://example.com/robot-check");
    await shorten(page).click();
    await expect(resultView(page)).toBeVisible();
  });

  test("an error shows the message at most once a minute and resets the check", async ({ page }) => {
    await acceptCookies(page);
    await devFixture(page, { action: "client", turnstile: true });
    await serveFakeTurnstile(page);
    await page.clock.install();
    await page.goto("/");
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await expect(shorten(page)).toBeEnabled();
    const fail = () => page.evaluate(() => (window as unknown as { __turnstile: { fail: () => void } }).__turnstile.fail());
    await fail();
    await expect(page.getByTestId("anti-robot-error")).toHaveText(TEXT.antiRobotError);
    await expect(shorten(page)).toBeDisabled();
    // A pass clears it; a second error within the minute stays silent, a third after it is shown.
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await expect(page.getByTestId("anti-robot-error")).toHaveCount(0);
    await page.clock.fastForward(30_000);
    await fail();
    await expect(shorten(page)).toBeDisabled();
    await expect(page.getByTestId("anti-robot-error")).toHaveCount(0);
    await page.clock.fastForward(31_000);
    await fail();
    await expect(page.getByTestId("anti-robot-error")).toHaveText(TEXT.antiRobotError);
  });

  test("a failed script load shows the error", async ({ page }) => {
    await acceptCookies(page);
    await devFixture(page, { action: "client", turnstile: true });
    await page.route(TURNSTILE_SCRIPT, (route) => route.abort());
    await page.goto("/");
    await expect(page.getByTestId("anti-robot-error")).toHaveText(TEXT.antiRobotError);
    await expect(shorten(page)).toBeDisabled();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts and the server refuses a create without a token", async ({ page }) => {
      await acceptCookies(page);
      await devFixture(page, { action: "client", turnstile: true });
      await page.goto("/");
      await urlField(page).fill("https://example.com/no-js-robot");
      await shorten(page).click();
      await expect(page.locator("#guest-anti-robot-error")).toHaveText(TEXT.antiRobotRequired);
    });
  });

  test("the server verifies a posted token (anti_robot_token or cf-turnstile-response); state names the site key", async ({ page }) => {
    await devFixture(page, { action: "client", turnstile: true });
    const state = (await (await page.request.get("/app/api/state")).json()) as { data: { app: { antiRobot: unknown } } };
    expect(state.data.app.antiRobot).toEqual({ site_key: "1x00000000000000000000AA", whitelist: false });
    for (const field of ["anti_robot_token", "cf-turnstile-response"]) {
      const response = await page.request.post("/?index", {
        form: { url: "https://example.com/token", [field]: "XXXX.DUMMY.TOKEN.XXXX" },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }
  });
});

test.describe("the navigation bar's Create", () => {
  // The bar's Create is for users with the analytics capability (spec 01 §6).
  test("opens the Create Snip Link popover with the form; Escape closes it; creating shows the result", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "basic" });
    // A page that ships JavaScript (the legal pages ship none: there Create is the plain link).
    await page.goto("/app/notifications");
    const create = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" });
    await expect(create).toHaveAttribute("href", "/app/links/create");
    await create.click();
    const popover = page.getByRole("dialog", { name: "Create Snip Link" });
    await expect(popover).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/app/notifications`);
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();

    await create.click();
    await expect(popover).toBeVisible();
    await popover.getByLabel("Long URL").fill("https://example.com/from-the-popover");
    await popover.getByRole("button", { name: "Shorten" }).click();
    await expect(popover).toBeHidden();
    await expect(resultView(page)).toBeVisible();
    await expect(resultView(page).getByTestId("long-url")).toHaveText("https://example.com/from-the-popover");

    // On a phone Create is in the mobile menu, which closes on the tap: the popover still shows.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByLabel("Menu").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Create" }).click();
    await expect(popover).toBeVisible();
    await expect(popover.getByLabel("Long URL")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();

    // The capability is gone by the time Create is pressed: the popover shows its default body,
    // "Page not found" (spec 02 §2, §8), and the page under it stays.
    await giveSubscription(page, user.email, { plan: "domain-renewal-service", interval: "yearly" });
    await page.getByLabel("Menu").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Create" }).click();
    await expect(popover).toBeVisible();
    await expect(popover).toContainText("Page not found");
    await expect(resultView(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();
  });

  test("at the plan limit it opens the plan-limit dialog instead", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "basic" }); // 1,000 active links
    for (let i = 0; i < 10; i++) await devFixture(page, { action: "links", email: user.email, count: 100 });
    await page.goto("/app/notifications");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" }).click();
    await expect(page.getByRole("dialog", { name: TEXT.planLimit })).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/app/notifications`);
    await expect(page.getByRole("dialog", { name: "Create Snip Link" })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Create is a link to the create page", async ({ page }) => {
      const user = await registerUser(page);
      await giveSubscription(page, user.email, { plan: "basic" });
      await page.goto("/app/terms");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/app/links/create`);
      await expect(page.getByTestId("create-link-form")).toBeVisible();
    });
  });
});

test.describe("My URLs for signed-in users", () => {
  test("a free user sees their own most recent links, newest first, as many as the plan keeps (20)", async ({ page }) => {
    const user = await registerUser(page);
    const { data } = await devFixture(page, { action: "links", email: user.email, count: 22, aliasPrefix: uniqueAlias("mu").slice(0, 16) });
    const aliases = (data.links as { alias: string }[]).map((l) => l.alias);
    await page.goto("/app/terms");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
    const items = page.getByRole("list", { name: "Recent links" }).getByRole("listitem");
    await expect(items).toHaveCount(20);
    const shown = await items
      .locator("a[target=_blank]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/").pop()));
    expect(shown).toEqual(aliases.slice(2).reverse());
    await expect(page.getByRole("link", { name: "Clear history" })).toHaveCount(0);
  });

  test("a subscriber has the dashboard instead", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    await page.goto("/app/my-urls");
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  });
});

test.describe("the dashboard's most-clicks order", () => {
  test("sorts the links by their clicks", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const prefix = uniqueAlias("mc").slice(0, 16);
    await devFixture(page, { action: "links", email: user.email, count: 3, aliasPrefix: prefix });
    const [one, two, three] = ["01", "02", "03"].map((n) => `${prefix}${n}`);
    const clicks: Record<string, number> = { [one!]: 2, [two!]: 0, [three!]: 1 };
    for (const [alias, count] of Object.entries(clicks)) {
      for (let i = 0; i < count; i++) {
        const response = await page.request.get(`/${alias}`, { maxRedirects: 0, headers: { ...fromCountry("US") } });
        expect(response.status()).toBe(302);
      }
    }
    const order = () =>
      page.locator('ul[aria-label="Links"] > li').evaluateAll((items) => items.map((li) => li.getAttribute("data-alias")));
    await expect
      .poll(
        async () => {
          await page.goto("/dashboard?sort=clicks");
          return order();
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toEqual([one, three, two]);
    await expect(page.locator("#sort")).toHaveValue("clicks");
    await expect(page.locator("#sort option:checked")).toHaveText("Most clicks");
    await page.goto("/dashboard?sort=newest");
    expect(await order()).toEqual([three, two, one]);
  });
});
