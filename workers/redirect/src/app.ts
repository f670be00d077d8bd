/**
 * The hot path: GET|HEAD /{alias}. One narrow lookup, the answer, and the click handed
 * to the batcher inside waitUntil.
 */
import { Hono } from "hono";
import { isAliasShaped } from "../../../domain/alias";
import { CLICK_FIELD_MAX, type ClickEvent } from "../../../domain/events";
import { resolveLink, type LinkRecord } from "../../../domain/link-record";
import { forwardQuery } from "../../../domain/forward-query";
import { ClickBatcher } from "./click-batcher";
import type { RedirectEnv } from "./env";
import { LINK_CACHE_CAPACITY, lookupLink, type LookupDeps } from "./lookup";
import { Lru } from "./lru";
import { archivedPage, expiredPage, notFoundPage } from "./pages";

/** 302 so that every visit reaches us (counted, and edits apply); see docs/decisions/002. */
export const REDIRECT_STATUS = 302;

export interface RedirectDeps extends LookupDeps {
  batcher: ClickBatcher;
}

export function createDeps(): RedirectDeps {
  return { cache: new Lru<LinkRecord | null>(LINK_CACHE_CAPACITY), refreshing: new Set(), batcher: new ClickBatcher() };
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
 * The facts of a visit, read from headers only: Cloudflare sets CF-IPCountry and
 * CF-Connecting-IP on every request, and reading `request.cf` would deserialize its whole
 * object on the hot path.
 */
function clickEvent(request: Request, linkId: string, now: number): ClickEvent {
  const headers = request.headers;
  return {
    id: `${(isolateId ??= crypto.randomUUID())}:${(clickSeq++).toString(36)}`,
    payload: {
      linkId,
      at: now,
      country: clip(headers.get("cf-ipcountry"), CLICK_FIELD_MAX.country),
      referrer: clip(headers.get("referer"), CLICK_FIELD_MAX.referrer),
      userAgent: clip(headers.get("user-agent"), CLICK_FIELD_MAX.userAgent),
      acceptLanguage: clip(headers.get("accept-language"), CLICK_FIELD_MAX.acceptLanguage),
      ip: clip(headers.get("cf-connecting-ip") ?? headers.get("x-real-ip"), CLICK_FIELD_MAX.ip),
    },
  };
}

export function createRedirectApp(deps: RedirectDeps) {
  const app = new Hono<{ Bindings: RedirectEnv }>();

  app.on(["GET", "HEAD"], "/:alias", async (c) => {
    const raw = c.req.url;
    const queryAt = raw.indexOf("?");
    const search = queryAt === -1 ? "" : raw.slice(queryAt);
    const appOrigin = () => c.env.APP_ORIGIN || new URL(raw).origin;
    const alias = c.req.param("alias"); // percent-decoded by Hono
    if (!isAliasShaped(alias)) return notFoundPage(appOrigin());

    const now = Date.now();
    const record = await lookupLink(c.env, c.executionCtx, deps, c.env.SHORT_HOST, alias, now);
    const resolution = resolveLink(record, now);
    switch (resolution.kind) {
      case "redirect": {
        deps.batcher.add(c.env.CLICKS, clickEvent(c.req.raw, record!.id, now), c.executionCtx);
        return new Response(null, {
          status: REDIRECT_STATUS,
          headers: {
            location: forwardQuery(resolution.url, search),
            "cache-control": "private, no-store",
          },
        });
      }
      case "deleted":
        return new Response(null, { status: 302, headers: { location: `${appOrigin()}/app/deleted`, "cache-control": "no-store" } });
      case "expired":
        return expiredPage(appOrigin());
      case "archived":
        return archivedPage(appOrigin());
      case "not-found":
        return notFoundPage(appOrigin());
    }
  });

  app.notFound((c) => notFoundPage(c.env.APP_ORIGIN || new URL(c.req.url).origin));
  app.onError((error, c) => {
    console.error("redirect: unexpected error", error);
    return c.text("An error has occurred, please try again.", 500);
  });
  return app;
}
