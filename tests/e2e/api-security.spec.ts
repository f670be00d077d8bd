/**
 * The shared security suite of the REST API, one table run for every authenticated endpoint:
 * no token → 401, a revoked token → 401, a token without the endpoint's permission → 403,
 * another user's link → 404, over the token's requests a minute → 429, out of API credits →
 * 402 with the spec's 'not_enough_credits' and 'Not enough credits for this operation'.
 * Every answer is also checked against the OpenAPI document.
 */
import {
  ALL_PERMISSIONS,
  API_BASE,
  apiToken,
  call,
  Contract,
  fixture,
  NOT_ENOUGH_CREDITS,
  registerApiUser,
  revokeToken,
  SHORT_HOST,
  type ApiUser,
  type CallOptions,
  type Permission,
} from "./api";
import { expect, test } from "./fixtures";

interface Endpoint {
  key: string;
  permission: Permission;
  /** Does the endpoint act on one link (so another user's link is a 404)? */
  onLink: boolean;
  request: (alias: string) => CallOptions;
}

const ref = (alias: string) => ({ domain: SHORT_HOST, alias });

const ENDPOINTS: Endpoint[] = [
  { key: "POST /create", permission: "create", onLink: false, request: () => ({ body: { url: "https://example.com/security" } }) },
  {
    key: "POST /bulk",
    permission: "bulk",
    onLink: false,
    request: () => ({ body: { links: [{ url: "https://example.com/security-bulk" }] } }),
  },
  { key: "GET /alias/{domain}/{alias}", permission: "read", onLink: true, request: (alias) => ({ params: ref(alias) }) },
  { key: "DELETE /alias/{domain}/{alias}", permission: "delete", onLink: true, request: (alias) => ({ params: ref(alias) }) },
  { key: "PATCH /update", permission: "update", onLink: true, request: (alias) => ({ body: { ...ref(alias), description: "Security" } }) },
  {
    key: "PATCH /change",
    permission: "change",
    onLink: true,
    request: (alias) => ({ body: { ...ref(alias), url: "https://example.com/moved" } }),
  },
  { key: "PATCH /archive", permission: "archive", onLink: true, request: (alias) => ({ body: ref(alias) }) },
  { key: "PATCH /unarchive", permission: "archive", onLink: true, request: (alias) => ({ body: ref(alias) }) },
  { key: "GET /urls/{type}", permission: "read", onLink: false, request: () => ({ params: { type: "available" } }) },
  { key: "GET /urls/{type}/count", permission: "read", onLink: false, request: () => ({ params: { type: "archived" } }) },
  { key: "GET /analytics/timeline", permission: "analytics", onLink: true, request: (alias) => ({ query: ref(alias) }) },
  { key: "GET /analytics/general", permission: "analytics", onLink: true, request: (alias) => ({ query: ref(alias) }) },
  {
    key: "GET /analytics/breakdown/{dimension}",
    permission: "analytics",
    onLink: true,
    request: (alias) => ({ params: { dimension: "country" }, query: ref(alias) }),
  },
];

let contract: Contract;
/** Owns the links the table acts on. */
let owner: ApiUser;
/** Another user with a token allowed everything. */
let stranger: ApiUser;
/** A user whose API credits of the month are used up. */
let spent: ApiUser;
let ownerAlias: string;
let spentAlias: string;
let strangerToken: string;
let spentToken: string;
const suffix = Date.now().toString(36).slice(-5);

async function fixtureLink(user: ApiUser, prefix: string): Promise<string> {
  const data = await fixture(user.session, { action: "links", email: user.email, count: 1, aliasPrefix: prefix });
  return (data.links as { alias: string }[])[0]!.alias;
}

