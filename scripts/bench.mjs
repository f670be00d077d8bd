#!/usr/bin/env node
// npm run bench: measures, in one run on this machine,
//  1. redirects per second and p50/p99 latency of the redirect path through the front door
//     (the redirect worker, as npm start and production run it: isolate cache, KV, D1
//     fallback, clicks batched to the queue), against a bare worker answering a constant redirect. Both run the same way:
//     the Miniflare API on its own port, no `wrangler dev` proxy; wrk drives both.
//  2. whether every click of a run with an exact request count was counted once in D1.
//  3. the JavaScript (gzip) each public page ships.
//  4. bulk import: the time from uploading a 10,000-row CSV (POST /app/api/bulk/csv, as a Pro 5k
//     subscriber) until the import is finished (every row in D1, the user notified), and until
//     every new link is also in KV. `--no-bulk` skips it; BENCH_BULK_ROWS changes the row count.
//  5. API create throughput: links created a second through POST /api/create with a token
//     (every create checks the token, its rate window, the plan, the credits, then writes D1,
//     KV and the change feed), and that every 200 is a link in D1.
// Needs wrk (Debian package `wrk`). The redirect and bare rounds alternate (ABBA), the click
// pipeline settles after each redirect round, and the ratio is the median of each adjacent pair's
// ratio, so a slow spell of the machine lands on both sides.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { startRuntime } from "./runtime.mjs";

const args = new Set(process.argv.slice(2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
// 10 connections keep the runtime's one thread saturated (each side answers as many requests a
// second as at 50) without a queue of requests behind it: at 50, the runtime leaves some
// connection unread for seconds now and then, and its HTTP server closes every connection left
// waiting over 5 s, the bare worker's as much as ours (docs/decisions/018).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ALIASES = 10_000;
const ACCOUNTED_REQUESTS = Number(process.env.BENCH_ACCOUNTED ?? 20_000);
const BARE_PORT = 8911;
const APP_PORT = 8912;
const SHORT_HOST = "localhost:8787";
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);

if (spawnSync("wrk", ["-v"]).error) {
  console.error("npm run bench needs wrk: apt-get install -y wrk");
  process.exit(1);
}

if (!args.has("--no-build")) {
  const build = spawnSync("node_modules/.bin/react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// The two runtimes, both through the Miniflare API on their own ports.

const bare = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: BARE_PORT,
    cf: false,
    workers: [
      {
        name: "bare",
        modules: true,
        compatibilityDate: "2026-10-01",
        script: `export default { fetch() { return new Response(null, { status: 302, headers: { location: "https://example.com/" } }); } };`,
      },
    ],
  }),
);
// The local D1, KV and queue state lives in memory-backed storage when the machine has it: on
// this VM's disk, SQLite's fsyncs stall workerd's one thread for seconds, which production's
// remote D1 and KV never do to a worker (docs/decisions/002). BENCH_STATE_ROOT overrides.
const STATE_ROOT = process.env.BENCH_STATE_ROOT ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
const state = join(STATE_ROOT, `snip-bench-${process.pid}`);
const app = await startRuntime({ port: APP_PORT, persist: state, verbose: !!process.env.BENCH_VERBOSE, crons: false });
await bare.ready;

// ---------------------------------------------------------------------------------------------
// Data: migrations, 10,000 links for the throughput runs and 100 for the accounting run.

const db = await app.getD1Database("DB", "snip-app");
await db.prepare("SELECT 1").run();
for (const file of readdirSync("db/migrations")
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  for (const sql of readFileSync(join("db/migrations", file), "utf8").split("--> statement-breakpoint")) {
    if (sql.trim()) await db.prepare(sql).run();
  }
}

