/**
 * The service with Stripe configured against the local stub (playwright.stripe.config.ts):
 * starts the stub on a free loopback port, writes its address where the tests find it
 * (STRIPE_STUB_FILE), then `scripts/start.mjs` with STRIPE_* pointing at
 * it. Run with tsx (it imports the stub, which reads the plans from domain/).
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { startStripeStub, STUB_SECRET_KEY, STUB_WEBHOOK_SECRET } from "./stripe-server";

const port = process.env.PORT ?? "8787";
const stub = await startStripeStub({ webhookUrl: `http://localhost:${port}/app/webhooks/stripe` });
console.info(`Stripe stub on ${stub.url}`);
// Where the tests find the stub (its `/__stub/*` controls): tests/e2e/billing.ts stubUrl.
const stubFile = process.env.STRIPE_STUB_FILE ?? `.wrangler/stripe-stub-${port}.json`;
mkdirSync(dirname(stubFile), { recursive: true });
writeFileSync(stubFile, JSON.stringify({ url: stub.url }));
const service = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: "inherit",
  env: { ...process.env, STRIPE_SECRET_KEY: STUB_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET, STRIPE_API_BASE: stub.url },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => service.kill(signal));
service.on("exit", (code) => {
  void stub.close().then(() => process.exit(code ?? 0));
});
