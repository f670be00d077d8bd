/**
 * The URL-reputation job (issue 19, decision 036): looks the destinations of new or changed links
 * up at the provider and queues each hit for staff review in the kiosk (one open row per link and
 * threat). Without the provider's key the check is skipped, said once per isolate (every link created
 * queues a job); the banned-domain list still applies at creation.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { links, reputationHits } from "../../../db/schema";
import { bannedDomainsFor, republishDomainRedirects, sweepBannedLinks } from "../../../db/trust-safety.server";
import type { Envelope } from "../../../domain/events";
import { REPUTATION_JOB, safeBrowsingProvider, type ReputationJob, type UrlReputationProvider } from "../../../domain/reputation";
import { linkDestinations } from "../../../domain/trust-safety";
import type { QueueEnv } from "./env";

const MAX_LINKS = 500;

export function reputationProvider(env: QueueEnv, fetchImpl?: typeof fetch): UrlReputationProvider | null {
  if (!env.SAFE_BROWSING_API_KEY) return null;
  return safeBrowsingProvider({ apiKey: env.SAFE_BROWSING_API_KEY, base: env.SAFE_BROWSING_API_URL || undefined, fetch: fetchImpl });
}

/**
 * Checks the links (active, not already held) and records the hits; returns how many were new.
 * Every destination of a link is looked up: its own URL and each redirect route's (decision 037);
 * a hit records the URL that matched.
 */
export async function checkLinksReputation(env: QueueEnv, linkIds: readonly string[], provider: UrlReputationProvider, now = new Date()) {
  const db = getDb(env.DB);
  const ids = [...new Set(linkIds)].slice(0, MAX_LINKS);
  if (ids.length === 0) return 0;
  const rows: { id: string; url: string; routes: string | null }[] = [];
  for (let start = 0; start < ids.length; start += 90) {
    rows.push(
      ...(await db
        .select({ id: links.id, url: links.url, routes: links.routes })
        .from(links)
        .where(and(inArray(links.id, ids.slice(start, start + 90)), eq(links.status, "active"), isNull(links.blocked)))),
    );
  }
  if (rows.length === 0) return 0;
  const destinations = new Map(rows.map((row) => [row.id, linkDestinations(row)]));
  const hits = await provider.check([...new Set([...destinations.values()].flat())]);
  let added = 0;
  for (const hit of hits) {
    for (const row of rows.filter((r) => destinations.get(r.id)!.includes(hit.url))) {
      const inserted = await db
        .insert(reputationHits)
        .values({
          id: crypto.randomUUID(),
          linkId: row.id,
          url: hit.url,
          provider: provider.name,
          threatType: hit.threatType,
          checkedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: reputationHits.id });
      added += inserted.length;
    }
  }
  return added;
}

/** Whether this isolate has said that checks are skipped for want of the key. */
let saidNoKey = false;

export async function reputationCheckJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const payload = envelope.payload as { linkIds?: unknown } | null;
  const linkIds = Array.isArray(payload?.linkIds) ? payload.linkIds.filter((id): id is string => typeof id === "string") : [];
  const provider = reputationProvider(env);
  if (!provider) {
    if (!saidNoKey) {
      saidNoKey = true;
      console.info(
        "reputation: SAFE_BROWSING_API_KEY is not set, so the background URL-reputation check is skipped (the banned-domain list still applies; said once per isolate)",
      );
    }
    return;
  }
  const added = await checkLinksReputation(env, linkIds, provider);
  if (added > 0) console.info(`reputation: ${added} hit(s) queued for staff review`);
}

const RECHECK_CURSOR = "reputation_recheck_cursor";
export const RECHECK_BATCH = 500;

/**
 * The background re-check (hourly, from the consumer's cron): the next RECHECK_BATCH active links
 * after the cursor (by rowid, wrapping around at the end) go to the queue as one reputation job, so
 * every destination is looked up again over time and a URL that turns bad later is caught.
 * Returns how many links were queued.
 */
export async function scheduleReputationRecheck(env: QueueEnv, now = new Date()): Promise<number> {
  if (!env.SAFE_BROWSING_API_KEY) {
    console.info("reputation: SAFE_BROWSING_API_KEY is not set, so the background URL-reputation re-check is skipped");
    return 0;
  }
  const cursorRow = await env.DB.prepare("SELECT value FROM kiosk_settings WHERE key = ?").bind(RECHECK_CURSOR).first<{ value: string }>();
  const cursor = Number(cursorRow?.value ?? "0") || 0;
  const page = await env.DB.prepare(
    "SELECT rowid AS rid, id FROM links WHERE rowid > ? AND status = 'active' AND blocked IS NULL ORDER BY rowid LIMIT ?",
  )
    .bind(cursor, RECHECK_BATCH)
    .all<{ rid: number; id: string }>();
  const rows = page.results;
  const next = rows.length < RECHECK_BATCH ? 0 : rows[rows.length - 1]!.rid;
  if (rows.length > 0) {
    const job: ReputationJob = { type: REPUTATION_JOB, v: 1, id: crypto.randomUUID(), payload: { linkIds: rows.map((row) => row.id) } };
    await env.JOBS.send(job);
  }
  await env.DB.prepare(
    "INSERT INTO kiosk_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
  )
    .bind(RECHECK_CURSOR, String(next), now.getTime())
    .run();
  return rows.length;
}

const BANNED_CURSOR = "banned_recheck_cursor";

/**
 * The background check against the banned list (hourly, from the consumer's cron; with or without
 * the reputation provider's key): the next page of links after its own rowid cursor is decided
 * again against staff's bans, the shipped list and BANNED_DOMAINS, so a link made before its domain
 * was banned, or by a bulk import that carried an older list, is held within a sweep of the table.
 * Every branded domain's root and 404 redirects are decided again too (republishDomainRedirects).
 * Returns how many links changed.
 */
export async function recheckBannedLinks(env: QueueEnv, now = new Date()): Promise<number> {
  const db = getDb(env.DB);
  const cursorRow = await env.DB.prepare("SELECT value FROM kiosk_settings WHERE key = ?").bind(BANNED_CURSOR).first<{ value: string }>();
  const cursor = Number(cursorRow?.value ?? "0") || 0;
  const banned = await bannedDomainsFor(db, env);
  const { next, changed } = await sweepBannedLinks({ db, kv: env.LINKS, jobs: env.JOBS }, banned, cursor, now);
  await env.DB.prepare(
    "INSERT INTO kiosk_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
  )
    .bind(BANNED_CURSOR, String(next), now.getTime())
    .run();
  if (changed > 0) console.info(`trust-safety: the banned-list re-check held or released ${changed} link(s)`);
  // Branded domains' root and 404 redirects, every hour (few rows: only domains with a redirect).
  const hosts = await republishDomainRedirects({ db, kv: env.LINKS }, banned);
  if (hosts.length > 0) console.info(`trust-safety: the banned-list re-check held or released the redirects of ${hosts.length} domain(s)`);
  return changed;
}
