#!/usr/bin/env node
// Serves the built service on PORT (default 8787): see scripts/runtime.mjs.
import { startRuntime } from "./runtime.mjs";

const port = Number(process.env.PORT ?? 8787);
const persist = process.env.SNIP_STATE_DIR ?? ".wrangler/state";
const mf = await startRuntime({ port, host: process.env.HOST ?? "localhost", persist, verbose: process.env.SNIP_VERBOSE === "1" });
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
