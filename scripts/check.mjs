#!/usr/bin/env node
// npm run check: `wrangler deploy --dry-run` of all three workers from the build output,
// offline (nothing is uploaded; wrangler validates the config and bundles).
import { spawnSync } from "node:child_process";
import { delimiter, resolve } from "node:path";

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
for (const config of ["build/server/wrangler.json", "dist/snip_redirect/wrangler.json", "dist/snip_queue/wrangler.json"]) {
  console.info(`\n== wrangler deploy --dry-run -c ${config}`);
  run("node_modules/.bin/wrangler", ["deploy", "--dry-run", "-c", config]);
}
