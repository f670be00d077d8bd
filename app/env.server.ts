/**
 * The app worker's bindings and variables, validated once per request at the entry.
 */
import { z } from "zod";
import { DEFAULT_API_RATE_LIMIT_PER_MINUTE } from "../domain/api";
import type { ClickBatchMessage } from "../domain/events";

export interface RedirectService {
  fetch(request: Request): Promise<Response>;
  purge(links: { domain: string; alias: string }[]): Promise<void>;
}

export interface AppBindings {
  DB: D1Database;
  LINKS: KVNamespace;
  UPLOADS: R2Bucket;
  CLICKS: Queue<ClickBatchMessage>;
  JOBS: Queue;
  REDIRECT: RedirectService;
  ASSETS: Fetcher;
}

const varsSchema = z.object({
  SHORT_HOST: z.string().min(1),
  SHORT_ORIGIN: z.string().default(""),
  HELP_URL: z.url(),
  HELPDESK_URL: z.url(),
  FREESCOUT_URL: z.url(),
  BLOG_URL: z.url(),
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
  /** Requests one API token may make a minute (a token can carry its own limit). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_API_RATE_LIMIT_PER_MINUTE),
  /** Sender address of transactional mail. */
  MAIL_FROM: z.string().default("Snip <no-reply@snip.example>"),
});

/** Used only when LOCAL_DEV is "true" and no AUTH_SECRET is set: never in production. */
const LOCAL_DEV_AUTH_SECRET = "snip-local-development-secret-not-for-production-use";

export type AppVars = z.infer<typeof varsSchema> & { AUTH_SECRET: string };
export type AppEnv = AppBindings & AppVars;

/** Loopback hosts: where a local run is reached. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The request's env. LOCAL_DEV (the dev mailbox, the dev fixtures, the development
 * AUTH_SECRET) counts only for requests to a loopback host, so a deployment that forgot to
 * turn it off exposes none of it.
 */
export function parseEnv(raw: Record<string, unknown>, hostname: string): AppEnv {
  const vars = varsSchema.parse(raw);
  if (vars.LOCAL_DEV === "true" && !isLoopbackHost(hostname)) vars.LOCAL_DEV = undefined;
  const secret = vars.AUTH_SECRET ?? (vars.LOCAL_DEV === "true" ? LOCAL_DEV_AUTH_SECRET : undefined);
  if (!secret) throw new Error("AUTH_SECRET is not set: run `wrangler secret put AUTH_SECRET` (32+ random characters)");
  return { ...(raw as unknown as AppBindings), ...vars, AUTH_SECRET: secret };
}