function makeLinks(prefix, count) {
  return Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), alias: `${prefix}${i.toString(36).padStart(4, "0")}` }));
}
const loadLinks = makeLinks("bench", ALIASES);
const countedLinks = makeLinks("count", 100);
const now = Date.now();
for (let i = 0; i < loadLinks.length + countedLinks.length; i += 12) {
  const rows = [...loadLinks, ...countedLinks].slice(i, i + 12);
  await db
    .prepare(
      `INSERT INTO links (id, domain, alias, url, status, created_at, updated_at) VALUES ${rows.map(() => "(?,?,?,?,'active',?,?)").join(",")}`,
    )
    .bind(...rows.flatMap((r) => [r.id, SHORT_HOST, r.alias, `https://example.com/${r.alias}?src=bench`, now, now]))
    .run();
}

// A deleted link: its answer is a 302 to /app/deleted without a body and without a click, the
// accounting run's filler once its budget is spent.
const GONE_ALIAS = "gone0000";
const goneId = crypto.randomUUID();
await db
  .prepare("INSERT INTO links (id, domain, alias, url, status, created_at, updated_at) VALUES (?,?,?,?,'deleted',?,?)")
  .bind(goneId, SHORT_HOST, GONE_ALIAS, "https://example.com/gone", now, now)
  .run();

// KV holds every link, as the app's write-through leaves it after a create.
const kv = await app.getKVNamespace("LINKS", "snip-app");
const all = [...loadLinks, ...countedLinks];
for (let i = 0; i < all.length; i += 100) {
  await Promise.all(
    all
      .slice(i, i + 100)
      .map((l) =>
        kv.put(
          `link:${SHORT_HOST}/${l.alias}`,
          JSON.stringify({ id: l.id, url: `https://example.com/${l.alias}?src=bench`, status: "active", expiresAt: null }),
        ),
      ),
  );
}
await kv.put(
  `link:${SHORT_HOST}/${GONE_ALIAS}`,
  JSON.stringify({ id: goneId, url: "https://example.com/gone", status: "deleted", expiresAt: null }),
);

// ---------------------------------------------------------------------------------------------
// wrk

const work = join(state, "wrk");
mkdirSync(work, { recursive: true });
function luaAliases(links) {
  return `local aliases = {${links.map((l) => `"/${l.alias}"`).join(",")}}\n`;
}
const randomScript = join(work, "random.lua");
writeFileSync(
  randomScript,
  `${luaAliases(loadLinks)}
math.randomseed(os.time())
request = function() return wrk.format("GET", aliases[math.random(#aliases)]) end
`,
);
// Every alias once, in order: the warm-up that fills the isolate cache.
const sequentialScript = join(work, "sequential.lua");
writeFileSync(
  sequentialScript,
  `${luaAliases(loadLinks)}
local i = 0
request = function() i = i + 1; return wrk.format("GET", aliases[(i % #aliases) + 1]) end
`,
);
// Exactly BUDGET redirects, then a path that counts no click (a deleted link: a 302 to
// /app/deleted), so that the run ends with nothing in flight that could be counted without wrk
// seeing it. The filler is as cheap as a redirect: no body, no click.
const accountingScript = join(work, "accounting.lua");
writeFileSync(
  accountingScript,
  `${luaAliases(countedLinks)}
local budget = ${ACCOUNTED_REQUESTS}
sent, redirects, others = 0, 0, 0
request = function()
  sent = sent + 1
  if sent <= budget then return wrk.format("GET", aliases[(sent % #aliases) + 1]) end
  return wrk.format("GET", "/${GONE_ALIAS}")
end
response = function(status, headers)
  local location = headers["location"] or headers["Location"] or ""
  if status ~= 302 then others = others + 1
  elseif not string.find(location, "/app/deleted", 1, true) then redirects = redirects + 1 end
end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function()
  local r, o = 0, 0
  for _, t in ipairs(threads) do r = r + t:get("redirects"); o = o + t:get("others") end
  io.write(string.format("ACCOUNTING %d %d\\n", r, o))
end
`,
);

