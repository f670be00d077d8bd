#!/usr/bin/env node
// Serves the built service on PORT (default 8787): see scripts/runtime.mjs.
import { startRuntime } from "./runtime.mjs";

const port = Number(process.env.PORT ?? 8787);
const persist = process.env.SNIP_STATE_DIR ?? ".wrangler/state";
// SNIP_VARS: a JSON object of variables overriding every worker's (the end-to-end tests configure SHORT_DOMAINS with it).
// Provider settings given in the environment reach the workers as variables too (README "Billing",
// "Configuration"): billing, and the providers npm start otherwise stands in for (scripts/demo-providers.ts).
const PROVIDER_VARS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_BASE",
  "PADDLE_API_KEY",
  "PADDLE_WEBHOOK_SECRET",
  "PADDLE_ENVIRONMENT",
  "PADDLE_CLIENT_TOKEN",
  "PADDLE_JS_URL",
  "CF_API_TOKEN",
  "CF_ZONE_ID",
  "CF_API_BASE_URL",
  "CF_CNAME_TARGET",
  "DNSIMPLE_TOKEN",
  "DNSIMPLE_ACCOUNT_ID",
  "DNSIMPLE_REGISTRANT_ID",
  "DNSIMPLE_API_BASE_URL",
  "SAFE_BROWSING_API_KEY",
  "SAFE_BROWSING_API_URL",
];
const vars = {
  ...Object.fromEntries(PROVIDER_VARS.filter((name) => process.env[name]).map((name) => [name, process.env[name]])),
  ...(process.env.SNIP_VARS ? JSON.parse(process.env.SNIP_VARS) : {}),
};
const mf = await startRuntime({ port, host: process.env.HOST ?? "localhost", persist, vars, verbose: process.env.SNIP_VERBOSE === "1" });
console.info(`Snip is running on http://localhost:${port} (state: ${persist}). Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await mf.dispose();
    process.exit(0);
  });
}
