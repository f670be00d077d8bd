#!/usr/bin/env node
// npm start / npm run dev: build (start only), apply local D1 migrations, seed demo data,
// then serve all three workers on one port (PORT, default 8787) with one shared local state.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "8787";
const state = process.env.SNIP_STATE_DIR ?? ".wrangler/state";
const bin = (name) => `node_modules/.bin/${name}`;
// Tools run on the pinned Node (node_modules/.bin/node), also when this script is started by hand.
process.env.PATH = `${resolve("node_modules/.bin")}${delimiter}${process.env.PATH}`;

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

// SNIP_PREBUILT=1: build/ is already there (scripts/e2e.mjs builds once for the servers it starts side by side).
if (!dev && process.env.SNIP_PREBUILT !== "1") run(bin("react-router"), ["build"]);
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--file", "db/seed.sql"]);

/**
 * The providers this run has no account with get local stand-ins that speak their wire format
 * (DESIGN.md "External services"; docs/decisions/063): Cloudflare's custom hostnames (branded
 * domains), DNSimple's registrar (domain purchase) and Safe Browsing (URL reputation). A provider
 * configured in the environment, in SNIP_VARS or (for `npm run dev`) in .dev.vars is never replaced;
 * SNIP_DEMO_PROVIDERS=0 starts none (the end-to-end tests start their own). The built run passes
 * their settings to serve.mjs in SNIP_VARS; the dev server's vite.config.ts reads SNIP_VARS too.
 */
const PROVIDERS = { cloudflare: "CF_API_TOKEN", registrar: "DNSIMPLE_TOKEN", reputation: "SAFE_BROWSING_API_KEY" };
let providers = null;
let snipVars = process.env.SNIP_VARS ? JSON.parse(process.env.SNIP_VARS) : {};
// The names .dev.vars sets (KEY=value lines); the dev server reads that file itself.
const devVars =
  dev && existsSync(".dev.vars")
    ? (readFileSync(".dev.vars", "utf8")
        .match(/^\s*[A-Z0-9_]+(?=\s*=)/gm)
        ?.map((name) => name.trim()) ?? [])
    : [];
if (process.env.SNIP_DEMO_PROVIDERS !== "0") {
  const wanted = Object.entries(PROVIDERS).filter(([, name]) => !process.env[name] && !snipVars[name] && !devVars.includes(name));
  if (wanted.length > 0) {
    providers = spawn(bin("tsx"), ["scripts/demo-providers.ts", wanted.map(([key]) => key).join(",")], {
      stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, DEMO_STATE_DIR: state },
    });
    const line = await new Promise((resolve, reject) => {
      let out = "";
      providers.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
      });
      providers.on("exit", (code) => reject(new Error(`scripts/demo-providers.ts exited (${code})`)));
    });
    snipVars = { ...JSON.parse(line), ...snipVars };
    console.info(`Local provider stand-ins: ${wanted.map(([key]) => key).join(", ")} (README "Configuration").`);
  }
}

// Built runs: the workers in workerd through the Miniflare API (no dev proxy); dev: Vite with hot reload.
const server = spawn(dev ? bin("react-router") : process.execPath, dev ? ["dev", "--port", port, "--strictPort"] : ["scripts/serve.mjs"], {
  stdio: "inherit",
  env: { ...process.env, PORT: port, SNIP_STATE_DIR: state, ...(providers ? { SNIP_VARS: JSON.stringify(snipVars) } : {}) },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  providers?.kill("SIGTERM");
  process.exit(code ?? 0);
});
