/**
 * Paid plans without any provider key: pricing, the labelled test-mode checkout, the event that
 * activates the subscription, a paid feature unlocking, cancel at period end (grace period) and
 * resume, cancel now, and a declined card.
 */
import type { Page } from "@playwright/test";
import { devFixture, giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

function planCard(page: Page, plan: string) {
  return page.locator(`[data-plan="${plan}"]`);
}

async function waitForSubscriptionPage(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto("/app/settings/subscription");
        return page.getByTestId("current-plan").or(page.getByText("You are on the Free plan.")).first().textContent();
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toContain(text);
}

test("pricing offers the billable plans, yearly by default, in ascending price, with the markers", async ({ page }) => {
  await page.goto("/app/pricing");
  await expect(page.getByRole("link", { name: "Yearly" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("list", { name: "Plans" }).getByRole("heading")).toHaveText(["Basic", "Pro", "Pro 5K", "Enterprise"]);
  await expect(planCard(page, "pro")).toContainText("Most popular");
  await expect(planCard(page, "enterprise")).toContainText("Custom");
  await expect(planCard(page, "enterprise").getByRole("link", { name: "Request a Quote" })).toBeVisible();
  await expect(planCard(page, "pro")).toContainText("$23.20 / month");
  await page.getByRole("link", { name: "Monthly" }).click();
  await expect(planCard(page, "pro")).toContainText("$29 / month");
  await expect(planCard(page, "pro").getByRole("link", { name: "Start 14-day free trial" })).toHaveAttribute(
    "href",
    /\/app\/register\?plan=pro/,
  );
});

test("a free user subscribes through the test-mode checkout; the plan unlocks; cancel, resume, cancel now", async ({ page }) => {
  await registerUser(page);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();

  await page.goto("/app/pricing?interval=monthly");
  await planCard(page, "pro").getByRole("button", { name: "Start 14-day free trial" }).click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);
  await expect(page.getByRole("note")).toContainText("TEST MODE");
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Start Trial" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/success\?session=/);
  await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });

  // The paid plan's analytics capability: the bar offers the dashboard instead of My URLs.
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.goto("/app/pricing?interval=monthly");
  await expect(planCard(page, "pro")).toContainText("Current plan");
  // The same plan yearly is a change to make (monthly to yearly), not the current plan.
  await page.getByRole("link", { name: "Yearly" }).click();
  await planCard(page, "pro").getByRole("button", { name: "Change to this plan" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/subscription\/update\/pro\/yearly$/);

  await page.goto("/app/settings/subscription");
  await expect(page.getByTestId("current-plan")).toContainText("Pro");
  await expect(page.getByTestId("current-plan")).toContainText("On trial until");
  await page.getByRole("button", { name: "Cancel at Period End" }).click();
  await waitForSubscriptionPage(page, "Cancelled: your plan stays active until");
  await page.getByRole("button", { name: "Resume Subscription" }).click();
  await waitForSubscriptionPage(page, "Renews on");
  await page.getByRole("button", { name: "Cancel Immediately" }).click();
  await waitForSubscriptionPage(page, "You are on the Free plan.");
  await page.goto("/app/terms");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My URLs" })).toBeVisible();
  // The subscription ended: no second trial, so pricing promises none (the checkout's own rule).
  await page.goto("/app/pricing?interval=monthly");
  await expect(planCard(page, "pro").getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Plans" })).not.toContainText("free trial");
});

test("a declined card shows the spec's message and subscribes nobody", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/pricing");
  await planCard(page, "basic").getByRole("button").click();
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /Start Trial|Pay/ }).click();
  await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
  await page.getByLabel("Card number").fill("");
  await page.getByLabel("Cardholder name").fill("");
  await page.getByRole("button", { name: /Start Trial|Pay/ }).click();
  await expect(page.getByText("Cardholder name is required.")).toBeVisible();
  // A field left out says what the same field sent empty says (domain/zod-messages.ts), never "The name field is required.".
  const checkout = new URL(page.url()).pathname;
  for (const [form, message] of [
    [{ card: "4242 4242 4242 4242" }, "Cardholder name is required."],
    [{ name: "", card: "4242 4242 4242 4242" }, "Cardholder name is required."],
    [{ name: "Ada Lovelace" }, "Enter a card number."],
    [{ name: "Ada Lovelace", card: "" }, "Enter a card number."],
  ] as const) {
    const response = await page.request.post(checkout, { form, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBe(422);
    const html = await response.text();
    expect(html, JSON.stringify(form)).toContain(message);
    expect(html, JSON.stringify(form)).not.toMatch(/The (name|card) field is required\./);
  }
  await page.goto("/app/settings/subscription");
  await expect(page.getByText("You are on the Free plan.")).toBeVisible();
  // A newer checkout replaces this one: it can no longer be paid (two paid checkouts, two subscriptions).
  await page.goto("/app/pricing");
  await planCard(page, "basic").getByRole("button").click();
  await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);
  expect(new URL(page.url()).pathname).not.toBe(checkout);
  const stale = await page.request.post(checkout, {
    form: { name: "Ada Lovelace", card: "4242 4242 4242 4242" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(406);
  expect(await stale.text()).toContain("This checkout is no longer valid");
});

test("subscribing from the settings page with a wrong plan or interval lists the fields' errors, never the update failure (spec 01 §8)", async ({
  page,
}) => {
  await registerUser(page);
  const cases = [
    [{ intent: "subscribe", plan: "nosuch", interval: "yearly" }, ["Choose one of the plans offered."]],
    [{ intent: "subscribe", plan: "pro", interval: "weekly" }, ["The interval must be monthly or yearly."]],
    [{ intent: "subscribe" }, ["Choose one of the plans offered.", "The interval must be monthly or yearly."]],
    // A plan that is not sold at this interval (or at all): the JSON call's own message.
    [{ intent: "subscribe", plan: "free", interval: "monthly" }, ["This plan cannot be bought at this interval."]],
  ] as const;
  for (const [form, messages] of cases) {
    const response = await page.request.post("/app/settings/subscription", { form, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBe(422);
    const html = await response.text();
    for (const message of messages) expect(html, JSON.stringify(form)).toContain(message);
    expect(html, JSON.stringify(form)).not.toContain("We were unable to update your subscription");
  }
  // The same in the browser, without JavaScript needed: a plain form post shows the list on the page.
  await page.goto("/app/settings/subscription");
  await page.evaluate(`(() => {
    const form = document.createElement("form");
    form.method = "post";
    for (const [name, value] of [["intent", "subscribe"], ["plan", "nosuch"], ["interval", "weekly"]]) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  })()`);
  await expect(page.getByTestId("form-errors").getByRole("listitem")).toHaveText([
    "Choose one of the plans offered.",
    "The interval must be monthly or yearly.",
  ]);
  // An unknown change of the current subscription is still the update failure.
  const unknown = await page.request.post("/app/settings/subscription", {
    form: { intent: "upgrade" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(422);
  expect(await unknown.text()).toContain("We were unable to update your subscription. Please contact customer support.");
  await page.goto("/app/settings/subscription");
  await expect(page.getByText("You are on the Free plan.")).toBeVisible();
});

test("another user's checkout session is not found", async ({ page, browser }) => {
  await registerUser(page);
  await page.goto("/app/pricing");
  await planCard(page, "basic").getByRole("button").click();
  await expect(page).toHaveURL(/test-checkout/);
  const url = page.url();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerUser(otherPage);
  const response = await otherPage.goto(url);
  expect(response?.status()).toBe(404);
  await other.close();
  expect(url.startsWith(BASE_URL)).toBe(true);
});

test.describe("coupons, quotes, old pricing and the promotion pages", () => {
  test("a coupon in the query is remembered and discounts the first payment; an unknown one is dropped silently", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/terms?coupon=NOT-A-COUPON");
    expect((await page.context().cookies()).some((c) => c.name === "snip_coupon")).toBe(false);
    await page.goto("/app/features/custom-links?coupon=welcome10");
    expect((await page.context().cookies()).find((c) => c.name === "snip_coupon")).toBeTruthy();

    // Outside the sale (the 2024 promotion is over) a coupon applies to monthly plans too.
    await page.goto("/app/pricing?interval=monthly");
    await planCard(page, "pro").getByRole("button").click();
    await expect(page.getByTestId("coupon")).toHaveText("Coupon WELCOME10: the first payment is $26.10");
  });

  test("GET /app/api/coupon/{code} answers amount_off and percent_off, or 404", async ({ request }) => {
    const found = await request.get("/app/api/coupon/snip5");
    expect(found.status()).toBe(200);
    expect(await found.json()).toEqual({ data: { coupon: "SNIP5", amount_off: 500, percent_off: null } });
    expect((await request.get("/app/api/coupon/NOPE")).status()).toBe(404);
  });

  test("an enterprise quote request reaches the sales mailbox", async ({ page }) => {
    await page.goto("/app/pricing/quote");
    await page.getByRole("button", { name: "Request a Quote" }).click();
    await expect(page.locator("#field-company-error")).toHaveText("The company field is required.");
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Work email").fill("grace@navy.example");
    await page.getByLabel("Company").fill("Navy Links");
    await page.getByLabel("Active links you expect").fill("2000000");
    await page.getByRole("button", { name: "Request a Quote" }).click();
    await expect(page.getByText("Thank you! Our sales team will get back to you shortly.")).toBeVisible();
    await expect
      .poll(async () => {
        await page.goto("/__dev/mailbox?to=sales@snip.example");
        return page.getByTestId("mail-subject").allTextContents();
      })
      .toContain("Enterprise quote: Navy Links");
  });

  test("/app/pricing/old asks for a sign-in and then shows the plans no longer offered too", async ({ page }) => {
    await page.goto("/app/pricing/old");
    await expect(page).toHaveURL(`${BASE_URL}/app/login?to=%2Fapp%2Fpricing%2Fold`);
    await registerUser(page);
    await page.goto("/app/pricing/old");
    await expect(planCard(page, "pro50k")).toBeVisible();
    await page.goto("/app/pricing");
    await expect(planCard(page, "pro50k")).toHaveCount(0);
  });

  test("the 2024 landing pages say the sale is over, and no sale banner shows", async ({ page }) => {
    await page.goto("/app/black-friday-2024");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("30% off every yearly plan");
    await expect(page.getByText("This sale has ended. Thank you to everyone who joined!")).toBeVisible();
    await page.goto("/app/cyber-monday-2024");
    await expect(page.getByText("Cyber Monday sale")).toBeVisible();
    await expect(page.getByRole("region", { name: "Sale" })).toHaveCount(0);
  });
});

test.describe("trials", () => {
  test("a card-free trial starts at once, shows the reminder until closed, and is offered only once", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/get-started");
    await expect(page.locator('[data-plan="basic"]')).toContainText("7 days free, no card needed");
    await expect(page.locator('[data-plan="pro"]')).toContainText("14 days free, card required");
    await page.locator('[data-plan="basic"]').getByRole("button", { name: "Start 7-day trial" }).click();
    await waitForSubscriptionPage(page, "On trial until");
    await expect(page.getByTestId("current-plan")).toContainText("Basic");
    // Nothing was cancelled, so nothing resumes (a resumed card-free trial ran on unpaid); the plan is bought at a checkout.
    await expect(page.getByTestId("card-free-trial")).toBeVisible();
    await expect(page.getByRole("button", { name: "Resume Subscription" })).toHaveCount(0);
    await page.goto("/app/pricing?interval=monthly");
    await planCard(page, "basic").getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/app\/billing\/test-checkout\/cs_test_/);

    // No payment method on file: the soft reminder shows on every page until closed.
    await page.goto("/app/terms");
    const reminder = page.getByRole("region", { name: "Trial reminder" });
    await expect(reminder).toContainText("Your free trial ends in 7 days. Add a payment method to keep your plan.");
    await reminder.getByRole("button", { name: "Remind me later" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/terms`);
    await expect(page.getByRole("region", { name: "Trial reminder" })).toHaveCount(0);

    await page.goto("/app/get-started");
    await expect(page.locator('[data-plan="pro"]')).toContainText("You already have a subscription.");
    const crafted = await page.request.post("/app/get-started", { form: { plan: "pro" }, headers: { Origin: BASE_URL }, maxRedirects: 0 });
    expect(crafted.status()).toBe(422);
  });

  test("a trial that needs a card goes through the checkout, and then no reminder shows", async ({ page }) => {
    await registerUser(page);
    await page.goto("/app/get-started");
    await page.locator('[data-plan="pro"]').getByRole("button", { name: "Start 14-day trial" }).click();
    await expect(page).toHaveURL(/\/app\/billing\/test-checkout\//);
    await page.getByLabel("Cardholder name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Start Trial" }).click();
    await expect(page.getByText("You are subscribed to Pro. Thank you!")).toBeVisible({ timeout: 30_000 });
    await page.goto("/app/terms");
    await expect(page.getByRole("region", { name: "Trial reminder" })).toHaveCount(0);
  });
});

test("a downgrade is scheduled for the period's end, shown, and can be cancelled; the plan stays until then", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro", interval: "yearly" });
  const periodEnd = new Date();
  periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(periodEnd);

  await page.goto("/app/settings/subscription/update/basic/monthly");
  await expect(page.getByText(`The change takes effect at the end of your current period, on ${date}.`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm Change" }).click();
  await waitForSubscriptionPage(page, `Your plan changes to Basic (Monthly) on ${date}.`);
  await expect(page.getByTestId("current-plan")).toContainText("Pro · Yearly, $278.40");

  await page.getByRole("button", { name: "Cancel Scheduled Downgrade" }).click();
  await expect
    .poll(async () => {
      await page.goto("/app/settings/subscription");
      return page.getByTestId("scheduled-downgrade").count();
    })
    .toBe(0);
  await expect(page.getByTestId("current-plan")).toContainText("Pro · Yearly, $278.40");
  await expect(page.getByTestId("current-plan")).toContainText(`Renews on`);

  // An upgrade still applies at once.
  await page.goto("/app/settings/subscription/update/pro5k/yearly");
  await expect(page.getByText("The change takes effect now.")).toBeVisible();
});

test("overages: subscribers turn them on and see the projected charge; others cannot", async ({ page }) => {
  const user = await registerUser(page);
  await page.goto("/app/settings/usage");
  await expect(page.getByText("Overages come with a paid plan.")).toBeVisible();
  const refused = await page.request.post("/app/settings/usage", {
    form: { overages: "on" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);

  await giveSubscription(page, user.email, { plan: "pro" });
  await page.goto("/app/settings/usage");
  await expect(page.getByTestId("overages-status")).toHaveText("Overages are off.");
  await page.getByRole("button", { name: "Turn Overages On" }).click();
  await expect(page.getByTestId("overages-status")).toContainText(
    "Overages are on. Projected charge this period: $0.00 (0 blocks over the limit).",
  );
  await page.getByRole("button", { name: "Turn Overages Off" }).click();
  await expect(page.getByTestId("overages-status")).toHaveText("Overages are off.");
});

test.describe("payment method, invoices, plan change and cancel pages (test mode)", () => {
  test("the card from the checkout, a new test card, the invoices, a plan change verified, cancel pages", async ({ page }) => {
    test.setTimeout(60_000);
    const user = await registerUser(page);
    // No subscription and no card: no Payment Method entry, and its page is not for this user.
    await page.goto("/app/settings/subscription");
    const sidebar = page.getByRole("navigation", { name: "Account settings" });
    await expect(sidebar.getByRole("link", { name: "Invoices" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Payment Method" })).toHaveCount(0);
    await page.goto("/app/settings/payment-method");
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/subscription`);

    await page.goto("/app/pricing?interval=monthly");
    await planCard(page, "basic").getByRole("button").click();
    await page.getByLabel("Cardholder name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Start Trial" }).click();
    await expect(page.getByText("You are subscribed to Basic. Thank you!")).toBeVisible({ timeout: 30_000 });

    await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Payment Method" }).click();
    await expect(page.getByTestId("card-on-file")).toHaveText("Visa ending in 4242 (US)");
    await expect(page.getByRole("note")).toContainText("TEST MODE");
    // Spec 01 §5: the cardholder name is required, said beside its field; nothing changes.
    await page.getByLabel("Card number").fill("5555 5555 5555 4444");
    await page.getByLabel("Expiry (MM/YYYY)").fill("01/2031");
    await page.getByRole("button", { name: "Save Card" }).click();
    await expect(page.getByLabel("Cardholder name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#field-name-error")).toHaveText("Cardholder name is required.");
    await expect(page.getByTestId("card-on-file")).toHaveText("Visa ending in 4242 (US)");
    const missing = await page.request.post("/app/settings/payment-method", {
      form: { card: "5555 5555 5555 4444", expiration: "01/2031" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(422);
    expect(await missing.text()).toContain("Cardholder name is required.");
    await page.getByLabel("Cardholder name").fill("Ada Lovelace");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YYYY)").fill("01/2031");
    await page.getByRole("button", { name: "Save Card" }).click();
    await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
    // The name typed is kept after a refusal.
    await expect(page.getByLabel("Cardholder name")).toHaveValue("Ada Lovelace");
    await page.getByLabel("Card number").fill("5555 5555 5555 4444");
    await page.getByLabel("Expiry (MM/YYYY)").fill("1/31");
    await page.getByRole("button", { name: "Save Card" }).click();
    await expect(page.getByText("Enter the expiry as MM/YYYY.")).toBeVisible();
    await page.getByLabel("Card number").fill("5555 5555 5555 4444");
    await page.getByLabel("Expiry (MM/YYYY)").fill("01/2031");
    await page.getByRole("button", { name: "Save Card" }).click();
    await expect
      .poll(async () => {
        await page.goto("/app/settings/payment-method");
        return page.getByTestId("card-on-file").textContent();
      })
      .toBe("Mastercard ending in 4444, expires 01/2031 (US)");

    await page.goto("/app/settings/invoices");
    await expect(page.getByRole("table", { name: "Invoices" }).getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("table", { name: "Invoices" })).toContainText("TEST-0001");

    // Change plan: the confirm page names both plans; the verification page waits for the event.
    await page.goto("/app/settings/subscription/update/pro/yearly");
    await expect(page.getByTestId("plan-change")).toContainText("Basic, $9.00 a month");
    await expect(page.getByTestId("plan-change")).toContainText("Pro, $278.40 a year");
    await page.getByRole("button", { name: "Confirm Change" }).click();
    await expect(page.getByText("Your plan is now Pro.")).toBeVisible({ timeout: 30_000 });
    expect((await page.goto("/app/settings/subscription/update/enterprise/yearly"))?.status()).toBe(404);
    expect((await page.goto("/app/settings/subscription/update/nope/monthly"))?.status()).toBe(404);

    await page.goto("/app/settings/subscription/cancel");
    await expect(page.getByRole("heading", { name: "Cancel Pro at the end of the period" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel at Period End" }).click();
    await waitForSubscriptionPage(page, "Cancelled: your plan stays active until");
    await page.goto("/app/settings/subscription/cancel/now");
    await page.getByRole("button", { name: "Cancel Immediately" }).click();
    await waitForSubscriptionPage(page, "You are on the Free plan.");

    // Status bit 16 hides the invoices: the sidebar entry and the page.
    await devFixture(page, { action: "status", email: user.email, status: 16 });
    await page.goto("/app/settings/subscription");
    await expect(page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Invoices" })).toHaveCount(0);
    await page.goto("/app/settings/invoices");
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/profile`);
  });

  test("a past-due trial is paid on the past-due page with a test card", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro", pastDueTrial: true });
    await page.goto("/app/settings/subscription");
    await expect(page).toHaveURL(`${BASE_URL}/app/subscribe`);
    // Spec 01 §5: the cardholder name is required, said beside its field; the same whether the field is empty or left out.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay and Continue" }).click();
    await expect(page.locator("#field-name-error")).toHaveText("Cardholder name is required.");
    for (const [form, field, message] of [
      [{ card: "4242 4242 4242 4242" }, "name", "Cardholder name is required."],
      [{ name: "Ada Lovelace" }, "card", "Enter a card number."],
      [{ name: "Ada Lovelace", card: "" }, "card", "Enter a card number."],
    ] as const) {
      const response = await page.request.post("/app/subscribe", { form, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(form)).toBe(422);
      const html = await response.text();
      expect(html, JSON.stringify(form)).toContain(`id="field-${field}-error"`);
      expect(html, JSON.stringify(form)).toContain(message);
      expect(html, JSON.stringify(form)).not.toMatch(/The (name|card) field is required\./);
    }
    await page.getByLabel("Cardholder name").fill("Ada Lovelace");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay and Continue" }).click();
    await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay and Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
    await page.goto("/app/settings/subscription");
    await expect(page.getByTestId("current-plan")).toContainText("Renews on");
  });

  test("a past-due subscription that is not a trial is paid on the past-due page too, without being locked out", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro", pastDue: true });
    // A failed renewal keeps the service: no redirect to the past-due page.
    await page.goto("/app/settings/subscription");
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/subscription`);
    await page.goto("/app/subscribe");
    await expect(page.getByRole("heading", { name: "Your Pro payment is past due" })).toBeVisible();
    await expect(page).toHaveTitle("Your payment is past due | Snip");
    await page.getByLabel("Cardholder name").fill("Ada Lovelace");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay and Continue" }).click();
    await expect(page.getByText("Payment declined. Please update your payment method.")).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay and Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
    const state = (await (await page.request.get("/app/api/state")).json()) as {
      data: { subscriptions: { current: { isPastDue: boolean } } };
    };
    expect(state.data.subscriptions.current.isPastDue).toBe(false);
    // Once paid, the page is not for this user any more.
    await page.goto("/app/subscribe");
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
