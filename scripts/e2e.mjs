#!/usr/bin/env node
// npm run test:e2e: build the service once, then run the end-to-end suites side by side, each
// against its own server on its own port with its own local state (playwright.config.ts): the
// default suite split into E2E_SHARDS shards (default 2), then the Stripe and Paddle suites
// (playwright.stripe.config.ts, playwright.paddle.config.ts). As many run at once as there are
// shards (at least the two provider suites); a run starts as soon as another ends, so a short
// shard does not leave its slot idle until the longer one is done.
// Ports are E2E_PORT (default 8790) plus 5 per run: a run's stubs use its port plus 30, 31, 100,
// 200, 1000 and 1001, which stay clear of each other at that spacing.
// Extra arguments go to every Playwright run (e.g. `npm run test:e2e -- tests/e2e/kiosk.spec.ts`).
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";

const basePort = Number(process.env.E2E_PORT ?? 8790);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const extra = process.argv.slice(2);
// Spec files named: a run (a shard, or a provider suite) that has none of them passes empty.
const named = extra.filter((arg) => !arg.startsWith("-"));
if (named.length > 0) extra.push("--pass-with-no-tests");
const bin = (name) => `node_modules/.bin/${name}`;

const build = spawnSync(bin("react-router"), ["build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

/** One Playwright run; its output lines carry its label. Resolves to its exit code. */
function playwright(label, port, args) {
  return new Promise((resolve) => {
    const child = spawn(bin("playwright"), ["test", ...args, ...extra], {
      env: { ...process.env, E2E_PORT: String(port), SNIP_PREBUILT: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on("line", (line) => out.write(`[${label}] ${line}\n`));
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Provider suites only when no spec file was named, or when one of theirs was.
const providers = [
  ["stripe", ["-c", "playwright.stripe.config.ts"], /stripe/],
  ["paddle", ["-c", "playwright.paddle.config.ts"], /paddle/],
].filter(([, , match]) => named.length === 0 || named.some((file) => match.test(file)));
const runs = [
  ...Array.from({ length: shards }, (_, i) => [
    shards > 1 ? `main ${i + 1}/${shards}` : "main",
    shards > 1 ? [`--shard=${i + 1}/${shards}`] : [],
  ]),
  ...providers.map(([label, args]) => [label, args]),
];

// The slots take the runs in order; every run has its own port (its index in the list).
const codes = new Array(runs.length);
let next = 0;
async function slot() {
  while (next < runs.length) {
    const i = next++;
    const [label, args] = runs[i];
    codes[i] = await playwright(label, basePort + 5 * i, args);
  }
}
await Promise.all(Array.from({ length: Math.min(Math.max(shards, providers.length), runs.length) }, slot));
const failed = runs.filter((_, i) => codes[i] !== 0).map(([label]) => label);
if (failed.length > 0) {
  console.error(`\nEnd-to-end runs failed: ${failed.join(", ")}`);
  process.exit(1);
}
