/**
 * The change feed: a write in one place reaches the records cached by every redirect isolate
 * within a poll, without a purge RPC reaching them and without waiting for the cache TTL.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createLink, updateLink, type LinkStores } from "../../db/links.server";
import { getDb } from "../../db/client.server";
import { linkKey } from "../../domain/link-record";
import { createRedirectApp } from "../../workers/redirect/src/app";
import { pollChanges } from "../../workers/redirect/src/change-feed";
import { HOST, ORIGIN, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

/** Stores as another colo's app sees them: KV and D1, and no purge reaching this isolate. */
const elsewhere: LinkStores = { db: getDb(testEnv.DB), kv: testEnv.LINKS };

async function visit(app: ReturnType<typeof createRedirectApp>, alias: string) {
  const { queue } = recordingQueue();
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}/${alias}`, { redirect: "manual" }), { ...testEnv, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("the link change feed", () => {
  it("an edit made elsewhere reaches this isolate's cached record at its next poll", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    const alias = uniqueAlias();
    const link = await createLink(elsewhere, { domain: HOST, alias, url: "https://example.com/v1" });

    expect((await visit(app, alias)).headers.get("location")).toBe("https://example.com/v1");
    await updateLink(elsewhere, link.id, { url: "https://example.com/v2" });
    // Cached and fresh for minutes: without the feed this isolate would still answer v1.
    expect((await visit(app, alias)).headers.get("location")).toBe("https://example.com/v1");

    deps.feed.nextPollAt = 0; // the poll interval has passed
    await visit(app, alias); // schedules the poll, answered from the cache
    expect((await visit(app, alias)).headers.get("location")).toBe("https://example.com/v2");

    await updateLink(elsewhere, link.id, { status: "archived" });
    deps.feed.nextPollAt = 0;
    await visit(app, alias);
    expect((await visit(app, alias)).status).toBe(410);
  });

  it("a fresh isolate starts at the end of the feed; only records it holds are updated", async () => {
    const deps = testDeps();
    const held = uniqueAlias();
    const other = uniqueAlias();
    const heldLink = await createLink(elsewhere, { domain: HOST, alias: held, url: "https://example.com/held" });
    await createLink(elsewhere, { domain: HOST, alias: other, url: "https://example.com/other" });

    expect(await pollChanges(testEnv.DB, deps, deps.feed)).toBe(0);
    expect(deps.feed.cursor).toBeGreaterThan(0);

    deps.cache.set(
      linkKey(HOST, held),
      { id: heldLink.id, url: "https://example.com/old", status: "active", expiresAt: null },
      Number.MAX_SAFE_INTEGER,
    );
    await updateLink(elsewhere, heldLink.id, { url: "https://example.com/new" });
    const cursor = deps.feed.cursor!;
    expect(await pollChanges(testEnv.DB, deps, deps.feed)).toBe(1);
    expect(deps.cache.entry(linkKey(HOST, held))?.value).toMatchObject({ url: "https://example.com/new" });
    expect(deps.cache.has(linkKey(HOST, other))).toBe(false);
    expect(deps.feed.cursor).toBeGreaterThan(cursor);
  });

  it("a link created elsewhere replaces a remembered miss at once", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    const alias = uniqueAlias();
    deps.feed.nextPollAt = 0;
    expect((await visit(app, alias)).status).toBe(404); // the first poll learns the cursor; the miss is remembered
    await createLink(elsewhere, { domain: HOST, alias, url: "https://example.com/new-link" });
    deps.feed.nextPollAt = 0;
    await visit(app, alias);
    expect((await visit(app, alias)).headers.get("location")).toBe("https://example.com/new-link");
  });
});

describe("renaming an alias", () => {
  it("the old alias stops answering in an isolate that cached it, at its next poll", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    const oldAlias = uniqueAlias();
    const newAlias = uniqueAlias();
    const link = await createLink(elsewhere, { domain: HOST, alias: oldAlias, url: "https://example.com/renamed" });
    deps.feed.nextPollAt = 0;
    expect((await visit(app, oldAlias)).status).toBe(302);
    await updateLink(elsewhere, link.id, { alias: newAlias });
    deps.feed.nextPollAt = 0;
    await visit(app, oldAlias);
    expect((await visit(app, oldAlias)).status).toBe(404);
    expect((await visit(app, newAlias)).headers.get("location")).toBe("https://example.com/renamed");
  });
});
