/**
 * The public shell: navigation, Features menu, footer and its dialogs, the cookie banner,
 * the mobile menu, and the static pages with their fixed title.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { registerUser } from "./accounts";
import { acceptCookies, BASE_URL, cookieBanner, expect, FEATURE_PAGES, SEO_DESCRIPTION, SEO_TITLE, test } from "./fixtures";

const CONTENT_PAGES = [
  "/app/terms",
  "/app/privacy-policy",
  "/app/cookies-policy",
  "/app/data-processing-agreement",
  "/app/enterprise-terms",
  "/app/service-level-agreement",
  "/app/supplemental-terms",
  "/app/careers/fullstack-developer",
  "/app/deleted",
  "/app/affiliate-link",
  "/app/unsubscribe",
  ...FEATURE_PAGES.map((p) => p.path),
];

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function featuresSummary(page: Page) {
  return mainNav(page).locator("summary", { hasText: "Features" });
}

function featuresMenuLinks(page: Page) {
  return mainNav(page).locator("details").getByRole("link");
}

test.describe("navigation bar", () => {
  test("shows the logo, My URLs, Plans, Blog, Features, Sign Up and Sign In", async ({ page }) => {
    await page.goto("/app/terms");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Snip home" })).toHaveAttribute("href", "/");
    const nav = mainNav(page);
    await expect(nav.getByRole("link", { name: "My URLs" })).toHaveAttribute("href", "/app/my-urls");
    await expect(nav.getByRole("link", { name: "Plans" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(featuresSummary(page)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("the logo leads to the homepage", async ({ page }) => {
    await page.goto("/app/terms");
    await page.getByRole("banner").getByRole("link", { name: "Snip home" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("the Features menu lists the seven feature pages and Escape closes it", async ({ page }) => {
    await page.goto("/");
    await expect(featuresMenuLinks(page).first()).toBeHidden();
    await featuresSummary(page).click();
    await expect(featuresMenuLinks(page)).toHaveText(FEATURE_PAGES.map((p) => p.label));
    for (const { path, label } of FEATURE_PAGES) {
      await expect(featuresMenuLinks(page).filter({ hasText: label })).toHaveAttribute("href", path);
    }
    await page.keyboard.press("Escape");
    await expect(featuresMenuLinks(page).first()).toBeHidden();
  });

  test("a Features menu entry leads to its page", async ({ page }) => {
    await page.goto("/");
    await featuresSummary(page).click();
    await featuresMenuLinks(page).filter({ hasText: "Link Management" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/features/link-management`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Features menu still opens and lists the feature pages", async ({ page }) => {
      await page.goto("/");
      await featuresSummary(page).click();
      await expect(featuresMenuLinks(page)).toHaveText(FEATURE_PAGES.map((p) => p.label));
    });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`mobile menu ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 400, height: 800 }, javaScriptEnabled });

    test("at 400px the menu button opens a panel with Create Account and Sign In", async ({ page }) => {
      await page.goto("/");
      await expect(mainNav(page)).toBeHidden();
      const panel = page.getByRole("navigation", { name: "Mobile" });
      await expect(panel).toBeHidden();
      await page.getByLabel("Menu").click();
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("link", { name: "Create Account" })).toBeVisible();
      await expect(panel.getByRole("link", { name: "Sign In" })).toBeVisible();
    });
  });
}

test.describe("footer", () => {
  test("shows the copyright and the Terms, Privacy Policy and Accessibility statement entries", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getUTCFullYear()} Snip Labs, Inc.`);
    await expect(footer.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/app/terms");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/app/privacy-policy");
    await expect(footer.getByRole("button", { name: "Accessibility statement" })).toBeVisible();
    await expect(footer.getByRole("button", { name: "Do Not Sell My Personal Information" })).toBeVisible();
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("its entries stay clickable while the cookie banner is shown", async ({ page }) => {
        await page.goto("/app/terms");
        await expect(cookieBanner(page)).toBeVisible();
        await page.getByRole("contentinfo").getByRole("button", { name: "Accessibility statement" }).click({ timeout: 5_000 });
        await expect(page.getByRole("dialog", { name: "Accessibility statement" })).toBeVisible();
      });

      test("Accessibility statement opens a dialog that Escape closes", async ({ page }) => {
        await acceptCookies(page);
        await page.goto("/");
        const dialog = page.getByRole("dialog", { name: "Accessibility statement" });
        await expect(dialog).toBeHidden();
        await page.getByRole("contentinfo").getByRole("button", { name: "Accessibility statement" }).click();
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText("WCAG");
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      });

      // The homepage is rendered by React (client-side routing); /app/terms is a static page.
      for (const path of ["/", "/app/terms"]) {
        test(`Do Not Sell on ${path}: the choice is saved, kept after a reload, and X closes the dialog`, async ({ page }) => {
          await acceptCookies(page);
          await page.goto(path);
          const openButton = page.getByRole("contentinfo").getByRole("button", { name: "Do Not Sell My Personal Information" });
          const dialog = page.getByRole("dialog", { name: "Do Not Sell or Share My Personal Information" });
          const checkbox = dialog.getByRole("checkbox", { name: "Do not sell or share my personal information" });

          await openButton.click();
          await expect(dialog).toBeVisible();
          await expect(dialog.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/app/privacy-policy#do-not-sell");
          await expect(dialog).toContainText("Current choice: not opted out");
          await expect(checkbox).not.toBeChecked();
          await checkbox.check();
          // The URL is the same before and after the post: wait for the saved choice itself, not the URL.
          const saved = page.waitForResponse((r) => r.url().includes("/app/api/privacy/do-not-sell") && r.request().method() === "POST");
          await dialog.getByRole("button", { name: "Save my choice" }).click();
          await saved;
          await expect(page).toHaveURL(`${BASE_URL}${path}`);

          await page.reload();
          await openButton.click();
          await expect(dialog).toBeVisible();
          await expect(checkbox).toBeChecked();
          await expect(dialog).toContainText("Current choice: opted out of sale and sharing");

          await dialog.getByRole("button", { name: "Close" }).click();
          await expect(dialog).toBeHidden();
        });
      }

      test("Do Not Sell: the dialog's privacy policy link opens its section", async ({ page }) => {
        await acceptCookies(page);
        await page.goto("/");
        await page.getByRole("contentinfo").getByRole("button", { name: "Do Not Sell My Personal Information" }).click();
        const dialog = page.getByRole("dialog", { name: "Do Not Sell or Share My Personal Information" });
        await dialog.getByRole("link", { name: "Privacy Policy" }).click();
        await expect(page).toHaveURL(`${BASE_URL}/app/privacy-policy#do-not-sell`);
        await expect(page.locator("#do-not-sell")).toBeVisible();
      });
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`cookie consent banner ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    // The homepage is rendered by React (client-side routing); /app/privacy-policy is a static page.
    for (const [first, other] of [
      ["/", "/app/privacy-policy"],
      ["/app/privacy-policy", "/"],
    ] as const) {
      test(`shows on a first visit to ${first}; Accept hides it, also after a reload and on ${other}`, async ({ page }) => {
        await page.goto(first);
        await expect(cookieBanner(page)).toBeVisible();
        await expect(cookieBanner(page).getByRole("link", { name: "Cookies Policy" })).toHaveAttribute("href", "/app/cookies-policy");

        await cookieBanner(page).getByRole("button", { name: "Accept" }).click();
        await expect(cookieBanner(page)).toBeHidden();
        await expect(page).toHaveURL(`${BASE_URL}${first}`);

        await page.reload();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(cookieBanner(page)).toHaveCount(0);

        await page.goto(other);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(cookieBanner(page)).toHaveCount(0);
      });
    }
  });
}

test.describe("static pages", () => {
  test("the list below covers every legal, company and feature page in app/routes.ts", () => {
    const routes = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
    const pages = [
      ...routes.matchAll(/route\("(app\/[^"]+)",\s*"routes\/(?:legal|features|careers|deleted|affiliate-link|unsubscribe)[^"]*"/g),
    ].map((m) => `/${m[1]}`);
    expect(pages.length).toBeGreaterThan(0);
    expect([...CONTENT_PAGES].sort()).toEqual([...pages].sort());
  });

  for (const path of CONTENT_PAGES) {
    test(`${path} answers 200 with an h1 and the fixed title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(`${BASE_URL}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
      await expect(page).toHaveTitle(SEO_TITLE);
    });
  }
});

test.describe("fixed SEO text and breakpoints (spec 01 §2, §9; docs/decisions/040)", () => {
  for (const path of ["/", "/app/login", "/app/register", "/app/pricing", "/app/dev", "/app/terms"]) {
    test(`${path} carries the one fixed description, whatever its title`, async ({ page }) => {
      await page.goto(path);
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveCount(1);
      await expect(description).toHaveAttribute("content", SEO_DESCRIPTION);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", SEO_DESCRIPTION);
    });
  }

  test("the lg breakpoint is 992 px: the Log out label shows at 1000 px and hides at 980 px", async ({ page }) => {
    await registerUser(page);
    const logOut = page.getByRole("navigation", { name: "Main" }).getByText("Log out", { exact: true });
    // Below lg the label is sr-only: a 1-pixel box that Playwright still calls visible, so measure it.
    const labelWidth = async () => (await logOut.boundingBox())?.width ?? 0;
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto("/app/settings/profile");
    await expect.poll(labelWidth).toBeGreaterThan(10);
    await page.setViewportSize({ width: 980, height: 800 });
    await expect.poll(labelWidth).toBeLessThanOrEqual(1);
  });
});
