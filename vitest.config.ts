import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./db/migrations");

/** A project whose tests run inside workerd with a worker's real bindings (D1, KV, Queues, R2). */
function workerProject(name: string, configPath: string, miniflare: Record<string, unknown> = {}) {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath },
        // The tests are a local run: LOCAL_DEV comes from here, not from the wrangler config (docs/decisions/024).
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, LOCAL_DEV: "true" }, ...miniflare },
      }),
    ],
    test: {
      name,
      include: [`tests/${name}/**/*.test.ts`],
      setupFiles: ["./tests/apply-migrations.ts"],
    },
  };
}

export default defineConfig({
  test: {
    // A Worker test file is mostly startup (a runtime of its own, its modules, the migrations),
    // during which a core waits: one file per core, two on a 2-core machine, not Vitest's default
    // of one fewer than the cores.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // Property tests (fast-check, up to 1,500 clicks a run) are CPU-bound: a loaded machine must not fail them on time alone
      // (with two files at once, 30 s was too little for tests/unit/click-batcher.test.ts at a load average of 15).
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 120_000 } },
      // The app worker behind the redirect worker is a stand-in here that names what it received;
      // the real pair is exercised end to end (tests/e2e).
      workerProject("redirect", "./workers/redirect/wrangler.toml", {
        serviceBindings: { APP: (request: Request) => new Response(`app saw ${request.method} ${new URL(request.url).pathname}`) },
      }),
      // MIGRATION_DB: an empty D1 for migration tests that start from an older schema (tests/queue/workspaces-migration.test.ts).
      workerProject("queue", "./workers/queue/wrangler.toml", { d1Databases: { MIGRATION_DB: "snip-migration-test" } }),
    ],
  },
});
