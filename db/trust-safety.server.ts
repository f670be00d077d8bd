/**
 * Trust and safety at the edge (issue 19, docs/decisions/036): banned destination domains,
 * terminated links and terminated accounts. Each change recomputes `links.blocked` for the links
 * it touches and, in the same db.batch as the change and its staff log row, appends their new
 * records to the change feed, so every redirect isolate stops (or resumes) redirecting them
 * within seconds; KV is written through after the batch, as every link write does.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hostKey, type HostRecord } from "../domain/host-record";
import { linkKey } from "../domain/link-record";
import { REPUBLISH_JOBS_PER_SEND, republishLinksJobs } from "../domain/link-republish";
import type { StaffAuditAction } from "../domain/staff-audit";
import { blockReason, hostRecordOf, isBannedHost, parseBannedDomains, sendsToBannedDomain, type BlockReason } from "../domain/trust-safety";
import { BANNED_DOMAINS } from "../domain/url";
import type { Db } from "./client.server";
import { changeFeedStatements, toLinkRecord, type Link, type LinkStores } from "./links.server";
import { bannedDomains, brandedDomains, links, linkTags, reputationHits, users } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

/** Ids bound per `IN (...)`: under D1's 100 bound parameters a statement. */
const IDS_PER_STATEMENT = 90;

export async function listBannedDomains(db: Db) {
  return db.select().from(bannedDomains).orderBy(asc(bannedDomains.domain));
}

/** The destination domains refused at creation and held at the edge: the shipped list plus staff's. */
export async function listBannedDomainNames(db: Db): Promise<string[]> {
  const rows = await db.select({ domain: bannedDomains.domain }).from(bannedDomains);
  return [...BANNED_DOMAINS, ...rows.map((row) => row.domain)];
}

/** Where a deployment configures its own banned domains: BANNED_DOMAINS, comma-separated (AppEnv and QueueEnv both carry it). */
export type BannedDomainsConfig = { BANNED_DOMAINS?: string };

/**
 * The one banned list every check decides with (decision 036): the creation check
 * (destinationContext), a kiosk action's holds and the hourly sweep (recheckBannedLinks). The
 * shipped list, staff's (D1 banned_domains) and the deployment's BANNED_DOMAINS, lower case, each
 * once. Without `env` (a store that carries no configuration), the shipped list and staff's.
 */
export async function bannedDomainsFor(db: Db, env?: BannedDomainsConfig): Promise<string[]> {
  return [...new Set([...(await listBannedDomainNames(db)).map((name) => name.toLowerCase()), ...configuredBans(env)])];
}

/** The bans that are not staff's to lift: the shipped list and the deployment's BANNED_DOMAINS, lower case. */
function configuredBans(env?: BannedDomainsConfig): Set<string> {
  return new Set([...BANNED_DOMAINS, ...parseBannedDomains(env?.BANNED_DOMAINS)].map((name) => name.toLowerCase()));
}

export async function getBannedDomain(db: Db, domain: string) {
  return (await db.select().from(bannedDomains).where(eq(bannedDomains.domain, domain)).limit(1))[0] ?? null;
}

/** What a hold changes, plus the record's routes so a rewritten record keeps them (docs/decisions/037). */
type Candidate = Pick<
  Link,
  | "id"
  | "domain"
  | "alias"
  | "url"
  | "status"
  | "expiresAt"
  | "userId"
  | "terminatedAt"
  | "blocked"
  | "routes"
  | "routesOn"
  | "routesUntil"
  | "pixels"
>;

const candidateColumns = {
  id: links.id,
  domain: links.domain,
  alias: links.alias,
  url: links.url,
  status: links.status,
  expiresAt: links.expiresAt,
  userId: links.userId,
  terminatedAt: links.terminatedAt,
  blocked: links.blocked,
  routes: links.routes,
  routesOn: links.routesOn,
  routesUntil: links.routesUntil,
  // Pixel scripts (docs/decisions/047): an unblocked link fires its pixels again
  pixels: links.pixels,
};

