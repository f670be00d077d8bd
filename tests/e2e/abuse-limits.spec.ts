/**
 * Abuse limits (issue 14, docs/decisions/019-abuse-limits.md): guest shortening, sign-up,
 * sign-in, password-reset mail, verification resend, the quote form, webhook test sends and API
 * token creation are limited per client address and per account with Cloudflare's Rate Limiting
 * binding, which runs in the local workerd too. A refused attempt is a 429 with Retry-After and
 * a clear message on the form (which works without JavaScript). Turnstile guards sign-up when it
 * is on.
 *
 * Local runs are reached from the loopback address only; the tests play client addresses
 * through the dev client fixture (`{"action": "client", "address": ...}`), as Cloudflare's
 * CF-Connecting-IP would give them. The limits are read from wrangler.toml, and every burst
 * starts early in a 60-second window (the local limiter's windows follow the clock).
 */
import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { ACCOUNT_TEXT, devFixture, giveSubscription, newUser, registerUser, TEST_PASSWORD, type TestUser } from "./accounts";
import { apiContext, BASE_URL, expect, interceptExternalHosts, SAME_ORIGIN, test } from "./fixtures";
import { devFixture as organizationFixture, type TeamArea, teamArea } from "./organizations";
import { serveFakeTurnstile } from "./turnstile";

const MESSAGE = "Too many attempts. Please wait a minute and try again.";
const ROBOT_REQUIRED = "Please confirm that you are not a robot.";

/** `simple.limit` of a `[[ratelimits]]` binding in wrangler.toml (every period is 60 s). */
function limitOf(binding: string): number {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const match = new RegExp(
    `name\\s*=\\s*"${binding}"\\s*\\n\\s*namespace_id\\s*=\\s*"\\d+"\\s*\\n\\s*simple\\s*=\\s*\\{\\s*limit\\s*=\\s*(\\d+)\\s*,\\s*period\\s*=\\s*60\\s*\\}`,
  ).exec(toml);
  if (!match) throw new Error(`wrangler.toml has no [[ratelimits]] ${binding} with a 60 s period`);
  return Number(match[1]);
}

/** An address of the benchmarking block (198.18.0.0/15) no other test plays. */
function randomAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

const windowOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * Runs a burst of attempts inside one 60-second window of the limiter, starting early in one.
 * When the burst failed after running across a window's end (where the counts start again), it
 * is run once more: a burst builds its own fresh address or account each time.
 */
async function inOneWindow(burst: () => Promise<void>): Promise<void> {
  for (let round = 1; ; round++) {
    const left = 60 - ((Date.now() / 1000) % 60);
    if (left < 30) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 300));
    const started = windowOf(Date.now());
    try {
      return await burst();
    } catch (error) {
      if (round === 2 || windowOf(Date.now()) === started) throw error;
    }
  }
}

type Requester = APIRequestContext;

async function newRequester(): Promise<Requester> {
  return apiContext();
}

/** The context plays this client address (and the other dev client options given). */
async function play(request: Requester, client: { address?: string; country?: string; turnstile?: boolean }): Promise<void> {
  const response = await request.post("/__dev/fixtures", { data: { action: "client", ...client } });
  expect(response.status(), await response.text()).toBe(200);
}

function post(request: Requester, path: string, form: Record<string, string>): Promise<APIResponse> {
  return request.post(path, { form, headers: SAME_ORIGIN, maxRedirects: 0 });
}

/** Waits until the dev mailbox holds `count` mails to `to` whose text has `subject` (mail goes through the jobs queue). */
async function expectMails(page: Page, to: string, subject: string, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`/__dev/mailbox?to=${encodeURIComponent(to)}`);
        return page.getByTestId("mail").filter({ hasText: subject }).count();
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(count);
}

/** Ends the context's session (a signed-in post to a guest form is sent home before any limit). */
async function signOut(request: Requester): Promise<void> {
  expect((await post(request, "/app/logout", {})).status()).toBe(302);
}

/** A refused attempt: 429, Retry-After in seconds, the message in the page. */
async function expectRefused(response: APIResponse): Promise<void> {
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await response.text()).toContain(MESSAGE);
}

/** Signs a new user up from the loopback address (not limited locally) in a context of its own. */
async function signedUpUser(): Promise<{ user: TestUser; request: Requester }> {
  const user = newUser("limits");
  const request = await newRequester();
  const response = await post(request, "/app/register", { name: user.name, email: user.email, password: user.password });
  expect(response.status(), `sign-up of ${user.email}`).toBe(302);
  return { user, request };
}

