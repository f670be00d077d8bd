/**
 * The guard legend of spec 01 §2, route by route: each guarded route that exists, visited as a
 * guest, an unverified user, a verified free user, a subscriber and a staff member, answers
 * the page (200) or redirects where the legend says.
 *   L: to /app/login?to=<target>   G: signed-in users to /   V: to /app/email/verify   D: to /
 */
import type { APIRequestContext } from "@playwright/test";
import { apiLogin, DEMO, giveSubscription, newUser, registerUser, STAFF } from "./accounts";
import { apiContext, BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

type Persona = "guest" | "unverified" | "verified" | "subscriber" | "staff";
const PERSONAS: Persona[] = ["guest", "unverified", "verified", "subscriber", "staff"];

/** What a visit answers: 200, or the redirect's target. */
type Outcome = 200 | string;

const login = (path: string) => `/app/login?to=${encodeURIComponent(path)}`;
const HOME = "/";

/** L: guests go to login; everyone signed in gets the page (or the page's own redirect). */
function L(path: string, signedIn: Outcome = 200): Record<Persona, Outcome> {
  return { guest: login(path), unverified: signedIn, verified: signedIn, subscriber: signedIn, staff: signedIn };
}
/** G: guests only. */
function G(guest: Outcome = 200): Record<Persona, Outcome> {
  return { guest, unverified: HOME, verified: HOME, subscriber: HOME, staff: HOME };
}
/**
 * L and V: guests to login, unverified users to verification; `free` is what a verified user
 * without the plan's API gets (the staff user is verified and on the free plan).
 */
function LV(path: string, free: Outcome = 200, subscriber: Outcome = 200): Record<Persona, Outcome> {
  return { guest: login(path), unverified: "/app/email/verify", verified: free, subscriber, staff: free };
}
/** L and D: developers only. */
function D(path: string, staff: Outcome = 200): Record<Persona, Outcome> {
  return { guest: login(path), unverified: HOME, verified: HOME, subscriber: HOME, staff };
}

const ROUTES: [path: string, guards: string, expected: Record<Persona, Outcome>][] = [
  ["/app/login", "G", G()],
  ["/app/register", "G", G()],
  ["/app/login/2FA/verify", "G", G("/app/login?notice=2fa-expired")],
  ["/app/login/2FA/backup_code", "G", G("/app/login?notice=2fa-expired")],
  ["/app/password/reset", "G", G()],
  ["/app/password/reset/some-token", "G", G()],
  ["/app/my-urls/clear-history", "G", G()],
  ["/app/email/verify", "L", L("/app/email/verify")],
  ["/app/notifications", "L", L("/app/notifications")],
  ["/app/settings", "L", L("/app/settings", "/app/settings/profile")],
  ["/app/settings/profile", "L", L("/app/settings/profile")],
  ["/app/settings/profile/delete", "L", L("/app/settings/profile/delete")],
  ["/app/settings/security", "L", L("/app/settings/security")],
  ["/app/settings/usage", "L", L("/app/settings/usage")],
  // L and V; without use_webhooks the page (200) says the plan lacks them.
  ["/app/settings/webhooks", "L V", { ...L("/app/settings/webhooks"), unverified: "/app/email/verify" }],
  // The API pages: L and V; without the plan's API the list explains and the others go to it.
  ["/app/settings/api", "L V", LV("/app/settings/api")],
  ["/app/settings/api/new", "L V", LV("/app/settings/api/new", "/app/settings/api")],
  ["/app/settings/api/edit/no-such-token", "L V", LV("/app/settings/api/edit/no-such-token", "/app/settings/api", "status 404")],
  // Pixel scripts (issue 20, docs/decisions/047): L and V
  ["/app/settings/pixel-scripts", "L V", LV("/app/settings/pixel-scripts")],
  // Only a past-due trial stays on the past-due page; everyone else is sent on.
  ["/app/subscribe", "L", L("/app/subscribe", HOME)],
  ["/app/kiosk", "L D", D("/app/kiosk", "/app/kiosk/users")],
  ["/app/kiosk/users", "L D", D("/app/kiosk/users")],
  ["/app/kiosk/user/demo-user-0000000000000000000001", "L D", D("/app/kiosk/user/demo-user-0000000000000000000001")],
  // Kiosk content (issue 19, decision 032)
  ["/app/kiosk/announcements", "L D", D("/app/kiosk/announcements")],
  ["/app/kiosk/password_dictionary", "L D", D("/app/kiosk/password_dictionary")],
  ["/app/kiosk/ips", "L D", D("/app/kiosk/ips")],
  ["/app/kiosk/surveys", "L D", D("/app/kiosk/surveys")],
  ["/app/kiosk/surveys/no-such-survey", "L D", D("/app/kiosk/surveys/no-such-survey", "status 404")],
  ["/app/kiosk/helpdesk", "L D", D("/app/kiosk/helpdesk")],
  // Kiosk trust and safety (decision 036)
  ["/app/kiosk/banned_domains", "L D", D("/app/kiosk/banned_domains")],
  ["/app/kiosk/aliases", "L D", D("/app/kiosk/aliases")],
  ["/app/kiosk/alias/no-such.example/none", "L D", D("/app/kiosk/alias/no-such.example/none", "status 404")],
  ["/app/kiosk/long-urls", "L D", D("/app/kiosk/long-urls")],
  ["/app/kiosk/access-invitations", "L D", D("/app/kiosk/access-invitations")],
  // Stats, domains and Cloudflare (issue 19, decision 045): an unknown domain is 404 for staff.
  ["/app/kiosk/stats/system", "L D", D("/app/kiosk/stats/system")],
  ["/app/kiosk/stats/system/guest.snip.example", "L D", D("/app/kiosk/stats/system/guest.snip.example")],
  ["/app/kiosk/stats/system/no-such.example", "L D", D("/app/kiosk/stats/system/no-such.example", "status 404")],
  ["/app/kiosk/stats/snip", "L D", D("/app/kiosk/stats/snip")],
  ["/app/kiosk/domains", "L D", D("/app/kiosk/domains")],
  ["/app/kiosk/domain/guest.snip.example", "L D", D("/app/kiosk/domain/guest.snip.example")],
  ["/app/kiosk/domain/no-such.example", "L D", D("/app/kiosk/domain/no-such.example", "status 404")],
  ["/app/kiosk/cloudflare/zones", "L D", D("/app/kiosk/cloudflare/zones")],
  // The onboarding survey's plain page: any signed-in user (it says when there is nothing to answer).
  ["/app/survey/onboarding", "L", L("/app/survey/onboarding")],
];

const contexts = new Map<Persona, APIRequestContext>();

async function registerThrough(context: APIRequestContext) {
  const user = newUser("guard");
  const response = await context.post(`${BASE_URL}/app/register`, {
    form: { name: user.name, email: user.email, password: user.password },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return user;
}

async function verifyThroughMailbox(context: APIRequestContext, email: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await context.get(`${BASE_URL}/__dev/mailbox?to=${encodeURIComponent(email)}`)).text();
        link = /href="(http[^"]+\/app\/email\/verify\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const verified = await context.get(link!, { maxRedirects: 0 });
  expect(verified.headers().location).toBe("/app/email/verify?verified=1");
}

test.beforeAll(async () => {
  for (const persona of PERSONAS) contexts.set(persona, await apiContext());
  await registerThrough(contexts.get("unverified")!);
  const verified = await registerThrough(contexts.get("verified")!);
  await verifyThroughMailbox(contexts.get("verified")!, verified.email);
  await apiLogin(contexts.get("subscriber")!, DEMO);
  await apiLogin(contexts.get("staff")!, STAFF);
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.dispose();
});

for (const [path, guards, expected] of ROUTES) {
  test(`${path} (${guards})`, async () => {
    const actual: Record<string, Outcome> = {};
    for (const persona of PERSONAS) {
      const response = await contexts.get(persona)!.get(`${BASE_URL}${path}`, { maxRedirects: 0 });
      actual[persona] = response.status() === 200 ? 200 : (response.headers().location ?? `status ${response.status()}`);
    }
    expect(actual).toEqual(expected);
  });
}

test.describe("the past-due rule (spec 01 §2)", () => {
  test("a user whose trial is past due is sent to the past-due page, except on pricing, cookies, privacy and terms", async ({ page }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro", pastDueTrial: true });
    for (const path of ["/", "/app/settings/profile", "/app/my-urls", "/app/notifications", "/app/features/custom-links"]) {
      await page.goto(path);
      await expect(page, `${path} goes to the past-due page`).toHaveURL(`${BASE_URL}/app/subscribe`);
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Pro trial has ended");
    for (const path of ["/app/terms", "/app/privacy-policy", "/app/cookies-policy"]) {
      await page.goto(path);
      await expect(page, `${path} stays open`).toHaveURL(`${BASE_URL}${path}`);
    }
  });

  test("a past-due user's JSON calls read and pay, but every other write is 402 'Payment Required' and changes nothing", async ({
    page,
  }) => {
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro", pastDueTrial: true });
    const alias = `pastdue${Date.now().toString(36)}`;
    const create = await page.request.post("/app/api/url/create", {
      data: { url: `https://example.com/${alias}`, alias },
      headers: SAME_ORIGIN,
    });
    expect(create.status()).toBe(402);
    expect(await create.json()).toEqual({ message: "Payment Required" });
    const preset = await page.request.post("/app/api/preset/create", {
      data: { name: "Campaign", utm_source: "news" },
      headers: SAME_ORIGIN,
    });
    expect(preset.status()).toBe(402);
    // No link was made: its alias is unknown at the edge.
    expect((await page.request.get(`/${alias}`, { maxRedirects: 0 })).status()).not.toBe(302);
    // Reading, and the shell's own writes, stay open.
    expect((await page.request.get("/app/api/state")).status()).toBe(200);
    const read = await page.request.put("/app/api/notifications/read", { data: { notifications: [] }, headers: SAME_ORIGIN });
    expect(read.status()).not.toBe(402);
    // Logging out is a write too, and stays open.
    expect((await page.request.post("/app/api/logout", { headers: SAME_ORIGIN })).status()).toBe(204);
  });
});
