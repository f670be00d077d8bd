#!/usr/bin/env node
// npm run bench: measures, in one run on this machine,
//  1. redirects per second and p50/p99 latency of the redirect path through the front door
//     (the redirect worker, as npm start and production run it: isolate cache, KV, D1
//     fallback, clicks batched to the queue and counted by the clicks consumer, which runs in a
//     runtime of its own as production runs it on other machines, docs/decisions/058;
//     BENCH_ONE_RUNTIME=1 puts it back on the service's thread),
//     each side by side with a bare worker answering a constant redirect, on four paths:
//       - cached, human traffic: links in the isolate cache, visited by people (browsers'
//         User-Agents and the rest of their navigation headers, the edge's headers, referrers,
//         languages, countries, addresses; about one in ten a bot), so
//         the clicks consumer parses, hashes visitors and writes breakdowns during the rounds;
//       - cached, bot traffic: the same links, wrk's bare requests (no User-Agent), as before;
//       - KV: every request an alias the isolate does not hold (a walk through more aliases
//         than its cache holds, so each is a KV read), human traffic;
//       - D1 fallback: every request an alias missing from KV (read from D1, then written to
//         KV), human traffic;
//     and an overload figure at 50 connections (cached, human traffic) with its errors.
//     Both sides run the same way (the Miniflare API on its own port, no `wrangler dev` proxy)
//     and get the same wrk script. The two sides alternate (ABBA), the click pipeline settles
//     after each redirect round, and a path's ratio is the median of its per-round ratios
//     (the mean of the two middle ones for an even count).
//  2. whether every click of a run with an exact request count (human traffic with bots mixed
//     in) was counted once in D1: clicks, bot clicks, unique visitors and every breakdown.
//  3. the JavaScript (gzip) each public page ships, and `/` and `/dashboard` signed in, with their largest modules.
//  4. bulk import: the time from uploading a 10,000-row CSV (POST /app/api/bulk/csv, as a Pro 5k
//     subscriber) until the import is finished (every row in D1, the user notified), and until
//     every new link is also in KV. `--no-bulk` skips it; BENCH_BULK_ROWS changes the row count.
//  5. API create throughput: links created a second through POST /api/create with a token.
//  6. the analytics page of a link with a million clicks in its rollups.
// A quarter of the measured links (every fourth alias) carry three redirect routes (language,
// device type, country; docs/decisions/037), so the redirect paths include rule evaluation and
// its User-Agent classification, and the accounting run checks the route breakdown too.
// Every run writes its figures to bench-results/<time>.json; `node scripts/bench-table.mjs`
// (run at the end) rewrites README's bench table from the newest. `--check` exits 1 when a target
// is missed. `--redirects-only` measures the redirect paths and the accounting run only.
// `--js-only` measures only part 3 (scripts/bench-js.mjs), on a service of its own, and writes nothing;
// with `--check` it exits 1 when a budgeted page ships more than 90 kB (issue 15).
// Needs wrk (Debian package `wrk`).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { describeClick } from "../domain/click-facts.ts";
import { pickRoute } from "../domain/redirect-routes.ts";
import { VISITORS, accountingVisit, trafficLua, userAgents, visitPayload, visitorIp, visitors } from "./bench-traffic.mjs";
import { builtWorker, startRuntime } from "./runtime.mjs";
import { javaScriptTargets, measureJavaScript, measureJavaScriptOnly, printJavaScript } from "./bench-js.mjs";

const args = new Set(process.argv.slice(2));
const CHECK = args.has("--check");
const REDIRECTS_ONLY = args.has("--redirects-only");
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const ROUNDS = env("BENCH_ROUNDS", 8); // cached, human traffic: the headline ratio
const PATH_ROUNDS = env("BENCH_PATH_ROUNDS", 4); // bot traffic, KV, D1
const OVERLOAD_ROUNDS = env("BENCH_OVERLOAD_ROUNDS", 2);
const DURATION_S = env("BENCH_SECONDS", 8);
const PATH_DURATION_S = env("BENCH_PATH_SECONDS", DURATION_S); // the rounds of the other paths
// 10 connections keep the runtime's one thread saturated without a queue of requests behind it
// (docs/decisions/018); 50 is the overload figure.
const CONNECTIONS = env("BENCH_CONNECTIONS", 10);
const OVERLOAD_CONNECTIONS = env("BENCH_OVERLOAD_CONNECTIONS", 50);
const CACHED_ALIASES = 10_000;
// The isolate cache's capacity, read from the redirect worker's source.
const LINK_CACHE_CAPACITY = Number(
  /LINK_CACHE_CAPACITY = ([\d_]+)/.exec(readFileSync("workers/redirect/src/lookup.ts", "utf8"))[1].replaceAll("_", ""),
);
// The KV walk goes through more aliases than the isolate cache holds: an LRU walked in a cycle
// longer than its capacity never finds the next alias, so every request reads KV.
const KV_ALIASES = LINK_CACHE_CAPACITY + 14_000;
// The D1 walk never comes back to an alias (each one visited is in KV afterwards).
const D1_ALIASES = env("BENCH_D1_ALIASES", 150_000);
const ACCOUNTED_REQUESTS = env("BENCH_ACCOUNTED", 20_000);
const COUNTED_LINKS = 100;
// Ports of their own, clear of the 8787-8799 range the service and its tests use.
const BARE_PORT = env("BENCH_BARE_PORT", 8911);
const APP_PORT = env("BENCH_APP_PORT", 8912);
const FLOOR_PORT = env("BENCH_FLOOR_PORT", 8913);
const SHORT_HOST = "localhost:8787"; // the redirect worker's SHORT_HOST: a stored domain, not a port in use
// The measured links are spread over three short hosts (docs/decisions/035), alias number i on
// host i % 3: the default host (asked for as localhost:APP_PORT, a loopback host of this local run),
// an extra common short domain (SHORT_DOMAINS) and a verified branded domain (its KV host record).
// BENCH_PLAIN=1, the comparison run: every link on the default host and none with redirect
// routes, so that what the three hosts and the routes cost shows against the same machine.
const PLAIN = process.env.BENCH_PLAIN === "1";
const EXTRA_HOST = "go.bench.example";
const BRANDED_HOST = "links.bench-brand.example";
const STORED_HOSTS = PLAIN ? [SHORT_HOST, SHORT_HOST, SHORT_HOST] : [SHORT_HOST, EXTRA_HOST, BRANDED_HOST];
const storedHostOf = (i) => STORED_HOSTS[i % STORED_HOSTS.length];
const BULK_ROWS = env("BENCH_BULK_ROWS", 10_000);
const TARGETS = { cachedHuman: 0.85, kv: 0.5, analyticsP50Ms: 100 };

