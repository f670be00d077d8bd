/**
 * Links: one module for the entity, verb-noun functions taking their handles first.
 * Every write goes through to KV (the hot path's store) and purges the redirect
 * worker's isolate cache, so an edit is visible on the next visit.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { randomAlias, RANDOM_ALIAS_ATTEMPTS, isReservedAlias } from "../domain/alias";
import { linkKey, recordPixels, recordRoutes, recordUntracked, type LinkRecord } from "../domain/link-record";
import type { Db } from "./client.server";
import { linkChanges, links, users } from "./schema";

export type Link = typeof links.$inferSelect;

export interface LinkStores {
  db: Db;
  kv: KVNamespace;
  /** Drops cached records in the redirect worker (RPC over the service binding). */
  purge?: (keys: { domain: string; alias: string }[]) => Promise<void>;
  /**
   * Told after a link is created or changed and written through (outgoing webhooks enqueue
   * their events here, so every caller of createLink and updateLink fires them). Must not throw.
   */
  onChange?: (kind: "created" | "updated", link: Link) => Promise<void>;
  /**
   * The audit row of a change inside an organization (docs/decisions/027): built before the write
   * and run in the same db.batch as the link's insert or update, so both happen or neither.
   */
  audit?: (kind: "created" | "updated" | "deleted", link: Link) => BatchItem<"sqlite"> | null;
}

export class AliasTakenError extends Error {
  constructor(readonly alias: string) {
    super(`alias taken: ${alias}`);
  }
}

/**
 * The hot path's record of a link. A link held by trust and safety (`blocked`, docs/decisions/036)
 * answers "terminated" whatever its own status, except a deleted one, which stays deleted. Its
 * redirect routes ride along while they are applied (docs/decisions/037).
 */
export function toLinkRecord(
  link: Pick<Link, "id" | "url" | "status" | "expiresAt" | "blocked"> &
    Partial<Pick<Link, "routes" | "routesOn" | "routesUntil" | "pixels" | "clicksCappedUntil">>,
): LinkRecord {
  const status = link.blocked && link.status !== "deleted" ? "terminated" : link.status;
  return {
    id: link.id,
    url: link.url,
    status,
    expiresAt: link.expiresAt ? link.expiresAt.getTime() : null,
    ...recordRoutes(link.routes ?? null, link.routesOn ?? false, link.routesUntil?.getTime() ?? null),
    ...recordPixels(link.pixels),
    ...recordUntracked(link.clicksCappedUntil?.getTime() ?? null),
  };
}

/** How long the change feed keeps a change: far longer than any isolate goes without polling. */
export const LINK_CHANGE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * KV first (the hot path's store), then the change feed every redirect isolate polls, then
 * the purge of this colo's isolate (immediate, where the RPC reaches).
 */
async function writeThrough(stores: LinkStores, link: Link, now = Date.now()): Promise<void> {
  const key = linkKey(link.domain, link.alias);
  const record = JSON.stringify(toLinkRecord(link));
  await stores.kv.put(key, record);
  await recordChanges(stores.db, [{ key, record }], now);
  await stores.purge?.([{ domain: link.domain, alias: link.alias }]);
}

/** Rows per insert into the change feed: 3 bound parameters a row, under D1's 100. */
const CHANGE_ROWS_PER_INSERT = 30;

/**
 * The statements that append records to the change feed and prune what every isolate has long
 * seen, for a caller that runs them in its own db.batch (the kiosk's terminations, decision 036).
 */
export function changeFeedStatements(db: Db, changes: { key: string; record: string }[], now = Date.now()): BatchItem<"sqlite">[] {
  if (changes.length === 0) return [];
  const changedAt = new Date(now);
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < changes.length; start += CHANGE_ROWS_PER_INSERT) {
    statements.push(db.insert(linkChanges).values(changes.slice(start, start + CHANGE_ROWS_PER_INSERT).map((c) => ({ ...c, changedAt }))));
  }
  statements.push(db.delete(linkChanges).where(lt(linkChanges.changedAt, new Date(now - LINK_CHANGE_RETENTION_MS))));
  return statements;
}

/** Appends records to the change feed and prunes what every isolate has long seen, in one batch. */
async function recordChanges(db: Db, changes: { key: string; record: string }[], now = Date.now()): Promise<void> {
  const statements = changeFeedStatements(db, changes, now);
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text);
}

export interface NewLink {
  domain: string;
  url: string;
  /** A chosen alias; omitted for a random one. */
  alias?: string;
  /** The creator, when signed in. */
  userId?: string | null;
  /** The owning workspace (docs/decisions/027); null for a guest's link. */
  workspaceId?: string | null;
  guestId?: string | null;
  description?: string | null;
  expiresAt?: Date | null;
  /** Redirect routes (docs/decisions/037): CompactRoute[] JSON, whether applied, and until when. */
  routes?: string | null;
  routesOn?: boolean;
  routesUntil?: Date | null;
  /** Pixel scripts (docs/decisions/047): the workspace's pixels as JSON when the link opts in. */
  pixels?: string | null;
}

