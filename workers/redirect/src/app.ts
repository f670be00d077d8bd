/**
 * The hot path: GET|HEAD /{alias}. One narrow lookup, the answer, and the click handed
 * to the batcher inside waitUntil.
 */
import { Hono } from "hono";
import { isAliasShaped } from "../../../domain/alias";
import { CLICK_FIELD_MAX, type ClickEvent } from "../../../domain/events";
import { linkKey, resolveLink, type LinkRecord } from "../../../domain/link-record";
import { forwardQuery } from "../../../domain/forward-query";
import { X_ROBOTS_TAG } from "../../../domain/security-headers";
import { createChangeFeed, maybePollChanges, type ChangeFeed } from "./change-feed";
import { ClickBatcher } from "./click-batcher";
import type { RedirectEnv } from "./env";
import { cachedLink, LINK_CACHE_CAPACITY, loadLink, type LookupDeps } from "./lookup";
import { Lru } from "./lru";
import { archivedPage, expiredPage, notFoundPage, terminatedPage } from "./pages";

/** 302 so that every visit reaches us (counted, and edits apply); see docs/decisions/002. */
export const REDIRECT_STATUS = 302;

export interface RedirectDeps extends LookupDeps {
  batcher: ClickBatcher;
  feed: ChangeFeed;
}

export function createDeps(): RedirectDeps {
  return {
    cache: new Lru<LinkRecord | null>(LINK_CACHE_CAPACITY),
    refreshing: new Set(),
    batcher: new ClickBatcher(),
    feed: createChangeFeed(),
  };
}

function clip(value: string | null | undefined, max: number): string | null {
  return value == null ? null : value.length > max ? value.slice(0, max) : value;
}

/**
 * Click ids: a random id per isolate and a counter, unique without a CSPRNG call per click
 * (the consumer's de-duplication only needs uniqueness).
 */
let isolateId: string | null = null; // minted on first use: the global scope may not generate randomness
let clickSeq = 0;

/**
 * The facts of a visit. The country comes from `request.cf`, which only Cloudflare's edge sets
 * (a client's own CF-IPCountry header must not decide it; locally, Miniflare fills `request.cf`,
 * and the bench varies it per request). The client address is CF-Connecting-IP, which the edge
 * sets on every request.
 */
function clickEvent(request: Request, linkId: string, now: number): ClickEvent {
  const headers = request.headers;
  return {
    id: `${(isolateId ??= crypto.randomUUID())}:${(clickSeq++).toString(36)}`,
    payload: {
      linkId,
      at: now,
      country: clip(request.cf?.country as string | undefined, CLICK_FIELD_MAX.country),
      referrer: clip(headers.get("referer"), CLICK_FIELD_MAX.referrer),
      userAgent: clip(headers.get("user-agent"), CLICK_FIELD_MAX.userAgent),
      acceptLanguage: clip(headers.get("accept-language"), CLICK_FIELD_MAX.acceptLanguage),
      ip: clip(headers.get("cf-connecting-ip") ?? headers.get("x-real-ip"), CLICK_FIELD_MAX.ip),
    },
  };
}

/**
 * Answers GET|HEAD /{alias} for an alias already in the alias charset. The front door calls it
 * directly (it has just classified the path), so a redirect costs no routing of its own; a
 * link in the isolate cache is answered synchronously.
 */
export function answerShortLink(
  request: Request,
  env: RedirectEnv,
  ctx: ExecutionContext,
  deps: RedirectDeps,
  alias: string,
): Response | Promise<Response> {
  const now = Date.now();
  maybePollChanges(env.DB, ctx, deps, deps.feed, now);
  const domain = env.SHORT_HOST;
  const key = linkKey(domain, alias);
  const cached = cachedLink(env, ctx, deps, key, domain, alias, now);
  if (cached !== undefined) return answer(request, env, ctx, deps, cached, now);
  return loadLink(env, ctx, deps, key, domain, alias).then((record) => answer(request, env, ctx, deps, record, now));
}

function answer(
  request: Request,
  env: RedirectEnv,
  ctx: ExecutionContext,
  deps: RedirectDeps,
  record: LinkRecord | null,
  now: number,
): Response {
  const raw = request.url;
  const resolution = resolveLink(record, now);
  switch (resolution.kind) {
    case "redirect": {
      deps.batcher.add(env.CLICKS, clickEvent(request, record!.id, now), ctx);
      const queryAt = raw.indexOf("?");
      return new Response(null, {
        status: REDIRECT_STATUS,
        headers: {
          location: queryAt === -1 ? resolution.url : forwardQuery(resolution.url, raw.slice(queryAt)),
          "cache-control": "private, no-store",
          "x-robots-tag": X_ROBOTS_TAG,
        },
      });
    }
    case "deleted":
      return new Response(null, {
        status: 302,
        headers: { location: `${appOrigin(env, raw)}/app/deleted`, "cache-control": "no-store", "x-robots-tag": X_ROBOTS_TAG },
      });
    case "expired":
      return expiredPage(appOrigin(env, raw));
    case "archived":
      return archivedPage(appOrigin(env, raw));
    case "terminated":
      return terminatedPage(appOrigin(env, raw));
    case "not-found":
      return notFoundPage(appOrigin(env, raw));
  }
}

function appOrigin(env: RedirectEnv, url: string): string {
  return env.APP_ORIGIN || new URL(url).origin;
}

/** The same answers behind Hono's router: for the RPC entrypoint (npm run dev) and the tests. */
export function createRedirectApp(deps: RedirectDeps) {
  const app = new Hono<{ Bindings: RedirectEnv }>();

  app.on(["GET", "HEAD"], "/:alias", (c) => {
    const alias = c.req.param("alias"); // percent-decoded by Hono
    if (!isAliasShaped(alias)) return notFoundPage(appOrigin(c.env, c.req.url));
    return answerShortLink(c.req.raw, c.env, c.executionCtx as ExecutionContext, deps, alias);
  });

  app.notFound((c) => notFoundPage(appOrigin(c.env, c.req.url)));
  app.onError((error, c) => {
    console.error("redirect: unexpected error", error);
    return c.text("An error has occurred, please try again.", 500);
  });
  return app;
}