/**
 * Links (not deleted) with a destination on `domain` or a subdomain of it: their own URL or a
 * redirect route's (decision 037). `instr` over the URL and the routes' JSON narrows, the parsed
 * hosts decide.
 */
async function linksMentioning(db: Db, domain: string): Promise<Candidate[]> {
  const rows = await db
    .select(candidateColumns)
    .from(links)
    .where(
      and(
        ne(links.status, "deleted"),
        sql`(instr(lower(${links.url}), ${domain}) > 0 OR instr(lower(coalesce(${links.routes}, '')), ${domain}) > 0)`,
      ),
    );
  return rows.filter((row) => sendsToBannedDomain(row, [domain]));
}

async function terminatedOwners(db: Db, userIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < userIds.length; start += IDS_PER_STATEMENT) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds.slice(start, start + IDS_PER_STATEMENT)), isNotNull(users.terminatedAt)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

interface World {
  banned: string[];
  terminatedUsers: Set<string>;
}

/** What the links' `blocked` becomes in the world after the change: the changed ones only. */
function plan(candidates: Candidate[], world: World, override?: (link: Candidate) => Partial<Candidate>) {
  const changed: Candidate[] = [];
  for (const original of candidates) {
    const link = { ...original, ...override?.(original) };
    const blocked = blockReason(link, link.userId !== null && world.terminatedUsers.has(link.userId), world.banned);
    if (blocked !== original.blocked || link.terminatedAt !== original.terminatedAt) changed.push({ ...link, blocked });
  }
  return changed;
}

function updateStatements(db: Db, changed: Candidate[], now: Date): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  const groups = new Map<BlockReason | null, string[]>();
  for (const link of changed) groups.set(link.blocked, [...(groups.get(link.blocked) ?? []), link.id]);
  for (const [blocked, ids] of groups) {
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      statements.push(
        db
          .update(links)
          .set({ blocked, updatedAt: now })
          .where(inArray(links.id, ids.slice(start, start + IDS_PER_STATEMENT))),
      );
    }
  }
  return statements;
}

/**
 * Runs the change, its staff log row, the links' new `blocked` and their change-feed records in
 * one batch (all or nothing), then writes their KV records through and purges this colo's cache.
 * The change is committed before KV is written, so a KV write that fails is not lost: the links go
 * to the jobs queue, which writes them through again from D1 until KV takes them (decision 060).
 * Without a queue to hand them to, the failure is thrown.
 */
async function apply(stores: Stores, head: BatchItem<"sqlite">[], changed: Candidate[], now: Date): Promise<number> {
  const { db } = stores;
  const records = changed.map((link) => ({ key: linkKey(link.domain, link.alias), record: JSON.stringify(toLinkRecord(link)) }));
  const statements = [...head, ...updateStatements(db, changed, now), ...changeFeedStatements(db, records, now.getTime())];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const written = await Promise.allSettled(records.map((change) => stores.kv.put(change.key, change.record)));
  const refused = changed.filter((_, i) => written[i]!.status === "rejected").map((link) => link.id);
  if (refused.length > 0) {
    const reason = (written.find((result) => result.status === "rejected") as PromiseRejectedResult).reason;
    if (!stores.jobs) throw reason;
    const jobs = republishLinksJobs(refused);
    for (let start = 0; start < jobs.length; start += REPUBLISH_JOBS_PER_SEND) {
      await stores.jobs.sendBatch(jobs.slice(start, start + REPUBLISH_JOBS_PER_SEND).map((body) => ({ body })));
    }
    console.warn(`trust-safety: KV refused ${refused.length} link record(s); the jobs queue writes them through again`, reason);
  }
  if (changed.length > 0) {
    try {
      await stores.purge?.(changed.map((link) => ({ domain: link.domain, alias: link.alias })));
    } catch (error) {
      console.warn("trust-safety: purge of the redirect cache failed", error);
    }
  }
  return changed.length;
}

function audit(db: Db, staff: StaffActor, action: StaffAuditAction, target: string, details: Record<string, unknown>, now: Date) {
  return staffAuditInsert(db, { staff, action, target, details, at: now });
}

