import { defineConfig } from "@playwright/test";
import base, { appServer } from "./playwright.config";

const PORT = process.env.E2E_PORT ?? "8790";

/**
 * The Stripe end-to-end tests: the same service, configured with STRIPE_* against the local
 * Stripe stub (tests/stubs/stripe-server.ts) instead of test mode. `npm run test:e2e` runs
 * this after the default suite, on the same port.
 */
export default defineConfig({
  ...base,
  testMatch: ["stripe.spec.ts", "stripe-events-security.spec.ts"],
  testIgnore: [],
  webServer: {
    ...appServer,
    command: `rm -rf .wrangler/e2e-state-${PORT} && node_modules/.bin/tsx tests/stubs/start-with-stripe.ts`,
  },
});