// wrk's timeout only decides which answers it leaves out of the latency figures (and counts as
// "timeout"): a generous one keeps every slow answer in p99 and max instead of hiding it.
function wrk(url, script, seconds, { connections = CONNECTIONS, timeout = "15s" } = {}) {
  const out = spawnSync("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, `--timeout`, timeout, "--latency", "-s", script, url], {
    encoding: "utf8",
  });
  const text = out.stdout + out.stderr;
  const num = (re) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : 0;
  };
  const ms = (label) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(text);
    if (!m) return NaN;
    return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
  };
  const max = /Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)/.exec(text);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    requests: num(/(\d+) requests in/),
    p50: ms("50"),
    p99: ms("99"),
    max: max ? Number(max[1]) * (max[2] === "us" ? 0.001 : max[2] === "s" ? 1000 : 1) : NaN,
    socketErrors: socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    errors: num(/Non-2xx or 3xx responses: (\d+)/) + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
    accounting: /ACCOUNTING (\d+) (\d+)/.exec(text)?.slice(1).map(Number),
    text,
  };
}

// The binding proxies talk to workerd over keep-alive sockets that can close while wrk runs; retry once.
async function query(sql, ...params) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .prepare(sql)
        .bind(...params)
        .first();
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const BARE_URL = `http://127.0.0.1:${BARE_PORT}`;
const APP_URL = `http://localhost:${APP_PORT}`;

// Warm-up: isolates, KV filled from D1 for every alias.
wrk(BARE_URL, randomScript, 3);
wrk(APP_URL, sequentialScript, 8);
wrk(APP_URL, randomScript, 3);
await settleClicks();

