/**
 * The dashboard's reads and the link-tag writes: a user's links, searched (alias and url: a
 * substring, any case (text-search.server.ts); tag: the exact, normalized tag), filtered, sorted
 * and paged; one owned link; the tags of a page of links. Click totals come from the rollups
 * (getClickTotals in clicks.server.ts) for the page's ids only; the "most clicks" order sums the
 * rollups of each link in the filtered set inside the same query.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { type LinkSearch, type LinkSort, type LinkState } from "../domain/link-search";
import { normalizeTag } from "../domain/tags";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client.server";
import { containsText } from "./text-search.server";
import type { Link } from "./links.server";
import { clickHourly, links, linkTags, tags, workspaces } from "./schema";
import type { Owner } from "./workspaces.server";

export type LinkWithTags = Link & { tags: string[] };

/** The dashboard's states, and "available" (live, expired or not) for the REST API's lists. */
export type LinkListState = LinkState | "available";

export interface LinkListQuery {
  /**
   * Whose links: one workspace (a user's personal one has the user's id, docs/decisions/027), or
   * every workspace of an organization (its dashboard), optionally one team's.
   */
  workspaceId: string | { organizationId: string };
  search: LinkSearch | null;
  /** An exact tag, besides the search (the REST API's `tag` filter). */
  tag?: string | null;
  state: LinkListState;
  sort: LinkSort;
  page: number;
  pageSize: number;
}

function stateFilter(state: LinkListState, now: Date): SQL | undefined {
  switch (state) {
    case "available":
      return eq(links.status, "active");
    case "active":
      return and(eq(links.status, "active"), or(isNull(links.expiresAt), gt(links.expiresAt, now)));
    case "expired":
      return and(eq(links.status, "active"), lte(links.expiresAt, now));
    case "archived":
      return eq(links.status, "archived");
    case "all":
      return inArray(links.status, ["active", "archived"]);
  }
}

function searchFilter(search: LinkSearch | null): SQL | undefined {
  if (!search) return undefined;
  switch (search.type) {
    case "alias":
      return containsText(links.alias, search.query);
    case "url":
      return containsText(links.url, search.query);
    case "tag":
      return sql`EXISTS (SELECT 1 FROM ${linkTags} JOIN ${tags} ON ${tags.id} = ${linkTags.tagId}
        WHERE ${linkTags.linkId} = ${links.id} AND ${tags.name} = ${normalizeTag(search.query)})`;
  }
}

/**
 * A link's human clicks from the hourly rollups (never the raw log): a range read of
 * click_hourly's primary key (link_id, hour) per link of the filtered set.
 */
const clickTotal = sql`(SELECT COALESCE(SUM(${clickHourly.clicks}), 0) FROM ${clickHourly} WHERE ${clickHourly.linkId} = ${links.id})`;

/** Insertion order: breaks ties between links created in the same millisecond (a bulk batch). */
const insertedAt = sql`${links}.rowid`;

const ORDER = {
  newest: [desc(links.createdAt), desc(insertedAt)],
  oldest: [asc(links.createdAt), asc(insertedAt)],
  alias: [asc(links.alias), asc(links.id)],
  clicks: [desc(clickTotal), desc(links.createdAt), desc(insertedAt)],
} as const;

function workspaceFilter(scope: LinkListQuery["workspaceId"]): SQL {
  if (typeof scope === "string") return eq(links.workspaceId, scope);
  return inArray(
    links.workspaceId,
    sql`(SELECT ${workspaces.id} FROM ${workspaces} WHERE ${workspaces.organizationId} = ${scope.organizationId})`,
  );
}

function listWhere(query: Omit<LinkListQuery, "sort" | "page" | "pageSize">, now: Date): SQL | undefined {
  return and(
    workspaceFilter(query.workspaceId),
    stateFilter(query.state, now),
    searchFilter(query.search),
    query.tag ? searchFilter({ type: "tag", query: query.tag }) : undefined,
  );
}

