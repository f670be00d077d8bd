/**
 * The app worker's entry. In built runs and production the redirect worker sits in front
 * and only app requests arrive here; under `npm run dev` this is the entry, so short links
 * are handed to the redirect worker (REDIRECT) before React Router is touched
 * (docs/decisions/003). The public REST API (/api/*, /openapi/v2.json) is answered by Hono
 * before React Router (docs/decisions/011). State changes of pages must come from our own origin.
 * The cron trigger (wrangler.toml `[triggers]`) applies due scheduled downgrades at Paddle
 * (docs/decisions/015).
 */
import { createRequestHandler, RouterContextProvider, type RouterContext } from "react-router";
import { shortLinkAlias } from "../domain/routing";
import { apiHandler, isApiPath } from "./api/v2/app.server";
import { cloudflareContext } from "./context.server";
import { contentSecurityPolicy, cspNonceContext, isHtml, newCspNonce } from "./csp.server";
import { adOrigins } from "./lib/ads.server";
import { ConfigurationError, parseEnv, type AppBindings, type AppEnv } from "./env.server";
import { applyDueScheduledDowngrades } from "./lib/billing/scheduled-downgrades.server";
import { runRenewalPass } from "./lib/domain-renewals.server";
import { RENEWAL_CRON } from "../domain/domain-renewals";
import { recheckBrandedDomains, sweepAbandonedClaims } from "./lib/branded-domains.server";
import { drainUnreadBody, isCrossSiteMutation, securityCheckFailure, SECURITY_HEADERS, signedInCacheControl } from "./security.server";
import { installZodMessages } from "../domain/zod-messages";

// zod's built-in messages in Snip's words wherever a schema has none of its own (a crafted form,
// a REST API body of the wrong shape): never "Invalid input: expected string, received array".
installZodMessages();

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** request.cf.country: React Router hands loaders a copy of the request without `cf`, so it is read here. */
function requestCountry(request: Request): string | null {
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" && country !== "" ? country : null;
}

/**
 * The shared headers (HSTS among them), for an HTML page its Content-Security-Policy (docs/decisions/022),
 * and for a signed-in person's page no caching (signedInCacheControl).
 */
function withSecurityHeaders(response: Response, policy?: string, request?: Request): Response {
  const headers = new Headers(response.headers);
  if (request) signedInCacheControl(request, headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (policy && isHtml(response) && !headers.has("content-security-policy")) headers.set("content-security-policy", policy);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The env, or the 503 of a deployment that lacks a required secret: the app stops and the log
 * says what to set, rather than running on a public default (docs/decisions/024).
 */
function envOrUnavailable(rawEnv: AppBindings): AppEnv | Response {
  try {
    return parseEnv(rawEnv as unknown as Record<string, unknown>);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`snip-app: not configured: ${error.message}`);
    return new Response("Snip is not available right now: the service is not fully configured.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "300" },
    });
  }
}

export default {
  async fetch(request, rawEnv, ctx) {
    const url = new URL(request.url);
    if (shortLinkAlias(request.method, url.pathname) !== null) return rawEnv.REDIRECT.fetch(request);
    // The REST API takes tokens, never cookies, so the Origin check below does not apply to it:
    // there is no ambient credential a cross-site page could ride on (docs/decisions/011).
    if (isApiPath(url.pathname)) {
      const env = envOrUnavailable(rawEnv);
      if (env instanceof Response) {
        await drainUnreadBody(request);
        return withSecurityHeaders(env);
      }
      const response = await apiHandler.fetch(request, env, ctx);
      await drainUnreadBody(request);
      return withSecurityHeaders(response);
    }

    if (isCrossSiteMutation(request)) {
      await drainUnreadBody(request);
      return withSecurityHeaders(securityCheckFailure(request));
    }
    const env = envOrUnavailable(rawEnv);
    if (env instanceof Response) {
      await drainUnreadBody(request);
      return withSecurityHeaders(env);
    }
    const nonce = newCspNonce();
    const context = new RouterContextProvider(
      new Map<RouterContext<unknown>, unknown>([
        [cloudflareContext, { env, ctx, country: requestCountry(request) }],
        [cspNonceContext, nonce],
      ]),
    );
    const response = await handleRequest(request, context);
    await drainUnreadBody(request);
    return withSecurityHeaders(
      response,
      contentSecurityPolicy({ nonce, pathname: url.pathname, paddleJsUrl: env.PADDLE_JS_URL, ads: adOrigins(env) }),
      request,
    );
  },

  async scheduled(controller, rawEnv) {
    const env = parseEnv(rawEnv as unknown as Record<string, unknown>);
    // Renewal of bought domains (issue 18, decision 050): its own daily cron.
    if (controller.cron === RENEWAL_CRON) {
      // Claims nobody verified in 30 days go (decision 061 addendum); a failure waits for tomorrow's run.
      const swept = await sweepAbandonedClaims(env, new Date(controller.scheduledTime)).catch((error: unknown) => {
        console.error("branded domains: the sweep of abandoned claims failed", error);
        return [];
      });
      if (swept.length > 0) console.info(`branded domains: removed unverified claims ${swept.join(", ")}`);
      const renewals = await runRenewalPass(env, new Date(controller.scheduledTime));
      console.info(`domain renewals: ${renewals.queued.length} queued, ${renewals.expired.length} expired`);
      if (renewals.failed.length > 0) throw new Error(`domain renewals failed for ${renewals.failed.join(", ")}`);
      return;
    }
    // Branded domains (issue 18, docs/decisions/035): pending ones become active, lapsed ones stop serving.
    const domains = await recheckBrandedDomains(env, new Date(controller.scheduledTime)).catch((error: unknown) => {
      console.error("branded domains: re-check pass failed", error);
      return { checked: 0, failed: [] };
    });
    if (domains.failed.length > 0) console.error(`branded domains: re-check failed for ${domains.failed.join(", ")}`);
    const run = await applyDueScheduledDowngrades(env, new Date(controller.scheduledTime));
    if (run.applied.length > 0) console.info(`scheduled downgrades applied at Paddle: ${run.applied.join(", ")}`);
    // A failed run is reported as such; the next run retries what is still due.
    if (run.failed.length > 0) throw new Error(`scheduled downgrades failed: ${run.failed.join(", ")}`);
  },
} satisfies ExportedHandler<AppBindings>;
