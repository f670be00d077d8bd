import { defineConfig, devices } from "@playwright/test";
import { E2E_SHORT_DOMAINS } from "./tests/e2e/short-domains";
import { cloudflareStubPort, STUB_CF_TOKEN, STUB_CF_ZONE } from "./tests/stubs/cloudflare-ids";
import { registrarStubPort, STUB_DNSIMPLE_ACCOUNT, STUB_DNSIMPLE_REGISTRANT, STUB_DNSIMPLE_TOKEN } from "./tests/stubs/registrar-ids";

const PORT = process.env.E2E_PORT ?? "8790";
const BASE_URL = `http://localhost:${PORT}`;

/**
 * End-to-end tests: the built service (app, redirect and queue workers in workerd) on its own
 * port with a fresh local state, driven by the system Chromium. No internet: tests intercept
 * every navigation to an external host (tests/e2e/fixtures.ts).
 */
/** The service under test; the Stripe and Paddle configs start it with their provider instead of test mode. */
export const appServer = {
  command: `rm -rf .wrangler/e2e-state-${PORT} && node scripts/start.mjs`,
  env: {
    PORT,
    // The tests start the provider stubs they set up themselves (below), not npm start's stand-ins.
    SNIP_DEMO_PROVIDERS: "0",
    SNIP_STATE_DIR: `.wrangler/e2e-state-${PORT}`,
    // APP_ORIGIN: links in mail name this origin, whatever Host a request carries; AUTH_SECRET: a
    // secret of its own, so a request with a non-loopback Host is served as in production
    // (tests/e2e/mail-links-security.spec.ts).
    SNIP_VARS: JSON.stringify({
      SHORT_DOMAINS: JSON.stringify(E2E_SHORT_DOMAINS),
      APP_ORIGIN: BASE_URL,
      AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
      // Single sign-on (issue 17): TXT lookups go to the DNS stub started below.
      SSO_DNS_URL: `http://127.0.0.1:${Number(PORT) + 1001}/dns-query`,
      // Branded domains (issue 18): the Cloudflare custom hostnames stub that
      // tests/e2e/branded-domains.spec.ts starts on this port (tests/stubs/cloudflare-server.ts).
      CF_API_TOKEN: STUB_CF_TOKEN,
      CF_ZONE_ID: STUB_CF_ZONE,
      CF_API_BASE_URL: `http://127.0.0.1:${cloudflareStubPort(PORT)}/client/v4`,
      // Domain purchase (issue 18, docs/decisions/043): DNSimple's registrar API, the stub that
      // tests/e2e/domain-purchase.spec.ts starts on this port (tests/stubs/registrar-server.ts).
      DNSIMPLE_TOKEN: STUB_DNSIMPLE_TOKEN,
      DNSIMPLE_ACCOUNT_ID: STUB_DNSIMPLE_ACCOUNT,
      DNSIMPLE_REGISTRANT_ID: STUB_DNSIMPLE_REGISTRANT,
      DNSIMPLE_API_BASE_URL: `http://127.0.0.1:${registrarStubPort(PORT)}`,
    }),
  },
  url: `${BASE_URL}/app/terms`,
  reuseExistingServer: false,
  timeout: 300_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
};

export default defineConfig({
  testDir: "tests/e2e",
  // Per port: scripts/e2e.mjs runs suites side by side, and each run empties its own output directory.
  outputDir: `test-results/${PORT}`,
  // Need the service configured with a provider's stub: playwright.stripe.config.ts, playwright.paddle.config.ts.
  testIgnore: ["stripe.spec.ts", "paddle.spec.ts", "stripe-events-security.spec.ts", "paddle-events-security.spec.ts"],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    // Headless Chromium announces itself as "HeadlessChrome", which the click pipeline rightly
    // counts as a bot. The tests play a person using an ordinary Chrome.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    appServer,
    // Single sign-on (issue 17, docs/decisions/034): a real OpenID provider on E2E_PORT+1000 and
    // the DNS-over-HTTPS stub on E2E_PORT+1001, both on 127.0.0.1 (tests/stubs/sso-stubs.ts).
    {
      command: "node_modules/.bin/tsx tests/stubs/sso-stubs.ts",
      env: { E2E_PORT: PORT },
      url: `http://127.0.0.1:${Number(PORT) + 1000}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
