/**
 * What the browser is sent (decision 001): forms are validated with zod on the server only, so
 * no page ships zod to the browser. A client component that imports a message or a helper from a
 * module that also builds zod schemas at its top level brings all of zod (about 22 kB gzip) into
 * its page's chunks; the `*-rules` modules exist to prevent that. This test loads the hydrated
 * pages that have been hit by it and reads every script each page loads. The tests below hold a
 * guest's homepage to 90 kB of JavaScript (issue 15) and check the island that replaces React there.
 */
import { gzipSync } from "node:zlib";
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { devFixture, giveSubscription, registerUser } from "./accounts";
import { BASE_URL, cookieBanner, expect, recentLink, resultView, shorten, shortLinkField, test, urlField } from "./fixtures";

/** Strings that are in zod's code however it is bundled and minified (its class names). */
const ZOD_MARKERS = ["$ZodType", "ZodError"] as const;

/**
 * Loads `path` and returns each JavaScript file the page loaded (module scripts, preloads, and
 * the route modules imported while hydrating), by URL. The test's context intercepts requests
 * (fixtures.ts), which turns Chromium's HTTP cache off, so every script of every page is fetched
 * and seen here, including the ones an earlier page already loaded.
 */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const bodies = new Map<string, Promise<string>>();
  const onResponse = (response: Response) => {
    const isScript = response.request().resourceType() === "script" || /javascript/.test(response.headers()["content-type"] ?? "");
    if (isScript && response.ok()) bodies.set(response.url(), response.text());
  };
  page.on("response", onResponse);
  try {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("response", onResponse);
  }
  const scripts = new Map<string, string>();
  for (const [url, body] of bodies) scripts.set(url, await body);
  return scripts;
}

/** Loads `path` and asserts that it loads JavaScript (it is hydrated) and that none of it is zod. */
async function expectNoZod(page: Page, path: string): Promise<void> {
  const scripts = await scriptsOf(page, path);
  expect(scripts.size, `${path} loads no JavaScript: the check would prove nothing`).toBeGreaterThan(0);
  const withZod = [...scripts]
    .filter(([, body]) => ZOD_MARKERS.some((marker) => body.includes(marker)))
    .map(([url]) => new URL(url).pathname);
  expect(withZod, `scripts of ${path} that contain zod`).toEqual([]);
}

test("pages ship no validation library to the browser", async ({ page }) => {
  test.setTimeout(60_000);
  // As a guest (/ and /app/my-urls load the guest pages' island, /app/password/reset is hydrated).
  for (const path of ["/", "/app/my-urls", "/app/password/reset"]) await expectNoZod(page, path);

  // Signed in (a Pro user, email not verified yet, with one link).
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  const { data } = await devFixture(page, { action: "links", email: user.email, count: 1 });
  const [link] = data.links as { id: string }[];
  for (const path of [
    "/app/email/verify",
    "/app/settings/profile",
    "/app/settings/api",
    "/app/settings/api/new",
    `/dashboard/edit/${link!.id}`,
  ]) {
    await expectNoZod(page, path);
  }
});

/** Issue 15: a guest's homepage ships at most this much JavaScript (gzip). */
const GUEST_BUDGET_BYTES = 90 * 1024;

/**
 * The JavaScript a page ships, measured the way `npm run bench` measures it: the gzip size of every
 * script the page's HTML loads (`<script src>`, `<link rel="modulepreload">`, and the modules its
 * inline module script imports), fetched with `request`'s cookies.
 */
async function shippedJavaScript(request: APIRequestContext, path: string): Promise<{ bytes: number; files: string[] }> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const files = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) files.add(m[1]!);
  let bytes = 0;
  for (const file of files) {
    const script = await request.get(file);
    expect(script.status(), file).toBe(200);
    bytes += gzipSync(await script.body()).length;
  }
  return { bytes, files: [...files] };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

