/**
 * Glue between React Router actions and better-auth's server API: the library's errors as
 * plain values, the cookies it sets forwarded on our redirects, the login throttle and the
 * TOTP replay guard.
 */
import { redirect } from "react-router";
import { isAPIError } from "better-auth/api";
import { getDb } from "../../db/client.server";
import { clearLoginFailures, getLockRemaining, recordLoginFailure, type ThrottleRule } from "../../db/login-throttles.server";
import { claimTotpCode } from "../../db/totp.server";
import type { AppEnv } from "../env.server";

export interface AuthFailure {
  status: number;
  code: string;
  message: string;
}

/** Runs an auth.api call; library errors come back as values, anything else is rethrown. */
export async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AuthFailure }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (isAPIError(error)) {
      const body = (error.body ?? {}) as { code?: string; message?: string };
      return {
        ok: false,
        error: { status: error.statusCode, code: body.code ?? String(error.status), message: body.message ?? error.message },
      };
    }
    throw error;
  }
}

/**
 * The database refused an account's email because another account has it: better-auth does not
 * check before it writes (an email change confirmed after someone signed up with the address), so
 * the unique index answers, as a query error whose cause chain names the column.
 */
export function isEmailTakenError(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (/UNIQUE constraint failed: users\.email/.test(cause.message)) return true;
  }
  return false;
}

/** Copies every Set-Cookie of `from` onto a new Headers (or onto `into`). */
export function forwardCookies(from: Headers, into = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) into.append("set-cookie", cookie);
  return into;
}

export function redirectWithCookies(to: string, cookies: Headers): Response {
  return redirect(to, { headers: forwardCookies(cookies) });
}

export const LOGIN_THROTTLE_BY_EMAIL: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const LOGIN_THROTTLE_BY_CLIENT: ThrottleRule = { maxFailures: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

function throttleKeys(request: Request, email: string): { email: string; client: string } {
  return { email: `email:${email.toLowerCase()}`, client: `ip:${clientAddress(request)}` };
}

/** Minutes until a login for this email from this client may be tried again; 0 when allowed. */
export async function loginLockMinutes(env: AppEnv, request: Request, email: string): Promise<number> {
  const db = getDb(env.DB);
  const keys = throttleKeys(request, email);
  const [byEmail, byClient] = await Promise.all([getLockRemaining(db, keys.email), getLockRemaining(db, keys.client)]);
  const ms = Math.max(byEmail, byClient);
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

export async function recordFailedLogin(env: AppEnv, request: Request, email: string): Promise<void> {
  const db = getDb(env.DB);
  const keys = throttleKeys(request, email);
  await Promise.all([
    recordLoginFailure(db, keys.email, LOGIN_THROTTLE_BY_EMAIL),
    recordLoginFailure(db, keys.client, LOGIN_THROTTLE_BY_CLIENT),
  ]);
}

export async function clearFailedLogins(env: AppEnv, email: string): Promise<void> {
  await clearLoginFailures(getDb(env.DB), `email:${email.toLowerCase()}`);
}

/** A TOTP code verifies within ±1 step of 30 s; a claim outlives that window. */
const TOTP_CLAIM_MS = 3 * 30_000;

export async function claimTotp(env: AppEnv, userId: string, code: string): Promise<boolean> {
  return claimTotpCode(getDb(env.DB), userId, code, TOTP_CLAIM_MS);
}
