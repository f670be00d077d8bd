/**
 * Session security (DESIGN.md "Security rules"): the cookie's flags, a fresh session id at every
 * sign-in, logout that ends the session on the server, login throttling, and state changes
 * refused from a foreign Origin.
 */
import type { APIResponse } from "@playwright/test";
import { ACCOUNT_TEXT, DEMO, newUser } from "./accounts";
import { apiContext, BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const SESSION = "__Host-snip_session";

function sessionCookie(response: APIResponse): string | null {
  const header = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((value) => value.startsWith(`${SESSION}=`));
  return header ?? null;
}

function cookieValue(setCookie: string): string {
  return setCookie.slice(SESSION.length + 1, setCookie.indexOf(";"));
}

async function postLogin(
  request: import("@playwright/test").APIRequestContext,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return request.post(`${BASE_URL}/app/login`, { form: { email, password }, headers: { ...SAME_ORIGIN, ...headers }, maxRedirects: 0 });
}

async function register(request: import("@playwright/test").APIRequestContext, user = newUser("sec")) {
  const response = await request.post(`${BASE_URL}/app/register`, {
    form: { name: user.name, email: user.email, password: user.password },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return user;
}

test("the session cookie is __Host-, Secure, HttpOnly, SameSite=Lax, host-only, for the whole site", async ({ request }) => {
  const response = await postLogin(request, DEMO.email, DEMO.password);
  expect(response.status()).toBe(302);
  const cookie = sessionCookie(response);
  expect(cookie, "a session cookie is set").not.toBeNull();
  const attributes = cookie!
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attributes).toContain("secure");
  expect(attributes).toContain("httponly");
  expect(attributes).toContain("samesite=lax");
  expect(attributes).toContain("path=/");
  expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
});

test("every sign-in gets a new session id; one planted before sign-in is not adopted", async () => {
  const planted = "planted-by-an-attacker.aGVsbG8";
  const context = await apiContext({ extraHTTPHeaders: { cookie: `${SESSION}=${planted}` } });
  const first = await postLogin(context, DEMO.email, DEMO.password);
  const second = await postLogin(context, DEMO.email, DEMO.password);
  const a = cookieValue(sessionCookie(first)!);
  const b = cookieValue(sessionCookie(second)!);
  expect(a).not.toBe(planted);
  expect(b).not.toBe(a);
  await context.dispose();
});

test("logout ends the session on the server: the old cookie no longer works", async () => {
  const context = await apiContext();
  const login = await postLogin(context, DEMO.email, DEMO.password);
  const cookie = `${SESSION}=${cookieValue(sessionCookie(login)!)}`;

  const replay = () => apiContext({ extraHTTPHeaders: { cookie } });
  const before = await replay();
  expect((await before.get(`${BASE_URL}/app/email/verify`, { maxRedirects: 0 })).status()).toBe(200);
  await before.dispose();

  const logout = await context.post(`${BASE_URL}/app/logout`, { headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(logout.status()).toBe(302);
  expect(sessionCookie(logout)).toMatch(/Max-Age=0/i);

  const after = await replay();
  const response = await after.get(`${BASE_URL}/app/email/verify`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/app/login?to=${encodeURIComponent("/app/email/verify")}`);
  await after.dispose();
  await context.dispose();
});

test("repeated failed sign-ins lock the address for a while, even with the right password", async () => {
  const context = await apiContext();
  const user = await register(context);
  await context.dispose();

  const attacker = await apiContext();
  for (let i = 0; i < 5; i++) expect((await postLogin(attacker, user.email, `wrong-${i}`)).status()).toBe(401);
  const locked = await postLogin(attacker, user.email, user.password);
  expect(locked.status()).toBe(429);
  expect(await locked.text()).toContain("Too many login attempts. Please try again in 15 minutes.");
  expect(sessionCookie(locked)).toBeNull();

  // Other accounts are not locked by it.
  expect((await postLogin(attacker, DEMO.email, DEMO.password)).status()).toBe(302);
  await attacker.dispose();
});

test("a state change from a foreign Origin is refused with 419 and changes nothing", async () => {
  const context = await apiContext();
  const login = await postLogin(context, DEMO.email, DEMO.password);
  const cookie = `${SESSION}=${cookieValue(sessionCookie(login)!)}`;

  const evil = await apiContext({ extraHTTPHeaders: { cookie } });
  const logout = await evil.post(`${BASE_URL}/app/logout`, { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(logout.status()).toBe(419);
  expect(await logout.text()).toBe("Security check fails");
  const crossSite = await evil.post(`${BASE_URL}/app/logout`, { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(419);
  // Still signed in.
  expect((await evil.get(`${BASE_URL}/app/email/verify`, { maxRedirects: 0 })).status()).toBe(200);

  const register = await evil.post(`${BASE_URL}/app/register`, {
    form: { name: "x", email: `csrf-${Date.now()}@example.com`, password: "password" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(register.status()).toBe(419);
  await evil.dispose();
  await context.dispose();
});

test("a login form error never says which part was wrong", async ({ request }) => {
  const response = await postLogin(request, DEMO.email, "wrong-password");
  expect(await response.text()).toContain(ACCOUNT_TEXT.badCredentials);
});
