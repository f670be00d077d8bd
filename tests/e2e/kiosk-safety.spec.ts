/**
 * Kiosk trust and safety (issue 19, decision 036), end to end in Chromium through the real
 * service: staff ban a destination domain and an existing link to it stops redirecting (the short
 * link polled until it changes), new links to it are refused; staff terminate a link from its
 * alias page; a user whose account is terminated sees why in their dashboard; lifting each
 * restores the redirect. Bad input gets a clear message next to the field and writes nothing.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { SHORT_HOST } from "./api";
import { apiLogin, DEMO, devFixture, giveSubscription, loginUser, newUser, registerVerifiedUser, STAFF } from "./accounts";
import {
  acceptCookies,
  apiContext,
  BASE_URL,
  expect,
  expectUrlError,
  interceptExternalHosts,
  PORT,
  SAME_ORIGIN,
  submitUrl,
  test,
  wranglerVar,
} from "./fixtures";

const tag = () => randomBytes(4).toString("hex");
const DISABLED = "This link has been disabled";

async function staffPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await interceptExternalHosts(context);
  const page = await context.newPage();
  await acceptCookies(page);
  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  return { context, page };
}

/** What the short link answers now: its redirect target, or its status and page text. */
async function visit(request: APIRequestContext, alias: string) {
  const response = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers()["location"] ?? null, text: await response.text() };
}

