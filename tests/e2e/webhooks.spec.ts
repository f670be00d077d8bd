/**
 * Outgoing webhooks end to end: a receiver on loopback (a node:http server started by this
 * file), registered on /app/settings/webhooks by a user whose plan has use_webhooks; link
 * events reach it signed (verified here with node:crypto, as the README documents), a 500 is
 * retried, the delivery log shows every attempt, and the test button sends a ping.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { card, giveSubscription, passwordInput, registerUser, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const TEXT = {
  created: "Endpoint added. Copy its signing secret now: it is shown only once.",
  testQueued: "Test event queued. It appears in the delivery log within a few seconds.",
  deleted: "Endpoint deleted.",
  notAllowed: "Webhooks are not part of your plan.",
  urlHttps: "The endpoint must use https.",
  urlPrivate: "The endpoint must be reachable on the public internet.",
  eventsRequired: "Choose at least one event.",
} as const;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

const received: Received[] = [];
/** Paths whose next deliveries are answered 500, with how many are left. */
const failNext = new Map<string, number>();
let server: Server;
let receiverOrigin = "";

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const failures = failNext.get(path) ?? 0;
      const status = failures > 0 ? 500 : 200;
      if (failures > 0) failNext.set(path, failures - 1);
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 500 ? "receiver hiccup" : "thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The documented scheme, implemented independently: HMAC-SHA256 of `${t}.${body}`, hex, compared in constant time. */
function verifySignature(secret: string, header: string | string[] | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header ?? ""));
  if (!match) return false;
  const [, t, v1] = match;
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1!, "hex"));
}

function deliveriesTo(path: string, event?: string): Received[] {
  return received.filter((r) => r.path === path && (event === undefined || r.headers["snip-event"] === event));
}

async function waitForDeliveries(path: string, event: string, count: number): Promise<Received[]> {
  await expect.poll(() => deliveriesTo(path, event).length, { timeout: 20_000, intervals: [250, 500, 1000] }).toBeGreaterThanOrEqual(count);
  return deliveriesTo(path, event);
}

async function webhooksUser(page: Page): Promise<TestUser> {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro50k" });
  return user;
}

/** Adding an endpoint asks for the password first (the 423 flow): confirms it in the dialog. */
async function confirmPassword(page: Page, user: TestUser): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await passwordInput(dialog).fill(user.password);
  await dialog.getByRole("button", { name: "Confirm Password" }).click();
}

/** Adds an endpoint on the settings page (the first one of a session asks for the password) and returns its signing secret (shown once). */
async function addEndpoint(page: Page, user: TestUser, url: string): Promise<string> {
  await page.goto("/app/settings/webhooks");
  const form = card(page, "Add an endpoint");
  await form.getByLabel("Endpoint URL").fill(url);
  await form.getByRole("button", { name: "Add Endpoint" }).click();
  await confirmPassword(page, user);
  await expect(page.getByText(TEXT.created)).toBeVisible();
  const secret = await page.getByTestId("webhook-secret").inputValue();
  expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
  return secret;
}

function logRows(page: Page, event: string) {
  return card(page, "Delivery log")
    .getByTestId("delivery")
    .and(page.locator(`[data-event="${event}"]`));
}

