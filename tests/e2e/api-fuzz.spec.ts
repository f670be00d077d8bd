/**
 * Property-based tests of the REST API (fast-check): malformed bodies and query values sent
 * to every endpoint are answered with a 4xx and the error envelope the document describes,
 * never a 5xx.
 */
import fc from "fast-check";
import { ALL_PERMISSIONS, apiToken, call, Contract, registerApiUser, SHORT_HOST, type ApiUser } from "./api";
import { expect, test } from "./fixtures";

const BODY_ENDPOINTS = ["POST /create", "POST /bulk", "PATCH /update", "PATCH /change", "PATCH /archive", "PATCH /unarchive"];
const RUNS = 40;

let contract: Contract;
let user: ApiUser;
let token: string;

test.beforeAll(async ({ request }) => {
  contract = await Contract.load(request);
  // Enterprise: unlimited credits, so nothing here is refused for want of them.
  user = await registerApiUser("enterprise");
  ({ token } = await apiToken(user, { permissions: ALL_PERMISSIONS, rateLimitPerMinute: 1_000_000 }));
});

test.afterAll(async () => {
  await user?.session.dispose();
});

function expectClientError(status: number, body: { code: number; errors: string[] }) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body.code).toBeGreaterThan(0);
  expect(body.errors.length).toBeGreaterThan(0);
}

/** JSON values that are not a valid request body: anything but objects with the right fields. */
const jsonValues = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom("url", "domain", "alias", "tags", "expires_at", "description", "links", "new_alias", "x"), fc.jsonValue()),
  fc.record({ url: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), alias: fc.jsonValue() }),
  fc.record({ links: fc.array(fc.jsonValue(), { maxLength: 3 }) }),
);

for (const key of BODY_ENDPOINTS) {
  test(`${key}: malformed JSON, wrong types and wrong content types get a 4xx envelope`, async ({ request }) => {
    test.setTimeout(120_000);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        fc.pre(!isJson(text));
        const { status, body } = await call(request, contract, key, { token, raw: text });
        expect(status).toBe(422);
        expectClientError(status, body);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(jsonValues, async (value) => {
        const { status, body } = await call(request, contract, key, { token, body: value, unchecked: true });
        expectClientError(status, body);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/xml"),
        async (type) => {
          const { status, body } = await call(request, contract, key, { token, raw: "url=https%3A%2F%2Fexample.com", contentType: type });
          expectClientError(status, body);
        },
      ),
      { numRuns: 8 },
    );
  });
}

/** Query values of the GET endpoints that are out of range or of the wrong kind. */
const badNumber = fc.oneof(
  fc.constantFrom("0", "-1", "1.5", "abc", "", "1e9", "999999999"),
  fc.string({ maxLength: 10 }).filter((s) => !(Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 1_000_000)),
);
const badType = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((t) => !["available", "archived", ".", ".."].includes(t) && !t.includes("/"));
const badDate = fc.oneof(fc.constantFrom("yesterday", "2026-13-01T00:00:00Z", "", "0"), fc.string({ maxLength: 24 }));
const badInterval = fc.string({ maxLength: 10 }).filter((s) => !["hour", "day", "week", "month"].includes(s));

test("GET endpoints: bad query values and path values get a 4xx envelope", async ({ request }) => {
  test.setTimeout(120_000);
  const ref = { domain: SHORT_HOST, alias: "no-such-alias" };
  const cases: [string, fc.Arbitrary<{ params?: Record<string, string>; query?: Record<string, string> }>][] = [
    ["GET /urls/{type}", fc.record({ page: badNumber }).map((q) => ({ params: { type: "available" }, query: q }))],
    ["GET /urls/{type}", fc.record({ per_page: badNumber }).map((q) => ({ params: { type: "archived" }, query: q }))],
    ["GET /urls/{type}", badType.map((type) => ({ params: { type } }))],
    ["GET /urls/{type}/count", badType.map((type) => ({ params: { type } }))],
    ["GET /analytics/timeline", fc.record({ from: badDate }).map((q) => ({ query: { ...ref, ...q } }))],
    ["GET /analytics/timeline", fc.record({ interval: badInterval }).map((q) => ({ query: { ...ref, ...q } }))],
    ["GET /analytics/general", fc.record({ to: badDate }).map((q) => ({ query: { ...ref, ...q } }))],
    [
      "GET /analytics/breakdown/{dimension}",
      fc.record({ limit: badNumber }).map((q) => ({ params: { dimension: "os" }, query: { ...ref, ...q } })),
    ],
    [
      "GET /alias/{domain}/{alias}",
      fc
        .record({ domain: fc.string({ minLength: 1, maxLength: 30 }), alias: fc.string({ minLength: 1, maxLength: 30 }) })
        .map((params) => ({ params })),
    ],
  ];
  for (const [key, arbitrary] of cases) {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (input) => {
        const { status, body } = await call(request, contract, key, { token, ...input });
        expectClientError(status, body);
      }),
      { numRuns: 25 },
    );
  }
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