/** Polls the short link (bounded) until it is disabled, or until it redirects to `to`. */
async function expectShortLink(request: APIRequestContext, alias: string, expected: "disabled" | { to: string }) {
  await expect
    .poll(
      async () => {
        const answer = await visit(request, alias);
        if (expected === "disabled") return answer.status === 451 && answer.text.includes(DISABLED);
        return answer.status === 302 && answer.location === expected.to;
      },
      { timeout: 20_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
}

/** A verified subscriber (the dashboard is theirs) with one link to `url`; returns the user and the link's alias. */
async function userWithLink(page: Page, url: string) {
  const user = await registerVerifiedUser(page);
  await giveSubscription(page, user.email);
  const prefix = `ks${tag()}`;
  const { data } = await devFixture(page, { action: "links", email: user.email, count: 1, aliasPrefix: prefix, url });
  return { user, alias: `${prefix}01`, userId: data.userId as string, linkId: (data.links as { id: string }[])[0]!.id };
}

async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = (await field.getAttribute("aria-describedby"))!.split(" ")[0];
  await expect(page.locator(`[id="${id}"]`)).toHaveText(message);
}

test.describe("kiosk trust and safety", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff ban a destination domain: an existing link to it stops redirecting, new ones are refused; lifting the ban restores it", async ({
    page,
    browser,
    request,
  }) => {
    const domain = `ban-${tag()}.example`;
    const destination = `https://www.${domain}/offer`;
    const { alias } = await userWithLink(page, destination);
    await expectShortLink(request, alias, { to: destination });

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/banned_domains");
    // Bad input: nothing is banned, the message is next to the field.
    await kiosk.getByLabel("Domain", { exact: true }).fill("not a domain");
    await kiosk.getByRole("button", { name: "Ban", exact: true }).click();
    await expectFieldError(kiosk, "Domain", "Enter a domain name such as example.com (a subdomain bans only itself and below).");
    await expectFieldError(kiosk, "Reason", "Enter the reason.");
    await expect(kiosk.getByRole("table", { name: "Banned domains" }).getByText(domain)).toHaveCount(0);

    await kiosk.getByLabel("Domain", { exact: true }).fill(`HTTPS://${domain.toUpperCase()}/any/path`);
    await kiosk.getByLabel("Reason").fill("Phishing campaign");
    await kiosk.getByRole("button", { name: "Ban", exact: true }).click();
    await expect(kiosk.getByText("1 existing link stopped redirecting")).toBeVisible();
    await expect(kiosk.getByRole("table", { name: "Banned domains" }).getByRole("row").filter({ hasText: domain })).toContainText(
      "Phishing campaign",
    );
    await expect(kiosk.getByRole("table", { name: "Staff log" }).getByRole("row").filter({ hasText: domain }).first()).toContainText(
      "Destination domain banned",
    );

    await expectShortLink(request, alias, "disabled");
    // The owner sees why in their dashboard.
    await page.goto("/dashboard");
    await expect(page.locator(`[data-alias="${alias}"]`)).toContainText("Destination domain banned");
    // Creation refuses it, with a clear message next to the field.
    const guestContext = await browser.newContext();
    await interceptExternalHosts(guestContext);
    const guest = await guestContext.newPage();
    await acceptCookies(guest);
    await guest.goto("/");
    await submitUrl(guest, `https://shop.${domain}/x`);
    await expectUrlError(guest, "Links to this domain are not allowed.");
    await guestContext.close();
    // TinyURL's legacy call refuses it too, naming why.
    const legacy = await request.get(`/api-create.php?url=${encodeURIComponent(`https://${domain}/y`)}`, { maxRedirects: 0 });
    expect(legacy.status()).toBe(400);
    expect(legacy.headers()["x-snip-error"]).toContain("not allowed");

    // Banning it twice is refused next to the field.
    await kiosk.getByLabel("Domain", { exact: true }).fill(domain);
    await kiosk.getByLabel("Reason").fill("again");
    await kiosk.getByRole("button", { name: "Ban", exact: true }).click();
    await expectFieldError(kiosk, "Domain", "This domain is already banned.");
    // So is a domain a ban already covers: a subdomain of staff's ban, the shipped list's domain or a subdomain of it.
    for (const covered of [`shop.${domain}`, "Phishing.Example", "login.phishing.example"]) {
      await kiosk.getByLabel("Domain", { exact: true }).fill(covered);
      await kiosk.getByLabel("Reason").fill("covered");
      await kiosk.getByRole("button", { name: "Ban", exact: true }).click();
      await expectFieldError(kiosk, "Domain", "This domain is already banned.");
    }
    await expect(kiosk.getByRole("table", { name: "Banned domains" }).getByText(/phishing\.example|^shop\./)).toHaveCount(0);

    await kiosk.getByRole("button", { name: `Lift the ban on ${domain}` }).click();
    await expect(kiosk.getByText("1 link redirect again")).toBeVisible();
    await expectShortLink(request, alias, { to: destination });
    await staff.context.close();
  });

  test("a branded domain's root and 404 redirects to a domain staff then ban stop sending visitors there (its own pages instead); lifting the ban brings them back", async ({
    page,
    browser,
  }) => {
    const banned = `redir-${tag()}.example`;
    const root = `https://www.${banned}/`;
    const notFound = `https://${banned}/missing`;
    const user = await registerVerifiedUser(page);
    await giveSubscription(page, user.email, { plan: "enterprise" });
    await page.goto("/app/settings/branded-domains");
    await page.getByRole("link", { name: "Add vanity subdomain" }).click();
    const name = `brand${tag()}`;
    await page.getByLabel("Subdomain").fill(name);
    await page.getByRole("button", { name: "Add vanity subdomain" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/settings/branded-domains`);
    const vanity = `${name}.${wranglerVar("SHORT_HOST")}`;
    await page.goto(`/app/settings/branded-domains/edit/${vanity}`);
    await page.getByLabel("Root redirect").fill(root);
    await page.getByLabel("404 redirect").fill(notFound);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    /** What / and an unknown alias of the domain answer a visitor: each one's status and location. */
    const answers = async () => {
      const out: [number, string | null][] = [];
      for (const path of ["/", `/nope${tag()}`]) {
        const response = await page.request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host: vanity }, maxRedirects: 0 });
        out.push([response.status(), response.headers()["location"] ?? null]);
      }
      return out;
    };
    const redirecting: [number, string | null][] = [
      [302, root],
      [302, notFound],
    ];
    expect(await answers()).toEqual(redirecting);

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/banned_domains");
    await kiosk.getByLabel("Domain", { exact: true }).fill(banned);
    await kiosk.getByLabel("Reason").fill("Phishing campaign");
    await kiosk.getByRole("button", { name: "Ban", exact: true }).click();
    await expect(
      kiosk.getByText(
        "The domain is banned: new links to it are refused, and 0 existing links stopped redirecting; 1 branded domain no longer redirects to it.",
      ),
    ).toBeVisible();
    // The domain's own page and the not-found page instead, within the host cache's life at most.
    const held: [number, string | null][] = [
      [200, null],
      [404, null],
    ];
    await expect.poll(answers, { timeout: 40_000, intervals: [250, 500, 1_000] }).toEqual(held);
    // The owner's redirects are kept, and the edit page says why they are not followed.
    await page.goto(`/app/settings/branded-domains/edit/${vanity}`);
    await expect(page.getByLabel("Root redirect")).toHaveValue(root);
    await expect(page.getByText("Destination domain banned: visitors get this domain's own page instead.")).toBeVisible();
    await expect(page.getByText("Destination domain banned: visitors get the not-found page instead.")).toBeVisible();
    // The JSON call says the same: the saved redirects, and that they are held.
    const listed = async () =>
      ((await (await page.request.get("/app/api/settings/vanity-subdomains")).json()) as { data: Record<string, unknown>[] }).data.find(
        (d) => d.domain === vanity,
      );
    expect(await listed()).toMatchObject({
      root_redirect: root,
      not_found_redirect: notFound,
      root_redirect_held: true,
      not_found_redirect_held: true,
    });

    await kiosk.getByRole("button", { name: `Lift the ban on ${banned}` }).click();
    await expect(kiosk.getByText("The ban is lifted: 0 links redirect again; 1 branded domain redirects to it again.")).toBeVisible();
    await expect.poll(answers, { timeout: 40_000, intervals: [250, 500, 1_000] }).toEqual(redirecting);
    expect(await listed()).toMatchObject({ root_redirect_held: false, not_found_redirect_held: false });
    await staff.context.close();
  });

  test("staff find a link on the aliases page and terminate it from its alias page; restoring brings it back", async ({
    page,
    browser,
    request,
  }) => {
    const destination = `https://example.com/terminate-${tag()}`;
    const { user, alias } = await userWithLink(page, destination);
    await expectShortLink(request, alias, { to: destination });

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/aliases");
    await kiosk.getByLabel("Search links").fill(user.email);
    await kiosk.getByRole("button", { name: "Search" }).click();
    await kiosk.getByRole("link", { name: new RegExp(`/${alias}$`) }).click();
    await expect(kiosk.getByRole("heading", { name: new RegExp(`/${alias}$`) })).toBeVisible();
    await expect(kiosk.getByRole("link", { name: user.email })).toBeVisible();
    await expect(kiosk.getByRole("definition").filter({ hasText: /^Personal$/ })).toBeVisible();

    // No reason: refused next to the field, nothing changes.
    await kiosk.getByRole("button", { name: "Terminate link" }).click();
    await expectFieldError(kiosk, "Reason for terminating", "Enter the reason.");
    expect((await visit(request, alias)).location).toBe(destination);

    await kiosk.getByLabel("Reason for terminating").fill("Reported as spam");
    await kiosk.getByRole("button", { name: "Terminate link" }).click();
    await expect(kiosk.getByText("The link is terminated")).toBeVisible();
    await expectShortLink(request, alias, "disabled");
    await expect(kiosk.getByRole("table", { name: "History" })).toContainText("Link terminated");

    await page.goto("/dashboard");
    await expect(page.locator(`[data-alias="${alias}"]`)).toContainText("Terminated for violating terms");

    await kiosk.getByRole("button", { name: "Restore link" }).click();
    await expect(kiosk.getByText("The link is restored")).toBeVisible();
    await expectShortLink(request, alias, { to: destination });
    await staff.context.close();
  });

  test("staff search the long URLs, terminate every link to one destination at once (they stop redirecting), and restore them", async ({
    page,
    browser,
    request,
  }) => {
    const destination = `https://example.com/long-${tag()}`;
    const user = await registerVerifiedUser(page);
    await giveSubscription(page, user.email);
    const prefix = `lu${tag()}`;
    await devFixture(page, { action: "links", email: user.email, count: 2, aliasPrefix: prefix, url: destination });
    const aliases = [`${prefix}01`, `${prefix}02`];
    for (const alias of aliases) await expectShortLink(request, alias, { to: destination });

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/long-urls");
    await kiosk.getByLabel("Search destinations").fill(destination.slice("https://example.com/".length));
    await kiosk.getByRole("button", { name: "Search", exact: true }).click();
    const row = kiosk.getByRole("table", { name: "Destinations" }).getByRole("row").filter({ hasText: destination });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(1)).toHaveText("2");
    await expect(kiosk).toHaveURL(/\/app\/kiosk\/long-urls\?q=long-/);
    await kiosk.waitForLoadState("networkidle");
    const reason = row.getByLabel(`Reason for terminating every link to ${destination}`);
    await reason.fill("Phishing kit");
    await expect(reason).toHaveValue("Phishing kit");
    await row.getByRole("button", { name: "Terminate all" }).click();
    await expect(kiosk.getByText("2 links terminated: they stop redirecting within seconds.")).toBeVisible();
    for (const alias of aliases) await expectShortLink(request, alias, "disabled");
    await kiosk.screenshot({ path: "test-results/kiosk-long-urls.png", fullPage: true });

    await kiosk
      .getByRole("table", { name: "Destinations" })
      .getByRole("row")
      .filter({ hasText: destination })
      .getByRole("button", { name: "Restore all" })
      .click();
    await expect(kiosk.getByText("2 links restored.")).toBeVisible();
    for (const alias of aliases) await expectShortLink(request, alias, { to: destination });
    await staff.context.close();
  });

  test("the REST API names a link staff hold 'terminated' (the link's own termination, then its account's), not 'active'; restored, it is active again", async ({
    page,
    request,
  }) => {
    const destination = `https://example.com/api-status-${tag()}`;
    const { user, userId, alias } = await userWithLink(page, destination);
    const { data: created } = await devFixture(page, { action: "api-token", email: user.email });
    const auth = { Authorization: `Bearer ${String(created.token)}` };
    const domain = SHORT_HOST;
    const status = async () => {
      const response = await request.get(`${BASE_URL}/api/alias/${encodeURIComponent(domain)}/${alias}`, { headers: auth });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: { status: string; archived: boolean } }).data;
    };
    const listed = async () => {
      const response = await request.get(`${BASE_URL}/api/urls/available?search=${encodeURIComponent(`alias:${alias}`)}`, {
        headers: auth,
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: { alias: string; status: string }[] }).data.find((l) => l.alias === alias)?.status;
    };
    expect(await status()).toMatchObject({ status: "active", archived: false });

    const staff = await apiContext();
    await apiLogin(staff, STAFF);
    const linkPage = `/app/kiosk/alias/${encodeURIComponent(domain)}/${alias}`;
    const post = async (path: string, form: Record<string, string>) =>
      expect((await staff.post(path, { form, headers: SAME_ORIGIN, maxRedirects: 0 })).status()).toBe(302);

    await post(linkPage, { intent: "terminate", reason: "Reported as spam" });
    await expectShortLink(request, alias, "disabled");
    expect(await status()).toMatchObject({ status: "terminated", archived: false });
    expect(await listed()).toBe("terminated");
    await post(linkPage, { intent: "restore" });
    await expectShortLink(request, alias, { to: destination });
    expect((await status()).status).toBe("active");

    await post(`/app/kiosk/user/${userId}`, { intent: "terminate", reason: "Spam" });
    await expectShortLink(request, alias, "disabled");
    expect((await status()).status).toBe("terminated");
    await post(`/app/kiosk/user/${userId}`, { intent: "restore" });
    await expectShortLink(request, alias, { to: destination });
    expect((await status()).status).toBe("active");
    await staff.dispose();
  });

  test("a user whose account staff terminate sees 'Account terminated for violating terms', and their links stop redirecting", async ({
    page,
    browser,
    request,
  }) => {
    const destination = `https://example.com/account-${tag()}`;
    const { user, alias } = await userWithLink(page, destination);
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto(`/app/kiosk/users?q=${encodeURIComponent(user.email)}`);
    await kiosk.getByRole("link", { name: user.email }).click();
    await kiosk.getByRole("button", { name: "Terminate account" }).click();
    await expect(kiosk.getByText("Enter the reason.")).toBeVisible();
    await kiosk.getByLabel("Reason").fill("Spam");
    await kiosk.getByRole("button", { name: "Terminate account" }).click();
    await expect(kiosk.getByText("The account is terminated")).toBeVisible();
    await expectShortLink(request, alias, "disabled");

    await page.goto("/dashboard");
    await expect(page.getByRole("alert").filter({ hasText: "Account terminated for violating terms" })).toBeVisible();

    await kiosk.getByRole("button", { name: "Restore account" }).click();
    await expect(kiosk.getByText("The account is restored")).toBeVisible();
    await expectShortLink(request, alias, { to: destination });
    await page.goto("/dashboard");
    await expect(page.getByText("Account terminated for violating terms")).toHaveCount(0);
    await staff.context.close();
  });

  test("staff issue an access invitation for an email; while sign-up is invite-only a new user signs up with it, and not without it", async ({
    page,
    browser,
  }) => {
    const staff = await staffPage(browser);
    const kiosk = staff.page;
    const user = newUser("invited");
    await kiosk.goto("/app/kiosk/access-invitations");
    // Bad input: the messages are next to the fields and nothing is issued.
    const before = await kiosk.getByTestId("access-invitation").count();
    await kiosk.getByLabel("For email (optional)").fill("not-an-email");
    await kiosk.getByLabel("Uses").fill("0");
    await kiosk.getByRole("button", { name: "Issue invitation" }).click();
    await expectFieldError(kiosk, "For email (optional)", "Enter an email address.");
    await expectFieldError(kiosk, "Uses", "Enter a number of uses from 1 to 10,000.");
    await expect(kiosk.getByTestId("access-invitation")).toHaveCount(before);

    await kiosk.getByLabel("For email (optional)").fill(user.email);
    await kiosk.getByLabel("Uses").fill("1");
    await kiosk.getByRole("button", { name: "Issue invitation" }).click();
    await expect(kiosk.getByText("The invitation is issued")).toBeVisible();
    const row = kiosk.getByTestId("access-invitation").filter({ hasText: user.email });
    await expect(row).toContainText("0 of 1");
    await expect(row).toContainText("Open");
    const code = (await row.locator("code").textContent())!.trim();

    await kiosk.getByRole("button", { name: "Make sign-up invite-only" }).click();
    await expect(kiosk.getByText("Sign-up is now by invitation only.")).toBeVisible();
    try {
      await acceptCookies(page);
      await page.goto("/app/register");
      await page.getByLabel("Name").fill(user.name);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expectFieldError(page, "Invitation code", "Sign-up is by invitation only: enter the invitation code you received.");
      await page.getByLabel("Invitation code").fill("AAAA-BBBB-CCCC");
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expectFieldError(page, "Invitation code", "This invitation code is not valid.");

      // The kiosk's sign-up link carries the code and the address.
      await page.goto(`/app/register?invitation=${encodeURIComponent(code.toLowerCase())}&email=${encodeURIComponent(user.email)}`);
      await page.getByLabel("Name").fill(user.name);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(/\/app\/email\/verify\?sent=1$/);

      await kiosk.reload();
      await expect(row).toContainText("1 of 1");
      await expect(row).toContainText("Used up");
      await expect(
        kiosk.getByRole("table", { name: "Staff log" }).getByRole("row").filter({ hasText: "Access invitation issued" }).first(),
      ).toContainText(user.email);
    } finally {
      await kiosk.goto("/app/kiosk/access-invitations");
      await kiosk.getByRole("button", { name: "Open sign-up to everyone" }).click();
      await expect(kiosk.getByText("Sign-up is open to everyone again.")).toBeVisible();
      await staff.context.close();
    }
  });

  test("staff review URL-reputation hits: Terminate stops the link, Dismiss clears a false positive; a non-staff post changes nothing", async ({
    page,
    browser,
    request,
  }) => {
    const bad = `https://example.com/flagged-${tag()}`;
    const { user, alias: badAlias, linkId: badId } = await userWithLink(page, bad);
    const fine = `https://example.com/false-positive-${tag()}`;
    const prefix = `kr${tag()}`;
    const { data } = await devFixture(page, { action: "links", email: user.email, count: 1, aliasPrefix: prefix, url: fine });
    const fineAlias = `${prefix}01`;
    const ids = new Map<string, string>();
    for (const { alias, linkId } of [
      { alias: badAlias, linkId: badId },
      { alias: fineAlias, linkId: (data.links as { id: string }[])[0]!.id },
    ]) {
      const hit = await devFixture(page, { action: "reputation-hit", email: user.email, linkId, threatType: "MALWARE" });
      ids.set(alias, hit.data.id as string);
    }

    // Not staff: the review's post is refused and the link keeps redirecting.
    const subscriber = await apiContext();
    await apiLogin(subscriber, DEMO);
    const refused = await subscriber.post("/app/kiosk/aliases", {
      form: { id: ids.get(badAlias)!, intent: "terminate" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toBe("/");
    expect((await visit(request, badAlias)).location).toBe(bad);
    await subscriber.dispose();

    const staff = await staffPage(browser);
    const kiosk = staff.page;
    await kiosk.goto("/app/kiosk/aliases");
    const review = kiosk.getByRole("table", { name: "Reputation hits" });
    await expect(review).toContainText(`/${badAlias}`);
    await expect(review).toContainText(bad);
    await expect(review).toContainText("MALWARE");

    await kiosk.getByRole("button", { name: `Terminate ${badAlias}` }).click();
    await expect(kiosk).toHaveURL(/notice=terminated/);
    await expectShortLink(request, badAlias, "disabled");
    await kiosk.getByRole("button", { name: `Dismiss the hit on ${fineAlias}` }).click();
    await expect(kiosk).toHaveURL(/notice=dismissed/);
    await expect(kiosk.getByText("Nothing to review.")).toBeVisible();
    expect((await visit(request, fineAlias)).location).toBe(fine);
    await staff.context.close();
  });

  test("a non-staff post to any trust-and-safety action changes nothing", async ({ page, request }) => {
    const destination = `https://example.com/intruder-${tag()}`;
    const { userId, alias } = await userWithLink(page, destination);
    const subscriber = await apiContext();
    await apiLogin(subscriber, DEMO);
    const guest = await apiContext();
    const userPage = `/app/kiosk/user/${encodeURIComponent(userId)}`;
    const aliasPage = `/app/kiosk/alias/${encodeURIComponent(new URL(BASE_URL).host)}/${alias}`;
    const posts: [path: string, form: Record<string, string>][] = [
      ["/app/kiosk/banned_domains", { intent: "ban", domain: "example.com", reason: "intruder" }],
      [aliasPage, { intent: "terminate", reason: "intruder" }],
      ["/app/kiosk/long-urls", { intent: "terminate", url: destination, reason: "intruder" }],
      [userPage, { intent: "terminate", reason: "intruder" }],
      ["/app/kiosk/access-invitations", { intent: "invite-only-on" }],
    ];
    for (const [who, context] of [
      ["subscriber", subscriber],
      ["guest", guest],
    ] as const) {
      for (const [path, form] of posts) {
        const response = await context.post(path, { form, headers: SAME_ORIGIN, maxRedirects: 0 });
        expect(response.status(), `${who} POST ${path}`).toBe(302);
        expect(response.headers().location, `${who} POST ${path}`).toBe(
          who === "guest" ? `/app/login?to=${encodeURIComponent(path)}` : "/",
        );
      }
    }
    // Nothing changed: the link still redirects and sign-up is still open.
    expect((await visit(request, alias)).location).toBe(destination);
    await page.goto("/app/register");
    expect(await page.getByLabel("Invitation code").count()).toBe(0);
    for (const context of [subscriber, guest]) await context.dispose();
  });
});
