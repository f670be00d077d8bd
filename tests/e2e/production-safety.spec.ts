/**
 * The built workers run exactly as deployed (no LOCAL_DEV: scripts/runtime.mjs with
 * `localDev: false`), beside the suite's own local run: nothing a client sends turns on
 * local-development behaviour, a missing secret stops its feature instead of falling back to a
 * public default, and without a payment provider there is no self-serve checkout
 * (docs/decisions/024). Mail goes to a local stand-in of the HTTP mail API.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
// @ts-expect-error -- the plain .mjs module npm start uses, without types
import { startRuntime } from "../../scripts/runtime.mjs";
import type { Page } from "@playwright/test";
import { passwordInput } from "./accounts";
import { cookieBanner, expect, PORT, test } from "./fixtures";

interface Runtime {
  dispose(): Promise<void>;
}

const PROD_PORT = PORT + 30;
const BARE_PORT = PORT + 31;
const PROD_URL = `http://localhost:${PROD_PORT}`;
const MAIL_KEY = `mail_${randomBytes(12).toString("hex")}`;

interface SentMail {
  authorization: string | undefined;
  body: { to: string; subject: string; text: string };
}

let stateDir: string;
let mailApi: Server;
let mailApiUrl: string;
const sent: SentMail[] = [];
const runtimes: Runtime[] = [];

/** A fresh D1 with the migrations applied, as `wrangler d1 migrations apply --remote` leaves production. */
function migratedState(): string {
  const dir = mkdtempSync(join(tmpdir(), "snip-prod-"));
  const result = spawnSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (result.status !== 0) throw new Error(`migrations failed: ${result.stderr}`);
  return dir;
}

async function startDeployed(port: number, vars: Record<string, string>): Promise<void> {
  const runtime = (await startRuntime({ port, host: "127.0.0.1", persist: stateDir, vars, crons: false, localDev: false })) as Runtime;
  runtimes.push(runtime);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stateDir = migratedState();
  mailApi = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      sent.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as SentMail["body"] });
      res.writeHead(202, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => mailApi.listen(0, "127.0.0.1", resolve));
  const address = mailApi.address();
  mailApiUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/send`;
  const common = { SHORT_HOST: `localhost:${PROD_PORT}`, APP_ORIGIN: PROD_URL, MAIL_API_URL: mailApiUrl, MAIL_API_KEY: MAIL_KEY };
  await startDeployed(PROD_PORT, {
    ...common,
    AUTH_SECRET: randomBytes(24).toString("hex"),
    VISITOR_SALT: randomBytes(16).toString("hex"),
  });
  // The same deployment with no AUTH_SECRET set.
  await startDeployed(BARE_PORT, { ...common, SHORT_HOST: `localhost:${BARE_PORT}`, APP_ORIGIN: `http://localhost:${BARE_PORT}` });
});

test.afterAll(async () => {
  for (const runtime of runtimes) await runtime.dispose();
  await new Promise((resolve) => mailApi?.close(resolve));
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

test.use({ baseURL: PROD_URL });

async function acceptCookies(page: Page): Promise<void> {
  await page.goto("/app/cookies-policy");
  await cookieBanner(page).getByRole("button", { name: "Accept" }).click();
  await expect(cookieBanner(page)).toHaveCount(0);
}

/** Signs up through /app/register of the deployment; the browser is signed in afterwards. */
async function registerUser(page: Page): Promise<{ email: string }> {
  const email = `prod-${randomBytes(6).toString("hex")}@example.com`;
  await acceptCookies(page);
  await page.goto("/app/register");
  await page.getByLabel("Name").fill("Prod User");
  await page.getByLabel("Email").fill(email);
  await passwordInput(page).fill("a long enough password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
  return { email };
}

test("no request reaches the dev mailbox or the dev fixtures, whatever its Host header says", async ({ request }) => {
  for (const host of [`localhost:${PROD_PORT}`, "localhost:8787", "127.0.0.1", "[::1]:8787"]) {
    const mailbox = await request.get(`${PROD_URL}/__dev/mailbox`, { headers: { host } });
    expect(mailbox.status(), host).toBe(404);
    const fixture = await request.post(`${PROD_URL}/__dev/fixtures`, {
      headers: { host, origin: `http://${host}` },
      data: { action: "developer", email: "anyone@example.com" },
    });
    expect(fixture.status(), host).toBe(404);
    const adStandIn = await request.get(`${PROD_URL}/__dev/ads.js`, { headers: { host } });
    expect(adStandIn.status(), host).toBe(404);
  }
});

test("a deployment without AUTH_SECRET answers 503 instead of signing sessions with a public default; short links still work", async ({
  request,
}) => {
  for (const path of ["/", "/app/login", "/app/register"]) {
    const response = await request.get(`http://localhost:${BARE_PORT}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(503);
    expect(await response.text()).toContain("not fully configured");
  }
  // The redirect worker needs no secret: an unknown alias still gets its page, not a 503.
  const unknown = await request.get(`http://localhost:${BARE_PORT}/no-such-alias-here`, { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
});

test("mail goes through the configured mail API with its key; there is no dev mailbox", async ({ page }) => {
  const user = await registerUser(page);
  await expect
    .poll(() => sent.filter((m) => m.body.to === user.email).length, { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0);
  const mail = sent.find((m) => m.body.to === user.email)!;
  expect(mail.authorization).toBe(`Bearer ${MAIL_KEY}`);
  expect(mail.body.text).toContain(`${PROD_URL}/`);
});

test("without a payment provider the plans say how to reach sales, and no test card buys a plan", async ({ page }) => {
  await registerUser(page);
  await page.goto("/app/pricing?interval=monthly");
  const pro = page.locator('[data-plan="pro"]');
  await expect(pro.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/app/pricing/quote");
  await expect(page.getByRole("button", { name: /Subscribe|free trial/ })).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: "Online checkout is not available." })).toBeVisible();

  // The form post and the JSON call a script could make anyway: refused, nothing subscribed.
  const origin = { Origin: PROD_URL };
  const form = await page.request.post("/app/settings/subscription", {
    headers: origin,
    form: { intent: "subscribe", plan: "pro", interval: "monthly" },
    maxRedirects: 0,
  });
  expect(form.headers().location ?? "").not.toContain("/app/billing/test-checkout");
  const json = await page.request.post("/app/api/settings/subscription/new", {
    headers: { ...origin, "X-Requested-With": "XMLHttpRequest" },
    data: { billing_type: 0, subscription: "pro", interval: "monthly", currency: "USD", type: "default", trial: false },
  });
  expect(json.status()).not.toBe(200);
  expect(await json.text()).not.toContain("test-checkout");
  const checkout = await page.request.get("/app/billing/test-checkout/cs_test_anything", { maxRedirects: 0 });
  expect(checkout.status()).toBe(404);

  await page.goto("/app/settings/subscription");
  await expect(page.getByText("You are on the Free plan.")).toBeVisible();
});

test("the demo logins of local runs do not exist in a deployment", async ({ page }) => {
  await acceptCookies(page);
  await page.goto("/app/login");
  await page.getByLabel("Email").fill("demo@example.com");
  await passwordInput(page).fill("demo-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/login/);
});
