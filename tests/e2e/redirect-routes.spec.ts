/**
 * Redirect routes (issue 20, docs/decisions/037), end to end: a subscriber adds rules in the
 * routing editor (with and without JavaScript), saves, and visits through the front door go to
 * the matching rule's destination or to the link's own; the analytics page breaks clicks down by
 * route; a user whose plan lacks redirect_routes is refused the editor, the post and the init call.
 */
import type { Page } from "@playwright/test";
import { devFixture, giveSubscription, registerUser, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const HOME = "https://example.com/home";
const NOT_IN_PLAN = "Redirect routes are not included in your plan.";

async function linkOf(page: Page, user: TestUser): Promise<{ id: string; alias: string }> {
  const { data } = await devFixture(page, {
    action: "links",
    email: user.email,
    count: 1,
    aliasPrefix: `rt${Date.now().toString(36)}`,
    url: HOME,
  });
  return (data.links as { id: string; alias: string }[])[0]!;
}

async function locationFor(page: Page, alias: string, headers: Record<string, string>): Promise<string | undefined> {
  const response = await page.request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0, headers });
  expect(response.status()).toBe(302);
  return response.headers().location;
}

function rule(page: Page, index: number) {
  return page.getByRole("group", { name: `Rule ${index + 1}` });
}

/** Adds a rule and fills it in (the editor answers the list back after "Add rule"). */
async function addRule(page: Page, index: number, condition: string, values: string, url: string) {
  await page.getByRole("button", { name: "Add rule" }).click();
  const fields = rule(page, index);
  await expect(fields).toBeVisible();
  await fields.getByLabel("If the visitor's").selectOption({ label: condition });
  await fields.getByLabel(/^is one of/).fill(values);
  await fields.getByLabel("then go to").fill(url);
}

