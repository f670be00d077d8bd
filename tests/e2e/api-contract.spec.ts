/**
 * Contract tests of the REST API against the running service: every operation of
 * /openapi/v2.json is called, and every request and answer (errors included) is checked
 * against the document. The document is the one the service serves, made from the same
 * schemas as the validation.
 */
import { ALL_PERMISSIONS, apiToken, call, Contract, registerApiUser, SHORT_HOST, type ApiUser } from "./api";
import { BASE_URL, expect, test } from "./fixtures";

let contract: Contract;
let owner: ApiUser;
let token: string;
const suffix = Date.now().toString(36).slice(-6);
const alias = `ct-${suffix}`;

test.beforeAll(async ({ request }) => {
  contract = await Contract.load(request);
  owner = await registerApiUser("pro");
  ({ token } = await apiToken(owner, { permissions: ALL_PERMISSIONS }));
});

test.afterAll(async () => {
  await owner?.session.dispose();
});

test("the document is served at /openapi/v2.json and names every endpoint of the API", async () => {
  expect(contract.operations().sort()).toEqual(
    [
      "DELETE /alias/{domain}/{alias}",
      "GET /alias/{domain}/{alias}",
      "GET /analytics/breakdown/{dimension}",
      "GET /analytics/general",
      "GET /analytics/timeline",
      "GET /urls/{type}",
      "GET /urls/{type}/count",
      "PATCH /archive",
      "PATCH /change",
      "PATCH /unarchive",
      "PATCH /update",
      "POST /bulk",
      "POST /create",
    ].sort(),
  );
  expect(contract.document.servers[0]!.url).toBe("/api");
});

test("a link's life through the API: create, read, update, change, archive, unarchive, list, count, delete", async ({ request }) => {
  const created = await call(request, contract, "POST /create", {
    token,
    body: { url: "https://example.com/contract", alias, tags: "launch, Spring 2027", description: "Contract test", expires_at: null },
  });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({
    code: 0,
    errors: [],
    data: { alias, domain: SHORT_HOST, url: "https://example.com/contract", tags: ["launch", "spring2027"], archived: false },
  });
  expect(created.body.data.tiny_url).toBe(created.body.data.short_url);

  // The short link works at once.
  const visit = await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe("https://example.com/contract");

  const taken = await call(request, contract, "POST /create", { token, body: { url: "https://example.com/again", alias } });
  expect(taken.status).toBe(422);
  expect(taken.body.errors.join(" ")).toMatch(/alias/);

  const invalid = await call(request, contract, "POST /create", { token, body: { url: "javascript:alert(1)" } });
  expect(invalid.status).toBe(422);
  expect(invalid.body.code).toBe(5);

  const read = await call(request, contract, "GET /alias/{domain}/{alias}", { token, params: { domain: SHORT_HOST, alias } });
  expect(read.status).toBe(200);
  expect(read.body.data.description).toBe("Contract test");

  const renamed = `${alias}-v2`;
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const updated = await call(request, contract, "PATCH /update", {
    token,
    body: { domain: SHORT_HOST, alias, new_alias: renamed, new_stats: true, tags: ["news"], expires_at: expiresAt, description: "Renamed" },
  });
  expect(updated.status).toBe(200);
  expect(updated.body.data).toMatchObject({ alias: renamed, tags: ["news"], description: "Renamed", expires_at: expiresAt });
  expect((await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0 })).status()).toBe(404);

  const gone = await call(request, contract, "GET /alias/{domain}/{alias}", { token, params: { domain: SHORT_HOST, alias } });
  expect(gone.status).toBe(404);

  const changed = await call(request, contract, "PATCH /change", {
    token,
    body: { domain: SHORT_HOST, alias: renamed, url: "https://example.com/changed" },
  });
  expect(changed.status).toBe(200);
  expect(changed.body.data.url).toBe("https://example.com/changed");
  expect((await request.get(`${BASE_URL}/${renamed}`, { maxRedirects: 0 })).headers().location).toBe("https://example.com/changed");

  const archived = await call(request, contract, "PATCH /archive", { token, body: { domain: SHORT_HOST, alias: renamed } });
  expect(archived.body.data).toMatchObject({ archived: true, status: "archived" });
  const archivedList = await call(request, contract, "GET /urls/{type}", {
    token,
    params: { type: "archived" },
    query: { search: renamed },
  });
  expect(archivedList.body.data.map((l: { alias: string }) => l.alias)).toEqual([renamed]);
  const archivedCount = await call(request, contract, "GET /urls/{type}/count", { token, params: { type: "archived" } });
  expect(archivedCount.body.data.count).toBe(1);

  const unarchived = await call(request, contract, "PATCH /unarchive", { token, body: { domain: SHORT_HOST, alias: renamed } });
  expect(unarchived.body.data).toMatchObject({ archived: false, status: "active" });

  const byTag = await call(request, contract, "GET /urls/{type}", { token, params: { type: "available" }, query: { tag: "news" } });
  expect(byTag.body.data.map((l: { alias: string }) => l.alias)).toEqual([renamed]);
  const tagCount = await call(request, contract, "GET /urls/{type}/count", {
    token,
    params: { type: "available" },
    query: { tag: "news" },
  });
  expect(tagCount.body.data.count).toBe(1);

  const deleted = await call(request, contract, "DELETE /alias/{domain}/{alias}", {
    token,
    params: { domain: SHORT_HOST, alias: renamed },
  });
  expect(deleted.body.data).toMatchObject({ deleted: true, status: "deleted" });
  const again = await call(request, contract, "DELETE /alias/{domain}/{alias}", { token, params: { domain: SHORT_HOST, alias: renamed } });
  expect(again.status).toBe(404);
});