test.beforeAll(async ({ request }) => {
  contract = await Contract.load(request);
  [owner, stranger, spent] = await Promise.all([registerApiUser(), registerApiUser(), registerApiUser()]);
  ownerAlias = await fixtureLink(owner, `own${suffix}`);
  spentAlias = await fixtureLink(spent, `spt${suffix}`);
  strangerToken = (await apiToken(stranger, { permissions: ALL_PERMISSIONS })).token;
  spentToken = (await apiToken(spent, { permissions: ALL_PERMISSIONS })).token;
  // The pro plan's allowance is 10,000 credits a month: all of them are used.
  await fixture(spent.session, { action: "api-credits", email: spent.email, used: 10_000 });
});

test.afterAll(async () => {
  await Promise.all([owner, stranger, spent].map((user) => user?.session.dispose()));
});

for (const endpoint of ENDPOINTS) {
  test.describe(endpoint.key, () => {
    test("no token: 401", async ({ request }) => {
      const { status, body } = await call(request, contract, endpoint.key, { ...endpoint.request(ownerAlias), token: null });
      expect(status).toBe(401);
      expect(body.code).toBe(1);
    });

    test("a revoked token: 401", async ({ request }) => {
      const { id, token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
      await revokeToken(owner, id);
      const { status } = await call(request, contract, endpoint.key, { ...endpoint.request(ownerAlias), token });
      expect(status).toBe(401);
    });

    test(`a token without the ${endpoint.permission} permission: 403`, async ({ request }) => {
      const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS.filter((p) => p !== endpoint.permission) });
      const { status, body } = await call(request, contract, endpoint.key, { ...endpoint.request(ownerAlias), token });
      expect(status).toBe(403);
      expect(body.errors).toEqual(["This API token does not have the permission for this operation."]);
    });

    if (endpoint.onLink) {
      test("another user's link: 404", async ({ request }) => {
        const { status, body } = await call(request, contract, endpoint.key, { ...endpoint.request(ownerAlias), token: strangerToken });
        expect(status).toBe(404);
        expect(body.errors).toEqual(["Not Found"]);
      });
    }

    test("over the token's requests a minute: 429 with Retry-After", async ({ request }) => {
      const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS, rateLimitPerMinute: 1 });
      // A minute boundary between two requests starts a new window, so the third is over too.
      const answers = [];
      // An alias nobody has: the first request may answer anything but 429, and changes nothing.
      for (let i = 0; i < 3; i++)
        answers.push(await call(request, contract, endpoint.key, { ...endpoint.request(`none${suffix}`), token }));
      expect(answers[0]!.status).not.toBe(429);
      const limited = answers.slice(1).find((a) => a.status === 429);
      expect(limited, "a request over the limit").toBeDefined();
      expect(limited!.body.code).toBe(6);
      expect(Number(limited!.response.headers()["retry-after"])).toBeGreaterThan(0);
    });

    test("out of API credits: 402 not_enough_credits", async ({ request }) => {
      const { status, body } = await call(request, contract, endpoint.key, { ...endpoint.request(spentAlias), token: spentToken });
      expect(status).toBe(402);
      expect(body.errors).toEqual([...NOT_ENOUGH_CREDITS]);
    });
  });
}

test("a path the API has, with a method it does not take there: 405 with Allow; a path it does not have: 404", async ({ request }) => {
  const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
  const headers = { authorization: `Bearer ${token}` };
  const cases: [method: string, path: string, allow: string[]][] = [
    ["GET", "/create", ["POST"]],
    ["PUT", "/create", ["POST"]],
    ["POST", "/urls/available", ["GET", "HEAD"]],
    ["PUT", `/alias/${SHORT_HOST}/${ownerAlias}`, ["GET", "HEAD", "DELETE"]],
  ];
  for (const [method, path, allow] of cases) {
    const response = await request.fetch(`${API_BASE}${path}`, { method, headers, maxRedirects: 0 });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers()["allow"]?.split(", ").sort(), `${method} ${path}`).toEqual([...allow].sort());
    expect(await response.json(), `${method} ${path}`).toMatchObject({ data: null, code: 8, errors: ["Method Not Allowed"] });
  }
  // The token is still asked for first, as on every call.
  expect((await request.get(`${API_BASE}/create`, { maxRedirects: 0 })).status()).toBe(401);
  const unknown = await request.get(`${API_BASE}/nothing-here`, { headers, maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: 3, errors: ["Not Found"] });
});

