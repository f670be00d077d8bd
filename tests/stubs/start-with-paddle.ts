/**
 * The service with Paddle configured against the local stub (playwright.paddle.config.ts):
 * starts the stub on a free loopback port, writes its address where the tests find it
 * (PADDLE_STUB_FILE), then `scripts/start.mjs` with PADDLE_* pointing at it and Paddle.js
 * loaded from the stub's stand-in. Run with tsx (it imports the stub, which reads the plans).
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { PADDLE_STUB_API_KEY, PADDLE_STUB_CLIENT_TOKEN, PADDLE_STUB_WEBHOOK_SECRET, startPaddleStub } from "./paddle-server";

const port = process.env.PORT ?? "8787";
const stub = await startPaddleStub({ webhookUrl: `http://localhost:${port}/paddle/webhook` });
console.info(`Paddle stub on ${stub.url}`);
const stubFile = process.env.PADDLE_STUB_FILE ?? `.wrangler/paddle-stub-${port}.json`;
mkdirSync(dirname(stubFile), { recursive: true });
writeFileSync(stubFile, JSON.stringify({ url: stub.url }));
const service = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PADDLE_API_KEY: PADDLE_STUB_API_KEY,
    PADDLE_WEBHOOK_SECRET: PADDLE_STUB_WEBHOOK_SECRET,
    PADDLE_CLIENT_TOKEN: PADDLE_STUB_CLIENT_TOKEN,
    PADDLE_ENVIRONMENT: stub.url,
    PADDLE_JS_URL: `${stub.url}/paddle.js`,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => service.kill(signal));
service.on("exit", (code) => {
  void stub.close().then(() => process.exit(code ?? 0));
});