/** How many links a list query matches. */
export async function countUserLinks(db: Db, query: Omit<LinkListQuery, "sort" | "page" | "pageSize">, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(links).where(listWhere(query, now));
  return row?.n ?? 0;
}

/** A link the workspace owns on this domain by alias, not deleted, with its tags; undefined otherwise. */
export async function getUserLinkByDomainAlias(
  db: Db,
  workspaceId: string,
  domain: string,
  alias: string,
): Promise<LinkWithTags | undefined> {
  const link = await db.query.links.findFirst({
    where: and(
      eq(links.domain, domain.toLowerCase()),
      eq(links.alias, alias),
      eq(links.workspaceId, workspaceId),
      inArray(links.status, ["active", "archived"]),
    ),
  });
  if (!link) return undefined;
  return { ...link, tags: (await getLinkTags(db, [link.id])).get(link.id) ?? [] };
}

/** One page of a user's links (live or archived; deleted ones are never listed) and the total. */
export async function listUserLinks(db: Db, query: LinkListQuery, now = new Date()): Promise<{ links: LinkWithTags[]; total: number }> {
  const where = listWhere(query, now);
  const [[counted], rows] = await db.batch([
    db.select({ n: count() }).from(links).where(where),
    db
      .select()
      .from(links)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const tagMap = await getLinkTags(
    db,
    rows.map((row) => row.id),
  );
  return { links: rows.map((row) => ({ ...row, tags: tagMap.get(row.id) ?? [] })), total: counted?.n ?? 0 };
}

/** The tags of these links (at most a page of ids), alphabetically. */
export async function getLinkTags(db: Db, linkIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (linkIds.length === 0) return map;
  const rows = await db
    .select({ linkId: linkTags.linkId, name: tags.name })
    .from(linkTags)
    .innerJoin(tags, eq(tags.id, linkTags.tagId))
    .where(inArray(linkTags.linkId, [...linkIds]))
    .orderBy(asc(tags.name));
  for (const row of rows) map.set(row.linkId, [...(map.get(row.linkId) ?? []), row.name]);
  return map;
}

/** A link the workspace owns that is not deleted, with its tags; undefined otherwise (a 404 for the caller). */
export async function getUserLink(db: Db, workspaceId: string, id: string): Promise<LinkWithTags | undefined> {
  const link = await db.query.links.findFirst({
    where: and(eq(links.id, id), eq(links.workspaceId, workspaceId), inArray(links.status, ["active", "archived"])),
  });
  if (!link) return undefined;
  return { ...link, tags: (await getLinkTags(db, [link.id])).get(link.id) ?? [] };
}

/**
 * The writes that replace a link's tags with `names` (already normalized and unique), creating the
 * user's tags that do not exist yet. For a caller's own db.batch, so that a link's change and its
 * tags are written together (db/links.server.ts updateLink) or not at all.
 */
export function linkTagsReplacement(
  db: Db,
  owner: Owner,
  linkId: string,
  names: readonly string[],
  now = new Date(),
): BatchItem<"sqlite">[] {
  const clear = db.delete(linkTags).where(eq(linkTags.linkId, linkId));
  if (names.length === 0) return [clear];
  const created = names.map((name) =>
    db
      .insert(tags)
      .values({ id: crypto.randomUUID(), userId: owner.userId, workspaceId: owner.workspaceId, name, createdAt: now })
      .onConflictDoNothing({ target: [tags.workspaceId, tags.name] }),
  );
  const attach = db.insert(linkTags).select(
    db
      .select({ linkId: sql<string>`${linkId}`.as("link_id"), tagId: tags.id })
      .from(tags)
      .where(and(eq(tags.workspaceId, owner.workspaceId), inArray(tags.name, [...names]))),
  );
  return [clear, ...created, attach];
}

/** Replaces a link's tags with `names`, in one batch. */
export async function setLinkTags(db: Db, owner: Owner, linkId: string, names: readonly string[], now = new Date()): Promise<void> {
  const [first, ...rest] = linkTagsReplacement(db, owner, linkId, names, now);
  await db.batch([first!, ...rest]);
}
