import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./db/migrations");

/** A project whose tests run inside workerd with a worker's real bindings (D1, KV, Queues, R2). */
function workerProject(name: string, configPath: string) {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
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
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      workerProject("redirect", "./workers/redirect/wrangler.toml"),
      workerProject("queue", "./workers/queue/wrangler.toml"),
    ],
  },
});
