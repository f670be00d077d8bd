// Runs the built workers in one workerd through the Miniflare API, the way production
// wires them: the redirect worker is the front door (it answers short links and hands
// everything else to the app worker), the queue worker consumes, and all three share
// one local state (D1, KV, Queues, R2) in the same layout wrangler uses (`--persist-to`).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export const BUILT_WORKERS = ["dist/snip_redirect/wrangler.json", "build/server/wrangler.json", "dist/snip_queue/wrangler.json"];

/** Miniflare options for one built worker: its wrangler.json bindings and every module it ships. */
export function builtWorker(configPath, overrides = {}) {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(resolve(configPath));
  const { modulesRules: _rules, ...options } = workerOptions;
  const { name } = JSON.parse(readFileSync(configPath, "utf8"));
  const root = dirname(main);
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".js"))
    .map((f) => join(root, f));
  const modules = [main, ...files.filter((f) => f !== main)].map((path) => ({ type: "ESModule", path }));
  return { ...options, name, modules, modulesRoot: root, ...overrides };
}

/** Whether a five-field cron expression (numbers, `*`, `*\/n`, ranges and lists) matches a UTC minute. */
export function cronMatches(expression, date) {
  const values = [date.getUTCMinutes(), date.getUTCHours(), date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCDay()];
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  return fields.every((field, i) =>
    field.split(",").some((part) => {
      const [range, step = "1"] = part.split("/");
      const [from, to] = range === "*" ? [0, 59] : range.split("-").map(Number);
      const value = values[i];
      return value >= from && value <= (to ?? (part.includes("/") ? 59 : from)) && (value - from) % Number(step) === 0;
    }),
  );
}

/**
 * Miniflare runs no cron triggers by itself: every minute, each built worker's `triggers.crons`
 * that match are fired through Miniflare's trigger endpoint (`/cdn-cgi/local/scheduled`, on
 * with `unsafeTriggerHandlers`), as Cloudflare fires them. Tests fire one at once the same way.
 */
function runCronTriggers(mf) {
  const crons = BUILT_WORKERS.flatMap((config) => {
    const { name, triggers } = JSON.parse(readFileSync(config, "utf8"));
    return (triggers?.crons ?? []).map((cron) => ({ name, cron }));
  });
  if (crons.length === 0) return () => {};
  let timer;
  const tick = () => {
    const now = new Date();
    for (const { name, cron } of crons.filter((c) => cronMatches(c.cron, now))) {
      const url = `http://localhost/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${now.getTime()}`;
      mf.dispatchFetch(url, { headers: { "MF-Route-Override": name } })
        .then(async (res) => {
          const outcome = await res.text();
          if (!res.ok) console.error(`cron ${cron} of ${name}: ${outcome}`);
        })
        .catch((error) => console.error(`cron ${cron} of ${name}:`, error));
    }
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
  };
  timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/**
 * The variables a local run adds to every worker: LOCAL_DEV turns on the local-development
 * behaviour (dev mailbox, fixtures, development secret, test-mode checkout). It is set here,
 * by how the process was started, and by no deployable config (docs/decisions/024).
 */
export const LOCAL_DEV_VARS = Object.freeze({ LOCAL_DEV: "true" });

/**
 * Starts the service. `persist` is a wrangler state folder (".wrangler/state") or false
 * for in-memory state; `vars` override variables of every worker; `adjust` may change a worker's
 * Miniflare options and `configs` choose which built workers run (the bench runs the clicks
 * consumer in a runtime of its own, docs/decisions/058); `instance` adds Miniflare instance options
 * (the bench's dev registry). Cron triggers run every minute unless `crons` is false.
 * `localDev: false` runs the built workers exactly as deployed (the production-safety tests do).
 */
export async function startRuntime({
  port,
  host = "127.0.0.1",
  persist = ".wrangler/state",
  vars = {},
  verbose = false,
  crons = true,
  localDev = true,
  adjust = (worker) => worker,
  configs = BUILT_WORKERS,
  instance = {},
}) {
  const workers = configs.map((config) => {
    const worker = builtWorker(config);
    return adjust({ ...worker, bindings: { ...worker.bindings, ...(localDev ? LOCAL_DEV_VARS : {}), ...vars } });
  });
  // wrangler's `--persist-to DIR` keeps each resource under DIR/v3/<plugin>.
  const state = persist ? { resourcePersistencePath: join(persist, "v3") } : {};
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host,
      port,
      cf: false,
      log: new Log(verbose ? LogLevel.INFO : LogLevel.WARN),
      // GET /cdn-cgi/local/scheduled?cron=... with `MF-Route-Override: <worker>` runs a cron trigger (local runs only).
      unsafeTriggerHandlers: true,
      ...state,
      ...instance,
      workers,
    }),
  );
  await mf.ready;
  if (crons) {
    const stop = runCronTriggers(mf);
    const dispose = mf.dispose.bind(mf);
    mf.dispose = () => {
      stop();
      return dispose();
    };
  }
  return mf;
}
