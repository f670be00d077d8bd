/**
 * Cloudflare Turnstile, the guests' bot challenge (spec 02 §4, §6, §8), on the server: whether it
 * is on (both keys set), and the siteverify call. The token arrives as `anti_robot_token` (the
 * creation payload, spec 02 §3) or as Turnstile's own `cf-turnstile-response`.
 */
import type { AppEnv } from "../env.server";
import type { DevClient } from "./dev-client.server";
import { devSiteverify } from "./turnstile-dev.server";

/** Cloudflare's published test keys: this site key always passes, and so does this secret. */
export const TURNSTILE_TEST_SITE_KEY = "1x00000000000000000000AA";
export const TURNSTILE_TEST_SECRET_KEY = "1x0000000000000000000000000000000AA";

export const TURNSTILE_TOKEN_FIELDS = ["anti_robot_token", "cf-turnstile-response"] as const;

/** siteverify answers within a second or two; a hung call must not hold the form. */
const SITEVERIFY_TIMEOUT_MS = 10_000;

export interface TurnstileConfig {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  /** Client IP addresses that skip the challenge. */
  whitelist: string[];
  /** How siteverify is reached: `fetch`, or the local stand-in. */
  fetch: (request: Request) => Promise<Response>;
}

type TurnstileEnv = Pick<AppEnv, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL" | "TURNSTILE_WHITELIST">;

/** The challenge's configuration, or null when it is off (no keys). */
export function turnstileConfig(env: TurnstileEnv, dev: DevClient = {}): TurnstileConfig | null {
  const whitelist = env.TURNSTILE_WHITELIST.split(",")
    .map((ip) => ip.trim())
    .filter(Boolean);
  if (dev.turnstile) {
    return {
      siteKey: TURNSTILE_TEST_SITE_KEY,
      secretKey: TURNSTILE_TEST_SECRET_KEY,
      verifyUrl: env.TURNSTILE_VERIFY_URL,
      whitelist: [],
      fetch: devSiteverify,
    };
  }
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return null;
  return {
    siteKey: env.TURNSTILE_SITE_KEY,
    secretKey: env.TURNSTILE_SECRET_KEY,
    verifyUrl: env.TURNSTILE_VERIFY_URL,
    whitelist,
    fetch: (request) => fetch(request),
  };
}

/** The client's IP address as Cloudflare reports it; null locally. */
export function clientIp(request: Request): string | null {
  return request.headers.get("cf-connecting-ip");
}

export function isWhitelisted(config: TurnstileConfig, ip: string | null): boolean {
  return ip !== null && config.whitelist.includes(ip);
}

export function readTurnstileToken(formData: FormData): string {
  for (const field of TURNSTILE_TOKEN_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return "";
}

export interface TurnstileVerdict {
  success: boolean;
  errorCodes: string[];
}

/**
 * Asks siteverify about a token (POST, form-encoded secret, response, remoteip and an
 * idempotency key). An empty token, a network failure, a timeout or a malformed answer is a
 * failure, never a pass.
 */
export async function verifyTurnstile(config: TurnstileConfig, token: string, ip: string | null): Promise<TurnstileVerdict> {
  if (token === "") return { success: false, errorCodes: ["missing-input-response"] };
  const body = new URLSearchParams({ secret: config.secretKey, response: token, idempotency_key: crypto.randomUUID() });
  if (ip) body.set("remoteip", ip);
  let response: Response;
  try {
    response = await config.fetch(
      new Request(config.verifyUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      }),
    );
  } catch {
    return { success: false, errorCodes: ["network-error"] };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { success: false, errorCodes: [`http-${response.status}`] };
  }
  const answer = (await response.json().catch(() => null)) as { success?: unknown; "error-codes"?: unknown } | null;
  const errorCodes = Array.isArray(answer?.["error-codes"]) ? answer["error-codes"].filter((c): c is string => typeof c === "string") : [];
  return { success: answer?.success === true, errorCodes };
}
