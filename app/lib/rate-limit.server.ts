/**
 * Abuse limits (docs/decisions/019-abuse-limits.md): Cloudflare's Rate Limiting binding, one
 * binding per guarded action (wrangler.toml `[[ratelimits]]`, each "at most N in 60 seconds"),
 * counted per client address and, where there is one, per account. The binding runs locally
 * in workerd too (Miniflare's simulator), so the same code path is exercised by the tests.
 *
 * The client address is the one Cloudflare sets (`CF-Connecting-IP`); IPv6 addresses count per
 * /64, the block one subscriber holds. Local runs (LOCAL_DEV) reach the service from the
 * loopback address only, which every test and developer shares: there, a loopback address is
 * not limited unless the browser plays another address through the dev client fixture
 * (app/lib/dev-client.server.ts), which the rate-limit tests do. Per-account limits apply
 * everywhere.
 */
import { data } from "react-router";
import type { AppBindings, AppEnv } from "../env.server";
import { readDevClient } from "./dev-client.server";

/** The guarded actions and their bindings. */
export const RATE_LIMITED_ACTIONS = {
  guestShorten: "RL_GUEST_SHORTEN",
  signUp: "RL_SIGN_UP",
  signIn: "RL_SIGN_IN",
  passwordResetMail: "RL_PASSWORD_RESET_MAIL",
  verificationResend: "RL_VERIFICATION_RESEND",
  quote: "RL_QUOTE",
  webhookTest: "RL_WEBHOOK_TEST",
  apiTokenCreate: "RL_API_TOKEN_CREATE",
  emailChange: "RL_EMAIL_CHANGE",
  invitationSend: "RL_INVITATION_SEND",
  helpdesk: "RL_HELPDESK",
} as const satisfies Record<string, keyof AppBindings>;

export type RateLimitedAction = keyof typeof RATE_LIMITED_ACTIONS;

/** Every binding counts over 60 seconds (the binding allows 10 or 60); a refused client may try again after it. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/** The answer's headers: how long to wait. */
export function retryAfterHeaders(): Headers {
  return new Headers({ "Retry-After": String(RATE_LIMIT_PERIOD_SECONDS) });
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

function isLoopback(address: string): boolean {
  return address.startsWith("127.") || address === "::1" || address === "0:0:0:0:0:0:0:1" || address.startsWith("::ffff:127.");
}

/** The first four groups of an IPv6 address (its /64), or null when it is not one. */
export function ipv6Prefix64(address: string): string | null {
  if (!address.includes(":") || /[^0-9a-f:.]/i.test(address)) return null;
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for two groups.
  const size = (list: string[]) => list.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const missing = 8 - size(head) - size(tail);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const first = all.slice(0, 4);
  if (first.length < 4 || first.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return first.map((g) => g.replace(/^0+(?=.)/, "")).join(":");
}

/** The key an address counts under: an IPv4 address itself (also when written as IPv6), an IPv6 address by its /64. */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  if (IPV4.test(trimmed)) return `ip:${trimmed}`;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)?.[1];
  if (mapped) return `ip:${mapped}`;
  const prefix = ipv6Prefix64(trimmed);
  return prefix ? `ip6:${prefix}::/64` : `ip:${trimmed.toLowerCase()}`;
}

/**
 * The client address an action counts against: Cloudflare's `CF-Connecting-IP` (a request
 * without one, which Cloudflare never sends, counts as one shared "unknown" client). Null only
 * in local runs for the loopback address (see above).
 */
export async function rateLimitAddress(env: Pick<AppEnv, "LOCAL_DEV">, request: Request): Promise<string | null> {
  if (env.LOCAL_DEV === "true") {
    const played = (await readDevClient(env, request)).address;
    if (played) return played;
  }
  const address = request.headers.get("cf-connecting-ip")?.trim() || null;
  if (env.LOCAL_DEV === "true" && (address === null || isLoopback(address))) return null;
  return address ?? "unknown";
}

export interface RateLimitSubject {
  /** The signed-in account, or the account an anonymous action targets (e.g. a sign-in's email). */
  account?: string | null;
  /** The address a mail of the action goes to, counted apart: many accounts cannot flood one inbox. */
  recipient?: string | null;
}

/**
 * Counts one attempt of `action` for the client address and the account. True when it may
 * proceed; false when either is over its limit (answer 429 with `retryAfterHeaders()`).
 */
export async function underRateLimit(
  env: AppEnv,
  request: Request,
  action: RateLimitedAction,
  subject: RateLimitSubject = {},
): Promise<boolean> {
  const limiter = env[RATE_LIMITED_ACTIONS[action]];
  const address = await rateLimitAddress(env, request);
  const keys = [
    address === null ? null : addressKey(address),
    subject.account ? `account:${subject.account.toLowerCase()}` : null,
    subject.recipient ? `recipient:${subject.recipient.toLowerCase()}` : null,
  ];
  const outcomes = await Promise.all(keys.filter((key) => key !== null).map((key) => limiter.limit({ key })));
  return outcomes.every((outcome) => outcome.success);
}

/**
 * The `headers` export of a route whose action may answer 429: React Router sends only the
 * headers a route's `headers` function returns (Set-Cookie aside), so Retry-After is passed on
 * here, for documents and data requests alike.
 */
export function retryAfterOfAction({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** A page action's 429: its reply (the form's error) with Retry-After. */
export function rateLimitedReply<T>(reply: T) {
  return data(reply, { status: 429, headers: retryAfterHeaders() });
}