if (args.has("--js-only")) {
  const measured = await measureJavaScriptOnly(APP_PORT);
  // With --check: exits 1 when a page is over its JavaScript budget (issue 15).
  const over = javaScriptTargets(measured).filter((t) => !t.met);
  for (const t of over) console.log(`  missed: ${t.name} (target ${t.target}, measured ${t.value})`);
  process.exit(CHECK && over.length > 0 ? 1 : 0);
}

if (spawnSync("wrk", ["-v"]).error) {
  console.error("npm run bench needs wrk: apt-get install -y wrk");
  process.exit(1);
}
for (const port of [BARE_PORT, APP_PORT, FLOOR_PORT]) {
  const free = await new Promise((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
  if (!free) {
    console.error(`npm run bench: port ${port} is taken (BENCH_BARE_PORT / BENCH_APP_PORT / BENCH_FLOOR_PORT choose others)`);
    process.exit(1);
  }
}
const loadBefore = loadavg();
const startedAt = Date.now();
/** Progress on stderr: a long run says where it is. */
const progress = (what) => console.error(`bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s: ${what}`);

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

// ---------------------------------------------------------------------------------------------
// Data: migrations; links for the cached rounds, the KV walk, the D1 walk, and the accounting run.
// Written before the service starts, by a seeding worker with the redirect worker's D1 and KV
// bindings on the same state folder: a KV write through Miniflare's binding proxy from here costs
// about 3 ms, one inside workerd a fraction of that.

const {
  modules: _m,
  modulesRoot: _r,
  serviceBindings: _s,
  queueProducers: _q,
  queueConsumers: _c,
  ...stores
} = builtWorker("dist/snip_redirect/wrangler.json");
// Redirect routes on every ROUTED_EVERY-th link: three rules, the KV record's compact form.
const ROUTED_EVERY = PLAIN ? 0 : 4;
const benchRoutes = (a) => [
  ["fr", "l", ["fr"], "https://example.fr/" + a + "?src=bench"],
  ["tab", "d", ["tablet"], "https://example.com/tablet/" + a + "?src=bench"],
  ["jp", "c", ["JP"], "https://example.jp/" + a + "?src=bench"],
];
const ROUTES_JS = `((a) => ${JSON.stringify(benchRoutes("A")).replace(/"([^"]*)A\?src=bench"/g, '"$1" + a + "?src=bench"')})`;
const seeder = new Miniflare(
  convertV4MiniflareOptions({
    cf: false,
    resourcePersistencePath: join(state, "v3"),
    workers: [
      {
        ...stores,
        name: "bench-seed",
        modules: true,
        script: `export default {
  async fetch(request, env) {
    const { prefix, from, to, hosts } = await request.json();
    const alias = (i) => prefix + String(i).padStart(6, "0");
    for (let i = from; i < to; i += 200) {
      const puts = [];
      for (let j = i; j < Math.min(to, i + 200); j++)
        puts.push(env.LINKS.put("link:" + hosts[j % hosts.length] + "/" + alias(j), JSON.stringify({ id: "bench-" + alias(j), url: "https://example.com/" + alias(j) + "?src=bench", status: "active", expiresAt: null, ...(${ROUTED_EVERY} > 0 && j % ${ROUTED_EVERY} === 0 ? { routes: ${ROUTES_JS}(alias(j)) } : {}) })));
      await Promise.all(puts);
    }
    return new Response("ok");
  },
};`,
      },
    ],
  }),
);
const seedDb = await seeder.getD1Database("DB", "bench-seed");
for (const file of readdirSync("db/migrations")
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  for (const sql of readFileSync(join("db/migrations", file), "utf8").split("--> statement-breakpoint")) {
    if (sql.trim()) await seedDb.prepare(sql).run();
  }
}

// Aliases are a prefix and a zero-padded number, so wrk's scripts compute them.
const alias = (prefix, i) => `${prefix}${String(i).padStart(6, "0")}`;
const linkId = (prefix, i) => `bench-${alias(prefix, i)}`;
const now = Date.now();
async function insertLinks(prefix, count) {
  await seedDb
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO links (id, domain, alias, url, status, routes, routes_on, created_at, updated_at)
       SELECT 'bench-' || a, CASE i % 3 WHEN 0 THEN ? WHEN 1 THEN ? ELSE ? END, a, 'https://example.com/' || a || '?src=bench', 'active',
         CASE WHEN ? > 0 AND i % ? = 0 THEN replace(?, 'ALIAS', a) END, ? > 0 AND i % ? = 0, ?, ?
       FROM (SELECT ? || printf('%06d', i) AS a, i FROM n)`,
    )
    .bind(
      count - 1,
      ...STORED_HOSTS,
      ROUTED_EVERY,
      ROUTED_EVERY,
      JSON.stringify(benchRoutes("ALIAS")),
      ROUTED_EVERY,
      ROUTED_EVERY,
      now,
      now,
      prefix,
    )
    .run();
}
progress("built; seeding D1");
await insertLinks("c", CACHED_ALIASES);
await insertLinks("k", KV_ALIASES);
await insertLinks("d", D1_ALIASES);
await insertLinks("n", COUNTED_LINKS);

// A deleted link: its answer is a 302 to /app/deleted without a body and without a click, the
// accounting run's filler once its budget is spent.
const GONE_ALIAS = "gone0000";
const goneId = crypto.randomUUID();
await seedDb
  .prepare("INSERT INTO links (id, domain, alias, url, status, created_at, updated_at) VALUES (?,?,?,?,'deleted',?,?)")
  .bind(goneId, SHORT_HOST, GONE_ALIAS, "https://example.com/gone", now, now)
  .run();

// KV holds the cached, KV and counted links, as the app's write-through leaves them after a
// create; the D1 walk's links are in D1 only.
progress("seeding KV");
const kvSeeded = Date.now();
for (const [prefix, count] of [
  ["c", CACHED_ALIASES],
  ["k", KV_ALIASES],
  ["n", COUNTED_LINKS],
]) {
  const seeded = await seeder.dispatchFetch("http://seed/", {
    method: "POST",
    body: JSON.stringify({ prefix, from: 0, to: count, hosts: STORED_HOSTS }),
  });
  if (!seeded.ok) throw new Error(`bench: seeding KV answered ${seeded.status}: ${await seeded.text()}`);
}
const seedKv = await seeder.getKVNamespace("LINKS", "bench-seed");
// The branded domain is verified: its host record says so (the app writes it on verification).
await seedKv.put(`host:${BRANDED_HOST}`, JSON.stringify({ active: true, root: null, notFound: null }));
await seedKv.put(
  `link:${SHORT_HOST}/${GONE_ALIAS}`,
  JSON.stringify({ id: goneId, url: "https://example.com/gone", status: "deleted", expiresAt: null }),
);
const seedSeconds = (Date.now() - kvSeeded) / 1000;
await seeder.dispose();

// The KV floor: a bare worker that reads the link's KV record once per request and answers its
// URL, on a copy of the same seeded KV, in a runtime of its own. It is the least any redirect of
// an alias the isolate has not seen can cost locally (Miniflare's KV is a SQLite-backed object on
// the runtime's one thread; in production a KV read costs the worker no CPU while it waits), so
// the KV path is reported against it as well as against the constant redirect (docs/decisions/057).
// For the cached aliases (/c...) the same worker is the country floor: it reads the visitor's
// country from request.cf, as every counted click must (decision 023), and answers a constant
// redirect, so the report shows what that read alone costs a bare worker (decision 059).
cpSync(join(state, "v3", "kv"), join(state, "floor", "v3", "kv"), { recursive: true });
const floor = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: FLOOR_PORT,
    cf: false,
    resourcePersistencePath: join(state, "floor", "v3"),
    workers: [
      {
        kvNamespaces: stores.kvNamespaces,
        name: "bench-seed",
        modules: true,
        compatibilityDate: "2026-10-01",
        script: `const HOSTS = { "localhost:${APP_PORT}": "${SHORT_HOST}" };
let countries = 0;
export default {
  async fetch(request, env) {
    // The cached aliases (/c...): the country floor.
    const raw = request.url;
    if (raw.charCodeAt(raw.indexOf("/", raw.indexOf("//") + 2) + 1) === 99) {
      if (request.cf?.country) countries++;
      return new Response(null, { status: 302, headers: { location: "https://example.com/" } });
    }
    const url = new URL(raw);
    const host = request.headers.get("host");
    const record = await env.LINKS.get("link:" + (HOSTS[host] ?? host) + url.pathname, "json");
    return new Response(null, { status: 302, headers: { location: record ? record.url : "https://example.com/" } });
  },
};`,
      },
    ],
  }),
);
await floor.ready;

// The clicks consumer runs in a runtime of its own (docs/decisions/058), as in production, where
// the redirect worker's queue send leaves the machine and the consumer and D1's writes run on
// others: the service's runtime (front door, app, every other consumer) sends clicks to the
// snip-clicks queue, and Miniflare's dev registry carries each send to the consumer's runtime,
// a second workerd process with the queue worker's clicks consumers only. That runtime writes
// the rollups into its own copy of the seeded D1, which the settling and the accounting run read.
// BENCH_ONE_RUNTIME=1 keeps the consumer in the service's runtime, on its one thread (the
// comparison; the figures before decision 058).
const ONE_RUNTIME = process.env.BENCH_ONE_RUNTIME === "1";
const CLICK_QUEUES = ["snip-clicks", "snip-clicks-dlq"];
const registry = { unsafeDevRegistryPath: join(state, "registry") };
// The registry knows workers by name, first come first served: the consumer's runtime runs the
// queue worker under a name of its own, so that both runtimes' queue workers are registered (and
// what the clicks consumer sends to the jobs queue reaches the service's).
const CLICKS_WORKER = "snip-queue-clicks";
/** The queue worker's consumers, with (`keep`, renamed) or without the clicks queues. */
const clickConsumers = (keep) => (worker) => {
  if (worker.name !== "snip-queue") return worker;
  const entries = Object.entries(worker.queueConsumers).filter(([queue]) => CLICK_QUEUES.includes(queue) === keep);
  return { ...worker, ...(keep ? { name: CLICKS_WORKER } : {}), queueConsumers: Object.fromEntries(entries) };
};
const serviceVars = { SHORT_DOMAINS: JSON.stringify([{ domain: EXTRA_HOST }]) };
let clicksRuntime = null;
if (!ONE_RUNTIME) {
  cpSync(join(state, "v3", "d1"), join(state, "clicks", "v3", "d1"), { recursive: true });
  clicksRuntime = await startRuntime({
    port: 0,
    persist: join(state, "clicks"),
    verbose: !!process.env.BENCH_VERBOSE,
    crons: false,
    vars: serviceVars,
    configs: ["dist/snip_queue/wrangler.json"],
    adjust: clickConsumers(true),
    instance: registry,
  });
}
const app = await startRuntime({
  port: APP_PORT,
  persist: state,
  verbose: !!process.env.BENCH_VERBOSE,
  crons: false,
  vars: serviceVars,
  adjust: ONE_RUNTIME ? (worker) => worker : clickConsumers(false),
  instance: ONE_RUNTIME ? {} : registry,
});
await bare.ready;
const db = await app.getD1Database("DB", "snip-app");
const kv = await app.getKVNamespace("LINKS", "snip-app");
/** The D1 the clicks consumer writes: its own runtime's copy, or the service's. */
const clicksDb = clicksRuntime ? await clicksRuntime.getD1Database("DB", CLICKS_WORKER) : db;
// Started in this order: bare, floor, the clicks consumer's runtime (unless BENCH_ONE_RUNTIME), the
// service (the seeder's has ended).
const [BARE_PID, FLOOR_PID, CLICKS_PID, APP_PID] = (() => {
  const pids = workerdPids();
  if (ONE_RUNTIME) return pids.length === 3 ? [pids[0], pids[1], 0, pids[2]] : [0, 0, 0, 0];
  return pids.length === 4 ? pids : [0, 0, 0, 0];
})();
if ((await kv.get(`link:${storedHostOf(KV_ALIASES - 1)}/${alias("k", KV_ALIASES - 1)}`)) === null)
  throw new Error("bench: the seeded KV is not the service's");

// ---------------------------------------------------------------------------------------------
// wrk scripts

const work = join(state, "wrk");
mkdirSync(work, { recursive: true });
const TRAFFIC = trafficLua();
function script(name, body) {
  const path = join(work, `${name}.lua`);
  writeFileSync(path, body);
  return path;
}
// Statuses other than the expected 302, counted by the scripts (wrk's own count leaves out 3xx).
const STATUS_COUNTER = `
unexpected = 0
response = function(status) if status ~= 302 then unexpected = unexpected + 1 end end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function()
  local u = 0
  for _, t in ipairs(threads) do u = u + t:get("unexpected") end
  io.write(string.format("UNEXPECTED %d\\n", u))
end
`;
const ALIAS_FORMAT = (prefix) => `"/${prefix}%06d"`;
/** The Host header of alias number i (STORED_HOSTS: the default host is asked for by its loopback name). */
const HOSTS_LUA = `
local BENCH_HOSTS = { ${PLAIN ? `"localhost:${APP_PORT}", "localhost:${APP_PORT}", "localhost:${APP_PORT}"` : `"localhost:${APP_PORT}", "${EXTRA_HOST}", "${BRANDED_HOST}"`} }
function withHost(i, h)
  h = h or {}
  h["Host"] = BENCH_HOSTS[(i % 3) + 1]
  return h
end
`;
/** Bots as wrk sends them by default: no User-Agent, nothing else. A random cached alias. */
const botScript = script(
  "bot",
  `${HOSTS_LUA}
math.randomseed(os.time())
request = function()
  local i = math.random(${CACHED_ALIASES}) - 1
  return wrk.format("GET", string.format(${ALIAS_FORMAT("c")}, i), withHost(i))
end
${STATUS_COUNTER}`,
);
/** People (and some bots): a random cached alias, a random visitor, a random referrer. */
const humanScript = script(
  "human",
  `${TRAFFIC}
${HOSTS_LUA}
math.randomseed(os.time())
request = function()
  local i = math.random(${CACHED_ALIASES}) - 1
  return wrk.format("GET", string.format(${ALIAS_FORMAT("c")}, i), withHost(i, visitorHeaders(math.random(VISITORS) - 1, math.random(REFERRERS) - 1)))
end
${STATUS_COUNTER}`,
);
/** A walk through `count` aliases from the offset given after `--`, human traffic. */
function walkScript(name, prefix, count) {
  return script(
    name,
    `${TRAFFIC}
${HOSTS_LUA}
math.randomseed(os.time())
local offset, n = 0, 0
init = function(args) offset = tonumber(args[1] or "0") end
request = function()
  local i = (offset + n) % ${count}
  n = n + 1
  return wrk.format("GET", string.format(${ALIAS_FORMAT(prefix)}, i), withHost(i, visitorHeaders(math.random(VISITORS) - 1, math.random(REFERRERS) - 1)))
end
${STATUS_COUNTER}`,
  );
}
const kvScript = walkScript("kv", "k", KV_ALIASES);
const d1Script = walkScript("d1", "d", D1_ALIASES);
// Every cached alias once, in order: the warm-up that fills the isolate cache.
const warmScript = script(
  "warm",
  `${HOSTS_LUA}
local i = 0
request = function()
  i = i + 1
  local a = i % ${CACHED_ALIASES}
  return wrk.format("GET", string.format(${ALIAS_FORMAT("c")}, a), withHost(a))
end`,
);
// Exactly BUDGET redirects, visitor and referrer a function of the request's number, then a path
// that counts no click (a deleted link: a 302 to /app/deleted), so that the run ends with nothing
// in flight that could be counted without wrk seeing it. The filler is as cheap as a redirect.
const accountingScript = script(
  "accounting",
  `${TRAFFIC}
${HOSTS_LUA}
local budget = ${ACCOUNTED_REQUESTS}
sent, redirects, others = 0, 0, 0
request = function()
  sent = sent + 1
  if sent <= budget then
    local link = sent % ${COUNTED_LINKS}
    local v = link * 150 + (math.floor(sent / ${COUNTED_LINKS}) % 150)
    return wrk.format("GET", string.format(${ALIAS_FORMAT("n")}, link), withHost(link, visitorHeaders(v, math.floor(sent / 7) % REFERRERS)))
  end
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
function wrk(url, scriptPath, seconds, { connections = CONNECTIONS, timeout = "15s", scriptArgs = [] } = {}) {
  const extra = scriptArgs.length ? ["--", ...scriptArgs.map(String)] : [];
  const out = spawnSync(
    "wrk",
    ["-t1", `-c${connections}`, `-d${seconds}s`, `--timeout`, timeout, "--latency", "-s", scriptPath, url, ...extra],
    { encoding: "utf8" },
  );
  const text = out.stdout + out.stderr;
  const num = (re) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : 0;
  };
  const unit = (value, u) => Number(value) * (u === "us" ? 0.001 : u === "s" ? 1000 : u === "m" ? 60_000 : 1);
  const ms = (label) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s|m)`, "m").exec(text);
    return m ? unit(m[1], m[2]) : NaN;
  };
  const max = /Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/.exec(text);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const [connect, read, write, timeouts] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  const socketErrors = connect + read + write + timeouts;
  const unexpected = num(/UNEXPECTED (\d+)/);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    requests: num(/(\d+) requests in/),
    p50: ms("50"),
    p99: ms("99"),
    max: max ? unit(max[1], max[2]) : NaN,
    socket: { connect, read, write, timeout: timeouts },
    socketErrors,
    unexpected,
    errors: socketErrors + unexpected,
    accounting: /ACCOUNTING (\d+) (\d+)/.exec(text)?.slice(1).map(Number),
    text,
  };
}

// The binding proxies talk to workerd over keep-alive sockets that can close while wrk runs; retry.
async function retrying(fn) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
/** Reads of one D1 database through its binding proxy. */
const reader = (database) => ({
  query: (sql, ...params) =>
    retrying(() =>
      database
        .prepare(sql)
        .bind(...params)
        .first(),
    ),
  queryAll: async (sql, ...params) =>
    (
      await retrying(() =>
        database
          .prepare(sql)
          .bind(...params)
          .all(),
      )
    ).results,
});
const { query } = reader(db);
/** The rollups and dead letters the clicks consumer writes. */
const clicks = reader(clicksDb);

/** The median; for an even count the mean of the two middle values. */
function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const BARE_URL = `http://127.0.0.1:${BARE_PORT}`;
const APP_URL = `http://localhost:${APP_PORT}`;

// The click pipeline's trailing work of a redirect round (the consumer's last batches) would
// otherwise run during the next round and slow whichever side that is: wait until the rollups stop
// growing.
async function settleClicks() {
  let last = -1;
  let steady = 0;
  const until = Date.now() + 90_000;
  while (Date.now() < until && steady < 2) {
    const { n } = await clicks.query("SELECT COALESCE(SUM(clicks + bot_clicks), 0) AS n FROM click_hourly");
    steady = n === last ? steady + 1 : 0;
    last = n;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Rounds of one path, alternating bare/redirect and redirect/bare so that neither side always
 * goes first. `next()` gives each redirect run its script arguments (the walk's offset) and is
 * told how many requests it made.
 */
// CPU time of each runtime's workerd process (user + system, from /proc), a figure the rest of
// the machine's load hardly moves: the CPU each side spends a request, the redirect side's
// including the click pipeline's work until it settles after the round.
const TICK_MS = 10; // USER_HZ is 100 on Linux
function workerdPids() {
  if (!existsSync("/proc/self/stat")) return [];
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return { pid: Number(d), comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ppid: Number(fields[1]) };
      } catch {
        return null;
      }
    })
    .filter((p) => p && p.comm === "workerd" && p.ppid === process.pid)
    .map((p) => p.pid)
    .sort((a, b) => a - b);
}
function cpuMs(pid) {
  if (!pid) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function rounds(
  label,
  scriptPath,
  count,
  { connections = CONNECTIONS, walk = null, seconds = PATH_DURATION_S, side: measured = { url: APP_URL, pid: APP_PID } } = {},
) {
  const bareRuns = [];
  const appRuns = [];
  for (let round = 0; round < count; round++) {
    const order = round % 2 === 0 ? ["bare", "app"] : ["app", "bare"];
    for (const side of order) {
      if (side === "bare") {
        const cpu = cpuMs(BARE_PID);
        const run = wrk(BARE_URL, scriptPath, seconds, { connections, scriptArgs: walk ? [0] : [] });
        run.cpuUsPerRequest = ((cpuMs(BARE_PID) - cpu) * 1000) / run.requests;
        bareRuns.push(run);
      } else {
        const cpu = cpuMs(measured.pid);
        // The clicks consumer's runtime, when the measured side is the service (decision 058).
        const consumer = measured.pid === APP_PID ? CLICKS_PID : 0;
        const consumerCpu = cpuMs(consumer);
        const run = wrk(measured.url, scriptPath, seconds, { connections, scriptArgs: walk ? [walk.offset] : [] });
        // wrk builds one request more than it sends, and some are in flight when it stops.
        if (walk) walk.offset += run.requests + connections + 1;
        appRuns.push(run);
        await settleClicks();
        run.cpuUsPerRequest = ((cpuMs(measured.pid) - cpu) * 1000) / run.requests;
        run.consumerCpuUsPerRequest = ((cpuMs(consumer) - consumerCpu) * 1000) / run.requests;
      }
    }
    const a = appRuns.at(-1);
    const b = bareRuns.at(-1);
    if (process.env.BENCH_VERBOSE)
      console.log(`${label} round ${round + 1}: bare ${b.rps.toFixed(0)}, redirect ${a.rps.toFixed(0)}, ${(a.rps / b.rps).toFixed(2)}`);
  }
  const pairRatios = appRuns.map((r, i) => r.rps / bareRuns[i].rps);
  const side = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    requests: runs.reduce((a, r) => a + r.requests, 0),
    cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
    consumerCpuUsPerRequest: median(runs.map((r) => r.consumerCpuUsPerRequest ?? NaN)),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    unexpected: runs.reduce((a, r) => a + r.unexpected, 0),
    socket: Object.fromEntries(["connect", "read", "write", "timeout"].map((k) => [k, runs.reduce((a, r) => a + r.socket[k], 0)])),
    rounds: runs.map(({ text: _t, accounting: _a, ...r }) => r),
  });
  // The CPU ratio: how many requests the redirect path serves for the CPU time the bare worker
  // spends on one, round by round (clicks included).
  const cpuRatios = appRuns.map((r, i) => bareRuns[i].cpuUsPerRequest / r.cpuUsPerRequest);
  return {
    label,
    connections,
    ratio: median(pairRatios),
    pairRatios,
    cpuRatio: median(cpuRatios),
    cpuRatios,
    bare: side(bareRuns),
    app: side(appRuns),
  };
}

progress("warming up");
// Warm-up: isolates, the isolate cache filled with every cached alias.
wrk(BARE_URL, humanScript, 3);
wrk(APP_URL, warmScript, 6);
wrk(APP_URL, humanScript, 3);
await settleClicks();

const paths = {};
progress("cached path, human traffic");
paths.cachedHuman = await rounds("cached, human traffic", humanScript, ROUNDS, { seconds: DURATION_S });
progress("country floor");
paths.countryFloor = await rounds("country floor (a bare worker reading the visitor's country)", humanScript, PATH_ROUNDS, {
  side: { url: `http://127.0.0.1:${FLOOR_PORT}`, pid: FLOOR_PID },
});
progress("cached path, bot traffic");
paths.cachedBot = await rounds("cached, bot traffic", botScript, PATH_ROUNDS);
progress("overload");
paths.overload = await rounds(`cached, human traffic, ${OVERLOAD_CONNECTIONS} connections`, humanScript, OVERLOAD_ROUNDS, {
  connections: OVERLOAD_CONNECTIONS,
});
// The walk only goes forward: an alias comes round again after KV_ALIASES others, by when the
// cache (LINK_CACHE_CAPACITY) has let it go. The warm-up is the walk's first steps.
progress("KV path");
const kvWarm = wrk(APP_URL, kvScript, 3, { scriptArgs: [0] });
const kvWalk = { offset: kvWarm.requests + CONNECTIONS + 1 };
await settleClicks();
paths.kv = await rounds("KV (aliases the isolate has not seen)", kvScript, PATH_ROUNDS, { walk: kvWalk });
paths.kvFloor = await rounds("KV floor (a bare worker reading the same KV record per request)", kvScript, PATH_ROUNDS, {
  walk: { offset: 0 },
  side: { url: `http://127.0.0.1:${FLOOR_PORT}`, pid: FLOOR_PID },
});
progress("D1 path");
const d1Walk = { offset: 0 };
const d1Warm = wrk(APP_URL, d1Script, 3, { scriptArgs: [0] });
d1Walk.offset = d1Warm.requests + CONNECTIONS + 1;
await settleClicks();
paths.d1 = await rounds("D1 fallback (aliases missing from KV)", d1Script, PATH_ROUNDS, { walk: d1Walk });
// Past the end, the walk would come back to aliases it has put into KV: say so.
const d1Exhausted = d1Walk.offset > D1_ALIASES;

// ---------------------------------------------------------------------------------------------
// Accounting run: an exact number of visits by people and bots, then every click must be in D1
// once, with its visitor and its breakdowns. A generous client timeout: a response wrk gave up on
// would be a click it did not see.

progress("accounting run");
const accountingStarted = Date.now();
// Long enough to send the whole budget at a third of the rate the cached rounds measured: a run
// cut short leaves the budget's tail unsent and requests in flight, and could not be checked.
const accountingSeconds = Math.min(300, Math.max(20, Math.ceil(ACCOUNTED_REQUESTS / Math.max(1, paths.cachedHuman.app.rps / 3)) + 10));
const accounting = wrk(APP_URL, accountingScript, accountingSeconds, { timeout: "15s" });
const accountingEnded = Date.now();
if (process.env.BENCH_DEBUG) console.log(accounting.text);
const [answered, unexpectedAnswers] = accounting.accounting ?? [0, -1];
const countedIds = Array.from({ length: COUNTED_LINKS }, (_, i) => linkId("n", i));
const inList = countedIds.map(() => "?").join(",");
let drainedAfterMs = NaN;
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  const { n } = await clicks.query(
    `SELECT COALESCE(SUM(clicks + bot_clicks), 0) AS n FROM click_hourly WHERE link_id IN (${inList})`,
    ...countedIds,
  );
  if (n >= answered) {
    drainedAfterMs = Date.now() - accountingEnded;
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
await new Promise((r) => setTimeout(r, 2000)); // anything counted twice would show up now

// What was sent: request n of the script goes to link n mod 100, from a visitor and a referrer that
// are functions of n. wrk calls request() once before it sends anything (so 19,999 of a 20,000
// budget are answered): the answered ones are n = first..budget.
const expected = new Map(countedIds.map((id) => [id, { clicks: 0, bots: 0, visitors: new Set(), dims: new Map() }]));
for (let n = ACCOUNTED_REQUESTS - answered + 1; n <= ACCOUNTED_REQUESTS; n++) {
  const { link, visitor, referrer } = accountingVisit(n, COUNTED_LINKS);
  const id = countedIds[link];
  const facts = describeClick(visitPayload(id, visitor, referrer, accountingStarted), "bench");
  const e = expected.get(id);
  if (facts.isBot) {
    e.bots++;
    continue;
  }
  e.clicks++;
  e.visitors.add(`${visitorIp(visitor)}|${userAgents[visitors[visitor].ua]}`);
  for (const dimension of ["country", "referrer", "device", "browser", "os", "language"]) {
    const key = `${dimension}|${facts[dimension]}`;
    e.dims.set(key, (e.dims.get(key) ?? 0) + 1);
  }
  // A routed link's click names the rule that answered it, as the worker decided.
  if (ROUTED_EVERY > 0 && link % ROUTED_EVERY === 0) {
    const p = visitPayload(id, visitor, referrer, accountingStarted);
    const heads = { "user-agent": p.userAgent, "accept-language": p.acceptLanguage, referer: p.referrer };
    const matched = pickRoute(benchRoutes(alias("n", link)), {
      header: (name) => heads[name] ?? null,
      country: p.country,
      regionCode: null,
      now: accountingStarted,
    });
    const key = `route|${matched ? matched[0] : "fallback"}`;
    e.dims.set(key, (e.dims.get(key) ?? 0) + 1);
  }
}
const hourly = await clicks.queryAll(
  `SELECT link_id AS id, SUM(clicks) AS clicks, SUM(bot_clicks) AS bots, SUM(uniques) AS uniques, COUNT(*) AS hours
   FROM click_hourly WHERE link_id IN (${inList}) GROUP BY link_id`,
  ...countedIds,
);
const dimensionRows = await clicks.queryAll(
  `SELECT link_id AS id, dimension, value, SUM(clicks) AS clicks FROM click_dimensions WHERE link_id IN (${inList}) GROUP BY link_id, dimension, value`,
  ...countedIds,
);
const gotHourly = new Map(hourly.map((r) => [r.id, r]));
const gotDims = new Map(countedIds.map((id) => [id, new Map()]));
for (const r of dimensionRows) gotDims.get(r.id).set(`${r.dimension}|${r.value}`, r.clicks);
// A run that crosses the hour counts a visitor once in each hour it came in.
const oneHour = Math.floor(accountingStarted / 3_600_000) === Math.floor(accountingEnded / 3_600_000);
const acc = {
  answered,
  unexpected: unexpectedAnswers,
  clicks: 0,
  bots: 0,
  uniques: 0,
  expectedClicks: 0,
  expectedBots: 0,
  expectedUniques: 0,
};
let clicksOff = 0;
let uniquesOff = 0;
let breakdownsOff = 0;
let breakdownValues = 0;
const mismatches = [];
for (const id of countedIds) {
  const e = expected.get(id);
  const g = gotHourly.get(id) ?? { clicks: 0, bots: 0, uniques: 0 };
  acc.clicks += g.clicks;
  acc.bots += g.bots;
  acc.uniques += g.uniques;
  acc.expectedClicks += e.clicks;
  acc.expectedBots += e.bots;
  acc.expectedUniques += e.visitors.size;
  if (g.clicks !== e.clicks || g.bots !== e.bots) clicksOff++;
  if (oneHour ? g.uniques !== e.visitors.size : g.uniques < e.visitors.size || g.uniques > 2 * e.visitors.size) uniquesOff++;
  const got = gotDims.get(id);
  for (const key of new Set([...e.dims.keys(), ...got.keys()])) {
    breakdownValues++;
    if ((e.dims.get(key) ?? 0) !== (got.get(key) ?? 0)) {
      breakdownsOff++;
      if (mismatches.length < 5) mismatches.push(`${id} ${key}: sent ${e.dims.get(key) ?? 0}, counted ${got.get(key) ?? 0}`);
    }
  }
}
const dead = await clicks.query("SELECT COUNT(*) AS n FROM dead_letters");
Object.assign(acc, {
  rps: accounting.rps,
  socketErrors: accounting.socketErrors,
  drainedAfterMs,
  oneHour,
  linksOff: clicksOff,
  uniquesOff,
  breakdownsOff,
  breakdownValues,
  deadLettered: dead.n,
  // wrk builds one request before it sends any: a whole budget is answered as budget - 1.
  budgetSent: answered >= ACCOUNTED_REQUESTS - 1,
  everyClickOnce:
    answered >= ACCOUNTED_REQUESTS - 1 &&
    acc.clicks + acc.bots === answered &&
    acc.clicks === acc.expectedClicks &&
    clicksOff === 0 &&
    uniquesOff === 0 &&
    breakdownsOff === 0 &&
    dead.n === 0,
});

// ---------------------------------------------------------------------------------------------
// JavaScript per page (scripts/bench-js.mjs): the public pages, and `/` and `/dashboard` signed in.

progress("pages");
const pages = await measureJavaScript(APP_URL);

// ---------------------------------------------------------------------------------------------
// Bulk import (optional: --no-bulk): a 10,000-row CSV through the running service, as a user
// uploads it, timed until the import is finished and until its links are all in KV.

let bulk = null;
if (!REDIRECTS_ONLY && !args.has("--no-bulk")) {
  progress("bulk import");
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
const API_SECONDS = env("BENCH_API_SECONDS", 10);
const API_CONNECTIONS = env("BENCH_API_CONNECTIONS", 10);
const ANALYTICS_REQUESTS = env("BENCH_ANALYTICS_REQUESTS", 20);
let apiRun = null;
let apiOk = 0;
let apiOther = 0;
let apiStored = { n: 0 };
const analyticsTimes = {};
if (!REDIRECTS_ONLY) {
  progress("API and analytics");
  // API create throughput: a user on an unlimited plan, a token without a practical rate limit.

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
  apiRun = wrk(APP_URL, apiScript, API_SECONDS, { connections: API_CONNECTIONS, timeout: "10s" });
  [apiOk, apiOther] = apiRun.accounting ?? [0, -1];
  apiStored = await query("SELECT COUNT(*) AS n FROM links WHERE user_id = ?", apiUserId);
  if (process.env.BENCH_DEBUG) console.log(apiRun.text);

  // ---------------------------------------------------------------------------------------------
  // Analytics page over a link with a million clicks in its rollups: 721 hours of 1,400 clicks
  // (1,009,400) and 40 values per dimension and hour (173,040 breakdown rows, mirrored per day by
  // the daily trigger). The page is fetched by its owner, one request at a time; the figure is the
  // whole server answer (loader queries and the server-rendered charts), measured by the client.

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
    // The user's personal workspace owns it (its id is the user's id, docs/decisions/027).
    .prepare(
      "INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?)",
    )
    .bind(bigLink.id, SHORT_HOST, bigLink.alias, "https://example.com/million", analyticsUser.id, analyticsUser.id, Date.now(), Date.now())
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
}
await Promise.all([bare.dispose(), floor.dispose(), app.dispose(), clicksRuntime?.dispose()]);
rmSync(state, { recursive: true, force: true }); // memory-backed: give it back
const loadAfter = loadavg();

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });
const ms2 = (n) => `${n.toFixed(2)} ms`;
const load = (l) => l.map((x) => x.toFixed(2)).join(", ");
const tenConnectionErrors =
  [paths.cachedHuman, paths.cachedBot, paths.kv, paths.d1].reduce((a, p) => a + p.app.errors + p.bare.errors, 0) +
  Math.max(0, acc.unexpected) +
  acc.socketErrors;
const apiMatches = apiRun ? apiStored.n >= apiOk && apiStored.n - apiOk <= API_CONNECTIONS : null;

console.log(
  `\nSnip benchmark — ${new Date().toISOString()} — wrk -t1 -c${CONNECTIONS}, ${DURATION_S}s a side a round, ` +
    `Miniflare API (no wrangler dev proxy), local state in ${STATE_ROOT}, this machine; ` +
    `the clicks consumer ${ONE_RUNTIME ? "in the service's runtime (BENCH_ONE_RUNTIME)" : "in a runtime of its own (decision 058)"}`,
);
console.log(`load average (1, 5, 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after; ${fmt(seedSeconds)} s to seed KV\n`);

function printPath(p, note) {
  console.log(`${p.label}${note ? ` — ${note}` : ""}`);
  for (const [name, s] of [
    ["bare worker, constant 302", p.bare],
    ["redirect path (front door)", p.app],
  ])
    console.log(
      `  ${name.padEnd(28)} ${fmt(s.rps).padStart(7)} req/s   p50 ${ms2(s.p50)}   p99 ${ms2(s.p99)}   max ${s.max.toFixed(0)} ms   errors ${s.errors}`,
    );
  console.log(
    `  rounds (req/s): bare ${p.bare.rounds.map((r) => fmt(r.rps)).join(", ")}; redirect ${p.app.rounds.map((r) => fmt(r.rps)).join(", ")}`,
  );
  console.log(`  ratio per round: ${p.pairRatios.map((r) => r.toFixed(2)).join(", ")}`);
  if (Number.isFinite(p.cpuRatio))
    console.log(
      `  CPU a request (workerd${ONE_RUNTIME ? ", clicks consumer included" : ""}): bare ${p.bare.cpuUsPerRequest.toFixed(0)} µs, redirect ${p.app.cpuUsPerRequest.toFixed(0)} µs; ` +
        `CPU ratio ${p.cpuRatio.toFixed(2)} (rounds ${p.cpuRatios.map((r) => r.toFixed(2)).join(", ")})`,
    );
  if (Number.isFinite(p.app.consumerCpuUsPerRequest))
    console.log(
      `  the clicks consumer's own runtime: ${p.app.consumerCpuUsPerRequest.toFixed(0)} µs of CPU a request, until its rollups settled`,
    );
}
printPath(
  paths.cachedHuman,
  PLAIN
    ? `${fmt(CACHED_ALIASES)} links in the isolate cache, all on the default host, none with redirect routes (BENCH_PLAIN); people and bots (${fmt(VISITORS)} visitors)`
    : `${fmt(CACHED_ALIASES)} links in the isolate cache over 3 hosts (default, extra short domain, branded), 1 in ${ROUTED_EVERY} with 3 redirect routes; people and bots (${fmt(VISITORS)} visitors)`,
);
console.log(
  `redirect ratio ${paths.cachedHuman.ratio.toFixed(2)} (human traffic, cached path; median of ${ROUNDS} rounds; target at least ${TARGETS.cachedHuman})`,
);
printPath(
  paths.countryFloor,
  "the same traffic against a bare worker that reads request.cf.country and answers a constant redirect (the 'redirect' side here)",
);
console.log(
  `country floor ${paths.countryFloor.ratio.toFixed(2)} of the constant redirect (median of ${PATH_ROUNDS} rounds): ` +
    `the cached path is ${(paths.cachedHuman.ratio / paths.countryFloor.ratio).toFixed(2)} of a redirect that reads the visitor's country`,
);
printPath(paths.cachedBot, "the same links, wrk's requests without a User-Agent (the consumer only counts bots)");
console.log(`bot-traffic ratio ${paths.cachedBot.ratio.toFixed(2)} (cached path; median of ${PATH_ROUNDS} rounds)`);
printPath(
  paths.kv,
  `a walk through ${fmt(KV_ALIASES)} aliases, more than the isolate's cache holds (${fmt(LINK_CACHE_CAPACITY)}): a KV read each`,
);
console.log(`KV-path ratio ${paths.kv.ratio.toFixed(2)} (human traffic; median of ${PATH_ROUNDS} rounds; target at least ${TARGETS.kv})`);
printPath(paths.kvFloor, "the same walk against a bare worker that only reads the KV record and redirects (the 'redirect' side here)");
console.log(
  `KV floor ${paths.kvFloor.ratio.toFixed(2)} of the constant redirect (median of ${PATH_ROUNDS} rounds): ` +
    `the KV path is ${(paths.kv.ratio / paths.kvFloor.ratio).toFixed(2)} of what one local KV read allows`,
);
printPath(
  paths.d1,
  `a walk through aliases in D1 only: a KV miss, a D1 read and a KV write each${d1Exhausted ? " (WALK EXHAUSTED: later requests were KV reads)" : ""}`,
);
console.log(`D1-fallback ratio ${paths.d1.ratio.toFixed(2)} (human traffic; median of ${PATH_ROUNDS} rounds; measured, no target)`);
const o = paths.overload;
printPath(o, "overload");
console.log(
  `overload ratio ${o.ratio.toFixed(2)} at ${OVERLOAD_CONNECTIONS} connections; errors: redirect ${o.app.errors}, bare ${o.bare.errors}`,
);
for (const [name, s] of [
  ["redirect", o.app],
  ["bare", o.bare],
])
  if (s.errors > 0)
    console.log(
      `  ${name}: ${s.unexpected} answers other than a 302 (ours); socket errors connect ${s.socket.connect}, read ${s.socket.read}, write ${s.socket.write}, ` +
        `timeout ${s.socket.timeout} (the runtime's: its HTTP server closes a connection whose next request it has not read within 5 s, decision 018)`,
    );

console.log(`\nerrors at ${CONNECTIONS} connections ${tenConnectionErrors} (every redirect and bare round, and the accounting run)`);
console.log(
  `clicks: ${fmt(acc.answered)} visits answered in the accounting run (${fmt(acc.expectedClicks)} by people, ${fmt(acc.expectedBots)} by bots, ` +
    `${fmt(acc.expectedUniques)} distinct visitor-link pairs); in the rollups ${fmt(acc.clicks)} clicks, ${fmt(acc.bots)} bot clicks, ` +
    `${fmt(acc.uniques)} unique visitors; off: ${acc.linksOff} links' counts, ${acc.uniquesOff} links' uniques, ` +
    `${acc.breakdownsOff} of ${fmt(acc.breakdownValues)} breakdown values; ${acc.deadLettered} dead-lettered — ` +
    (acc.everyClickOnce
      ? "every click counted once, with its visitor and breakdowns"
      : acc.budgetSent
        ? "MISMATCH: clicks lost, doubled or misattributed"
        : `NOT CHECKED: the run ended before its ${fmt(ACCOUNTED_REQUESTS)} visits were sent (the machine was too slow)`),
);
for (const m of mismatches) console.log(`  ${m}`);
if (!acc.oneHour) console.log("  (the run crossed the hour: a visitor may count once in each hour, so uniques were checked as a range)");
console.log(
  `  accounting run at ${fmt(acc.rps)} req/s, ${Math.max(0, acc.unexpected)} unexpected statuses, ${acc.socketErrors} socket errors; ` +
    `the last click was in the rollups ${(acc.drainedAfterMs / 1000).toFixed(1)} s after the run ended`,
);

printJavaScript(pages);
if (bulk) {
  const secs = (ms) => (ms === null ? "not within 10 min" : `${(ms / 1000).toFixed(1)} s`);
  console.log(`\nBulk import of a ${fmt(bulk.rows)}-row CSV through the service (upload answered in ${secs(bulk.uploadMs)}):`);
  console.log(
    `  finished (${fmt(bulk.created ?? 0)} created, ${fmt(bulk.refused ?? 0)} refused; user notified) ${secs(bulk.importedMs)} after the upload began`,
  );
  console.log(`  every new link also in KV ${secs(bulk.publishedMs)} after the upload began`);
}
if (apiRun) {
  console.log(`\nAPI create throughput (POST /api/create with a bearer token, wrk -c${API_CONNECTIONS}, ${API_SECONDS}s)`);
  console.log(
    `  ${fmt(apiRun.rps).padStart(7)} links/s   p50 ${apiRun.p50.toFixed(2)} ms   p99 ${apiRun.p99.toFixed(2)} ms   ` +
      `${fmt(apiOk)} created, ${apiOther} other answers, ${apiRun.socketErrors} socket errors; ${fmt(apiStored.n)} links in D1 — ` +
      // Requests still in flight when wrk stops are answered to nobody: at most one a connection.
      (apiMatches
        ? `every 200 is a stored link (${apiStored.n - apiOk} more were in flight when wrk stopped)`
        : "MISMATCH between answers and stored links"),
  );
}
if (Object.keys(analyticsTimes).length > 0) {
  console.log(
    `\nAnalytics page of a link with 1,009,400 clicks in its rollups (owner, ${ANALYTICS_REQUESTS} requests a period, one at a time)`,
  );
  for (const [period, t] of Object.entries(analyticsTimes))
    console.log(`  ${period.padEnd(14)} p50 ${t.p50.toFixed(1)} ms   max ${t.max.toFixed(1)} ms`);
}

// ---------------------------------------------------------------------------------------------
// Targets (DESIGN.md "Performance targets"); --check fails the run when one is missed.

const targets = [
  {
    name: "redirect ratio, human traffic, cached path",
    target: `>= ${TARGETS.cachedHuman}`,
    value: paths.cachedHuman.ratio,
    met: paths.cachedHuman.ratio >= TARGETS.cachedHuman,
  },
  { name: "redirect ratio, KV path", target: `>= ${TARGETS.kv}`, value: paths.kv.ratio, met: paths.kv.ratio >= TARGETS.kv },
  { name: `errors at ${CONNECTIONS} connections`, target: "0", value: tenConnectionErrors, met: tenConnectionErrors === 0 },
  { name: "every click counted once (count, uniques, breakdowns)", target: "yes", value: acc.everyClickOnce, met: acc.everyClickOnce },
  { name: "the D1 walk stayed on D1-only aliases", target: "yes", value: !d1Exhausted, met: !d1Exhausted },
];
if (bulk)
  targets.push({
    name: `bulk import of ${fmt(bulk.rows)} rows: every row created, every link in KV`,
    target: "yes",
    value: bulk.created === bulk.rows && bulk.refused === 0 && bulk.publishedMs !== null,
    met: bulk.created === bulk.rows && bulk.refused === 0 && bulk.publishedMs !== null,
  });
targets.push(...javaScriptTargets(pages));
if (apiRun) targets.push({ name: "API: every 200 is a stored link", target: "yes", value: apiMatches, met: apiMatches && apiOther === 0 });
for (const [period, t] of Object.entries(analyticsTimes))
  targets.push({
    name: `analytics page p50, ${period}`,
    target: `< ${TARGETS.analyticsP50Ms} ms`,
    value: t.p50,
    met: t.p50 < TARGETS.analyticsP50Ms,
  });
const missed = targets.filter((t) => !t.met);
console.log(`\ntargets: ${missed.length === 0 ? `all ${targets.length} met` : `${missed.length} of ${targets.length} MISSED`}`);
for (const t of missed)
  console.log(`  missed: ${t.name} (target ${t.target}, measured ${typeof t.value === "number" ? +t.value.toFixed(3) : t.value})`);

// ---------------------------------------------------------------------------------------------
// Figures as JSON, one file a run; README's table is generated from the newest.

const at = new Date().toISOString();
mkdirSync("bench-results", { recursive: true });
const resultFile = join("bench-results", `${at.replace(/[:.]/g, "-")}.json`);
writeFileSync(
  resultFile,
  JSON.stringify(
    {
      at,
      durationS: Math.round((Date.now() - startedAt) / 1000),
      machine: { loadBefore, loadAfter },
      config: {
        clicksConsumer: ONE_RUNTIME ? "in the service's runtime" : "in a runtime of its own",
        connections: CONNECTIONS,
        overloadConnections: OVERLOAD_CONNECTIONS,
        seconds: DURATION_S,
        rounds: ROUNDS,
        pathRounds: PATH_ROUNDS,
        overloadRounds: OVERLOAD_ROUNDS,
        redirectsOnly: REDIRECTS_ONLY,
        plain: PLAIN,
      },
      paths,
      accounting: acc,
      pages,
      bulk,
      api: apiRun && {
        createRps: apiRun.rps,
        p50: apiRun.p50,
        p99: apiRun.p99,
        created: apiOk,
        otherAnswers: apiOther,
        stored: apiStored.n,
      },
      analytics: analyticsTimes,
      targets,
    },
    null,
    2,
  ) + "\n",
);
console.log(`\nfigures: ${resultFile}`);
if (!REDIRECTS_ONLY) spawnSync(process.execPath, ["scripts/bench-table.mjs"], { stdio: "inherit" });
process.exit(CHECK && missed.length > 0 ? 1 : 0);
