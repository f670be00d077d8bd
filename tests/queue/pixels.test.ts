/**
 * Pixel scripts in D1 and KV (docs/decisions/047): adding or deleting a workspace's pixel
 * rewrites the copy its opted-in links carry, in KV and the change feed, and leaves every other
 * link (and other workspaces) alone; duplicates and the 11th pixel are refused.
 */
import { env } from "cloudflare:workers";
import { desc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { createLink, getLinkById, updateLink, type LinkStores } from "../../db/links.server";
import { addPixel, deletePixel, listPixels, pixelsJson } from "../../db/pixels.server";
import { linkChanges, users } from "../../db/schema";
import { personalOwner } from "../../db/workspaces.server";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import { MAX_PIXELS_PER_WORKSPACE } from "../../domain/pixels";

const testEnv = env as unknown as { DB: D1Database; LINKS: KVNamespace };
const db = getDb(testEnv.DB);
const stores: LinkStores = { db, kv: testEnv.LINKS };
const DOMAIN = "snip.test";

async function newUser() {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(users).values({ id, name: "Pixel", email: `pixel-${id}@example.com`, createdAt: now, updatedAt: now });
  return id;
}

async function kvRecord(link: { domain: string; alias: string }) {
  return testEnv.LINKS.get<LinkRecord>(linkKey(link.domain, link.alias), "json");
}

describe("pixels", () => {
  it("adding and deleting a pixel rewrites the records of opted-in links only", async () => {
    const userId = await newUser();
    const owner = personalOwner(userId);
    const optedIn = await createLink(stores, { domain: DOMAIN, url: "https://example.com/in", userId, workspaceId: userId, pixels: "[]" });
    const plain = await createLink(stores, { domain: DOMAIN, url: "https://example.com/out", userId, workspaceId: userId });
    const otherUser = await newUser();
    const othersLink = await createLink(stores, {
      domain: DOMAIN,
      url: "https://example.com/other",
      userId: otherUser,
      workspaceId: otherUser,
      pixels: "[]",
    });
    expect((await kvRecord(optedIn))?.pixels).toBeUndefined();

    const [last] = await db.select({ seq: linkChanges.seq }).from(linkChanges).orderBy(desc(linkChanges.seq)).limit(1);
    const added = await addPixel(stores, owner, { kind: "meta", pixelId: "123456789012345", name: "Shop" });
    expect(added.ok).toBe(true);
    await addPixel(stores, owner, { kind: "google", pixelId: "G-AB12CD34EF", name: null });

    expect((await kvRecord(optedIn))?.pixels).toEqual([
      ["meta", "123456789012345"],
      ["google", "G-AB12CD34EF"],
    ]);
    expect((await kvRecord(plain))?.pixels).toBeUndefined();
    expect((await kvRecord(othersLink))?.pixels).toBeUndefined();
    expect((await getLinkById(db, plain.id))?.pixels).toBeNull();
    // Every isolate learns it from the change feed.
    const feed = await db
      .select()
      .from(linkChanges)
      .where(gt(linkChanges.seq, last?.seq ?? 0));
    const mine = feed
      .filter((row) => row.key === linkKey(optedIn.domain, optedIn.alias))
      .map((row) => JSON.parse(row.record) as LinkRecord);
    expect(mine.at(-1)?.pixels).toEqual([
      ["meta", "123456789012345"],
      ["google", "G-AB12CD34EF"],
    ]);

    const meta = (await listPixels(db, userId)).find((p) => p.kind === "meta")!;
    const before = (await getLinkById(db, optedIn.id))?.updatedAt;
    expect(await deletePixel(stores, otherUser, meta.id)).toBe(false);
    // Someone else's pixel: nothing written, not even the links' copies.
    expect((await getLinkById(db, optedIn.id))?.updatedAt).toEqual(before);
    expect(await listPixels(db, userId)).toHaveLength(2);
    expect(await deletePixel(stores, userId, meta.id)).toBe(true);
    expect((await kvRecord(optedIn))?.pixels).toEqual([["google", "G-AB12CD34EF"]]);

    const google = (await listPixels(db, userId))[0]!;
    await deletePixel(stores, userId, google.id);
    // Still opted in, nothing to fire: the plain record.
    expect((await getLinkById(db, optedIn.id))?.pixels).toBe("[]");
    expect((await kvRecord(optedIn))?.pixels).toBeUndefined();
  });

  it("an editor's opt-in stores the workspace's pixels; opting out drops them", async () => {
    const userId = await newUser();
    await addPixel(stores, personalOwner(userId), { kind: "linkedin", pixelId: "1234567", name: null });
    const link = await createLink(stores, { domain: DOMAIN, url: "https://example.com/e", userId, workspaceId: userId });
    await updateLink(stores, link.id, { pixels: pixelsJson(await listPixels(db, userId)) });
    expect((await kvRecord(link))?.pixels).toEqual([["linkedin", "1234567"]]);
    await updateLink(stores, link.id, { pixels: null });
    expect((await kvRecord(link))?.pixels).toBeUndefined();
  });

  it("refuses a duplicate and more than the maximum", async () => {
    const userId = await newUser();
    const owner = personalOwner(userId);
    expect((await addPixel(stores, owner, { kind: "meta", pixelId: "1000000000", name: null })).ok).toBe(true);
    expect(await addPixel(stores, owner, { kind: "meta", pixelId: "1000000000", name: "again" })).toEqual({
      ok: false,
      reason: "duplicate",
    });
    for (let i = 1; i < MAX_PIXELS_PER_WORKSPACE; i++) {
      expect((await addPixel(stores, owner, { kind: "meta", pixelId: `100000000${i}`, name: null })).ok).toBe(true);
    }
    expect(await addPixel(stores, owner, { kind: "linkedin", pixelId: "99999", name: null })).toEqual({ ok: false, reason: "too-many" });
    expect(await listPixels(db, userId)).toHaveLength(MAX_PIXELS_PER_WORKSPACE);
    // Deleting the user deletes their pixels with the workspace.
    await db.delete(users).where(eq(users.id, userId));
    expect(await listPixels(db, userId)).toHaveLength(0);
  });
});
