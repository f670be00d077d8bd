#!/usr/bin/env node
// npm run test:e2e: build the service once, then run the end-to-end suites side by side, each
// against its own server on its own port with its own local state (playwright.config.ts):
//   1. the default suite, split into E2E_SHARDS shards (default 2);
//   2. the Stripe and Paddle suites (playwright.stripe.config.ts, playwright.paddle.config.ts).
// Ports are E2E_PORT (default 8790) plus 5 per run beside it: a run's stubs use its port plus
// 30, 31, 100, 200, 1000 and 1001, which stay clear of each other at that spacing.
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

async function phase(runs) {
  const codes = await Promise.all(runs.map(([label, args], i) => playwright(label, basePort + 5 * i, args)));
  const failed = runs.filter((_, i) => codes[i] !== 0).map(([label]) => label);
  if (failed.length > 0) {
    console.error(`\nEnd-to-end runs failed: ${failed.join(", ")}`);
    process.exit(1);
  }
}

await phase(
  Array.from({ length: shards }, (_, i) => [
    shards > 1 ? `main ${i + 1}/${shards}` : "main",
    shards > 1 ? [`--shard=${i + 1}/${shards}`] : [],
  ]),
);
// Provider suites only when no spec file was named, or when one of theirs was.
const providers = [
  ["stripe", ["-c", "playwright.stripe.config.ts"], /stripe/],
  ["paddle", ["-c", "playwright.paddle.config.ts"], /paddle/],
].filter(([, , match]) => named.length === 0 || named.some((file) => match.test(file)));
if (providers.length > 0) await phase(providers.map(([label, args]) => [label, args]));