/**
 * `env`: the deployment's configuration (its BANNED_DOMAINS), so that a kiosk action decides a
 * link's hold with the same list as the hourly sweep (recheckBannedLinks) and the creation check
 * (bannedDomainsFor); without it a restore or an unban would release a link the sweep holds again
 * an hour later.
 */
export type Stores = Pick<LinkStores, "db" | "kv" | "purge"> & {
  env?: BannedDomainsConfig;
  /** The jobs queue: where links whose KV write failed after the change go (decision 060). */
  jobs?: Pick<Queue, "sendBatch">;
  /** Drops branded domains' cached host records in the redirect worker; without it they expire within HOST_CACHE_FRESH_MS. */
  purgeHosts?: (hosts: string[]) => Promise<void>;
};

/**
 * Bans a destination domain: every link to it (or a subdomain) stops redirecting, and so does
 * every branded domain's root or 404 redirect to it (`held` links, `domains` host records). False when
 * already banned: by staff, the shipped list or the deployment's BANNED_DOMAINS, itself or a
 * domain above it (`www.phishing.example` is banned with `phishing.example`).
 */
export async function banDomain(stores: Stores, staff: StaffActor, domain: string, reason: string, now = new Date()) {
  const { db } = stores;
  const banned = await bannedDomainsFor(stores.db, stores.env);
  if (isBannedHost(domain, banned)) return { ok: false as const };
  const candidates = await linksMentioning(db, domain);
  const world: World = {
    banned: [...banned, domain],
    terminatedUsers: await terminatedOwners(db, unique(candidates.map((link) => link.userId))),
  };
  const changed = plan(candidates, world);
  try {
    const held = await apply(
      stores,
      [
        db.insert(bannedDomains).values({ domain, reason, createdBy: staff.id, createdAt: now }),
        audit(db, staff, "domain.banned", domain, { reason, links: changed.length }, now),
      ],
      changed,
      now,
    );
    const redirects = await republishDomainRedirects(stores, world.banned, domain);
    return { ok: true as const, held, domains: redirects.length };
  } catch (error) {
    if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed")) return { ok: false as const };
    throw error;
  }
}

/** Lifts a ban: its links and branded domains' redirects to it are followed again unless something else holds them. */
export async function unbanDomain(stores: Stores, staff: StaffActor, domain: string, now = new Date()) {
  const { db } = stores;
  const candidates = await linksMentioning(db, domain);
  // Only staff's ban is lifted: a domain the shipped list or BANNED_DOMAINS also bans stays banned.
  const configured = configuredBans(stores.env);
  const world: World = {
    banned: (await bannedDomainsFor(stores.db, stores.env)).filter((name) => name !== domain || configured.has(name)),
    terminatedUsers: await terminatedOwners(db, unique(candidates.map((link) => link.userId))),
  };
  const changed = plan(candidates, world);
  const released = await apply(
    stores,
    [
      db.delete(bannedDomains).where(eq(bannedDomains.domain, domain)),
      audit(db, staff, "domain.unbanned", domain, { links: changed.length }, now),
    ],
    changed,
    now,
  );
  const redirects = await republishDomainRedirects(stores, world.banned, domain);
  return { links: released, domains: redirects.length };
}

async function linkCandidates(db: Db, ids: string[]): Promise<Candidate[]> {
  const rows: Candidate[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    rows.push(
      ...(await db
        .select(candidateColumns)
        .from(links)
        .where(inArray(links.id, ids.slice(start, start + IDS_PER_STATEMENT)))),
    );
  }
  return rows;
}

/**
 * Terminates links (one from its kiosk page, or every link to one destination from long-urls), or
 * restores them: `reason` null restores. One batch for all of them, each link's KV record rewritten.
 */