// The click pipeline's trailing work of a redirect round (the consumer's last batches) would
// otherwise run during the next round and slow whichever side that is: wait until the rollups stop
// growing.
async function settleClicks() {
  let last = -1;
  let steady = 0;
  const until = Date.now() + 60_000;
  while (Date.now() < until && steady < 2) {
    const { n } = await query("SELECT COALESCE(SUM(clicks + bot_clicks), 0) AS n FROM click_hourly");
    steady = n === last ? steady + 1 : 0;
    last = n;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// Rounds alternate bare/redirect, redirect/bare, ... so that neither side always goes first.
const bareRuns = [];
const appRuns = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ["bare", "app"] : ["app", "bare"];
  for (const side of order) {
    if (side === "bare") bareRuns.push(wrk(BARE_URL, randomScript, DURATION_S));
    else {
      appRuns.push(wrk(APP_URL, randomScript, DURATION_S));
      await settleClicks();
    }
  }
}

// Accounting run: an exact number of redirects, then every click must be in D1 once.
// A generous client timeout: a response wrk gave up on would be a click it did not see.
const accounting = wrk(APP_URL, accountingScript, Math.max(20, Math.ceil(ACCOUNTED_REQUESTS / 1000) + 10), { timeout: "15s" });
if (process.env.BENCH_DEBUG) console.log(bareRuns[0].text, appRuns[0].text, accounting.text);
const [answered, unexpected] = accounting.accounting ?? [0, -1];
const ids = countedLinks.map((l) => l.id);
const inList = ids.map(() => "?").join(",");
const accountingEnded = Date.now();
const rollupSql = `SELECT COALESCE(SUM(clicks + bot_clicks), 0) AS n FROM click_hourly WHERE link_id IN (${inList})`;
let drainedAfterMs = NaN;
const deadline = Date.now() + 90_000;
while (Date.now() < deadline) {
  if ((await query(rollupSql, ...ids)).n >= answered) {
    drainedAfterMs = Date.now() - accountingEnded;
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
await new Promise((r) => setTimeout(r, 2000)); // anything counted twice would show up now
// Link by link: request n of the script goes to link n mod 100. wrk calls request() once before it
// sends anything (so 19,999 of a 20,000 budget are answered): the answered ones are n = first..budget.
const perLink = await db
  .prepare(`SELECT link_id AS id, SUM(clicks + bot_clicks) AS n FROM click_hourly WHERE link_id IN (${inList}) GROUP BY link_id`)
  .bind(...ids)
  .all();
const countOf = new Map(perLink.results.map((r) => [r.id, r.n]));
const rolledUp = perLink.results.reduce((sum, r) => sum + r.n, 0);
const expectedOf = new Array(countedLinks.length).fill(0);
for (let n = ACCOUNTED_REQUESTS - answered + 1; n <= ACCOUNTED_REQUESTS; n++) expectedOf[n % countedLinks.length]++;
const linksOff = countedLinks.filter((l, i) => (countOf.get(l.id) ?? 0) !== expectedOf[i]).length;
const dead = await query("SELECT COUNT(*) AS n FROM dead_letters");

// ---------------------------------------------------------------------------------------------
// JavaScript per public page: the module scripts and modulepreloads each page's HTML references.

const PUBLIC_PAGES = [
  "/",
  "/app/my-urls",
  "/app/my-urls/clear-history",
  "/app/features/link-management",
  "/app/features/custom-links",
  "/app/features/branded-domains",
  "/app/features/link-analytics",
  "/app/features/free-domains",
  "/app/features/how-snip-works",
  "/app/features/about-us",
  "/app/terms",
  "/app/cookies-policy",
  "/app/privacy-policy",
  "/app/data-processing-agreement",
  "/app/enterprise-terms",
  "/app/service-level-agreement",
  "/app/supplemental-terms",
  "/app/careers/fullstack-developer",
  "/app/deleted",
  "/app/affiliate-link",
  "/app/unsubscribe",
];
const gzipCache = new Map();
function gzipSize(path) {
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(join("build/client", path))).length);
  return gzipCache.get(path);
}
const pages = [];
for (const page of PUBLIC_PAGES) {
  const html = await (await fetch(`${APP_URL}${page}`)).text();
  const scripts = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(m[1]);
  const bytes = [...scripts].filter((s) => existsSync(join("build/client", s))).reduce((sum, s) => sum + gzipSize(s), 0);
  pages.push({ page, files: scripts.size, gzipBytes: bytes });
}

// ---------------------------------------------------------------------------------------------
// Bulk import (optional: --no-bulk): a 10,000-row CSV through the running service, as a user
// uploads it, timed until the import is finished and until its links are all in KV.

let bulk = null;
if (!args.has("--no-bulk")) {
  const origin = { origin: APP_URL };
  const cookies = new Map();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const keepCookies = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const email = `bench-${process.pid}@example.com`;
  const register = await fetch(`${APP_URL}/app/register`, {
    method: "POST",
    redirect: "manual",
    headers: origin,
    body: new URLSearchParams({ name: "Bench", email, password: "bench-password-123" }),
  });
  keepCookies(register);
  const fixture = await fetch(`${APP_URL}/__dev/fixtures`, {
    method: "POST",
    headers: { ...origin, cookie: cookieHeader(), "content-type": "application/json" },
    body: JSON.stringify({ action: "subscription", email, plan: "pro5k" }),
  });
  if (!fixture.ok) throw new Error(`bench: subscription fixture answered ${fixture.status}`);
  const lines = ["url,tags,description"];
  for (let i = 0; i < BULK_ROWS; i++) lines.push(`https://example.com/bulk/${i}?src=bench,bench,Row ${i}`);
  const form = new FormData();
  form.set("file", new Blob([lines.join("\n")], { type: "text/csv" }), "bench.csv");
  form.set("withHeader", "true");
  const started = Date.now();
  const upload = await fetch(`${APP_URL}/app/api/bulk/csv`, { method: "POST", headers: { ...origin, cookie: cookieHeader() }, body: form });
  const uploadMs = Date.now() - started;
  const answer = await upload.json();
  if (answer.total !== BULK_ROWS) throw new Error(`bench: bulk upload answered ${upload.status} ${JSON.stringify(answer)}`);
  let importedMs = null;
  let publishedMs = null;
  const bulkDeadline = Date.now() + 10 * 60_000;
  while (Date.now() < bulkDeadline && publishedMs === null) {
    const row = await query("SELECT id, status, created, refused FROM bulk_imports ORDER BY created_at DESC LIMIT 1");
    if (row?.status === "done" && importedMs === null) {
      importedMs = Date.now() - started;
      bulk = { rows: BULK_ROWS, uploadMs, created: row.created, refused: row.refused };
    }
    if (importedMs !== null) {
      const pending = await query(
        "SELECT COUNT(*) AS n FROM bulk_import_rows WHERE import_id = ? AND status = 'created' AND published = 0",
        row.id,
      );
      if (pending.n === 0) publishedMs = Date.now() - started;
    }
    if (publishedMs === null) await new Promise((r) => setTimeout(r, 250));
  }
  bulk = { ...(bulk ?? { rows: BULK_ROWS, uploadMs }), importedMs, publishedMs };
}
// API create throughput: a user on an unlimited plan, a token without a practical rate limit.

const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const API_CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const apiEmail = `bench-api-${process.pid}@example.com`;
const registered = await fetch(`${APP_URL}/app/register`, {
  method: "POST",
  headers: { origin: APP_URL, "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ name: "Bench API", email: apiEmail, password: "bench-api-password" }),
  redirect: "manual",
});
if (registered.status !== 302) throw new Error(`bench: sign-up for the API run answered ${registered.status}`);
async function devFixture(body) {
  const response = await fetch(`${APP_URL}/__dev/fixtures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`bench: fixture ${body.action} answered ${response.status}: ${await response.text()}`);
  return (await response.json()).data;
}
await devFixture({ action: "subscription", email: apiEmail, plan: "enterprise" });
const { token: apiTokenValue, userId: apiUserId } = await devFixture({
  action: "api-token",
  email: apiEmail,
  permissions: ["create"],
  rateLimitPerMinute: 1_000_000,
});
const apiScript = join(work, "api-create.lua");
writeFileSync(
  apiScript,
  `wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer ${apiTokenValue}"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/api/create", nil, '{"url":"https://example.com/bench-api/' .. n .. '-' .. math.random(1e9) .. '"}')
end
ok, others = 0, 0
response = function(status)
  if status == 200 then ok = ok + 1 else others = others + 1 end
end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function()
  local o, x = 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); x = x + t:get("others") end
  io.write(string.format("ACCOUNTING %d %d\\n", o, x))
end
`,
);
const apiRun = wrk(APP_URL, apiScript, API_SECONDS, { connections: API_CONNECTIONS, timeout: "10s" });
const [apiOk, apiOther] = apiRun.accounting ?? [0, -1];
const apiStored = await query("SELECT COUNT(*) AS n FROM links WHERE user_id = ?", apiUserId);
if (process.env.BENCH_DEBUG) console.log(apiRun.text);

// ---------------------------------------------------------------------------------------------
// Analytics page over a link with a million clicks in its rollups: 721 hours of 1,400 clicks
// (1,009,400) and 40 values per dimension and hour (173,040 breakdown rows, mirrored per day by
// the daily trigger). The page is fetched by its owner, one request at a time; the figure is the
// whole server answer (loader queries and the server-rendered charts), measured by the client.

const ANALYTICS_REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 20);
const analyticsEmail = `bench-analytics-${process.pid}@example.com`;
const analyticsSignup = await fetch(`${APP_URL}/app/register`, {
  method: "POST",
  headers: { origin: APP_URL, "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ name: "Bench Analytics", email: analyticsEmail, password: "bench-analytics-password" }),
  redirect: "manual",
});
const analyticsCookie = analyticsSignup.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
await devFixture({ action: "subscription", email: analyticsEmail, plan: "enterprise" });
const analyticsUser = await query("SELECT id FROM users WHERE email = ?", analyticsEmail);
const bigLink = { id: crypto.randomUUID(), alias: `million${process.pid}` };
await db
  .prepare("INSERT INTO links (id, domain, alias, url, status, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?)")
  .bind(bigLink.id, SHORT_HOST, bigLink.alias, "https://example.com/million", analyticsUser.id, Date.now(), Date.now())
  .run();
const nowHour = Math.floor(Date.now() / 3_600_000);
await db
  .prepare(
    `WITH RECURSIVE h(hour) AS (SELECT ? UNION ALL SELECT hour + 1 FROM h WHERE hour < ?)
     INSERT INTO click_hourly (link_id, hour, clicks, uniques, bot_clicks) SELECT ?, hour, 1400, 900, 50 FROM h`,
  )
  .bind(nowHour - 720, nowHour, bigLink.id)
  .run();
await db
  .prepare(
    `WITH RECURSIVE h(hour) AS (SELECT ? UNION ALL SELECT hour + 1 FROM h WHERE hour < ?),
          v(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM v WHERE n < 40),
          d(dimension) AS (VALUES ('country'), ('referrer'), ('device'), ('browser'), ('os'), ('language'))
     INSERT INTO click_dimensions (link_id, hour, dimension, value, clicks)
     SELECT ?, hour, dimension, 'v' || n, 35 FROM h, v, d`,
  )
  .bind(nowHour - 720, nowHour, bigLink.id)
  .run();
const analyticsTimes = {};
const expectedTotals = { last_24_hour: "35,000", last_30_days: "1,009,400" };
for (const [period, total] of Object.entries(expectedTotals)) {
  const times = [];
  for (let i = 0; i < ANALYTICS_REQUESTS + 2; i++) {
    const started = performance.now();
    const page = await fetch(`${APP_URL}/app/analytics/${bigLink.alias}?period=${period}`, { headers: { cookie: analyticsCookie } });
    const html = await page.text();
    if (page.status !== 200 || !html.includes(total))
      throw new Error(`bench: analytics page answered ${page.status} without the total ${total}: ${html.slice(0, 4000)}`);
    if (i >= 2) times.push(performance.now() - started); // the first two warm the isolate
  }
  analyticsTimes[period] = { p50: median(times), max: Math.max(...times) };
}

await Promise.all([bare.dispose(), app.dispose()]);
rmSync(state, { recursive: true, force: true }); // memory-backed: give it back

// ---------------------------------------------------------------------------------------------
// Report

const bareRps = median(bareRuns.map((r) => r.rps));
const appRps = median(appRuns.map((r) => r.rps));
const throughputErrors = [...appRuns, ...bareRuns].reduce((a, r) => a + r.errors, 0);
const errors = throughputErrors + Math.max(0, unexpected) + accounting.socketErrors;
const pairRatios = appRuns.map((r, i) => r.rps / bareRuns[i].rps);
const ratio = median(pairRatios);
const everyClickOnce = answered > 0 && rolledUp === answered && linksOff === 0;
const fmt = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });

console.log(
  `\nSnip benchmark — ${new Date().toISOString()} — wrk -t1 -c${CONNECTIONS}, ${ROUNDS} rounds of ${DURATION_S}s a side, medians`,
);
console.log(
  `random alias out of ${fmt(ALIASES)}, Miniflare API (no wrangler dev proxy), local state in ${STATE_ROOT}, ` +
    `rounds alternate bare/redirect and redirect/bare, this machine\n`,
);
console.log(
  `bare worker, constant 302     ${fmt(bareRps).padStart(7)} req/s   p50 ${median(bareRuns.map((r) => r.p50)).toFixed(2)} ms   p99 ${median(bareRuns.map((r) => r.p99)).toFixed(2)} ms   max ${Math.max(...bareRuns.map((r) => r.max)).toFixed(0)} ms`,
);
console.log(
  `redirect path (front door)    ${fmt(appRps).padStart(7)} req/s   p50 ${median(appRuns.map((r) => r.p50)).toFixed(2)} ms   p99 ${median(appRuns.map((r) => r.p99)).toFixed(2)} ms   max ${Math.max(...appRuns.map((r) => r.max)).toFixed(0)} ms`,
);
console.log(`  rounds (req/s): bare ${bareRuns.map((r) => fmt(r.rps)).join(", ")}; redirect ${appRuns.map((r) => fmt(r.rps)).join(", ")}`);
console.log(`  ratio per round: ${pairRatios.map((r) => r.toFixed(2)).join(", ")}; ratio of the medians ${(appRps / bareRps).toFixed(2)}`);
console.log(`redirect ratio ${ratio.toFixed(2)} (median of the rounds; target at least 0.85)`);
console.log(`errors ${errors}`);
console.log(
  `  (throughput runs: ${throughputErrors}; accounting run at ${fmt(accounting.rps)} req/s: ${Math.max(0, unexpected)} unexpected statuses, ${accounting.socketErrors} socket errors${accounting.socketErrors ? ` — ${/Socket errors:[^\n]*/.exec(accounting.text)?.[0]}` : ""})`,
);
console.log(
  `clicks: ${fmt(answered)} redirects answered in the accounting run, ${fmt(rolledUp)} in the rollups, ${linksOff} of 100 links off their exact count, ${dead.n} dead-lettered — ` +
    (everyClickOnce ? "every click counted once" : "MISMATCH: clicks lost or counted twice"),
);
console.log(`  the last click of the accounting run was in the rollups ${(drainedAfterMs / 1000).toFixed(1)} s after the run ended`);
console.log(`\nJavaScript shipped per public page (gzip):`);
for (const p of pages) console.log(`  ${p.page.padEnd(36)} ${(p.gzipBytes / 1024).toFixed(1).padStart(6)} kB  (${p.files} files)`);
if (bulk) {
  const secs = (ms) => (ms === null ? "not within 10 min" : `${(ms / 1000).toFixed(1)} s`);
  console.log(`\nBulk import of a ${fmt(bulk.rows)}-row CSV through the service (upload answered in ${secs(bulk.uploadMs)}):`);
  console.log(
    `  finished (${fmt(bulk.created ?? 0)} created, ${fmt(bulk.refused ?? 0)} refused; user notified) ${secs(bulk.importedMs)} after the upload began`,
  );
  console.log(`  every new link also in KV ${secs(bulk.publishedMs)} after the upload began`);
}

console.log(`\nAPI create throughput (POST /api/create with a bearer token, wrk -c${API_CONNECTIONS}, ${API_SECONDS}s)`);
console.log(
  `  ${fmt(apiRun.rps).padStart(7)} links/s   p50 ${apiRun.p50.toFixed(2)} ms   p99 ${apiRun.p99.toFixed(2)} ms   ` +
    `${fmt(apiOk)} created, ${apiOther} other answers, ${apiRun.socketErrors} socket errors; ${fmt(apiStored.n)} links in D1 — ` +
    // Requests still in flight when wrk stops are answered to nobody: at most one a connection.
    (apiStored.n >= apiOk && apiStored.n - apiOk <= API_CONNECTIONS
      ? `every 200 is a stored link (${apiStored.n - apiOk} more were in flight when wrk stopped)`
      : "MISMATCH between answers and stored links"),
);

console.log(
  `\nAnalytics page of a link with 1,009,400 clicks in its rollups (owner, ${ANALYTICS_REQUESTS} requests a period, one at a time)`,
);
for (const [period, t] of Object.entries(analyticsTimes))
  console.log(`  ${period.padEnd(14)} p50 ${t.p50.toFixed(1)} ms   max ${t.max.toFixed(1)} ms`);

mkdirSync("bench-results", { recursive: true });
writeFileSync(
  "bench-results/latest.json",
  JSON.stringify(
    {
      at: new Date().toISOString(),
      bareRps,
      appRps,
      ratio,
      pairRatios,
      errors,
      answered,
      drainedAfterMs,
      linksOff,
      rollup: rolledUp,
      everyClickOnce,
      pages,
      bulk,
      analytics: analyticsTimes,
      api: { createRps: apiRun.rps, p50: apiRun.p50, p99: apiRun.p99, created: apiOk, otherAnswers: apiOther, stored: apiStored.n },
      bareRuns: bareRuns.map(({ text: _t, ...r }) => r),
      appRuns: appRuns.map(({ text: _t, ...r }) => r),
    },
    null,
    2,
  ),
);
process.exit(0);
