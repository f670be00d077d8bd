/**
 * The hot path: GET|HEAD /{alias}. One narrow lookup, the answer, and the click handed
 * to the batcher inside waitUntil.
 */
import { Hono } from "hono";
import { hostOfUrl, type HostRecord } from "../../../domain/host-record";
import { CLICK_FIELD_MAX, type ClickEvent } from "../../../domain/events";
import { linkKey, resolveLink, sendsClicks, type LinkRecord } from "../../../domain/link-record";
import type { VisitSource } from "../../../domain/redirect-routes";
import { forwardQuery } from "../../../domain/forward-query";
import { pathOf, shortLinkAlias } from "../../../domain/routing";
import { X_ROBOTS_TAG } from "../../../domain/security-headers";
import { createChangeFeed, maybePollChanges, type ChangeFeed } from "./change-feed";
import { ClickBatcher } from "./click-batcher";
import type { RedirectEnv } from "./env";
import { cachedHost, createHostDeps, hostTable, loadHost, placeOf, type HostDeps } from "./hosts";
import { cachedLink, LINK_CACHE_CAPACITY, loadLink, type LookupDeps } from "./lookup";
import { Lru } from "./lru";
import { firesPixels, pixelPage } from "./pixel-page";
import { archivedPage, expiredPage, hostHomePage, notFoundPage, terminatedPage, unknownHostPage } from "./pages";

/** 302 so that every visit reaches us (counted, and edits apply); see docs/decisions/002. */
export const REDIRECT_STATUS = 302;

export interface RedirectDeps extends LookupDeps, HostDeps {
  batcher: ClickBatcher;
  feed: ChangeFeed;
}

