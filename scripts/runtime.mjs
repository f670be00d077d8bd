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

/**
 * Starts the service. `persist` is a wrangler state folder (".wrangler/state") or false
 * for in-memory state; `vars` override variables of every worker.
 */
export async function startRuntime({ port, host = "127.0.0.1", persist = ".wrangler/state", vars = {}, verbose = false }) {
  const workers = BUILT_WORKERS.map((config) => {
    const worker = builtWorker(config);
    return { ...worker, bindings: { ...worker.bindings, ...vars } };
  });
  // wrangler's `--persist-to DIR` keeps each resource under DIR/v3/<plugin>.
  const state = persist ? { resourcePersistencePath: join(persist, "v3") } : {};
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host,
      port,
      cf: false,
      log: new Log(verbose ? LogLevel.INFO : LogLevel.WARN),
      ...state,
      workers,
    }),
  );
  await mf.ready;
  return mf;
}