test("an expired token: 401", async ({ request }) => {
  const { token } = await apiToken(owner, { expiresAt: new Date(Date.now() - 1000).toISOString() });
  const { status } = await call(request, contract, "GET /urls/{type}/count", { token, params: { type: "available" } });
  expect(status).toBe(401);
});

test("a token of a user whose plan has no API: 403", async ({ request }) => {
  const basic = await registerApiUser("basic");
  const { token } = await apiToken(basic);
  const { status, body } = await call(request, contract, "GET /urls/{type}/count", { token, params: { type: "available" } });
  expect(status).toBe(403);
  expect(body.errors).toEqual(["API access is not included in your plan."]);
  await basic.session.dispose();
});

test("the plan decides as well as the token: a bulk plan cannot change destinations", async ({ request }) => {
  const bulk = await registerApiUser("bulk10k");
  const alias = await fixtureLink(bulk, `blk${suffix}`);
  const { token } = await apiToken(bulk, { permissions: ALL_PERMISSIONS });
  const { status, body } = await call(request, contract, "PATCH /change", {
    token,
    body: { ...ref(alias), url: "https://example.com/nope" },
  });
  expect(status).toBe(403);
  expect(body.errors).toEqual(["Your plan does not include this operation."]);
  await bulk.session.dispose();
});

test("credits are spent one a call and refused when fewer remain than the cost", async ({ request }) => {
  const user = await registerApiUser();
  const { token } = await apiToken(user, { permissions: ALL_PERMISSIONS });
  await fixture(user.session, { action: "api-credits", email: user.email, used: 9_998 });
  const bulkOfThree = { links: [1, 2, 3].map((n) => ({ url: `https://example.com/credit-${n}` })) };
  const refused = await call(request, contract, "POST /bulk", { token, body: bulkOfThree });
  expect(refused.status).toBe(402);
  const one = await call(request, contract, "POST /create", { token, body: { url: "https://example.com/credit-1" } });
  expect(one.status).toBe(200);
  const two = await call(request, contract, "POST /create", { token, body: { url: "https://example.com/credit-2" } });
  expect(two.status).toBe(200);
  const three = await call(request, contract, "POST /create", { token, body: { url: "https://example.com/credit-3" } });
  expect(three.status).toBe(402);
  await user.session.dispose();
});

test("an owner whose trial is past due reads, and every write is 402 'Payment Required' that makes nothing (spec 01 §2)", async ({
  request,
}) => {
  const user = await registerApiUser();
  const { token } = await apiToken(user, { permissions: ALL_PERMISSIONS });
  await fixture(user.session, { action: "subscription", email: user.email, plan: "pro", pastDueTrial: true });
  const alias = `pastdue${suffix}`;
  const create = await call(request, contract, "POST /create", { token, body: { url: "https://example.com/past-due", alias } });
  expect(create.status).toBe(402);
  expect(create.body.code).toBe(7);
  expect(create.body.errors).toEqual(["Payment Required"]);
  const bulk = await call(request, contract, "POST /bulk", { token, body: { links: [{ url: "https://example.com/past-due-bulk" }] } });
  expect(bulk.status).toBe(402);
  // Nothing was made, and reading stays open.
  const count = await call(request, contract, "GET /urls/{type}/count", { token, params: { type: "available" } });
  expect(count.status).toBe(200);
  expect(count.body.data).toMatchObject({ count: 0 });
  expect((await call(request, contract, "GET /alias/{domain}/{alias}", { token, params: { domain: SHORT_HOST, alias } })).status).toBe(404);
  await user.session.dispose();
});
