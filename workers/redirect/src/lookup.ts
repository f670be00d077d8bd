import { linkKey, type LinkRecord } from "../../../domain/link-record";
import type { LinkStatus } from "../../../domain/link-status";
import { Lru } from "./lru";

export const LINK_CACHE_CAPACITY = 50_000;
export const LINK_CACHE_TTL_MS = 60_000;
/** Unknown aliases are remembered only briefly: a new link must work at once. */
export const LINK_MISS_TTL_MS = 2_000;

export interface LookupDeps {
  cache: Lru<LinkRecord | null>;
}

interface LinkRow {
  id: string;
  url: string;
  status: LinkStatus;
  expires_at: number | null;
}

/**
 * alias -> record: the isolate cache, then KV, then D1 (filling KV). Selects only the
 * columns the hot path needs.
 */
export async function lookupLink(
  env: { LINKS: KVNamespace; DB: D1Database },
  ctx: { waitUntil(p: Promise<unknown>): void },
  deps: LookupDeps,
  domain: string,
  alias: string,
  now: number,
): Promise<LinkRecord | null> {
  const key = linkKey(domain, alias);
  const cached = deps.cache.get(key, now);
  if (cached !== undefined) return cached;

  let record = await env.LINKS.get<LinkRecord>(key, "json");
  if (record === null) {
    const row = await env.DB.prepare("SELECT id, url, status, expires_at FROM links WHERE domain = ? AND alias = ?")
      .bind(domain.toLowerCase(), alias)
      .first<LinkRow>();
    if (row) {
      record = { id: row.id, url: row.url, status: row.status, expiresAt: row.expires_at };
      ctx.waitUntil(env.LINKS.put(key, JSON.stringify(record)));
    }
  }
  deps.cache.set(key, record, now + (record ? LINK_CACHE_TTL_MS : LINK_MISS_TTL_MS));
  return record;
}