/** Creates a link. A random alias is retried on collision; a chosen one that is taken throws AliasTakenError. */
export async function createLink(
  stores: LinkStores,
  input: NewLink,
  now = new Date(),
  /** Writes that belong with the new row (its tags), in the same batch as its insert. */
  alsoWrite: (row: Link) => BatchItem<"sqlite">[] = () => [],
): Promise<Link> {
  const attempts = input.alias ? 1 : RANDOM_ALIAS_ATTEMPTS;
  // A terminated account's new links are held from the start (docs/decisions/036).
  const ownerTerminated = input.userId
    ? Boolean((await stores.db.select({ at: users.terminatedAt }).from(users).where(eq(users.id, input.userId)).limit(1))[0]?.at)
    : false;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const alias = input.alias ?? randomAlias();
    if (!input.alias && isReservedAlias(alias)) continue;
    const row: Link = {
      id: crypto.randomUUID(),
      domain: input.domain.toLowerCase(),
      alias,
      url: input.url,
      status: "active",
      userId: input.userId ?? null,
      workspaceId: input.workspaceId ?? null,
      guestId: input.guestId ?? null,
      description: input.description ?? null,
      expiresAt: input.expiresAt ?? null,
      routes: input.routes ?? null,
      routesOn: input.routesOn ?? false,
      routesUntil: input.routesUntil ?? null,
      blocked: ownerTerminated ? "account" : null,
      terminatedAt: null,
      terminationReason: null,
      createdAt: now,
      updatedAt: now,
      analyticsShared: false,
      pixels: input.pixels ?? null,
      trackedClicks: 0,
      clicksUnlimited: false,
      clicksCappedUntil: null,
    };
    try {
      const audit = stores.audit?.("created", row);
      const together = [...alsoWrite(row), ...(audit ? [audit] : [])];
      if (together.length > 0) await stores.db.batch([stores.db.insert(links).values(row), ...together]);
      else await stores.db.insert(links).values(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (input.alias) throw new AliasTakenError(alias);
        continue;
      }
      throw error;
    }
    await writeThrough(stores, row);
    await stores.onChange?.("created", row);
    return row;
  }
  throw new Error("could not find a free random alias");
}

/**
 * Changes a link's fields and writes the new record through to KV. A changed alias (a chosen
 * one that is taken throws AliasTakenError) also removes the old alias's KV record and purges
 * both keys, so the old short link stops answering at once.
 */
export async function updateLink(
  stores: LinkStores,
  id: string,
  changes: Partial<
    Pick<
      Link,
      "url" | "status" | "description" | "expiresAt" | "alias" | "routes" | "routesOn" | "routesUntil" | "pixels" | "clicksCappedUntil"
    >
  >,
  now = new Date(),
  /** Writes that belong with the change (the link's tags), in the same batch as its update. */
  alsoWrite: BatchItem<"sqlite">[] = [],
): Promise<Link | null> {
  const before = changes.alias === undefined && !stores.audit ? undefined : await getLinkById(stores.db, id);
  if ((changes.alias !== undefined || stores.audit) && !before) return null;
  let row: Link | undefined;
  try {
    const update = stores.db
      .update(links)
      .set({ ...changes, updatedAt: now })
      .where(eq(links.id, id))
      .returning();
    const audit = before
      ? stores.audit?.(changes.status === "deleted" ? "deleted" : "updated", { ...before, ...changes, updatedAt: now })
      : null;
    const together = [...alsoWrite, ...(audit ? [audit] : [])];
    if (together.length > 0) [[row]] = await stores.db.batch([update, ...together]);
    else [row] = await update;
  } catch (error) {
    if (changes.alias !== undefined && isUniqueViolation(error)) throw new AliasTakenError(changes.alias);
    throw error;
  }
  if (!row) return null;
  await writeThrough(stores, row);
  if (before && (before.alias !== row.alias || before.domain !== row.domain)) {
    const oldKey = linkKey(before.domain, before.alias);
    await stores.kv.delete(oldKey);
    // Every isolate forgets the old alias too: the change feed carries "no record" for it.
    await recordChanges(stores.db, [{ key: oldKey, record: "null" }]);
    await stores.purge?.([{ domain: before.domain, alias: before.alias }]);
  }
  await stores.onChange?.("updated", row);
  return row;
}

/** Marks a link deleted: it stays in D1 (the alias is not reusable), and KV answers "deleted". */
export function deleteLink(stores: LinkStores, id: string, now = new Date()): Promise<Link | null> {
  return updateLink(stores, id, { status: "deleted" }, now);
}

export async function getLinkById(db: Db, id: string): Promise<Link | undefined> {
  return db.query.links.findFirst({ where: eq(links.id, id) });
}