export async function setLinksTerminated(
  stores: Stores,
  staff: StaffActor,
  ids: string[],
  reason: string | null,
  target: string,
  now = new Date(),
  extra: BatchItem<"sqlite">[] = [],
) {
  const { db } = stores;
  const candidates = (await linkCandidates(db, ids)).filter((link) => link.status !== "deleted");
  const world: World = {
    banned: await bannedDomainsFor(stores.db, stores.env),
    terminatedUsers: await terminatedOwners(db, unique(candidates.map((link) => link.userId))),
  };
  const terminatedAt = reason === null ? null : now;
  const changed = plan(candidates, world, (link) => ({ terminatedAt: reason === null ? null : (link.terminatedAt ?? terminatedAt) }));
  const touched = changed.map((link) => link.id);
  const head: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < touched.length; start += IDS_PER_STATEMENT) {
    head.push(
      db
        .update(links)
        .set({ terminatedAt, terminationReason: reason })
        .where(inArray(links.id, touched.slice(start, start + IDS_PER_STATEMENT))),
    );
  }
  const action: StaffAuditAction =
    ids.length > 1
      ? reason === null
        ? "link.bulk-restored"
        : "link.bulk-terminated"
      : reason === null
        ? "link.restored"
        : "link.terminated";
  head.push(audit(db, staff, action, target, { reason, links: touched.length, ids: touched.slice(0, 50) }, now), ...extra);
  return apply(stores, head, changed, now);
}

/** Terminates an account (reason) or restores it (null): every link its user created is held or released. */
export async function setAccountTerminated(
  stores: Stores,
  staff: StaffActor,
  userId: string,
  email: string,
  reason: string | null,
  now = new Date(),
) {
  const { db } = stores;
  const candidates = await db
    .select(candidateColumns)
    .from(links)
    .where(and(eq(links.userId, userId), ne(links.status, "deleted")));
  const world: World = {
    banned: await bannedDomainsFor(stores.db, stores.env),
    terminatedUsers: reason === null ? new Set() : new Set([userId]),
  };
  const changed = plan(candidates, world);
  return apply(
    stores,
    [
      db
        .update(users)
        .set({ terminatedAt: reason === null ? null : now, terminationReason: reason })
        .where(eq(users.id, userId)),
      audit(db, staff, reason === null ? "account.restored" : "account.terminated", email, { userId, reason, links: changed.length }, now),
    ],
    changed,
    now,
  );
}

/**
 * Moves a link to another user's personal workspace (its creator becomes that user). Its tags
 * belong to the old workspace and are dropped; whether it is held is decided again for the new owner.
 */
export async function moveLink(
  stores: Stores,
  staff: StaffActor,
  linkId: string,
  to: { id: string; email: string },
  target: string,
  now = new Date(),
) {
  const { db } = stores;
  const candidates = await linkCandidates(db, [linkId]);
  const world: World = { banned: await bannedDomainsFor(stores.db, stores.env), terminatedUsers: await terminatedOwners(db, [to.id]) };
  const changed = plan(candidates, world, () => ({ userId: to.id }));
  await apply(
    stores,
    [
      db.update(links).set({ workspaceId: to.id, userId: to.id, updatedAt: now }).where(eq(links.id, linkId)),
      db.delete(linkTags).where(eq(linkTags.linkId, linkId)),
      audit(db, staff, "link.moved", target, { to: to.email, from: candidates[0]?.userId ?? null }, now),
    ],
    changed,
    now,
  );
}

/** Links read a sweep of the background banned-list check: a cheap page of a few columns by rowid. */
export const BANNED_SWEEP_BATCH = 2_000;

/**
 * The background check against the banned list (the hourly cron, decision 036): the next
 * BANNED_SWEEP_BATCH links after `cursor` (by rowid, not deleted) are decided again against the
 * whole banned list (staff's, the shipped one and the configured BANNED_DOMAINS, passed in
 * `banned`) and their owners' terminations; links whose hold changes (a link made before its
 * domain was banned, one a bulk import made with a stale list, a redirect route to a banned
 * domain) are held or released with their records in the change feed, as a kiosk change does,
 * without a staff log row (no staff member acted). Returns the next cursor (0 after the last
 * page) and how many links changed.
 */