// Bursts of up to 30 attempts, perhaps twice, after waiting for a fresh window.
test.describe.configure({ timeout: 180_000 });

test.describe("abuse limits per client address", () => {
  test("guest shortening: the limit's worth of links, then 429 with Retry-After; another address still shortens", async () => {
    const limit = limitOf("RL_GUEST_SHORTEN");
    const request = await newRequester();
    await inOneWindow(async () => {
      await play(request, { address: randomAddress(), country: "US" });
      for (let i = 0; i < limit; i++) {
        const response = await post(request, "/?index", { url: `https://example.com/limits/${i}` });
        expect(response.status(), `link ${i + 1} of ${limit}`).toBe(302);
      }
      await expectRefused(await post(request, "/?index", { url: "https://example.com/limits/over" }));
    });
    await play(request, { address: randomAddress(), country: "US" });
    expect((await post(request, "/?index", { url: "https://example.com/limits/other-address" })).status()).toBe(302);
    await request.dispose();
  });

  test("sign-up: the form says so without JavaScript after the limit, and no account is made", async ({ browser }) => {
    const limit = limitOf("RL_SIGN_UP");
    const request = await newRequester();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const user = newUser("refused");
    await inOneWindow(async () => {
      const address = randomAddress();
      await play(request, { address });
      for (let i = 0; i < limit; i++) {
        const other = newUser("burst");
        const response = await post(request, "/app/register", { name: other.name, email: other.email, password: TEST_PASSWORD });
        expect(response.status(), `sign-up ${i + 1} of ${limit}`).toBe(302);
        await signOut(request);
      }
      // A browser without JavaScript from the same address sees the message on the form.
      await play(page.request, { address });
      await page.goto("/app/register");
      await page.getByLabel("Name").fill(user.name);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/app/register") && r.request().method() === "POST"),
        page.getByRole("button", { name: "Sign Up" }).click(),
      ]);
      expect(answer.status()).toBe(429);
    });
    await expect(page.getByRole("alert").filter({ hasText: MESSAGE })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await context.close();

    // The refused address was never signed up: it is free from another address.
    await play(request, { address: randomAddress() });
    const later = await post(request, "/app/register", { name: user.name, email: user.email, password: TEST_PASSWORD });
    expect(later.status()).toBe(302);
    await request.dispose();
  });

  test("every refusal carries Retry-After, for a page and for its data request alike", async () => {
    const limit = limitOf("RL_QUOTE");
    const request = await newRequester();
    const form = { name: "Quote Tester", email: "quote-tester@example.com", company: "Retry After Inc.", links: "10" };
    await inOneWindow(async () => {
      await play(request, { address: randomAddress() });
      for (let i = 0; i < limit; i++) expect((await post(request, "/app/pricing/quote", form)).status(), `quote ${i + 1}`).toBe(200);
      await expectRefused(await post(request, "/app/pricing/quote", form));
      // What the form sends with JavaScript on (React Router's data request).
      const data = await post(request, "/app/pricing/quote.data", form);
      expect(data.status()).toBe(429);
      expect(data.headers()["retry-after"]).toBe("60");
    });
    await request.dispose();
  });

  test("the quote form: the limit's worth of requests reach sales, then 429 on the form", async ({ page }) => {
    const limit = limitOf("RL_QUOTE");
    const request = await newRequester();
    let company = "";
    await inOneWindow(async () => {
      await play(request, { address: randomAddress() });
      company = `Limits ${randomBytes(4).toString("hex")}`;
      const form = { name: "Quote Tester", email: "quote-tester@example.com", company, links: "5000" };
      for (let i = 0; i < limit; i++) expect((await post(request, "/app/pricing/quote", form)).status(), `quote ${i + 1}`).toBe(200);
      await expectRefused(await post(request, "/app/pricing/quote", form));
    });
    // Sales got exactly the accepted requests.
    await expectMails(page, "sales@snip.example", `Enterprise quote: ${company}`, limit);
    await request.dispose();
  });

  test("sign-in: attempts from one address are limited across accounts", async () => {
    const limit = limitOf("RL_SIGN_IN");
    const users = await Promise.all([signedUpUser(), signedUpUser(), signedUpUser()]);
    const [a, b, c] = users.map((u) => u.user) as [TestUser, TestUser, TestUser];
    const request = await newRequester();
    await inOneWindow(async () => {
      await play(request, { address: randomAddress() });
      for (let i = 0; i < limit; i++) {
        const user = i % 2 === 0 ? a : b;
        const response = await post(request, "/app/login", { email: user.email, password: user.password });
        expect(response.status(), `sign-in ${i + 1} of ${limit}`).toBe(302);
        await signOut(request);
      }
      // A third account, never tried before, from the same address: refused, even with the right password.
      await expectRefused(await post(request, "/app/login", { email: c.email, password: c.password }));
    });
    for (const r of [...users.map((u) => u.request), request]) await r.dispose();
  });
});

