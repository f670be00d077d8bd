/**
 * The app worker's bindings and variables, validated once per request at the entry.
 */
import { z } from "zod";
import { parseShortDomains } from "../domain/domains";
import { AD_PROVIDERS } from "../domain/ads";
import { DEFAULT_API_RATE_LIMIT_PER_MINUTE } from "../domain/api";
import type { ClickBatchMessage } from "../domain/events";
import { LOCAL_DEV_AUTH_SECRET } from "../domain/local-dev";

export interface RedirectService {
  fetch(request: Request): Promise<Response>;
  purge(links: { domain: string; alias: string }[]): Promise<void>;
  /** Branded domains (issue 18): forget cached host records. */
  purgeHosts(hosts: string[]): Promise<void>;
}

export interface AppBindings {
  DB: D1Database;
  LINKS: KVNamespace;
  UPLOADS: R2Bucket;
  CLICKS: Queue<ClickBatchMessage>;
  JOBS: Queue;
  /** Bulk imports (docs/decisions/009). */
  BULK: Queue;
  REDIRECT: RedirectService;
  ASSETS: Fetcher;
  /** Abuse limits, one per guarded action (wrangler.toml `[[ratelimits]]`, app/lib/rate-limit.server.ts). */
  RL_GUEST_SHORTEN: RateLimit;
  RL_SIGN_UP: RateLimit;
  RL_SIGN_IN: RateLimit;
  RL_PASSWORD_RESET_MAIL: RateLimit;
  RL_VERIFICATION_RESEND: RateLimit;
  RL_QUOTE: RateLimit;
  RL_WEBHOOK_TEST: RateLimit;
  RL_API_TOKEN_CREATE: RateLimit;
  RL_EMAIL_CHANGE: RateLimit;
  RL_INVITATION_SEND: RateLimit;
  RL_HELPDESK: RateLimit;
}