/** `clickFlushDelayMs`: production's CLICK_FLUSH_DELAY_MS unless a test chooses a shorter wait. */
export function createDeps({ clickFlushDelayMs }: { clickFlushDelayMs?: number } = {}): RedirectDeps {
  return {
    cache: new Lru<LinkRecord | null>(LINK_CACHE_CAPACITY),
    refreshing: new Set(),
    batcher: new ClickBatcher(clickFlushDelayMs),
    feed: createChangeFeed(),
    ...createHostDeps(),
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
function clickEvent(request: Request, linkId: string, now: number, route: string | null): ClickEvent {
  const headers = request.headers;
  const event: ClickEvent = {
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
  // Only a routed link's clicks say which rule answered (docs/decisions/037).
  if (route !== null) event.payload.route = route;
  return event;
}

/**
 * The request as redirect routes read it (docs/decisions/037): built only for a record with
 * routes; each header is read, and the User-Agent classified, only when a rule asks.
 */
function visitOf(request: Request, now: number): VisitSource {
  const cf = request.cf;
  return {
    header: (name) => request.headers.get(name),
    country: (cf?.country as string | undefined) ?? null,
    regionCode: (cf?.regionCode as string | undefined) ?? null,
    now,
  };
}

/**
 * The front door (docs/decisions/003, 035): a short link is looked up by the request's host and
 * its alias. On the default host and the extra short domains every other request is the app's
 * (`toApp`); any other host is a branded domain or a vanity subdomain, served from its KV record
 * with short links, `/` and the 404 rule only (never the app, whose pages and cookies stay on
 * its own host), or an unknown host, which gets a page that says so.
 */
export function frontDoor(
  request: Request,
  env: RedirectEnv,
  ctx: ExecutionContext,
  deps: RedirectDeps,
  toApp: () => Response | Promise<Response>,
): Response | Promise<Response> {
  const url = request.url;
  const alias = shortLinkAlias(request.method, pathOf(url));
  const table = hostTable(env, deps);
  const host = hostOfUrl(url);
  const place = placeOf(table, host);
  if (place === "default") return alias !== null ? answerShortLink(request, env, ctx, deps, alias, table.shortHost) : toApp();
  if (place === "extra") return alias !== null ? answerShortLink(request, env, ctx, deps, alias, host) : toApp();
  const cached = cachedHost(deps, host, Date.now());
  if (cached !== undefined) return answerCustomHost(request, env, ctx, deps, host, alias, cached);
  return loadHost(env, deps, host).then((record) => answerCustomHost(request, env, ctx, deps, host, alias, record));
}

function answerCustomHost(
  request: Request,
  env: RedirectEnv,
  ctx: ExecutionContext,
  deps: RedirectDeps,
  host: string,
  alias: string | null,
  record: HostRecord | null,
): Response | Promise<Response> {
  const origin = env.APP_ORIGIN || `https://${env.SHORT_HOST}`;
  // Unknown, not yet verified, or lapsed: nothing of anyone's is served here.
  if (record === null || !record.active) return unknownHostPage(origin);
  if (alias !== null) return answerShortLink(request, env, ctx, deps, alias, host, record.notFound);
  const root = request.method === "GET" || request.method === "HEAD" ? pathOf(request.url) === "/" : false;
  if (root) return record.root ? redirectTo(record.root) : hostHomePage(origin);
  return record.notFound ? redirectTo(record.notFound) : notFoundPage(origin);
}

function redirectTo(location: string): Response {
  return new Response(null, {
    status: REDIRECT_STATUS,
    headers: { location, "cache-control": "private, no-store", "x-robots-tag": X_ROBOTS_TAG },
  });
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
  domain: string = env.SHORT_HOST,
  notFoundTo: string | null = null,
): Response | Promise<Response> {
  const now = Date.now();
  maybePollChanges(env.DB, ctx, deps, deps.feed, now);
  const key = linkKey(domain, alias);
  const cached = cachedLink(env, ctx, deps, key, domain, alias, now);
  if (cached !== undefined) return answer(request, env, ctx, deps, cached, now, notFoundTo);
  return loadLink(env, ctx, deps, key, domain, alias).then((record) => answer(request, env, ctx, deps, record, now, notFoundTo));
}

function answer(
  request: Request,
  env: RedirectEnv,
  ctx: ExecutionContext,
  deps: RedirectDeps,
  record: LinkRecord | null,
  now: number,
  notFoundTo: string | null,
): Response {
  const raw = request.url;
  const resolution = resolveLink(record, now, record?.routes ? visitOf(request, now) : undefined);
  switch (resolution.kind) {
    case "redirect": {
      // A capped link's clicks would be dropped by the consumer: its record says so (decision 038).
      if (sendsClicks(record!, now)) deps.batcher.add(env.CLICKS, clickEvent(request, record!.id, now, resolution.route), ctx);
      const queryAt = raw.indexOf("?");
      const location = queryAt === -1 ? resolution.url : forwardQuery(resolution.url, raw.slice(queryAt));
      // Pixel scripts (docs/decisions/047): an opted-in link's human visitors get the page that fires them.
      if (record!.pixels !== undefined && firesPixels(request)) return pixelPage(location, record!.pixels, raw);
      return new Response(null, {
        status: REDIRECT_STATUS,
        headers: {
          location,
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
      return notFoundTo ? redirectTo(notFoundTo) : notFoundPage(appOrigin(env, raw));
  }
}

function appOrigin(env: RedirectEnv, url: string): string {
  return env.APP_ORIGIN || new URL(url).origin;
}

/** The same answers behind Hono's router: for the RPC entrypoint (npm run dev) and the tests. */
export function createRedirectApp(deps: RedirectDeps) {
  const app = new Hono<{ Bindings: RedirectEnv }>();

  // Short links by host and alias; what would be the app's gets the not-found page here.
  app.all("*", (c) =>
    frontDoor(c.req.raw, c.env, c.executionCtx as ExecutionContext, deps, () => notFoundPage(appOrigin(c.env, c.req.url))),
  );
  app.onError((error, c) => {
    console.error("redirect: unexpected error", error);
    return c.text("An error has occurred, please try again.", 500);
  });
  return app;
}