test.describe("redirect routes", () => {
  test("a subscriber routes French speakers and mobile visitors; everyone else gets the fallback; analytics shows the routes", async ({
    page,
  }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const link = await linkOf(page, user);

    await page.goto(`/dashboard/edit/${link.id}`);
    await page.getByRole("link", { name: "Edit routing rules" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/edit/${link.id}/routes`);
    await expect(page.getByTestId("fallback")).toContainText(HOME);

    await addRule(page, 0, "Language", "fr", "https://example.fr/");
    await addRule(page, 1, "Device type", "phone", "https://m.example.com/");
    // A wrong value is refused next to its field, and nothing is saved.
    await page.getByRole("button", { name: "Save rules" }).click();
    await expect(rule(page, 1).getByText("Device types are desktop, mobile, tablet.")).toBeVisible();
    expect(await locationFor(page, link.alias, { "accept-language": "fr" })).toBe(HOME);

    await rule(page, 1)
      .getByLabel(/^is one of/)
      .fill("mobile");
    await page.getByRole("button", { name: "Save rules" }).click();
    await expect(page.getByText("Routing rules saved.")).toBeVisible();
    await expect(rule(page, 0).getByLabel(/^is one of/)).toHaveValue("fr");
    await expect(rule(page, 1).getByLabel(/^is one of/)).toHaveValue("mobile");

    expect(await locationFor(page, link.alias, { "accept-language": "fr-FR,fr;q=0.9", "user-agent": IPHONE })).toBe("https://example.fr/");
    expect(await locationFor(page, link.alias, { "accept-language": "en-US", "user-agent": IPHONE })).toBe("https://m.example.com/");
    expect(await locationFor(page, link.alias, { "accept-language": "en-US", "user-agent": FIREFOX })).toBe(HOME);
    // A routed redirect forwards the query string too.
    expect(await locationFor(page, `${link.alias}?utm_source=mail`, { "accept-language": "fr" })).toBe(
      "https://example.fr/?utm_source=mail",
    );

    // Order: moving the device rule first makes a French iPhone user go to the mobile site.
    await rule(page, 1).getByRole("button", { name: "Move rule 2 up" }).click();
    await expect(rule(page, 0).getByLabel(/^is one of/)).toHaveValue("mobile");
    await page.getByRole("button", { name: "Save rules" }).click();
    await expect(page.getByText("Routing rules saved.")).toBeVisible();
    expect(await locationFor(page, link.alias, { "accept-language": "fr", "user-agent": IPHONE })).toBe("https://m.example.com/");

    // The analytics page breaks the clicks down by the rule that answered.
    await expect
      .poll(
        async () => {
          await page.goto(`/app/analytics/${link.alias}`);
          return page.getByTestId("total-clicks").textContent();
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toBe("6");
    const routes = page.getByRole("region", { name: "Routes", exact: true });
    // Of 6 clicks: one before any rule (no route), 2 by the language rule, 2 by the device rule, 1 to the fallback.
    await expect(routes.getByRole("row", { name: /Rule 1: Device type is Mobile/ })).toContainText("33.3%");
    await expect(routes.getByRole("row", { name: /Rule 2: Language is fr/ })).toContainText("33.3%");
    await expect(routes.getByRole("row", { name: /Fallback/ })).toContainText("16.7%");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the editor adds, removes and saves rules with plain form posts", async ({ page }) => {
      const user = await registerUser(page);
      await giveSubscription(page, user.email, { plan: "enterprise" });
      const link = await linkOf(page, user);

      await page.goto(`/dashboard/edit/${link.id}/routes`);
      await addRule(page, 0, "Browser", "firefox", "https://addons.example.org/");
      await addRule(page, 1, "Country", "DE", "https://example.de/");
      await addRule(page, 2, "Language", "de", "https://example.de/sprache");
      await rule(page, 1).getByRole("button", { name: "Remove rule 2" }).click();
      await expect(rule(page, 2)).toHaveCount(0);
      await expect(rule(page, 1).getByLabel(/^is one of/)).toHaveValue("de");
      await page.getByRole("button", { name: "Save rules" }).click();
      await expect(page.getByText("Routing rules saved.")).toBeVisible();

      expect(await locationFor(page, link.alias, { "user-agent": FIREFOX, "accept-language": "de" })).toBe("https://addons.example.org/");
      expect(await locationFor(page, link.alias, { "user-agent": IPHONE, "accept-language": "de-DE" })).toBe("https://example.de/sprache");
      expect(await locationFor(page, link.alias, { "user-agent": IPHONE, "accept-language": "en" })).toBe(HOME);
    });
  });

  test("a user without redirect_routes is refused the editor, the post and the init call, with the reason", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "basic" });
    const link = await linkOf(page, user);

    await page.goto(`/dashboard/edit/${link.id}`);
    await expect(page.getByRole("region", { name: "Redirect routes" })).toContainText("Not included in your plan.");
    const response = await page.goto(`/dashboard/edit/${link.id}/routes`);
    expect(response?.status()).toBe(403);
    await expect(page.getByText(NOT_IN_PLAN)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save rules" })).toHaveCount(0);

    const post = await page.request.post(`/dashboard/edit/${link.id}/routes`, {
      form: { intent: "save", "rules[0].condition": "language", "rules[0].values": "fr", "rules[0].url": "https://example.fr/" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    expect(await post.text()).toContain(NOT_IN_PLAN);
    expect(await locationFor(page, link.alias, { "accept-language": "fr" })).toBe(HOME);

    const init = await page.request.get("/app/api/routes/init");
    expect(init.status()).toBe(403);
    expect(((await init.json()) as { message: string }).message).toContain(NOT_IN_PLAN);
  });

  test("a post with an intent the editor does not send (a stale or crafted form) saves nothing and says so", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const link = await linkOf(page, user);
    const rules = { "rules[0].condition": "language", "rules[0].values": "fr", "rules[0].url": "https://example.fr/" };

    for (const intent of ["publish", "remove-100", ""]) {
      const post = await page.request.post(`/dashboard/edit/${link.id}/routes`, {
        form: { intent, ...rules },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect(post.status(), `intent ${JSON.stringify(intent)}`).toBe(400);
      expect(await post.text()).toContain("Choose an action.");
    }
    expect(await locationFor(page, link.alias, { "accept-language": "fr" })).toBe(HOME);
    await page.goto(`/dashboard/edit/${link.id}/routes`);
    await expect(rule(page, 0)).toHaveCount(0);

    // The editor's own Save still saves.
    const saved = await page.request.post(`/dashboard/edit/${link.id}/routes`, {
      form: { intent: "save", ...rules },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    expect(await locationFor(page, link.alias, { "accept-language": "fr" })).toBe("https://example.fr/");
  });

  test("the init call gives a subscriber the routing data", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    const init = await page.request.get("/app/api/routes/init");
    expect(init.status()).toBe(200);
    const { data } = (await init.json()) as {
      data: {
        values: { id: string; is_assoc: boolean }[];
        conditions: { id: string; has_operations: boolean }[];
        operations: unknown[];
        urls_conditions: unknown[];
      };
    };
    expect(data.conditions.map((c) => c.id)).toEqual(["country", "region", "device", "os", "browser", "language", "referrer", "time"]);
    expect(data.values.find((v) => v.id === "device")).toMatchObject({ is_assoc: true, custom_values: false });
    expect(data.operations.length).toBeGreaterThan(0);
    expect(data.urls_conditions.length).toBeGreaterThan(0);
  });
});
