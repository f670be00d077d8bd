/** Tags of a user's links (db/schema/tags.ts): names are already normalized (domain/tags.ts). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client.server";
import type { Owner } from "./workspaces.server";
import { linkTags, tags } from "./schema";

/** Most tags on one link; keeps each statement well under D1's 100 bound parameters (4 per tag row). */
export const MAX_TAGS_PER_LINK = 20;

/**
 * The writes that give a link these tags (added to any it has): the user's missing tags are
 * created, then linked. For a caller's own db.batch, so that a new link and its tags are written
 * together (db/links.server.ts createLink) or not at all.
 */
export function linkTagsAddition(db: Db, owner: Owner, linkId: string, names: readonly string[], now = new Date()): BatchItem<"sqlite">[] {
  const distinct = [...new Set(names)].slice(0, MAX_TAGS_PER_LINK);
  if (distinct.length === 0) return [];
  return [
    db
      .insert(tags)
      .values(
        distinct.map((name) => ({ id: crypto.randomUUID(), userId: owner.userId, workspaceId: owner.workspaceId, name, createdAt: now })),
      )
      .onConflictDoNothing(),
    db
      .insert(linkTags)
      .select(
        db
          .select({ linkId: sql<string>`${linkId}`.as("link_id"), tagId: tags.id })
          .from(tags)
          .where(and(eq(tags.workspaceId, owner.workspaceId), inArray(tags.name, distinct))),
      )
      .onConflictDoNothing(),
  ];
}

/** Gives a link these tags (added to any it has), in one batch. */
export async function setLinkTags(db: Db, owner: Owner, linkId: string, names: readonly string[], now = new Date()): Promise<void> {
  const writes = linkTagsAddition(db, owner, linkId, names, now);
  if (writes.length > 0) await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** A link's tag names, alphabetically. */
export async function listLinkTags(db: Db, linkId: string): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(linkTags)
    .innerJoin(tags, eq(tags.id, linkTags.tagId))
    .where(eq(linkTags.linkId, linkId))
    .orderBy(asc(tags.name));
  return rows.map((row) => row.name);
}
