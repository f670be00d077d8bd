/**
 * The navigation bar for each kind of viewer (spec 02 §2), the mobile menu, the shell's JSON
 * calls (spec 01 §7: state, heartbeat, logout; the 419 of a cross-site mutation) and the
 * cross-tab session rules (spec 01 §4 Sessions).
 */
import type { Locator, Page } from "@playwright/test";
import { giveSubscription, impersonateAs, logIn, makeDeveloper, registerElsewhere, registerUser } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };

function banner(page: Page): Locator {
  return page.getByRole("banner");
}

function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

function mobilePanel(page: Page): Locator {
  return page.getByRole("navigation", { name: "Mobile" });
}

async function expectLink(scope: Locator, name: string | RegExp, href: string): Promise<void> {
  await expect(scope.getByRole("link", { name })).toHaveAttribute("href", href);
}

test.describe("the bar by viewer", () => {
  test("a guest sees no account entries, and Help as everyone does", async ({ page }) => {
    await page.goto("/app/terms");
    const nav = mainNav(page);
    await expectLink(nav, "Sign Up", "/app/register");
    await expectLink(nav, "Sign In", "/app/login");
    // Spec 02 §2 lists Help among the bar's items for every viewer: the same target as a signed-in user's.
    await expectLink(nav, "Help", "/app/help");
    for (const name of ["Create", "Notifications", "Dashboard", "Kiosk"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    }
    await expect(banner(page).getByRole("button", { name: "Log out" })).toHaveCount(0);
    expect(await page.locator("body").getAttribute("data-auth")).toBe("");
  });

  test("a signed-in free user: Help, Notifications, My URLs, Plans, Blog, Features, name, Log out; no Create", async ({ page }) => {
    const user = await registerUser(page, { name: "Ada Lovelace" });
    await page.goto("/app/terms");
    await expectLink(banner(page), "Snip home", "/");
    const nav = mainNav(page);
    await expectLink(nav, "Help", "/app/help");
    await expectLink(nav, /^Notifications/, "/app/notifications");
    await expectLink(nav, "My URLs", "/app/my-urls");
    await expectLink(nav, "Plans", "/app/pricing");
    await expectLink(nav, "Blog", "/app/blog");
    await expect(nav.locator("summary", { hasText: "Features" })).toBeVisible();
    await expectLink(nav, user.name, "/app/settings");
    await expect(nav.getByRole("button", { name: "Log out" })).toBeVisible();
    // Creating outside organizations from the bar needs the analytics capability (spec 01 §6):
    // a free user creates from the homepage form.
    for (const name of ["Create", "Cart (0)", "Dashboard", "Kiosk", "Sign In", "Sign Up"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    }
    await expect(nav.locator("summary", { hasText: "Organizations" })).toHaveCount(0);
    await expect(banner(page).getByRole("button", { name: "Back To My Account" })).toHaveCount(0);
  });

  test("a subscriber gets Dashboard instead of My URLs, and no Plans, Blog or Features", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    await page.goto("/app/terms");
    const nav = mainNav(page);
    await expectLink(nav, "Dashboard", "/dashboard");
    await expectLink(nav, "Create", "/app/links/create");
    for (const name of ["My URLs", "Plans", "Blog"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect(nav.locator("summary", { hasText: "Features" })).toHaveCount(0);
    await expectLink(nav, user.name, "/app/settings");
  });

  test("a developer gets Kiosk and the Organizations menu, which Escape closes", async ({ page }) => {
    const user = await registerUser(page);
    await makeDeveloper(page, user.email);
    await page.goto("/app/terms");
    const nav = mainNav(page);
    await expectLink(nav, "Kiosk", "/app/kiosk");
    const organizations = nav.locator("details").filter({ has: page.locator("summary", { hasText: "Organizations" }) });
    const empty = organizations.getByText("No organizations yet");
    await expect(empty).toBeHidden();
    await organizations.locator("summary").click();
    await expect(empty).toBeVisible();
    await expectLink(organizations, "Create Organization", "/app/organizations/onboarding");
    await page.keyboard.press("Escape");
    await expect(empty).toBeHidden();
  });

  test("no entry of the bar leads to a missing page, for a free user and a developer subscriber", async ({ page }) => {
    const user = await registerUser(page);
    const hrefs = async () => {
      await page.goto("/app/terms");
      await page
        .getByRole("banner")
        .locator("details")
        .evaluateAll((all) => all.forEach((d) => d.setAttribute("open", "")));
      return page
        .getByRole("banner")
        .locator("a[href^='/']")
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
    };
    const free = await hrefs();
    await makeDeveloper(page, user.email);
    await giveSubscription(page, user.email, { plan: "pro" });
    const developer = await hrefs();
    expect(developer).toContain("/app/kiosk");
    for (const href of new Set([...free, ...developer])) {
      // An unknown path answers 302 to the homepage (routes/redirects.ts): an entry that does leads nowhere.
      const response = await page.request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBeLessThan(400);
      if (href !== "/") expect(response.headers()["location"], href).not.toBe("/");
    }
  });

  test("the create page is for users who may create from the bar: a free user gets 'Permission denied.'", async ({ page }) => {
    const user = await registerUser(page);
    const page403 = await page.goto("/app/links/create");
    expect(page403?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Permission denied.");
    const post = await page.request.post("/app/links/create", {
      form: { url: "https://example.com/not-from-the-bar", return_to: "/" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    // The homepage form is theirs, and it still creates.
    await page.goto("/");
    await page.getByLabel("Long URL").fill("https://example.com/from-home");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByTestId("result").getByTestId("long-url")).toHaveText("https://example.com/from-home");

    await giveSubscription(page, user.email, { plan: "basic" });
    expect((await page.goto("/app/links/create"))?.status()).toBe(200);
    await expect(page.getByTestId("create-link-form")).toBeVisible();
  });

  test("Escape closes the Features menu of a signed-in user", async ({ page }) => {
    await registerUser(page);
    await page.goto("/");
    const features = mainNav(page)
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "Features" }) });
    await features.locator("summary").click();
    await expect(features.getByRole("link", { name: "Link Management" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(features.getByRole("link", { name: "Link Management" })).toBeHidden();
  });

  test("a past-due trial shows only the logo, to the past-due page, and Log out", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro", pastDueTrial: true });
    // /app/terms stays open to a past-due user (spec 01 §2 Past-due rule).
    await page.goto("/app/terms");
    await expectLink(banner(page), "Snip home", "/app/subscribe");
    await expect(banner(page).getByRole("link")).toHaveCount(1);
    await expect(banner(page).getByRole("button")).toHaveText(["Log out"]);
    await banner(page).getByRole("button", { name: "Log out" }).click();
    await expect(mainNav(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("Log out ends the session", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/terms");
    await mainNav(page).getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(mainNav(page).getByRole("link", { name: "Sign In" })).toBeVisible();
    expect((await page.request.get("/app/api/heartbeat")).status()).toBe(401);
  });

  test("impersonating without a staff session to restore: Back To My Account ends it and asks staff to sign in", async ({
    page,
    browser,
  }) => {
    const staff = await registerElsewhere(browser, { name: "Staff Member" });
    const user = await registerUser(page, { name: "Customer Person" });
    await impersonateAs(page, staff.email);
    await page.goto("/app/terms");
    await expect(banner(page)).toContainText(`Impersonating ${user.name}`);
    await banner(page).getByRole("button", { name: "Back To My Account" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/login?to=%2Fapp%2Fkiosk%2Fusers`);
    await expect(mainNav(page).getByRole("link", { name: "Sign In" })).toBeVisible();
    const state = (await (await page.request.get("/app/api/state")).json()) as { data: { user: unknown } };
    expect(state.data.user).toBeNull();
  });

  test("without JavaScript the signed-in bar works: Log out is a plain form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await registerUser(page);
      await page.goto("/app/terms");
      await mainNav(page).getByRole("button", { name: "Log out" }).click();
      await expect(mainNav(page).getByRole("link", { name: "Sign In" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`mobile menu at 400px ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 400, height: 900 }, javaScriptEnabled });

    test("a free user's menu: the bar's entries plus Home, Billing, Upgrade Now and Log out; no Create", async ({ page }) => {
      await registerUser(page, { name: "Mobile Person" });
      await page.goto("/app/terms");
      await expect(mainNav(page)).toBeHidden();
      await expect(mobilePanel(page)).toBeHidden();
      await page.getByLabel("Menu").click();
      const panel = mobilePanel(page);
      await expect(panel).toBeVisible();
      const box = await panel.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(450);
      await expectLink(panel, /Mobile Person/, "/app/settings");
      await expectLink(panel, "Home", "/");
      await expectLink(panel, "My URLs", "/app/my-urls");
      await expectLink(panel, /^Notifications/, "/app/notifications");
      await expectLink(panel, "Billing", "/app/settings/subscription");
      await expectLink(panel, "Help", "/app/help");
      await expectLink(panel, "Plans", "/app/pricing");
      await expectLink(panel, "Blog", "/app/blog");
      await expectLink(panel, "Link Management", "/app/features/link-management");
      await expectLink(panel, "Upgrade Now", "/app/pricing");
      await expect(panel.getByRole("button", { name: "Log out" })).toBeVisible();
      for (const name of ["Create", "Dashboard", "Kiosk", "Create Organization"]) {
        await expect(panel.getByRole("link", { name, exact: true })).toHaveCount(0);
      }
      await panel.getByRole("button", { name: "Log out" }).click();
      await expect(page.getByLabel("Menu")).toBeVisible();
      await page.getByLabel("Menu").click();
      await expect(mobilePanel(page).getByRole("link", { name: "Create Account" })).toBeVisible();
      // A guest's menu has Help too.
      await expectLink(mobilePanel(page), "Help", "/app/help");
    });

    test("a developer subscriber's menu: Dashboard, Kiosk, Organizations; no Upgrade Now", async ({ page }) => {
      const user = await registerUser(page);
      await makeDeveloper(page, user.email);
      await giveSubscription(page, user.email, { plan: "pro" });
      await page.goto("/app/terms");
      await page.getByLabel("Menu").click();
      const panel = mobilePanel(page);
      await expectLink(panel, "Dashboard", "/dashboard");
      await expectLink(panel, "Kiosk", "/app/kiosk");
      await expect(panel.getByText("No organizations yet")).toBeVisible();
      await expectLink(panel, /^Create$/, "/app/links/create");
      await expectLink(panel, "Create Organization", "/app/organizations/onboarding");
      for (const name of ["Upgrade Now", "My URLs", "Plans", "Blog", "Home"]) {
        await expect(panel.getByRole("link", { name, exact: true })).toHaveCount(0);
      }
    });
  });
}

test.describe("mobile menu at 400px", () => {
  test.use({ viewport: { width: 400, height: 900 } });

  test("Escape closes it", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/terms");
    await page.getByLabel("Menu").click();
    await expect(mobilePanel(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobilePanel(page)).toBeHidden();
  });
});

test.describe("shell calls", () => {
  test("GET state: a guest gets user null and the app settings", async ({ request }) => {
    const response = await request.get("/app/api/state");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data.user).toBeNull();
    expect(data.subscriptions).toEqual({ current: null, future: null });
    // A local run without provider keys sells in test mode (billing type 0).
    expect(data.billing).toEqual({ preferred: 0 });
    expect(data.app).toMatchObject({
      flashMessages: [],
      teamsAllowed: false,
      locale: "en",
      locales: ["en"],
      currency: "USD",
      cookiesAccepted: false,
      ccpaAccepted: true,
      impersonated: false,
      antiRobot: { site_key: null, whitelist: false },
    });
  });

  test("GET state: a user gets their account and subscriptions with the derived flags", async ({ page }) => {
    type State = { data: { user: Record<string, unknown>; subscriptions: { current: Record<string, unknown> | null; future: unknown } } };
    const readState = async () => (await (await page.request.get("/app/api/state")).json()) as State;

    const user = await registerUser(page, { name: "State Person" });
    let state = await readState();
    expect(state.data.user).toMatchObject({
      name: "State Person",
      email: user.email,
      email_verified_at: null,
      photo_url: null,
      isDeveloper: false,
      uses_two_factor_auth: false,
      active_two_factor_backup_codes_count: 0,
      features: [],
      status: 0,
    });
    expect(typeof state.data.user.id).toBe("string");
    expect(state.data.subscriptions).toEqual({ current: null, future: null });

    await giveSubscription(page, user.email, { plan: "pro", interval: "yearly" });
    state = await readState();
    const current = state.data.subscriptions.current!;
    expect(current).toMatchObject({
      name: "pro",
      interval: "yearly",
      currency: "USD",
      active: true,
      onTrial: false,
      onGracePeriod: false,
      isPastDue: false,
      needsAction: false,
      isFree: false,
    });
    const renewal = new Date(String(current.updated_at));
    renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
    expect(current.renewal_date).toBe(renewal.toISOString());
  });

  test("GET heartbeat: 204 while signed in, 401 'Session expired' after", async ({ page }) => {
    expect((await page.request.get("/app/api/heartbeat")).status()).toBe(401);
    await registerUser(page);
    const alive = await page.request.get("/app/api/heartbeat");
    expect(alive.status()).toBe(204);
    await page.request.get("/app/api/logout", { headers: AJAX });
    const expired = await page.request.get("/app/api/heartbeat");
    expect(expired.status()).toBe(401);
    expect(await expired.json()).toEqual({ message: "Session expired" });
  });

  test("GET logout: refused without the ajax header, 204 and signed out with it", async ({ page }) => {
    await registerUser(page);
    const refused = await page.request.get("/app/api/logout");
    expect(refused.status()).toBe(405);
    expect(await refused.json()).toEqual({ message: "Method Not Allowed" });
    expect((await page.request.get("/app/api/heartbeat")).status()).toBe(204);

    // A plain navigation (a link from anywhere) cannot log anyone out either.
    await page.goto("/app/api/logout");
    expect((await page.request.get("/app/api/heartbeat")).status()).toBe(204);

    const done = await page.request.get("/app/api/logout", { headers: AJAX });
    expect(done.status()).toBe(204);
    expect((await page.request.get("/app/api/heartbeat")).status()).toBe(401);
  });

  test("a PUT from a foreign origin is refused with 419", async ({ page }) => {
    await registerUser(page);
    const response = await page.request.put("/app/api/user/last-read-announcements-at", {
      headers: { Origin: "https://evil.example", ...AJAX },
    });
    expect(response.status()).toBe(419);
    expect(await response.json()).toEqual({ message: "Security check fails" });
    const same = await page.request.put("/app/api/user/last-read-announcements-at", { headers: { Origin: BASE_URL, ...AJAX } });
    expect(same.status()).toBe(200);
  });

  test("an unknown /app/api path is a JSON 404", async ({ request }) => {
    const response = await request.get("/app/api/no-such-call");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "Not Found" });
  });

  test("POST user/confirm-password: 422 with a field error for a wrong password, 204 for the right one", async ({ page }) => {
    const user = await registerUser(page);
    const wrong = await page.request.post("/app/api/user/confirm-password", { data: { password: "not-my-password" }, headers: AJAX });
    expect(wrong.status()).toBe(422);
    expect(await wrong.json()).toEqual({
      message: "The given data was invalid.",
      errors: { password: ["The provided password does not match your current password."] },
    });
    const empty = await page.request.post("/app/api/user/confirm-password", { data: {}, headers: AJAX });
    expect(empty.status()).toBe(422);
    const right = await page.request.post("/app/api/user/confirm-password", { data: { password: user.password }, headers: AJAX });
    expect(right.status()).toBe(204);
  });
});

test.describe("sessions across tabs", () => {
  for (const otherPath of ["/app/terms", "/"]) {
    test(`logging out in one tab logs out the other (${otherPath}); logging in reloads it again`, async ({ context }) => {
      const first = await context.newPage();
      const user = await registerUser(first);
      const second = await context.newPage();
      await second.goto(otherPath);
      await expect(mainNav(second).getByRole("button", { name: "Log out" })).toBeVisible();

      await first.goto("/app/terms");
      await mainNav(first).getByRole("button", { name: "Log out" }).click();
      await expect(mainNav(first).getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(mainNav(second).getByRole("link", { name: "Sign In" })).toBeVisible({ timeout: 5_000 });

      await logIn(first, user);
      await expect(mainNav(second).getByRole("button", { name: "Log out" })).toBeVisible({ timeout: 5_000 });
    });
  }
});