test.describe("abuse limits per account", () => {
  test("sign-in: one account from ever new addresses is limited too", async () => {
    const limit = limitOf("RL_SIGN_IN");
    const request = await newRequester();
    await inOneWindow(async () => {
      const { user, request: owner } = await signedUpUser();
      await owner.dispose();
      for (let i = 0; i < limit; i++) {
        await play(request, { address: randomAddress() });
        const response = await post(request, "/app/login", { email: user.email, password: user.password });
        expect(response.status(), `sign-in ${i + 1} of ${limit}`).toBe(302);
        await signOut(request);
      }
      await play(request, { address: randomAddress() });
      await expectRefused(await post(request, "/app/login", { email: user.email.toUpperCase(), password: user.password }));
    });
    await request.dispose();
  });

  test("password-reset mail: limited per address mailed, from any address; the mailbox gets no more", async ({ page }) => {
    const limit = limitOf("RL_PASSWORD_RESET_MAIL");
    const request = await newRequester();
    let email = "";
    await inOneWindow(async () => {
      const { user, request: owner } = await signedUpUser();
      await owner.dispose();
      email = user.email;
      for (let i = 0; i < limit; i++) {
        await play(request, { address: randomAddress() });
        expect((await post(request, "/app/password/reset", { email })).status(), `reset mail ${i + 1}`).toBe(200);
      }
      await play(request, { address: randomAddress() });
      await expectRefused(await post(request, "/app/password/reset", { email }));
    });
    await expectMails(page, email, "Reset your password", limit);
    await request.dispose();
  });

  test("verification resend: limited per account, from any address", async ({ page }) => {
    const limit = limitOf("RL_VERIFICATION_RESEND");
    let email = "";
    await inOneWindow(async () => {
      const { user, request } = await signedUpUser();
      email = user.email;
      for (let i = 0; i < limit; i++) {
        await play(request, { address: randomAddress() });
        expect((await post(request, "/app/email/verify", {})).status(), `resend ${i + 1}`).toBe(200);
      }
      await play(request, { address: randomAddress() });
      await expectRefused(await post(request, "/app/email/verify", {}));
      await request.dispose();
    });
    // The sign-up's mail and the accepted resends, no more.
    await expectMails(page, email, "Verify your email address", limit + 1);
  });

  test("email change: limited per account and per new address; no mail past the limit", async ({ page }) => {
    const limit = limitOf("RL_EMAIL_CHANGE");
    let target = "";
    await inOneWindow(async () => {
      target = newUser("limits-target").email;
      const { user, request } = await signedUpUser();
      for (let i = 0; i < limit; i++) {
        await play(request, { address: randomAddress() });
        const response = await post(request, "/app/settings/profile", {
          intent: "change-email",
          email: target,
          confirm_password: user.password,
        });
        expect(response.status(), `change ${i + 1} of ${limit}`).toBe(200);
      }
      await play(request, { address: randomAddress() });
      await expectRefused(
        await post(request, "/app/settings/profile", { intent: "change-email", email: target, confirm_password: user.password }),
      );
      await request.dispose();
      // Another account cannot go on mailing the same address either.
      const other = await signedUpUser();
      await play(other.request, { address: randomAddress() });
      await expectRefused(
        await post(other.request, "/app/settings/profile", {
          intent: "change-email",
          email: target,
          confirm_password: other.user.password,
        }),
      );
      await other.request.dispose();
    });
    await expectMails(page, target, "Confirm your new email address", limit);
  });

  test("API token creation: limited per account; the page says so", async ({ browser }) => {
    const limit = limitOf("RL_API_TOKEN_CREATE");
    let page: Page | null = null;
    await inOneWindow(async () => {
      await page?.context().close();
      const context = await browser.newContext();
      await interceptExternalHosts(context);
      page = await context.newPage();
      const user = await registerUser(page);
      await giveSubscription(page, user.email, { plan: "pro" });
      for (let i = 0; i < limit; i++) {
        await play(page.request, { address: randomAddress() });
        const response = await post(page.request, "/app/settings/api/new", {
          name: `Burst ${i}`,
          expiry: "30d",
          permissions: "read",
          confirm_password: user.password,
        });
        expect(response.status(), `token ${i + 1} of ${limit}`).toBe(200);
        expect(await response.text()).toContain("snip_");
      }
      await play(page.request, { address: randomAddress() });
      await page.goto("/app/settings/api/new");
      await page.getByLabel("Name").fill("One too many");
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes("/app/settings/api/new") && r.request().method() === "POST"),
        page.getByRole("button", { name: "Create Token" }).click(),
      ]);
      expect(answer.status()).toBe(429);
    });
    const last = page as unknown as Page;
    await expect(last.getByText(MESSAGE)).toBeVisible();
    await expect(last.getByTestId("new-token")).toHaveCount(0);
    await last.goto("/app/settings/api");
    await expect(last.getByTestId("api-token")).toHaveCount(limit);
    await last.context().close();
  });

  test("team API token creation: limited per account like personal tokens, with the same message", async () => {
    const limit = limitOf("RL_API_TOKEN_CREATE");
    let area: TeamArea<never> | null = null;
    let owner: Requester | null = null;
    const token = (name: string) => ({ name, expiry: "30d", permissions: "read", confirm_password: area!.users.owner.password });
    await inOneWindow(async () => {
      // A fresh organization (and owner) for each try: the count is the account's.
      await area?.dispose();
      area = await teamArea({ prefix: "rlt", name: "Limits", people: [], teams: [{ slug: "crew", name: "Crew" }] });
      // The organization's Pro plan gives its teams the API.
      await organizationFixture({
        action: "subscription",
        email: area.users.owner.email,
        plan: "pro",
        interval: "monthly",
        organization: area.slug,
      });
      owner = await area.requestAs(area.users.owner);
      const path = `/app/organization/${area.slug}/team/crew/api/new`;
      for (let i = 0; i < limit; i++) {
        await play(owner, { address: randomAddress() });
        const response = await post(owner, path, token(`Team burst ${i}`));
        expect(response.status(), `token ${i + 1} of ${limit}`).toBe(200);
        expect(await response.text()).toContain("snip_");
      }
      await play(owner, { address: randomAddress() });
      const refused = await post(owner, path, token("One too many"));
      await expectRefused(refused);
      expect(await refused.text()).not.toContain(area.users.owner.password);
    });
    const made = area as unknown as TeamArea<never>;
    const list = await (owner as unknown as Requester).get(`/app/organization/${made.slug}/team/crew/api`);
    const text = await list.text();
    expect(text).not.toContain("One too many");
    expect(text.match(/data-testid="api-token"/g)).toHaveLength(limit);
    await made.dispose();
  });

  test("invitations: limited per account, on the form and the JSON call; no invitation or mail past the limit", async () => {
    const limit = limitOf("RL_INVITATION_SEND");
    let area: TeamArea<never> | null = null;
    let owner: Requester | null = null;
    const stamp = randomBytes(4).toString("hex");
    let refusedEmail = "";
    await inOneWindow(async () => {
      await area?.dispose();
      area = await teamArea({ prefix: "rli", name: "Invites", people: [], teams: [{ slug: "crew", name: "Crew" }] });
      owner = await area.requestAs(area.users.owner);
      const path = `/app/organizations/${area.slug}/settings/teams/members/invite`;
      const invite = (email: string) => ({ intent: "send", email, team: "crew", team_role: "member", message: "Join us" });
      // Many invitations in a minute: sent ten at a time from one address, then one more from another.
      await play(owner, { address: randomAddress() });
      for (let i = 0; i < limit; i += 10) {
        const batch = Array.from({ length: Math.min(10, limit - i) }, (_, k) => i + k);
        const statuses = await Promise.all(
          batch.map(async (n) => (await post(owner!, path, invite(`invitee-${stamp}-${n}@example.com`))).status()),
        );
        expect(statuses, `invitations ${i + 1} to ${i + batch.length} of ${limit}`).toEqual(batch.map(() => 302));
      }
      refusedEmail = `invitee-${stamp}-over@example.com`;
      await play(owner, { address: randomAddress() });
      await expectRefused(await post(owner, path, invite(refusedEmail)));
      // The JSON call counts against the same limit.
      const json = await owner.post(`/app/api/organization/${area.slug}/team/crew/invitations`, {
        data: { email: `invitee-${stamp}-json@example.com`, team_role: "member" },
        headers: SAME_ORIGIN,
      });
      expect(json.status()).toBe(429);
      expect(Number(json.headers()["retry-after"])).toBeGreaterThan(0);
      expect((await json.json()).message).toBe(MESSAGE);
    });
    const made = area as unknown as TeamArea<never>;
    const list = await (owner as unknown as Requester).get(`/app/api/organization/${made.slug}/team/crew/invitations`);
    const pending = (await list.json()).data as { email: string }[];
    expect(pending).toHaveLength(limit);
    expect(pending.map((i) => i.email)).not.toContain(refusedEmail);
    const mailbox = await (owner as unknown as Requester).get(`/__dev/mailbox?to=${encodeURIComponent(refusedEmail)}`);
    expect(await mailbox.text()).not.toContain("invited you");
    await made.dispose();
  });

  test("helpdesk requests: limited per account; nothing stored past the limit", async () => {
    const limit = limitOf("RL_HELPDESK");
    let area: TeamArea<never> | null = null;
    let owner: Requester | null = null;
    await inOneWindow(async () => {
      await area?.dispose();
      area = await teamArea({ prefix: "rlh", name: "Helpdesk", people: [], teams: [{ slug: "crew", name: "Crew" }] });
      owner = await area.requestAs(area.users.owner);
      const path = `/app/organizations/${area.slug}/helpdesk`;
      for (let i = 0; i < limit; i++) {
        await play(owner, { address: randomAddress() });
        const response = await post(owner, path, { subject: `Burst ${i}`, message: "Help, please." });
        expect(response.status(), `request ${i + 1} of ${limit}`).toBe(302);
      }
      await play(owner, { address: randomAddress() });
      await expectRefused(await post(owner, path, { subject: "One too many", message: "Help, please." }));
    });
    const made = area as unknown as TeamArea<never>;
    const page = await (owner as unknown as Requester).get(`/app/organizations/${made.slug}/helpdesk`);
    const text = await page.text();
    expect(text).not.toContain("One too many");
    expect(text.match(/data-request="/g)).toHaveLength(limit);
    await made.dispose();
  });

  test("webhook test sends: limited per account", async ({ browser }) => {
    const limit = limitOf("RL_WEBHOOK_TEST");
    await inOneWindow(async () => {
      const context = await browser.newContext();
      await interceptExternalHosts(context);
      const page = await context.newPage();
      const user = await registerUser(page);
      await giveSubscription(page, user.email, { plan: "pro50k" });
      const added = await post(page.request, "/app/settings/webhooks", {
        intent: "add",
        url: "https://hooks.example.com/limits",
        events: "link.created",
        confirm_password: user.password,
      });
      expect(added.status()).toBe(200);
      await page.goto("/app/settings/webhooks");
      const id = await page.getByTestId("endpoint").locator('input[name="id"]').first().inputValue();
      for (let i = 0; i < limit; i++) {
        await play(page.request, { address: randomAddress() });
        expect((await post(page.request, "/app/settings/webhooks", { intent: "test", id })).status(), `test send ${i + 1}`).toBe(302);
      }
      await play(page.request, { address: randomAddress() });
      await expectRefused(await post(page.request, "/app/settings/webhooks", { intent: "test", id }));
      await context.close();
    });
  });
});