test("a guest's homepage and My URLs, and a signed-in user's homepage, ship at most 90 kB of JavaScript", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  // A guest: the form, the result view of a new link, and My URLs listing it.
  const shortUrl = await shorten(page, "https://example.com/bundle-budget");
  const created = new URL(page.url()).pathname + new URL(page.url()).search;
  for (const path of ["/", created, "/app/my-urls"]) {
    const shipped = await shippedJavaScript(path === "/" ? request : page.request, path);
    testInfo.annotations.push({ type: `guest ${path}`, description: `${kB(shipped.bytes)} (${shipped.files.join(", ")})` });
    expect(shipped.bytes, `JavaScript of a guest's ${path}: ${shipped.files.join(", ")}`).toBeLessThanOrEqual(GUEST_BUDGET_BYTES);
    expect(
      shipped.files.some((file) => file.includes("entry.client")),
      `a guest's ${path} loads React`,
    ).toBe(false);
  }
  await page.goto("/app/my-urls");
  await expect(recentLink(page, shortUrl)).toHaveCount(1);

  // Signed in without a subscription (decision 048): the form and its result view load the
  // signed-in homepage's island, not React.
  await registerUser(page);
  await page.goto("/");
  await submitCreate(page, "https://example.com/bundle-budget-signed-in");
  await expect(resultView(page)).toBeVisible();
  const result = new URL(page.url()).pathname + new URL(page.url()).search;
  for (const path of ["/", result]) {
    const signedIn = await shippedJavaScript(page.request, path);
    testInfo.annotations.push({ type: `signed-in ${path}`, description: `${kB(signedIn.bytes)} (${signedIn.files.join(", ")})` });
    expect(signedIn.bytes, `JavaScript of a signed-in user's ${path}: ${signedIn.files.join(", ")}`).toBeLessThanOrEqual(
      GUEST_BUDGET_BYTES,
    );
    expect(
      signedIn.files.some((file) => file.includes("entry.client")),
      `a signed-in user's ${path} loads React`,
    ).toBe(false);
  }
});

/** A signed-in user's creation form (its fields are labelled apart from the guest form's). */
function createForm(page: Page) {
  return page.getByTestId("create-link-form");
}

async function submitCreate(page: Page, url: string): Promise<void> {
  await createForm(page).getByLabel("Long URL").fill(url);
  await createForm(page).getByRole("button", { name: "Shorten", exact: true }).click();
}

/**
 * A string in the form library's code however it is bundled: one of @conform-to/dom's own error
 * messages. (Not its intent field's name, `__intent__`: SubmitButton reads that field to tell a
 * field check from the form's own post, so the name is in our shared form code too.)
 */
const FORM_LIBRARY_MARKER = "The submit event is dispatched by form#";

test("a signed-in user's creation form loads no form library, and the UTM builder only when it is opened", async ({ page }) => {
  test.setTimeout(90_000);
  // A subscriber's dashboard (whose form has the advanced options with the UTM switch); a free
  // user's homepage loads no React at all (the test above).
  // The marker finds the library where it is shipped: the sign-in form checks a field on blur with it.
  const signIn = await scriptsOf(page, "/app/login");
  expect(
    [...signIn.values()].some((body) => body.includes(FORM_LIBRARY_MARKER)),
    "the sign-in page ships the form library",
  ).toBe(true);
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  for (const path of ["/dashboard"]) {
    const scripts = await scriptsOf(page, path);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(
      [...scripts.keys()].some((url) => url.includes("entry.client")),
      `${path} is hydrated`,
    ).toBe(true);
    const withLibrary = [...scripts].filter(([, body]) => body.includes(FORM_LIBRARY_MARKER)).map(([url]) => new URL(url).pathname);
    expect(withLibrary, `scripts of ${path} with the form library`).toEqual([]);
    expect(
      [...scripts.keys()].filter((url) => url.includes("utm-builder")),
      `${path} loads the UTM builder up front`,
    ).toEqual([]);
  }

  // The builder comes when the UTM switch is turned on, and works.
  const loaded: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("utm-builder")) loaded.push(response.url());
  });
  const form = page.getByTestId("create-link-form");
  await form.getByLabel("Long URL").fill("https://example.com/lazy-builder");
  const details = form.locator("details");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await page.getByLabel("UTM parameters").check();
  const dialog = page.getByRole("dialog", { name: "UTM Parameters Builder" });
  await expect(dialog).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
  await dialog.getByLabel("Source").fill("newsletter");
  await dialog.getByLabel("Medium").fill("email");
  await dialog.getByLabel("Campaign").fill("spring");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(form.getByLabel("Long URL")).toHaveValue(
    "https://example.com/lazy-builder?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
  );
});

