import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { linkKey } from "../../domain/link-record";
import { createRedirectApp } from "../../workers/redirect/src/app";
import { CLICK_SEND_ATTEMPTS } from "../../workers/redirect/src/click-batcher";
import { LINK_MISS_TTL_MS } from "../../workers/redirect/src/lookup";
import { HOST, ORIGIN, insertLinkRow, putKvRecord, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

const worker = (exports as unknown as { default: Fetcher }).default;
/** The entrypoint the app binds to as REDIRECT. */
const rpc = (exports as unknown as { RedirectRpc: Fetcher & { purge(l: { domain: string; alias: string }[]): Promise<void> } }).RedirectRpc;

/** Runs one request through a fresh redirect app with a recording clicks queue, and waits for waitUntil work. */
async function visit(path: string, init: RequestInit = {}, queueOptions: { failFirst?: number; takeThenFail?: number } = {}) {
  const { queue, sent, messages } = recordingQueue(queueOptions);
  const app = createRedirectApp(testDeps());
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }), { ...testEnv, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return { response, sent, messages };
}

describe("GET /{alias}", () => {
  it("redirects from KV without touching D1 (KV hit)", async () => {
    const alias = uniqueAlias();
    const record = await putKvRecord(alias, { url: "https://example.com/from-kv" });
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/from-kv");
    expect(sent.map((e) => e.payload.linkId)).toEqual([record.id]);
  });

  it("falls back to D1 on a KV miss and fills KV", async () => {
    const alias = uniqueAlias();
    const id = await insertLinkRow(alias, { url: "https://example.com/a?b=1" });
    expect(await testEnv.LINKS.get(linkKey(HOST, alias))).toBeNull();
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/a?b=1");
    expect(await testEnv.LINKS.get(linkKey(HOST, alias), "json")).toMatchObject({ id, url: "https://example.com/a?b=1", status: "active" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ payload: { linkId: id } });
  });

  it("answers an unknown alias with a 404 page that offers to shorten a link, and counts nothing", async () => {
    const { response, sent } = await visit(`/${uniqueAlias("nope")}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("This short link doesn't exist");
    expect(html).toMatch(/<form method="post" action="[^"]*\/\?index"/);
    expect(html).toContain('name="url"');
    expect(sent).toHaveLength(0);
  });

  it("shows an expired page instead of redirecting", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { expiresAt: Date.now() - 1000 });
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(410);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("This link has expired");
    expect(sent).toHaveLength(0);
  });

  it("still redirects a link whose expiry is in the future", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { expiresAt: Date.now() + 60_000, url: "https://example.com/later" });
    const { response } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/later");
  });

  it("sends a deleted link to /app/deleted", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { status: "deleted" });
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/app/deleted`);
    expect(sent).toHaveLength(0);
  });

  it("answers a terminated link with the 'link disabled' page (decision 036), also when only D1 holds it", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { status: "terminated" });
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(451);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("This link has been disabled");
    expect(sent).toHaveLength(0);
    const held = uniqueAlias();
    const id = await insertLinkRow(held);
    await testEnv.DB.prepare("UPDATE links SET blocked = 'domain' WHERE id = ?").bind(id).run();
    expect((await visit(`/${held}`)).response.status).toBe(451);
  });

  it("does not redirect an archived link", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { status: "archived" });
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(410);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("This link is not active");
    expect(sent).toHaveLength(0);
  });

  it("forwards the short URL's query string to the destination", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { url: "https://example.com/a?b=1#top" });
    const { response } = await visit(`/${alias}?utm_source=news&x=%20y`);
    expect(response.headers.get("location")).toBe("https://example.com/a?b=1&utm_source=news&x=%20y#top");
  });

  it("answers HEAD like GET, without a body", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { url: "https://example.com/head" });
    const { response } = await visit(`/${alias}`, { method: "HEAD" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/head");
    const missing = await visit(`/${uniqueAlias("gone")}`, { method: "HEAD" });
    expect(missing.response.status).toBe(404);
  });

  it("uses a 302 that browsers and proxies do not cache, so every visit is counted", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias);
    const { response } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("keeps short links out of search indexes: every answer says noindex (decision 002)", async () => {
    const active = uniqueAlias();
    await insertLinkRow(active);
    const deleted = uniqueAlias();
    await insertLinkRow(deleted, { status: "deleted" });
    const expired = uniqueAlias();
    await insertLinkRow(expired, { expiresAt: Date.now() - 1000 });
    const archived = uniqueAlias();
    await insertLinkRow(archived, { status: "archived" });
    for (const [alias, status] of [
      [active, 302],
      [deleted, 302],
      [expired, 410],
      [archived, 410],
      [uniqueAlias("nope"), 404],
    ] as const) {
      const { response } = await visit(`/${alias}`);
      expect(response.status, alias).toBe(status);
      expect(response.headers.get("x-robots-tag"), alias).toBe("noindex");
    }
  });

  it("serves its pages with HSTS and a policy that allows no script, frame or foreign form target", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { expiresAt: Date.now() - 1000 });
    for (const path of [`/${alias}`, `/${uniqueAlias("nope")}`]) {
      const { response } = await visit(path);
      expect(response.headers.get("strict-transport-security"), path).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain(`form-action ${ORIGIN}`);
      expect(csp, path).not.toContain("script-src");
      // The 404 page's form posts to the app: the policy must let it.
      const html = await response.text();
      for (const [, action] of html.matchAll(/<form[^>]* action="([^"]*)"/g)) expect(csp).toContain(new URL(action!).origin);
    }
  });

  it("treats reserved words and malformed segments as not found", async () => {
    for (const path of ["/api", "/dashboard", "/%E0%A4%A", "/a.b"]) {
      const { response } = await visit(path);
      expect(response.status, path).toBe(404);
    }
  });

  it("keeps clicks when the queue refuses a batch, and sends them on retry", async () => {
    const alias = uniqueAlias();
    const id = await insertLinkRow(alias);
    const { response, sent } = await visit(`/${alias}`, {}, { failFirst: 2 });
    expect(response.status).toBe(302);
    expect(sent.map((e) => e.payload.linkId)).toEqual([id]);
  });

  it("resends a message the queue may have taken as it was, so the consumer can count it once", async () => {
    const alias = uniqueAlias();
    const id = await insertLinkRow(alias);
    // Every attempt of the first flush (CLICK_SEND_ATTEMPTS) reaches the queue but reports an error.
    const { response, messages } = await visit(`/${alias}`, {}, { takeThenFail: CLICK_SEND_ATTEMPTS });
    expect(response.status).toBe(302);
    expect(messages).toHaveLength(CLICK_SEND_ATTEMPTS + 1); // the next flush got through
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    expect(messages.every((m) => JSON.stringify(m) === JSON.stringify(messages[0]))).toBe(true);
    expect(messages[0]!.payload.clicks.map((c) => c.payload.linkId)).toEqual([id]);
  });

  it("records the visit's facts in the click event", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias);
    const { sent } = await visit(`/${alias}`, {
      headers: { referer: "https://news.example/post", "user-agent": "Mozilla/5.0 Firefox/140.0", "accept-language": "de-DE,de;q=0.9" },
    });
    expect(sent[0]!.payload).toMatchObject({
      referrer: "https://news.example/post",
      userAgent: "Mozilla/5.0 Firefox/140.0",
      acceptLanguage: "de-DE,de;q=0.9",
    });
    expect(typeof sent[0]!.id).toBe("string");
  });

  it("takes the visitor's country from the edge, never from a CF-IPCountry header the client sends", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias);
    const edge = { country: "FR" } as unknown as IncomingRequestCfProperties;
    const { sent } = await visit(`/${alias}`, { headers: { "cf-ipcountry": "DE" }, cf: edge });
    expect(sent[0]!.payload.country).toBe("FR");
    const { sent: spoofed } = await visit(`/${alias}`, { headers: { "cf-ipcountry": "DE" } });
    expect(spoofed[0]!.payload.country).toBeNull();
  });
});