/** A guest's recent links, newest first. */
export async function listGuestLinks(db: Db, guestId: string, limit: number): Promise<Link[]> {
  return db.query.links.findMany({
    where: and(eq(links.guestId, guestId), inArray(links.status, ["active", "archived"])),
    orderBy: [desc(links.createdAt)],
    limit,
  });
}

/** A workspace's most recent links (live or archived), newest first: a user's My URLs (their personal workspace). */
export async function listUserRecentLinks(db: Db, workspaceId: string, limit: number): Promise<Link[]> {
  if (limit <= 0) return [];
  return db.query.links.findMany({
    where: and(eq(links.workspaceId, workspaceId), inArray(links.status, ["active", "archived"])),
    orderBy: [desc(links.createdAt), desc(links.id)],
    limit,
  });
}

/** Forgets a guest's history: the links keep working, they are just no longer listed. */
export async function clearGuestHistory(db: Db, guestId: string): Promise<void> {
  await db.update(links).set({ guestId: null }).where(eq(links.guestId, guestId));
}

/** KV writes in flight at once when many links change together. */
const WRITE_THROUGH_CHUNK = 50;

/**
 * Marks every live link of a closed account's workspaces deleted (their personal workspace and
 * their workspaces inside organizations; a team's links stay the team's) and writes the records
 * through to KV, a chunk at a time, so the links answer "deleted" on their next visit.
 */
export async function deleteUserLinks(stores: LinkStores, userId: string, now = new Date()): Promise<number> {
  const rows = await stores.db
    .update(links)
    .set({ status: "deleted", updatedAt: now })
    // Runs after the user row is gone: their workspaces went with it (links.workspace_id set
    // null), while a team's links they created keep the team's workspace and stay live.
    .where(and(eq(links.userId, userId), isNull(links.workspaceId), inArray(links.status, ["active", "archived"])))
    .returning();
  await writeThroughMany(stores, rows);
  return rows.length;
}

/** Writes many changed links through to KV and the change feed, a chunk at a time. */
export async function writeThroughMany(stores: LinkStores, rows: readonly Link[]): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_THROUGH_CHUNK) {
    const chunk = rows.slice(start, start + WRITE_THROUGH_CHUNK);
    const changes = chunk.map((row) => ({ key: linkKey(row.domain, row.alias), record: JSON.stringify(toLinkRecord(row)) }));
    await Promise.all(changes.map((c) => stores.kv.put(c.key, c.record)));
    await recordChanges(stores.db, changes);
    await stores.purge?.(chunk.map((row) => ({ domain: row.domain, alias: row.alias })));
  }
}

/**
 * Writes these links' records through again from what D1 holds now (the links.republish job,
 * docs/decisions/060): KV, the change feed and this colo's cache. Ids no longer in D1 are skipped.
 * Returns how many records were written.
 */
export async function republishLinks(stores: LinkStores, linkIds: readonly string[]): Promise<number> {
  const ids = [...new Set(linkIds)];
  let written = 0;
  for (let start = 0; start < ids.length; start += WRITE_THROUGH_CHUNK) {
    const rows = await stores.db
      .select()
      .from(links)
      .where(inArray(links.id, ids.slice(start, start + WRITE_THROUGH_CHUNK)));
    await writeThroughMany(stores, rows);
    written += rows.length;
  }
  return written;
}

/**
 * Redirect routes (docs/decisions/037): after a workspace's plan changed, its links with rules
 * apply them or stop (the rules stay stored either way), and their records are written through.
 * Only links whose state changes are rewritten. Returns how many.
 */
export async function syncWorkspaceRoutes(
  stores: LinkStores,
  workspaceId: string,
  application: { routesOn: boolean; routesUntil: Date | null },
  now = new Date(),
): Promise<number> {
  const candidates = await stores.db
    .select({ id: links.id, routesOn: links.routesOn, routesUntil: links.routesUntil })
    .from(links)
    .where(and(eq(links.workspaceId, workspaceId), isNotNull(links.routes)));
  const until = application.routesUntil?.getTime() ?? null;
  const stale = candidates.filter((row) => row.routesOn !== application.routesOn || (row.routesUntil?.getTime() ?? null) !== until);
  let changed = 0;
  for (let start = 0; start < stale.length; start += WRITE_THROUGH_CHUNK) {
    const ids = stale.slice(start, start + WRITE_THROUGH_CHUNK).map((row) => row.id);
    const rows = await stores.db
      .update(links)
      .set({ routesOn: application.routesOn, routesUntil: application.routesUntil, updatedAt: now })
      .where(inArray(links.id, ids))
      .returning();
    await writeThroughMany(stores, rows);
    changed += rows.length;
  }
  return changed;
}

/** A workspace's link by alias (newest first if several domains share it); undefined when not its. */
export async function getUserLinkByAlias(db: Db, workspaceId: string, alias: string): Promise<Link | undefined> {
  return db.query.links.findFirst({
    where: and(eq(links.workspaceId, workspaceId), eq(links.alias, alias)),
    orderBy: [desc(links.createdAt)],
  });
}