test.describe("the guest pages' island (no React)", () => {
  test("Copy, Shortening…, Shorten another and the cookie banner work on a guest's pages, under the policy", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    expect(await page.evaluate(() => "__reactRouterContext" in window), "the guest's homepage is hydrated").toBe(false);

    // Accept records the consent in the background: the banner goes, the page stays.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await cookieBanner(page).getByRole("button", { name: "Accept" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "cookies_accepted"), { message: "the consent cookie" })
      .toBe(true);

    // While the post is under way, Shorten says so and cannot be pressed twice. (This page keeps
    // the post from leaving, with a listener after the island's, to look at the button.)
    await page.getByTestId("guest-create-form").evaluate((form) => form.addEventListener("submit", (event) => event.preventDefault()));
    await urlField(page).fill("https://example.com/island-busy");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByRole("button", { name: "Shortening…" })).toBeDisabled();

    const shortUrl = await shorten(page, "https://example.com/island");
    await resultView(page).getByRole("button", { name: "Copy" }).click();
    await expect(resultView(page).getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    await expect(resultView(page).getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4_000 });

    await resultView(page).getByRole("link", { name: "Shorten another" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(urlField(page)).toBeFocused();

    // My URLs' Copy buttons.
    await page.goto("/app/my-urls");
    expect(await page.evaluate(() => "__reactRouterContext" in window), "a guest's My URLs is hydrated").toBe(false);
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await recentLink(page, shortUrl).getByRole("button", { name: "Copy" }).click();
    await expect(recentLink(page, shortUrl).getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    expect(violations).toEqual([]);
  });
});

test.describe("a signed-in user's homepage island (no React, decision 048)", () => {
  test("the form refuses in place, says Shortening…, creates; Copy, Shorten another and the menus work, under the policy", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await registerUser(page);
    await page.goto("/");
    expect(await page.evaluate(() => "__reactRouterContext" in window), "a signed-in user's homepage is hydrated").toBe(false);

    // A refused post comes back in place: the page is not reloaded, the error is next to the
    // field, which takes the focus.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await submitCreate(page, "not a url");
    const url = createForm(page).getByLabel("Long URL");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(createForm(page).getByRole("alert")).toHaveText("The URL format is invalid.");
    await expect(url).toBeFocused();
    await expect(url).toHaveValue("not a url");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // While the post is under way, Shorten says so and cannot be pressed twice (the request is
    // held here to look at the button).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/?index", async (route) => {
      await held;
      await route.continue();
    });
    await submitCreate(page, "https://example.com/signed-in-island");
    await expect(createForm(page).getByRole("button", { name: "Shortening…" })).toBeDisabled();
    release();
    await expect(resultView(page)).toBeVisible();
    // The result view is a page of its own: its island (a module script) enhances it by the time the
    // document has loaded, not when its markup first shows.
    await page.waitForLoadState("load");
    await page.unroute("**/?index");
    const shortUrl = await shortLinkField(page).inputValue();
    expect(await page.evaluate(() => "__reactRouterContext" in window), "the result view is hydrated").toBe(false);

    // The short link's field selects its text when it takes the focus, as the React view's does.
    await shortLinkField(page).focus();
    expect(await shortLinkField(page).evaluate((field: HTMLInputElement) => field.selectionEnd! - field.selectionStart!)).toBe(
      shortUrl.length,
    );
    await resultView(page).getByRole("button", { name: "Copy" }).first().click();
    await expect(resultView(page).getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

    await resultView(page).getByRole("link", { name: "Shorten another" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(createForm(page).getByLabel("Long URL")).toBeFocused();

    // The header's menu opens, and Escape closes it (the shell's inline script).
    const features = page.getByRole("navigation", { name: "Main" }).locator("details");
    await features.locator("summary").click();
    await expect(features.getByRole("link", { name: "Custom Links" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(features.getByRole("link", { name: "Custom Links" })).toBeHidden();
    expect(violations).toEqual([]);
  });

  test("without JavaScript the form still refuses with the error and creates", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
    const page = await context.newPage();
    try {
      await registerUser(page);
      await page.goto("/");
      await submitCreate(page, "not a url");
      await expect(createForm(page).getByRole("alert")).toHaveText("The URL format is invalid.");
      await submitCreate(page, "https://example.com/signed-in-no-js");
      await expect(resultView(page)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
