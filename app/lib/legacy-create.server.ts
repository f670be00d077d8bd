/**
 * TinyURL's legacy endpoint, `GET /api-create.php?url=...[&alias=...]` (issue 20): the call the
 * most-used TinyURL client libraries make (npm `tinyurl`, `tinyurl-api`), served with TinyURL's
 * behaviour so such a client works by changing only its host (docs/decisions/031):
 *
 * - success: 200, `text/plain`, the short URL and nothing else;
 * - refusal: a 4xx whose body is exactly `Error` (`tinyurl-api` compares the body with it), the
 *   reason in the `X-Snip-Error` header for a person reading the answer.
 *
 * The link is a guest link on the default domain, checked by the guest form's rules: the same
 * destination schema (own hosts, banned domains, schemes), the same custom-alias rules and the
 * default domain's guest-alias setting, the same per-address abuse limit, and the same bot rule
 * ("must pass the anti-robot check unless whitelisted", spec 02 §6): a client cannot solve a
 * challenge, so while the challenge is on only whitelisted addresses may call it. It sets no
 * cookie: a cross-site GET cannot tie links to a visitor's recent-links list.
 */
import { AliasTakenError, createLink } from "../../db/links.server";
import { guestMayUseCustomAlias, DOMAIN_MESSAGES } from "../../domain/domains";
import { MESSAGES } from "../../domain/messages";
import type { CloudflareContext } from "../context.server";
import { shortenSchema } from "../forms/shorten";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "./blocked-addresses.server";
import { resolveDomain } from "./create-link.server";
import { readDevClient } from "./dev-client.server";
import { destinationContext, linkStores, shortUrl } from "./links.server";
import { RATE_LIMIT_MESSAGE, retryAfterHeaders, underRateLimit } from "./rate-limit.server";
import { clientIp, isWhitelisted, turnstileConfig } from "./turnstile.server";

/** The body of every refusal, as TinyURL answers it. */
export const LEGACY_ERROR_BODY = "Error";
export const LEGACY_ERROR_HEADER = "x-snip-error";
export const LEGACY_MESSAGES = {
  challenge: "This address must pass the anti-robot check: use the web form or ask for the address to be whitelisted.",
} as const;

function text(body: string, status: number, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  merged.set("content-type", "text/plain; charset=utf-8");
  merged.set("cache-control", "no-store");
  merged.set("x-robots-tag", "noindex");
  return new Response(body, { status, headers: merged });
}

function refuse(status: number, reason: string, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  merged.set(LEGACY_ERROR_HEADER, reason);
  return text(LEGACY_ERROR_BODY, status, merged);
}

export async function legacyCreate(cloudflare: CloudflareContext, request: Request): Promise<Response> {
  const { env } = cloudflare;
  // A HEAD (a link checker, a prefetch) must not create a link.
  if (request.method !== "GET") return new Response(null, { status: 405, headers: { allow: "GET" } });
  const query = new URL(request.url).searchParams;
  const parsed = shortenSchema(await destinationContext(env, request)).safeParse({
    url: query.get("url") ?? "",
    alias: query.get("alias") ?? undefined,
  });
  if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? MESSAGES.generic);
  if (await isAddressBlocked(env, request)) return refuse(403, BLOCKED_ADDRESS_MESSAGE);

  if (!(await underRateLimit(env, request, "guestShorten"))) return refuse(429, RATE_LIMIT_MESSAGE, retryAfterHeaders());

  const turnstile = turnstileConfig(env, await readDevClient(env, request));
  if (turnstile && !isWhitelisted(turnstile, clientIp(request))) return refuse(403, LEGACY_MESSAGES.challenge);

  // TinyURL's endpoint has no domain choice: the default domain, under the guest rules.
  const chosen = resolveDomain(env, { kind: "guest" }, undefined);
  if ("error" in chosen) return refuse(503, chosen.error);
  const alias = parsed.data.alias || undefined;
  if (alias && !guestMayUseCustomAlias(chosen.domain)) return refuse(403, DOMAIN_MESSAGES.guestAliasTooltip);

  try {
    const link = await createLink(linkStores(env), { domain: chosen.domain.domain, url: parsed.data.url, alias });
    return text(shortUrl(env, request, link), 200);
  } catch (error) {
    if (error instanceof AliasTakenError) return refuse(422, MESSAGES.aliasTaken);
    throw error;
  }
}
