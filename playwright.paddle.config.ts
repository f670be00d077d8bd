import { defineConfig } from "@playwright/test";
import base, { appServer as baseServer } from "./playwright.config";

const PORT = process.env.E2E_PORT ?? "8790";

/**
 * The Paddle end-to-end tests: the same service, configured with PADDLE_* against the local
 * Paddle stub (tests/stubs/paddle-server.ts, which also serves the Paddle.js stand-in) instead
 * of test mode. `npm run test:e2e` runs this after the default suite, on the same port.
 */
export default defineConfig({
  ...base,
  testMatch: ["paddle.spec.ts", "paddle-events-security.spec.ts"],
  testIgnore: [],
  webServer: {
    ...baseServer,
    command: `rm -rf .wrangler/e2e-state-${PORT} && node_modules/.bin/tsx tests/stubs/start-with-paddle.ts`,
    env: { ...baseServer.env, PADDLE_STUB_FILE: `.wrangler/paddle-stub-${PORT}.json` },
  },
});
