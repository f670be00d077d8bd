/**
 * The guest shorten form on the server (spec 02 §2, §4, §5, §8): what it renders (the domain
 * table for guests, the agreement when the region rule asks for it, the bot challenge) and its
 * action, which checks the same rules again.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AliasTakenError, createLink } from "../../db/links.server";
import { domainOptions, guestMayUseCustomAlias, initialDomain, DOMAIN_MESSAGES, type DomainChooser } from "../../domain/domains";
import { MESSAGES } from "../../domain/messages";
import { agreementRequiredFor } from "../../domain/region";
import type { CloudflareContext } from "../context.server";
import { ensureGuestId, isSecureRequest, readTermsAccepted, termsAcceptedCookie } from "../cookies.server";
import { GUEST_MESSAGES, shortenSchema, type GuestFormData } from "../forms/shorten";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "./blocked-addresses.server";
import { resolveDomain, shortDomainsOf } from "./create-link.server";
import { readDevClient } from "./dev-client.server";
import { RATE_LIMIT_MESSAGE, retryAfterHeaders, underRateLimit } from "./rate-limit.server";
import { destinationContext, linkStores } from "./links.server";
import { clientIp, isWhitelisted, readTurnstileToken, turnstileConfig, verifyTurnstile } from "./turnstile.server";

const GUEST: DomainChooser = { kind: "guest" };

/** The visitor's country: Cloudflare's, or the local dev override. */
async function visitorCountry(cloudflare: CloudflareContext, request: Request): Promise<string | null> {
  return (await readDevClient(cloudflare.env, request)).country ?? cloudflare.country;
}

async function agreementRequired(cloudflare: CloudflareContext, request: Request): Promise<boolean> {
  return agreementRequiredFor(await visitorCountry(cloudflare, request), await readTermsAccepted(request));
}

export async function loadGuestForm(cloudflare: CloudflareContext, request: Request): Promise<GuestFormData> {
  const { env } = cloudflare;
  const domains = shortDomainsOf(env);
  const turnstile = turnstileConfig(env, await readDevClient(env, request));
  return {
    domains: domainOptions(domains, GUEST),
    defaultDomain: initialDomain(domains, GUEST, env.SHORT_HOST)?.domain ?? null,
    siteHost: new URL(request.url).host,
    agreementRequired: await agreementRequired(cloudflare, request),
    turnstileSiteKey: turnstile && !isWhitelisted(turnstile, clientIp(request)) ? turnstile.siteKey : null,
  };
}

/** The guest's create: the abuse limit, the form's rules, the agreement, the challenge, the domain table, then the write. */
export async function guestCreateAction(cloudflare: CloudflareContext, request: Request, formData: FormData) {
  const { env } = cloudflare;
  const headers = new Headers();
  // Every attempt that carries the ticked agreement marks the terms accepted (spec 02 §4).
  const ticked = formData.get("agreement") === "on";
  if (ticked) headers.append("set-cookie", await termsAcceptedCookie.serialize(true, { secure: isSecureRequest(request) }));
  const refuse = (reply: unknown, status: number) => data(reply, { status, headers });

  const submission = parseWithZod(formData, { schema: shortenSchema(await destinationContext(env, request)) });
  if (submission.status !== "success") return refuse(submission.reply(), 422);
  // A client address staff blocked in the kiosk creates nothing (decision 032).
  if (await isAddressBlocked(env, request)) return refuse(submission.reply({ formErrors: [BLOCKED_ADDRESS_MESSAGE] }), 403);
  // Every well-formed attempt counts; a refused one reaches neither siteverify nor the database.
  if (!(await underRateLimit(env, request, "guestShorten"))) {
    for (const [name, value] of retryAfterHeaders()) headers.set(name, value);
    return refuse(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), 429);
  }
  const value = submission.value;

  if (!ticked && (await agreementRequired(cloudflare, request)))
    return refuse(submission.reply({ fieldErrors: { agreement: [GUEST_MESSAGES.agreementRequired] } }), 422);

  const turnstile = turnstileConfig(env, await readDevClient(env, request));
  const ip = clientIp(request);
  if (turnstile && !isWhitelisted(turnstile, ip)) {
    const token = readTurnstileToken(formData);
    if (token === "") return refuse(submission.reply({ fieldErrors: { anti_robot_token: [GUEST_MESSAGES.antiRobotRequired] } }), 422);
    const verdict = await verifyTurnstile(turnstile, token, ip);
    if (!verdict.success) return refuse(submission.reply({ fieldErrors: { anti_robot_token: [GUEST_MESSAGES.antiRobotError] } }), 422);
  }

  const chosen = resolveDomain(env, GUEST, value.domain);
  if ("error" in chosen) return refuse(submission.reply({ fieldErrors: { domain: [chosen.error] } }), 422);
  if (value.alias && !guestMayUseCustomAlias(chosen.domain))
    return refuse(submission.reply({ fieldErrors: { alias: [DOMAIN_MESSAGES.guestAliasTooltip] } }), 403);

  const { guestId, setCookie } = await ensureGuestId(request);
  if (setCookie) headers.append("set-cookie", setCookie);
  try {
    const link = await createLink(linkStores(env), {
      domain: chosen.domain.domain,
      url: value.url,
      alias: value.alias || undefined,
      guestId,
    });
    return redirect(`/?created=${link.id}`, { headers });
  } catch (error) {
    if (error instanceof AliasTakenError) return refuse(submission.reply({ fieldErrors: { alias: [MESSAGES.aliasTaken] } }), 422);
    throw error;
  }
}
