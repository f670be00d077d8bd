/**
 * Pixel scripts (issue 20, docs/decisions/047): a workspace's pixels. Every change rewrites, in
 * the same db.batch, the copy each opted-in link of the workspace carries (`links.pixels`,
 * computed in SQL from the table as it is after the change, so two concurrent changes cannot
 * leave a stale copy), then writes those links' records through to KV and the change feed, so
 * every redirect isolate fires the new set within seconds.
 */
import { and, asc, count, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { MAX_PIXELS_PER_WORKSPACE, type PixelKind, type PixelTag } from "../domain/pixels";
import type { Db } from "./client.server";
import { writeThroughMany, type LinkStores } from "./links.server";
import { links, pixels } from "./schema";
import type { Owner } from "./workspaces.server";

export type Pixel = typeof pixels.$inferSelect;

export async function listPixels(db: Db, workspaceId: string): Promise<Pixel[]> {
  return db.select().from(pixels).where(eq(pixels.workspaceId, workspaceId)).orderBy(asc(pixels.createdAt), asc(pixels.id));
}

/** The JSON a link that opts in stores (PixelTag[]), from a list of the workspace's pixels. */
export function pixelsJson(list: readonly Pick<Pixel, "kind" | "pixelId">[]): string {
  return JSON.stringify(list.map((p): PixelTag => [p.kind, p.pixelId]));
}

/** The workspace's pixels as that JSON, read inside the statement that stores it. */
function workspacePixelsSql(workspaceId: string): SQL {
  return sql`(SELECT json_group_array(json_array(kind, pixel_id)) FROM (SELECT kind, pixel_id FROM pixels WHERE workspace_id = ${workspaceId} ORDER BY created_at, id))`;
}

/** Rewrites the copy of every opted-in link of the workspace; returns the changed rows. */
function refreshLinksStatement(db: Db, workspaceId: string, now: Date) {
  return db
    .update(links)
    .set({ pixels: workspacePixelsSql(workspaceId), updatedAt: now })
    .where(and(eq(links.workspaceId, workspaceId), isNotNull(links.pixels)))
    .returning();
}

export type AddPixelResult = { ok: true; pixel: Pixel } | { ok: false; reason: "duplicate" | "too-many" };

export async function addPixel(
  stores: LinkStores,
  owner: Owner,
  input: { kind: PixelKind; pixelId: string; name: string | null },
  now = new Date(),
): Promise<AddPixelResult> {
  const { db } = stores;
  const [counted] = await db.select({ n: count() }).from(pixels).where(eq(pixels.workspaceId, owner.workspaceId));
  if ((counted?.n ?? 0) >= MAX_PIXELS_PER_WORKSPACE) return { ok: false, reason: "too-many" };
  const existing = await db
    .select({ id: pixels.id })
    .from(pixels)
    .where(and(eq(pixels.workspaceId, owner.workspaceId), eq(pixels.kind, input.kind), eq(pixels.pixelId, input.pixelId)))
    .limit(1);
  if (existing.length > 0) return { ok: false, reason: "duplicate" };
  const pixel: Pixel = {
    id: crypto.randomUUID(),
    workspaceId: owner.workspaceId,
    userId: owner.userId,
    kind: input.kind,
    pixelId: input.pixelId,
    name: input.name,
    createdAt: now,
  };
  let changed: (typeof links.$inferSelect)[];
  try {
    [, changed] = await db.batch([db.insert(pixels).values(pixel), refreshLinksStatement(db, owner.workspaceId, now)]);
  } catch (error) {
    // Added by a concurrent request since the check above.
    if (/UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? "") + String(error)))
      return { ok: false, reason: "duplicate" };
    throw error;
  }
  await writeThroughMany(stores, changed);
  return { ok: true, pixel };
}

/** Deletes one of the workspace's pixels; false when it has no such pixel. */
export async function deletePixel(stores: LinkStores, workspaceId: string, id: string, now = new Date()): Promise<boolean> {
  const { db } = stores;
  // Someone else's (or no) pixel: nothing is written, not even the links' copies.
  const owned = await db
    .select({ id: pixels.id })
    .from(pixels)
    .where(and(eq(pixels.workspaceId, workspaceId), eq(pixels.id, id)))
    .limit(1);
  if (owned.length === 0) return false;
  const statements: [BatchItem<"sqlite">, ReturnType<typeof refreshLinksStatement>] = [
    db
      .delete(pixels)
      .where(and(eq(pixels.workspaceId, workspaceId), eq(pixels.id, id)))
      .returning({ id: pixels.id }),
    refreshLinksStatement(db, workspaceId, now),
  ];
  const [deleted, changed] = (await db.batch(statements)) as [{ id: string }[], (typeof links.$inferSelect)[]];
  if (deleted.length === 0) return false;
  await writeThroughMany(stores, changed);
  return true;
}