const varsSchema = z.object({
  SHORT_HOST: z.string().min(1),
  SHORT_ORIGIN: z.string().default(""),
  /**
   * Public origin of the app (e.g. `https://snip.example`): the origin of every link in mail.
   * Empty: outside local runs, mail with links is not sent (app/mail.server.ts mailLinkOrigin).
   */
  APP_ORIGIN: z.union([z.literal(""), z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin)]).default(""),
  HELP_URL: z.url(),
  HELPDESK_URL: z.url(),
  FREESCOUT_URL: z.url(),
  BLOG_URL: z.url(),
  /**
   * "true" only in local runs, and only from how the process was started: `npm start`, `npm run
   * dev` and the tests set it (scripts/runtime.mjs, vite.config.ts, vitest.config.ts); no
   * deployable config does (`npm run check` fails if one does).
   */
  LOCAL_DEV: z.string().optional(),
  /** Comma-separated extra banned destination domains. */
  BANNED_DOMAINS: z.string().default(""),
  /** Signs sessions and encrypts TOTP secrets; a secret in production (`wrangler secret put AUTH_SECRET`). */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Promotion phase starts (ISO timestamps) overriding the spec's 2024 dates. */
  PROMO_PRE_SALE_AT: z.string().optional(),
  PROMO_BLACK_FRIDAY_AT: z.string().optional(),
  PROMO_POST_BLACK_FRIDAY_AT: z.string().optional(),
  PROMO_CYBER_MONDAY_AT: z.string().optional(),
  /** Where enterprise quote requests are sent. */
  SALES_EMAIL: z.string().default("sales@snip.example"),
  /** Where organizations' support requests ({org}/helpdesk) are sent. */
  SUPPORT_EMAIL: z.string().default("support@snip.example"),
  /** Requests one API token may make a minute (a token can carry its own limit). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_API_RATE_LIMIT_PER_MINUTE),
  /** Sender address of transactional mail. */
  MAIL_FROM: z.string().default("Snip <no-reply@snip.example>"),
  /** Extra common short domains, a JSON array (domain/domains.ts shortDomainConfigSchema); empty: the default host only. */
  SHORT_DOMAINS: z.string().default(""),
  /**
   * Single sign-on (issue 17, docs/decisions/034): the DNS-over-HTTPS JSON endpoint asked for the
   * TXT records that prove an organization's email domains; a local stub in tests.
   */
  SSO_DNS_URL: z.url({ protocol: /^https?$/ }).default("https://cloudflare-dns.com/dns-query"),
  /** Cloudflare Turnstile (the guests' bot challenge): on only when both keys are set. The secret is a secret. */
  TURNSTILE_SITE_KEY: z.string().default(""),
  TURNSTILE_SECRET_KEY: z.string().default(""),
  /** Where tokens are verified; a local stub in tests. */
  TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  /** Comma-separated client IP addresses that skip the bot challenge (spec 02 §3 "whitelist"). */
  TURNSTILE_WHITELIST: z.string().default(""),
  /** Ads for non-subscribers (docs/decisions/041): "" (none, the default) or "adsense" with its publisher id. */
  ADS_PROVIDER: z.enum(AD_PROVIDERS).default(""),
  ADS_CLIENT: z.union([z.literal(""), z.string().regex(/^ca-pub-\d{10,20}$/)]).default(""),
  /** The AdSense ad unit (data-ad-slot) shown above the footer. */
  ADS_SLOT: z.union([z.literal(""), z.string().regex(/^\d{5,20}$/)]).default(""),
  /** Card payments through Stripe (billing type 1): secrets, both or neither (README "Billing"). */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** Another Stripe API origin (the local stub in tests): http(s)://host:port. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Paddle (billing type 2): secrets, both or neither. */
  PADDLE_API_KEY: z.string().min(1).optional(),
  PADDLE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** "production", "sandbox", or another API origin. */
  PADDLE_ENVIRONMENT: z.string().default("production"),
  /** Paddle.js client-side token for the /paddle/payment checkout page. */
  PADDLE_CLIENT_TOKEN: z.string().optional(),
  /** Where /paddle/payment loads Paddle.js from: Paddle's CDN, or the local stub's stand-in in tests. */
  PADDLE_JS_URL: z.url({ protocol: /^https?$/ }).default("https://cdn.paddle.com/paddle/v2/paddle.js"),
  // Branded domains (issue 18, docs/decisions/035): Cloudflare for SaaS custom hostnames.
  /** API token with "SSL and Certificates: Edit" on the SaaS zone (a secret); unset: adding domains is refused. */
  CF_API_TOKEN: z.string().min(1).optional(),
  /** The zone Cloudflare for SaaS is enabled on; unset: adding domains is refused. */
  CF_ZONE_ID: z.string().min(1).optional(),
  /** The Cloudflare API's base URL; the local stub in tests. */
  CF_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.cloudflare.com/client/v4"),
  /** The host name customers point their CNAME at (the SaaS zone's fallback origin). */
  CF_CNAME_TARGET: z.string().default("domains.snip.example"),
  // Domain purchase (issue 18, docs/decisions/043): DNSimple's registrar API. All three or purchases are refused.
  /** Account access token (a secret). */
  DNSIMPLE_TOKEN: z.string().min(1).optional(),
  /** The numeric account the domains are registered in. */
  DNSIMPLE_ACCOUNT_ID: z.string().regex(/^\d+$/).optional(),
  /** The contact registered as the bought domains' registrant. */
  DNSIMPLE_REGISTRANT_ID: z.string().regex(/^\d+$/).optional(),
  /** https://api.dnsimple.com, https://api.sandbox.dnsimple.com, or the local stub in tests. */
  DNSIMPLE_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.dnsimple.com"),
});

/** A provider is configured with its API key and its webhook secret, or not at all. */
function checkPairs(vars: z.infer<typeof varsSchema>): void {
  const pairs = [
    ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    ["PADDLE_API_KEY", "PADDLE_WEBHOOK_SECRET"],
  ] as const;
  for (const [key, secret] of pairs) {
    if ((vars[key] === undefined) !== (vars[secret] === undefined)) throw new Error(`${key} and ${secret} must be set together`);
  }
}

export type AppVars = z.infer<typeof varsSchema> & { AUTH_SECRET: string };
export type AppEnv = AppBindings & AppVars;

/** A required secret or setting is missing: the feature stops (fails closed) and says why in the log. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/**
 * The request's env. LOCAL_DEV (the dev mailbox, the dev fixtures, the development
 * AUTH_SECRET) comes from how the process was started, never from the request: nothing a
 * client sends (a Host header, say) turns it on. Outside local development a missing
 * AUTH_SECRET is a ConfigurationError, never a public default.
 */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const vars = varsSchema.parse(raw);
  parseShortDomains(vars.SHORT_DOMAINS); // a malformed SHORT_DOMAINS is a configuration error, reported at once
  checkPairs(vars);
  const secret = vars.AUTH_SECRET ?? (isLocalDev(vars) ? LOCAL_DEV_AUTH_SECRET : undefined);
  if (!secret) throw new ConfigurationError("AUTH_SECRET is not set: run `wrangler secret put AUTH_SECRET` (32+ random characters)");
  return { ...(raw as unknown as AppBindings), ...vars, AUTH_SECRET: secret };
}

/** Whether this process was started as a local run (`npm start`, `npm run dev`, the tests). */
export function isLocalDev(env: { LOCAL_DEV?: string }): boolean {
  return env.LOCAL_DEV === "true";
}