test.describe("outgoing webhooks", () => {
  test("a link created is delivered signed; the 500 is retried; the log shows both attempts; the test button sends a ping", async ({
    page,
  }) => {
    // Five deliveries through the queue, one of them after a retry's backoff, and a click batch.
    test.setTimeout(90_000);
    const user = await webhooksUser(page);
    await page.goto("/app/settings");
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/app\/settings\/webhooks$/);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    const path = `/hook/${randomBytes(6).toString("hex")}`;
    const secret = await addEndpoint(page, user, `${receiverOrigin}${path}`);
    const endpoint = card(page, "Endpoints").getByTestId("endpoint");
    await expect(endpoint).toHaveCount(1);
    await expect(endpoint).toContainText(`${receiverOrigin}${path}`);
    await expect(endpoint).toContainText(`secret ending in ${secret.slice(-4)}`);
    // Shown once: the page itself never shows the secret again.
    await page.goto("/app/settings/webhooks");
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // The receiver answers the first delivery with a 500.
    failNext.set(path, 1);
    await page.goto("/app/links/create");
    await page.getByLabel("Long URL").fill("https://example.com/webhook-landing");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByLabel("Your short link")).toBeVisible();
    const shortUrl = await page.getByLabel("Your short link").inputValue();
    const alias = shortUrl.split("/").pop()!;

    const [failed, retried] = await waitForDeliveries(path, "link.created", 2);
    expect(failed!.status).toBe(500);
    expect(retried!.status).toBe(200);
    for (const delivery of [failed!, retried!]) {
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(verifySignature(secret, delivery.headers["snip-signature"], delivery.body), "signature verifies").toBe(true);
      expect(verifySignature("whsec_wrong", delivery.headers["snip-signature"], delivery.body)).toBe(false);
    }
    // The same delivery, retried: same id, same body.
    expect(retried!.headers["snip-delivery"]).toBe(failed!.headers["snip-delivery"]);
    expect(retried!.body).toBe(failed!.body);
    const event = JSON.parse(retried!.body) as { id: string; type: string; data: { link: { alias: string; url: string; status: string } } };
    expect(event).toMatchObject({
      type: "link.created",
      data: { link: { alias, url: "https://example.com/webhook-landing", status: "active" } },
    });
    expect(event.id).toMatch(/^evt_/);

    // The log shows the failed attempt and the successful retry.
    await expect
      .poll(
        async () => {
          await page.goto("/app/settings/webhooks");
          return logRows(page, "link.created").count();
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    const succeeded = logRows(page, "link.created").and(page.locator('[data-outcome="succeeded"]'));
    const retrying = logRows(page, "link.created").and(page.locator('[data-outcome="retrying"]'));
    await expect(succeeded.getByTestId("delivery-attempt")).toHaveText("2");
    await expect(succeeded.getByTestId("delivery-status")).toHaveText("200");
    await expect(succeeded).toContainText("Succeeded");
    await expect(retrying.getByTestId("delivery-attempt")).toHaveText("1");
    await expect(retrying.getByTestId("delivery-status")).toHaveText("500");
    await expect(retrying).toContainText("Failed, will retry");
    await expect(retrying).toContainText("The endpoint answered 500.");
    await expect(retrying).toContainText("receiver hiccup");
    await expect(retrying).toContainText(/\d+ ms/);

    // The test button: a ping through the same queue, signing and log.
    await card(page, "Endpoints").getByRole("button", { name: "Send Test Event" }).click();
    await expect(page.getByText(TEXT.testQueued)).toBeVisible();
    const [ping] = await waitForDeliveries(path, "ping", 1);
    expect(verifySignature(secret, ping!.headers["snip-signature"], ping!.body)).toBe(true);
    expect(JSON.parse(ping!.body)).toMatchObject({ type: "ping" });
    await expect
      .poll(
        async () => {
          await page.goto("/app/settings/webhooks");
          return logRows(page, "ping").and(page.locator('[data-outcome="succeeded"]')).count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);

    // A click, an archive and a delete of the link arrive as link.clicked, link.updated and link.deleted.
    const visit = await page.request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
    expect(visit.status()).toBe(302);
    const [clicked] = await waitForDeliveries(path, "link.clicked", 1);
    expect(verifySignature(secret, clicked!.headers["snip-signature"], clicked!.body)).toBe(true);
    expect(JSON.parse(clicked!.body)).toMatchObject({ type: "link.clicked", data: { links: [{ alias, clicks: 1 }] } });

    await page.goto("/dashboard");
    const row = page.getByRole("list", { name: "Links" }).locator(`li[data-alias="${alias}"]`);
    await row.getByRole("button", { name: `Archive ${alias}` }).click();
    const [updated] = await waitForDeliveries(path, "link.updated", 1);
    expect(JSON.parse(updated!.body)).toMatchObject({ type: "link.updated", data: { link: { alias, status: "archived" } } });
    await page.goto("/dashboard?state=archived");
    await row.getByRole("button", { name: `Delete ${alias}` }).click();
    await page.getByRole("dialog", { name: "Delete this link?" }).getByRole("button", { name: "Delete link" }).click();
    const [deleted] = await waitForDeliveries(path, "link.deleted", 1);
    expect(JSON.parse(deleted!.body)).toMatchObject({ type: "link.deleted", data: { link: { alias, status: "deleted" } } });

    // Deleting the endpoint stops deliveries.
    await page.goto("/app/settings/webhooks");
    await card(page, "Endpoints")
      .getByRole("button", { name: `Delete ${receiverOrigin}${path}` })
      .click();
    await expect(page.getByText(TEXT.deleted)).toBeVisible();
    await expect(card(page, "Endpoints").getByText("No endpoints yet.")).toBeVisible();
  });

  test("only chosen events are sent: an endpoint without link.created hears nothing of a new link", async ({ page }) => {
    const user = await webhooksUser(page);
    const path = `/hook/${randomBytes(6).toString("hex")}`;
    await page.goto("/app/settings/webhooks");
    const form = card(page, "Add an endpoint");
    await form.getByLabel("Endpoint URL").fill(`${receiverOrigin}${path}`);
    await form.getByRole("checkbox", { name: /link\.created/ }).uncheck();
    await form.getByRole("button", { name: "Add Endpoint" }).click();
    // The dialog replays the form as it was sent: the unticked event stays unticked.
    await confirmPassword(page, user);
    await expect(page.getByText(TEXT.created)).toBeVisible();
    await expect(card(page, "Endpoints").getByTestId("endpoint")).toContainText("link.updated, link.deleted, link.clicked");

    await page.goto("/app/links/create");
    await page.getByLabel("Long URL").fill("https://example.com/quiet");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByLabel("Your short link")).toBeVisible();
    // The test event goes through the same queue after the link's job: once it is in, the link's would be too.
    await page.goto("/app/settings/webhooks");
    await card(page, "Endpoints").getByRole("button", { name: "Send Test Event" }).click();
    await waitForDeliveries(path, "ping", 1);
    expect(deliveriesTo(path, "link.created")).toEqual([]);
  });

  test("the form refuses private hosts, plain http and an empty event list, next to the fields", async ({ page }) => {
    await webhooksUser(page);
    await page.goto("/app/settings/webhooks");
    const form = card(page, "Add an endpoint");
    const url = form.getByLabel("Endpoint URL");

    for (const [input, message] of [
      ["https://10.0.0.8/hook", TEXT.urlPrivate],
      ["https://169.254.169.254/latest/meta-data", TEXT.urlPrivate],
      ["http://hooks.example.com/in", TEXT.urlHttps],
    ] as const) {
      await url.fill(input);
      await form.getByRole("button", { name: "Add Endpoint" }).click();
      await expect(form.getByRole("alert")).toHaveText(message);
      await expect(url).toHaveAttribute("aria-invalid", "true");
    }

    await url.fill("https://hooks.example.com/in");
    for (const box of await form.getByRole("checkbox").all()) await box.uncheck();
    await form.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(form.getByRole("alert")).toHaveText(TEXT.eventsRequired);
    await expect(card(page, "Endpoints").getByText("No endpoints yet.")).toBeVisible();
  });

  test("without use_webhooks there is no sidebar entry, the page says so and its actions are refused", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    await page.goto("/app/settings/profile");
    const sidebar = page.getByRole("navigation", { name: "Account settings" });
    await expect(sidebar.getByRole("link", { name: "Account Usage" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Webhooks" })).toHaveCount(0);

    await page.goto("/app/settings/webhooks");
    await expect(page.getByText(TEXT.notAllowed)).toBeVisible();
    await expect(page.getByLabel("Endpoint URL")).toHaveCount(0);
    const response = await page.request.post(`${BASE_URL}/app/settings/webhooks`, {
      form: { intent: "add", url: "https://hooks.example.com/in", events: "link.created" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("guests are sent to login", async ({ page }) => {
    await page.goto("/app/settings/webhooks");
    await expect(page).toHaveURL(/\/app\/login\?to=%2Fapp%2Fsettings%2Fwebhooks$/);
  });
});
