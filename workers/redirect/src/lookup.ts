import { recordPixels, recordRoutes, recordUntracked, type LinkRecord } from "../../../domain/link-record";
import type { LinkStatus } from "../../../domain/link-status";
import { Lru } from "./lru";

export const LINK_CACHE_CAPACITY = 50_000;
/**
 * A cached record is served without a KV read for this long, give or take a random
 * quarter (so records cached together are not all revalidated in the same second). Edits
 * do not wait for it: the change feed (change-feed.ts) updates cached records within seconds;
 * the deadline only bounds staleness should the feed be unreachable...
 */
export const LINK_CACHE_FRESH_MS = 10 * 60_000;
const LINK_CACHE_JITTER_MS = LINK_CACHE_FRESH_MS / 4;
/** ...and then, stale, for at most this long while one background read refreshes it. */
export const LINK_CACHE_STALE_MS = 60 * 60_000;
/** Unknown aliases are remembered only briefly (and never served stale): a new link must work at once. */
export const LINK_MISS_TTL_MS = 2_000;

export interface LookupDeps {
  cache: Lru<LinkRecord | null>;
  /** Keys being refreshed in the background, so a stale entry is re-read once, not per request. */
  refreshing: Set<string>;
}

interface Stores {
  LINKS: KVNamespace;
  DB: D1Database;
}

interface Waiter {
  waitUntil(promise: Promise<unknown>): void;
}

interface LinkRow {
  id: string;
  url: string;
  status: LinkStatus;
  expires_at: number | null;
  routes: string | null;
  routes_on: number;
  routes_until: number | null;
  /** Pixel scripts (docs/decisions/047) */
  pixels: string | null;
  /** Capped links (docs/decisions/038) */
  clicks_capped_until: number | null;
}

/** KV, then D1 on a miss (filling KV). Selects only the columns the hot path needs. */
async function readStores(env: Stores, ctx: Waiter, key: string, domain: string, alias: string): Promise<LinkRecord | null> {
  const record = await env.LINKS.get<LinkRecord>(key, "json");
  if (record !== null) return record;
  // A link held by trust and safety answers "terminated" (db/links.server.ts toLinkRecord, decision 036).
  const row = await env.DB.prepare(
    "SELECT id, url, CASE WHEN blocked IS NOT NULL AND status != 'deleted' THEN 'terminated' ELSE status END AS status, expires_at, routes, routes_on, routes_until, pixels, clicks_capped_until FROM links WHERE domain = ? AND alias = ?",
  )
    .bind(domain.toLowerCase(), alias)
    .first<LinkRow>();
  if (!row) return null;
  const filled: LinkRecord = {
    id: row.id,
    url: row.url,
    status: row.status,
    expiresAt: row.expires_at,
    ...recordRoutes(row.routes, row.routes_on === 1, row.routes_until),
    ...recordPixels(row.pixels),
    ...recordUntracked(row.clicks_capped_until),
  };
  ctx.waitUntil(env.LINKS.put(key, JSON.stringify(filled)));
  return filled;
}

/** The freshness deadline of a record cached at `now`. */
export function freshUntil(now: number): number {
  return now + LINK_CACHE_FRESH_MS + (Math.random() * 2 - 1) * LINK_CACHE_JITTER_MS;
}

function remember(deps: LookupDeps, key: string, record: LinkRecord | null, now: number): void {
  deps.cache.set(key, record, record ? freshUntil(now) : now + LINK_MISS_TTL_MS);
}

/**
 * The isolate cache's answer, synchronously: the record (or a remembered miss) while fresh,
 * or while stale with one background refresh under way; undefined when the stores must be
 * read. A cache hit thus costs no promise on the hot path.
 */
export function cachedLink(
  env: Stores,
  ctx: Waiter,
  deps: LookupDeps,
  key: string,
  domain: string,
  alias: string,
  now: number,
): LinkRecord | null | undefined {
  const cached = deps.cache.entry(key);
  if (cached === undefined) return undefined;
  if (cached.freshUntil > now) return cached.value;
  if (cached.value === null || cached.freshUntil + LINK_CACHE_STALE_MS <= now) return undefined;
  if (!deps.refreshing.has(key)) {
    deps.refreshing.add(key);
    ctx.waitUntil(
      readStores(env, ctx, key, domain, alias)
        .then((record) => remember(deps, key, record, Date.now()))
        .catch((error) => console.warn("redirect: background refresh failed", key, error))
        .finally(() => deps.refreshing.delete(key)),
    );
  }
  return cached.value;
}

/**
 * Reads the stores (KV, then D1) and remembers the answer in the isolate cache, from the moment
 * it is known: under load a read can take longer than a miss is remembered, and a miss timed from
 * the request's start would be stale on arrival, so every request for an unknown alias would read
 * the stores again (docs/decisions/002, session 4).
 */
export async function loadLink(env: Stores, ctx: Waiter, deps: LookupDeps, key: string, domain: string, alias: string) {
  const record = await readStores(env, ctx, key, domain, alias);
  remember(deps, key, record, Date.now());
  return record;
}
