// The link store writes every change through to KV and purges the redirect cache, so the
// hot path answers the new state on the next visit.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { linkTagsReplacement } from "../../db/dashboard.server";
import { AliasTakenError, createLink, deleteLink, deleteUserLinks, getLinkById, updateLink, type LinkStores } from "../../db/links.server";
import { linkTagsAddition } from "../../db/tags.server";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import { createRedirectApp, type RedirectDeps } from "../../workers/redirect/src/app";
import { HOST, ORIGIN, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

function stores() {
  const purged: string[] = [];
  const s: LinkStores = {
    db: getDb(testEnv.DB),
    kv: testEnv.LINKS,
    purge: async (keys) => {
      purged.push(...keys.map((k) => `${k.domain}/${k.alias}`));
    },
  };
  return { stores: s, purged };
}

async function kvRecord(alias: string) {
  return testEnv.LINKS.get<LinkRecord>(linkKey(HOST, alias), "json");
}

async function follow(app: ReturnType<typeof createRedirectApp>, alias: string) {
  const ctx = createExecutionContext();
  const { queue } = recordingQueue();
  const response = await app.fetch(new Request(`${ORIGIN}/${alias}`), { ...testEnv, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("a link and its tags are written together", () => {
  // An owner the tags table cannot take (no such user): the tag writes fail inside the batch.
  const ghost = { userId: "no-such-user", workspaceId: "no-such-workspace" };

  it("a new link whose tags cannot be written is not created: no row, no KV record", async () => {
    const { stores: s } = stores();
    const alias = uniqueAlias("tagged");
    const db = getDb(testEnv.DB);
    await expect(
      createLink(s, { domain: HOST, url: "https://example.com/tagged", alias }, new Date(), (row) =>
        linkTagsAddition(db, ghost, row.id, ["news"]),
      ),
    ).rejects.toThrow();
    expect(await testEnv.DB.prepare("SELECT count(*) AS n FROM links WHERE alias = ?").bind(alias).first("n")).toBe(0);
    expect(await kvRecord(alias)).toBeNull();
    // The same link with tags its owner can have is created with them.
    const userId = crypto.randomUUID();
    await testEnv.DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)")
      .bind(userId, "Tagger", `${userId}@example.com`, Date.now(), Date.now())
      .run();
    const link = await createLink(s, { domain: HOST, url: "https://example.com/tagged", alias }, new Date(), (row) =>
      linkTagsAddition(db, { userId, workspaceId: userId }, row.id, ["news"]),
    );
    expect(await testEnv.DB.prepare("SELECT count(*) AS n FROM link_tags WHERE link_id = ?").bind(link.id).first("n")).toBe(1);
  });

  it("a change whose new tags cannot be written is not made", async () => {
    const { stores: s } = stores();
    const db = getDb(testEnv.DB);
    const link = await createLink(s, { domain: HOST, url: "https://example.com/before" });
    await expect(
      updateLink(s, link.id, { url: "https://example.com/after" }, new Date(), linkTagsReplacement(db, ghost, link.id, ["news"])),
    ).rejects.toThrow();
    expect((await getLinkById(db, link.id))?.url).toBe("https://example.com/before");
    expect((await kvRecord(link.alias))?.url).toBe("https://example.com/before");
  });
});

describe("link store write-through", () => {
  it("writes a new link to KV and purges its cache entry", async () => {
    const { stores: s, purged } = stores();
    const link = await createLink(s, { domain: HOST, url: "https://example.com/new" });
    expect(link.alias).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await kvRecord(link.alias)).toEqual({ id: link.id, url: "https://example.com/new", status: "active", expiresAt: null });
    expect(purged).toEqual([`${HOST}/${link.alias}`]);
  });

  it("refuses a chosen alias that is taken, and writes nothing", async () => {
    const { stores: s } = stores();
    const alias = uniqueAlias("mine");
    await createLink(s, { domain: HOST, url: "https://example.com/first", alias });
    await expect(createLink(s, { domain: HOST, url: "https://example.com/second", alias })).rejects.toBeInstanceOf(AliasTakenError);
    expect((await kvRecord(alias))?.url).toBe("https://example.com/first");
  });

  it("makes an edit, an archive and a delete visible on the next visit", async () => {
    const { stores: s } = stores();
    const app = createRedirectApp(testDeps());
    const link = await createLink(s, { domain: HOST, url: "https://example.com/v1" });
    expect((await follow(app, link.alias)).headers.get("location")).toBe("https://example.com/v1");

    // The app purges the redirect worker's cache through RPC; here the test's app instance stands in.
    const purgeInto = (deps: RedirectDeps) => ({
      ...s,
      purge: async (keys: { domain: string; alias: string }[]) => keys.forEach((k) => deps.cache.delete(linkKey(k.domain, k.alias))),
    });
    const deps = testDeps();
    const live = createRedirectApp(deps);
    expect((await follow(live, link.alias)).headers.get("location")).toBe("https://example.com/v1");

    await updateLink(purgeInto(deps), link.id, { url: "https://example.com/v2" });
    expect((await kvRecord(link.alias))?.url).toBe("https://example.com/v2");
    expect((await follow(live, link.alias)).headers.get("location")).toBe("https://example.com/v2");

    await updateLink(purgeInto(deps), link.id, { status: "archived" });
    expect((await follow(live, link.alias)).status).toBe(410);

    await deleteLink(purgeInto(deps), link.id);
    expect((await kvRecord(link.alias))?.status).toBe("deleted");
    const gone = await follow(live, link.alias);
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe(`${ORIGIN}/app/deleted`);
  });

  it("gives an expiry to KV so the edge stops redirecting when it passes", async () => {
    const { stores: s } = stores();
    const app = createRedirectApp(testDeps());
    const link = await createLink(s, { domain: HOST, url: "https://example.com/soon", expiresAt: new Date(Date.now() - 1000) });
    expect((await kvRecord(link.alias))?.expiresAt).toBe(link.expiresAt!.getTime());
    expect((await follow(app, link.alias)).status).toBe(410);
  });
});

describe("closing an account", () => {
  it("marks the user's live links deleted, in D1 and in KV, and leaves other links alone", async () => {
    const { stores: s, purged } = stores();
    const userId = `user-${uniqueAlias()}`;
    const active = await createLink(s, { domain: HOST, url: "https://example.com/active", userId });
    const archived = await createLink(s, { domain: HOST, url: "https://example.com/archived", userId });
    await updateLink(s, archived.id, { status: "archived" });
    const someoneElse = await createLink(s, { domain: HOST, url: "https://example.com/other", userId: `${userId}-other` });
    purged.length = 0;

    expect(await deleteUserLinks(s, userId)).toBe(2);
    expect((await kvRecord(active.alias))?.status).toBe("deleted");
    expect((await kvRecord(archived.alias))?.status).toBe("deleted");
    expect((await kvRecord(someoneElse.alias))?.status).toBe("active");
    expect(purged.sort()).toEqual([`${HOST}/${active.alias}`, `${HOST}/${archived.alias}`].sort());
    expect(await deleteUserLinks(s, userId)).toBe(0);
  });
});