test("bulk creation answers one result per link, in order, and lists are paged with a next link", async ({ request }) => {
  const prefix = `bk${suffix}`;
  const bulk = await call(request, contract, "POST /bulk", {
    token,
    body: {
      links: [
        { url: "https://example.com/b1", alias: `${prefix}-1`, tags: ["bulk"] },
        { url: "not a url" },
        { url: "https://example.com/b3", alias: `${prefix}-3`, tags: "bulk" },
      ],
    },
  });
  expect(bulk.status).toBe(200);
  expect(bulk.body.data.map((r: { index: number; created: boolean }) => [r.index, r.created])).toEqual([
    [0, true],
    [1, false],
    [2, true],
  ]);
  expect(bulk.body.data[1].errors[0]).toMatch(/^url: /);

  const first = await call(request, contract, "GET /urls/{type}", {
    token,
    params: { type: "available" },
    query: { search: `alias:${prefix}`, page: "1", per_page: "1" },
  });
  expect(first.body.meta).toMatchObject({ page: 1, per_page: 1, total: 2 });
  expect(first.body.data[0].alias).toBe(`${prefix}-3`); // newest first
  const next = new URL(first.body.meta.next);
  expect(next.pathname).toBe("/api/urls/available");
  const second = await call(request, contract, "GET /urls/{type}", {
    token,
    params: { type: "available" },
    query: Object.fromEntries(next.searchParams),
  });
  expect(second.body.data[0].alias).toBe(`${prefix}-1`);
  expect(second.body.meta.next).toBeNull();
});

test("analytics read the rollups: a visit shows in the timeline, the totals and the breakdowns", async ({ request }) => {
  const tracked = `an-${suffix}`;
  await call(request, contract, "POST /create", { token, body: { url: "https://example.com/analytics", alias: tracked } });
  const visit = await request.get(`${BASE_URL}/${tracked}`, {
    maxRedirects: 0,
    headers: { "accept-language": "de-DE,de;q=0.9", referer: "https://news.example.org/post" },
  });
  expect(visit.status()).toBe(302);
  const range = { domain: SHORT_HOST, alias: tracked };

  await expect
    .poll(async () => (await call(request, contract, "GET /analytics/general", { token, query: range })).body.data.totals.clicks, {
      timeout: 20_000,
      intervals: [500, 1000],
    })
    .toBe(1);

  const general = await call(request, contract, "GET /analytics/general", { token, query: range });
  expect(general.body.data.breakdowns.language.rows).toEqual([{ value: "de", clicks: 1 }]);

  for (const interval of ["hour", "day", "week", "month"]) {
    const timeline = await call(request, contract, "GET /analytics/timeline", { token, query: { ...range, interval } });
    expect(timeline.status).toBe(200);
    const total = timeline.body.data.timeline.reduce((sum: number, p: { clicks: number }) => sum + p.clicks, 0);
    expect(total, interval).toBe(1);
  }
  const hourly = await call(request, contract, "GET /analytics/timeline", { token, query: { ...range, interval: "hour" } });
  expect(hourly.body.data.timeline.length).toBeGreaterThanOrEqual(168); // 7 days by default, zero-filled

  for (const dimension of ["country", "referrer", "device", "browser", "os", "language"]) {
    const breakdown = await call(request, contract, "GET /analytics/breakdown/{dimension}", {
      token,
      params: { dimension },
      query: { ...range, limit: "5" },
    });
    expect(breakdown.status).toBe(200);
    expect(breakdown.body.data.dimension).toBe(dimension);
    expect(breakdown.body.data.rows.reduce((s: number, r: { clicks: number }) => s + r.clicks, 0) + breakdown.body.data.other).toBe(1);
  }

  const backwards = await call(request, contract, "GET /analytics/timeline", {
    token,
    query: { ...range, from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" },
  });
  expect(backwards.status).toBe(422);
  const tooLong = await call(request, contract, "GET /analytics/timeline", {
    token,
    query: { ...range, interval: "hour", from: new Date(Date.now() - 60 * 86_400_000).toISOString() },
  });
  expect(tooLong.status).toBe(422);
});

test("the token also travels as the api_token query value, and the answer carries the rate-limit headers", async ({ request }) => {
  const listed = await call(request, contract, "GET /urls/{type}/count", { token, via: "query", params: { type: "available" } });
  expect(listed.status).toBe(200);
  expect(Number(listed.response.headers()["x-ratelimit-limit"])).toBeGreaterThan(0);
  expect(listed.response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});

test("the API takes no cookie session: a signed-in browser without a token is refused, and a cross-site token call is not", async ({
  request,
}) => {
  const cookieOnly = await owner.session.get(`${BASE_URL}/api/urls/available/count`);
  expect(cookieOnly.status()).toBe(401);
  const withOrigin = await request.post(`${BASE_URL}/api/create`, {
    headers: { authorization: `Bearer ${token}`, origin: "https://elsewhere.example", "content-type": "application/json" },
    data: JSON.stringify({ url: "https://example.com/from-elsewhere" }),
  });
  expect(withOrigin.status()).toBe(200);
  expect(withOrigin.headers()["access-control-allow-origin"]).toBe("*");
});

test("every operation of the document was exercised, with success and error answers checked", () => {
  for (const key of contract.operations()) {
    const statuses = contract.exercised.get(key);
    expect(statuses, `${key} was called`).toBeDefined();
    expect([...statuses!], `${key} answered 200`).toContain(200);
  }
  const errorStatuses = new Set([...contract.exercised.values()].flatMap((s) => [...s]).filter((s) => s >= 400));
  expect([...errorStatuses].sort()).toEqual(expect.arrayContaining([404, 422]));
});