export async function sweepBannedLinks(stores: Stores, banned: readonly string[], cursor: number, now = new Date()) {
  const { db } = stores;
  const page = await db
    .select({ ...candidateColumns, rid: sql<number>`${links}.rowid` })
    .from(links)
    .where(and(sql`${links}.rowid > ${cursor}`, ne(links.status, "deleted")))
    .orderBy(sql`${links}.rowid`)
    .limit(BANNED_SWEEP_BATCH);
  const next = page.length < BANNED_SWEEP_BATCH ? 0 : page[page.length - 1]!.rid;
  const world: World = {
    banned: [...new Set(banned)],
    terminatedUsers: await terminatedOwners(db, unique(page.map((link) => link.userId))),
  };
  const changed = plan(
    page.map(({ rid: _rid, ...link }) => link),
    world,
  );
  if (changed.length === 0) return { next, changed: 0 };
  return { next, changed: await apply(stores, [], changed, now) };
}

/**
 * Branded domains' root and 404 redirects against the banned list (decision 036): a redirect to a
 * banned domain is held in the domain's KV host record (hostRecordOf: the visitor gets the host's
 * own page or the not-found page instead) and released when the ban is lifted; the saved value in
 * D1 stays. Reads the domains with a redirect (`mentioning`: only those whose redirects name that
 * domain, for a kiosk ban or unban; without it all of them, for the hourly sweep) and rewrites the
 * host records that differ from what KV holds. A host without a KV record is left alone (it is
 * being removed, or was never served). A KV write that fails is logged and left to the next
 * sweep, which compares again. Returns the host names whose record changed.
 */
export async function republishDomainRedirects(stores: Stores, banned: readonly string[], mentioning?: string): Promise<string[]> {
  const redirecting = or(isNotNull(brandedDomains.rootRedirect), isNotNull(brandedDomains.notFoundRedirect));
  const rows = await stores.db
    .select({
      hostname: brandedDomains.hostname,
      status: brandedDomains.status,
      disabledAt: brandedDomains.disabledAt,
      rootRedirect: brandedDomains.rootRedirect,
      notFoundRedirect: brandedDomains.notFoundRedirect,
    })
    .from(brandedDomains)
    .where(
      mentioning === undefined
        ? redirecting
        : and(
            redirecting,
            sql`instr(lower(coalesce(${brandedDomains.rootRedirect}, '') || ' ' || coalesce(${brandedDomains.notFoundRedirect}, '')), ${mentioning}) > 0`,
          ),
    );
  const changed: string[] = [];
  for (const row of rows) {
    const key = hostKey(row.hostname);
    try {
      const current = await stores.kv.get<HostRecord>(key, "json");
      const record = hostRecordOf(row, banned);
      if (current === null || (current.active === record.active && current.root === record.root && current.notFound === record.notFound)) {
        continue;
      }
      await stores.kv.put(key, JSON.stringify(record));
      changed.push(row.hostname);
    } catch (error) {
      console.warn(`trust-safety: the host record of ${row.hostname} was not rewritten; the hourly sweep tries again`, error);
    }
  }
  if (changed.length > 0) {
    try {
      await stores.purgeHosts?.(changed);
    } catch (error) {
      console.warn("trust-safety: purge of the redirect worker's host cache failed", error);
    }
  }
  return changed;
}

function unique(ids: (string | null)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** Whether staff terminated the account (the dashboard says so, spec 01 §8). */
export async function isAccountTerminated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.terminatedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

/** Resolves a link's open reputation hits: `terminated` with the link's termination (in its batch), or `dismissed`. */
export function resolveReputationHits(db: Db, linkId: string, resolution: "terminated" | "dismissed", now = new Date()) {
  return db
    .update(reputationHits)
    .set({ resolvedAt: now, resolution })
    .where(and(eq(reputationHits.linkId, linkId), isNull(reputationHits.resolvedAt)));
}

/** Staff dismiss a hit (a false positive): the link keeps redirecting; the staff log says who decided. */
export async function dismissReputationHit(
  db: Db,
  staff: StaffActor,
  hit: { id: string; linkId: string; threatType: string },
  target: string,
  now = new Date(),
) {
  await db.batch([
    db
      .update(reputationHits)
      .set({ resolvedAt: now, resolution: "dismissed" })
      .where(and(eq(reputationHits.id, hit.id), isNull(reputationHits.resolvedAt))),
    audit(db, staff, "reputation.dismissed", target, { threatType: hit.threatType }, now),
  ]);
}
