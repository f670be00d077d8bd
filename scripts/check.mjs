#!/usr/bin/env node
// npm run check: `wrangler deploy --dry-run` of all three workers from the build output,
// offline (nothing is uploaded; wrangler validates the config and bundles), after checking that
// no deployable config, source or built, turns local development on (docs/decisions/024).
import { spawnSync } from "node:child_process";
import { delimiter, resolve } from "node:path";
import { BUILT_CONFIGS, localDevViolations, SOURCE_CONFIGS } from "./deploy-configs.mjs";

// Tools run on the pinned Node (node_modules/.bin/node), also when this script is started by hand.
const PATH = `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}`;

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      PATH,
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_ACCOUNT_ID: process.env.CLOUDFLARE_ACCOUNT_ID ?? "0".repeat(32),
    },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run("node_modules/.bin/react-router", ["build"]);
const violations = [...SOURCE_CONFIGS, ...BUILT_CONFIGS].flatMap(localDevViolations);
if (violations.length > 0) {
  console.error(
    `\nA deployable config turns local development on (only npm start, npm run dev and the tests may):\n  ${violations.join("\n  ")}`,
  );
  process.exit(1);
}
console.info(`\nNo deployable config turns local development on (${SOURCE_CONFIGS.length + BUILT_CONFIGS.length} checked).`);
for (const config of BUILT_CONFIGS) {
  console.info(`\n== wrangler deploy --dry-run -c ${config}`);
  run("node_modules/.bin/wrangler", ["deploy", "--dry-run", "-c", config]);
}