test.describe("the bot challenge on sign-up", () => {
  test("when it is on, a sign-up without a passed challenge is refused and makes no account", async () => {
    const request = await newRequester();
    await play(request, { turnstile: true });
    const user = newUser("robot");
    const refused = await post(request, "/app/register", { name: user.name, email: user.email, password: user.password });
    expect(refused.status()).toBe(422);
    expect(await refused.text()).toContain(ROBOT_REQUIRED);

    // No account was made: signing in fails, and the address is still free.
    await play(request, {});
    const login = await post(request, "/app/login", { email: user.email, password: user.password });
    expect(login.status()).toBe(401);
    expect(await login.text()).toContain(ACCOUNT_TEXT.badCredentials);
    await request.dispose();
  });

  test("when it is on, the form shows the challenge and a person who passes it signs up", async ({ page }) => {
    await devFixture(page, { action: "client", turnstile: true });
    await serveFakeTurnstile(page);
    const user = newUser("human");
    await page.goto("/app/register");
    await expect(page.getByTestId("anti-robot")).toBeVisible();
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    // Without passing it, the form says what is missing.
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText(ROBOT_REQUIRED)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/app/register`);

    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await expect(page.getByTestId("anti-robot")).toHaveAttribute("data-verified", "true");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);
  });

  test("when it is off, sign-up shows no challenge", async ({ page }) => {
    await devFixture(page, { action: "client" });
    await page.goto("/app/register");
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
    await expect(page.getByTestId("anti-robot")).toHaveCount(0);
  });
});