describe("the isolate cache", () => {
  it("serves a stale record once while it re-reads KV in the background, then the fresh one", async () => {
    const alias = uniqueAlias();
    const deps = testDeps();
    const app = createRedirectApp(deps);
    const old = await putKvRecord(alias, { url: "https://example.com/old" });
    deps.cache.set(linkKey(HOST, alias), old, Date.now() - 1); // cached earlier, no longer fresh
    await putKvRecord(alias, { id: old.id, url: "https://example.com/new" });
    const { queue } = recordingQueue();
    const env = { ...testEnv, CLICKS: queue };

    const ctx1 = createExecutionContext();
    const first = await app.fetch(new Request(`${ORIGIN}/${alias}`), env, ctx1);
    await waitOnExecutionContext(ctx1);
    expect(first.headers.get("location")).toBe("https://example.com/old");

    const ctx2 = createExecutionContext();
    const second = await app.fetch(new Request(`${ORIGIN}/${alias}`), env, ctx2);
    await waitOnExecutionContext(ctx2);
    expect(second.headers.get("location")).toBe("https://example.com/new");
  });

  it("remembers a miss from when a slow read ends, so the next visits do not read the stores again", async () => {
    const alias = uniqueAlias("slow");
    const app = createRedirectApp(testDeps());
    // Under load a read can take longer than a miss is remembered.
    let reads = 0;
    const slowLinks = {
      async get(key: string, type: "json") {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, LINK_MISS_TTL_MS + 200));
        return testEnv.LINKS.get(key, type);
      },
    } as unknown as KVNamespace;
    const { queue } = recordingQueue();
    const env = { ...testEnv, LINKS: slowLinks, CLICKS: queue };
    for (let visit = 0; visit < 3; visit++) {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(`${ORIGIN}/${alias}`), env, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(404);
    }
    expect(reads).toBe(1);
  });

  it("never serves a remembered miss stale: a link created after it works at once", async () => {
    const alias = uniqueAlias();
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.cache.set(linkKey(HOST, alias), null, Date.now() - 1);
    await insertLinkRow(alias, { url: "https://example.com/created-later" });
    const { queue } = recordingQueue();
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}/${alias}`), { ...testEnv, CLICKS: queue }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.headers.get("location")).toBe("https://example.com/created-later");
  });
});

describe("the redirect worker entrypoint", () => {
  it("serves the redirect through its own fetch", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { url: "https://example.com/self" });
    const response = await worker.fetch(`${ORIGIN}/${alias}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/self");
  });

  it("applies an edit at once after the app purges the isolate cache", async () => {
    const alias = uniqueAlias();
    await putKvRecord(alias, { url: "https://example.com/old" });
    const first = await worker.fetch(`${ORIGIN}/${alias}`, { redirect: "manual" });
    expect(first.headers.get("location")).toBe("https://example.com/old");

    await putKvRecord(alias, { url: "https://example.com/new" });
    await rpc.purge([{ domain: HOST, alias }]);
    const second = await worker.fetch(`${ORIGIN}/${alias}`, { redirect: "manual" });
    expect(second.headers.get("location")).toBe("https://example.com/new");
  });
});

describe("the front door", () => {
  it("serves short links through the RPC entrypoint too (the app is the entry under npm run dev)", async () => {
    const alias = uniqueAlias();
    await insertLinkRow(alias, { url: "https://example.com/rpc" });
    const response = await rpc.fetch(`${ORIGIN}/${alias}`, { redirect: "manual" });
    expect(response.headers.get("location")).toBe("https://example.com/rpc");
  });

  it("hands every request that is not a short link to the app worker", async () => {
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/app/terms"],
      ["GET", "/dashboard"],
      ["GET", "/favicon.svg"],
      ["GET", "/a/b"],
      ["POST", "/?index"],
      ["POST", "/abcdef"],
    ] as const) {
      const response = await worker.fetch(`${ORIGIN}${path}`, { method, redirect: "manual" });
      expect(await response.text(), `${method} ${path}`).toBe(`app saw ${method} ${path.split("?")[0]}`);
    }
  });
});
