/**
 * Web credits (spec 01 §3 max_web_credits, issue 20): every link created through the web app's
 * own form or JSON call spends one credit of the month; with none left the create is refused with
 * the plan's message, nothing is created, and the usage page and GET state show the count.
 */
import { devFixture, giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const HEADERS = { ...SAME_ORIGIN, "X-Requested-With": "XMLHttpRequest" };

const SPENT =
  "You have used the 100 web credits your plan includes this month. Upgrade your plan or wait until next month to create more links.";

test("a create spends a web credit; with the month's credits spent the form and the JSON call refuse with the plan's message", async ({
  page,
}) => {
  const user = await registerUser(page); // free plan: 100 web credits a month
  await devFixture(page, { action: "web-credits", email: user.email, used: 99 });

  // The 100th credit: the link is created, and the usage page and GET state count it.
  await page.goto("/");
  await page.getByLabel("Long URL").fill(`https://example.com/web-credit-${Date.now()}`);
  await page.getByRole("button", { name: "Shorten", exact: true }).click();
  await expect(page.getByLabel("Your short link")).toBeVisible();
  const state = await (await page.request.get("/app/api/state", { headers: HEADERS })).json();
  expect(state.data.user.limits).toEqual({ limit: { web: 100 }, used: { web: 100 } });
  await page.goto("/app/settings/usage");
  await expect(page.getByTestId("web-credits-figure")).toHaveText("100 of 100");

  // None left: the form shows the message, no link is made, and no credit is taken.
  await page.goto("/");
  await page.getByLabel("Long URL").fill(`https://example.com/web-credit-over-${Date.now()}`);
  await page.getByRole("button", { name: "Shorten", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(SPENT);
  await expect(page.getByLabel("Your short link")).toHaveCount(0);

  const call = await page.request.post("/app/api/url/create", {
    headers: HEADERS,
    data: { url: `https://example.com/web-credit-json-${Date.now()}` },
  });
  expect(call.status()).toBe(403);
  expect((await call.json()).message).toBe(SPENT);
  await page.goto("/app/settings/usage");
  await expect(page.getByTestId("web-credits-figure")).toHaveText("100 of 100");
  await expect(page.getByTestId("aliases-this-month-figure")).toHaveText(/^1 of/);
});

test("a create refused by another limit gives its web credit back", async ({ page }) => {
  const user = await registerUser(page); // free plan: one link per destination URL
  await devFixture(page, { action: "web-credits", email: user.email, used: 5 });
  const url = `https://example.com/web-credit-refund-${Date.now()}`;
  const first = await page.request.post("/app/api/url/create", { headers: HEADERS, data: { url } });
  expect(first.status()).toBe(200);
  const again = await page.request.post("/app/api/url/create", { headers: HEADERS, data: { url } });
  expect(again.status()).toBe(403);
  expect((await again.json()).message).toBe("Your plan allows 1 link to the same destination URL. Upgrade your plan to create more.");
  const state = await (await page.request.get("/app/api/state", { headers: HEADERS })).json();
  expect(state.data.user.limits.used.web).toBe(6);
});

test("with overages on, a subscriber past the month's web credits still creates links, and they are counted", async ({ page }) => {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "basic" }); // 1,000 web credits a month
  await devFixture(page, { action: "web-credits", email: user.email, used: 1_000 });
  const url = () => `https://example.com/web-credit-overage-${Date.now()}`;
  const refused = await page.request.post("/app/api/url/create", { headers: HEADERS, data: { url: url() } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    "You have used the 1,000 web credits your plan includes this month. Upgrade your plan or wait until next month to create more links.",
  );

  const on = await page.request.post("/app/settings/usage", { form: { overages: "on" }, headers: { origin: BASE_URL }, maxRedirects: 0 });
  expect(on.status()).toBe(302);
  const made = await page.request.post("/app/api/url/create", { headers: HEADERS, data: { url: url() } });
  expect(made.status()).toBe(200);
  const state = await (await page.request.get("/app/api/state", { headers: HEADERS })).json();
  expect(state.data.user.limits).toEqual({ limit: { web: 1_000 }, used: { web: 1_001 } });
});
