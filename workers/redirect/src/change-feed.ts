/**
 * Keeps this isolate's cached link records in step with every write, wherever it happened:
 * the app appends each new record to the `link_changes` feed in D1 (db/links.server.ts), and
 * each isolate polls it at most every CHANGE_POLL_INTERVAL_MS, off the response path, updating
 * the records it holds. So an edit reaches every isolate within seconds, while a cached record
 * stays fresh for minutes (LINK_CACHE_FRESH_MS) without KV reads.
 */
import type { LinkRecord } from "../../../domain/link-record";
import { freshUntil, type LookupDeps } from "./lookup";

export const CHANGE_POLL_INTERVAL_MS = 2_000;
/** Changes read per query; a backlog is read in up to CHANGE_POLL_PAGES pages a poll. */
export const CHANGE_POLL_LIMIT = 500;
export const CHANGE_POLL_PAGES = 10;

export interface ChangeFeed {
  /** The last change seen; null until the first poll learns where the feed is. */
  cursor: number | null;
  nextPollAt: number;
  polling: boolean;
}

export function createChangeFeed(): ChangeFeed {
  return { cursor: null, nextPollAt: 0, polling: false };
}

interface Waiter {
  waitUntil(promise: Promise<unknown>): void;
}

interface ChangeRow {
  seq: number;
  key: string;
  record: string;
}

/** Starts a poll in the background when one is due and none is running. Cheap when not due. */
export function maybePollChanges(db: D1Database, ctx: Waiter, deps: LookupDeps, feed: ChangeFeed, now: number): void {
  if (feed.polling || now < feed.nextPollAt) return;
  feed.polling = true;
  feed.nextPollAt = now + CHANGE_POLL_INTERVAL_MS;
  ctx.waitUntil(
    pollChanges(db, deps, feed)
      .catch((error) => console.warn("redirect: change feed poll failed", error))
      .finally(() => {
        feed.polling = false;
      }),
  );
}

/** Reads the changes after the cursor and applies them to the records this isolate holds. */
export async function pollChanges(db: D1Database, deps: LookupDeps, feed: ChangeFeed, now = Date.now()): Promise<number> {
  if (feed.cursor === null) {
    // A fresh isolate holds nothing older than this moment: start from the end of the feed.
    const row = await db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM link_changes").first<{ seq: number }>();
    feed.cursor = row?.seq ?? 0;
    return 0;
  }
  let applied = 0;
  for (let pages = 0; pages < CHANGE_POLL_PAGES; pages++) {
    const cursor: number = feed.cursor;
    const page: D1Result<ChangeRow> = await db
      .prepare("SELECT seq, key, record FROM link_changes WHERE seq > ? ORDER BY seq LIMIT ?")
      .bind(cursor, CHANGE_POLL_LIMIT)
      .all<ChangeRow>();
    const results: ChangeRow[] = page.results;
    for (const change of results) {
      if (deps.cache.has(change.key)) {
        // "null": the alias no longer names a link (it was renamed away).
        deps.cache.set(change.key, JSON.parse(change.record) as LinkRecord | null, freshUntil(now));
        applied++;
      }
      feed.cursor = change.seq;
    }
    if (results.length < CHANGE_POLL_LIMIT) break;
  }
  return applied;
}
