/**
 * Short links on every kind of short host (docs/decisions/035): the default host, an extra short
 * domain, a verified branded domain and a vanity subdomain, each by its own (domain, alias); root
 * and 404 redirects of a host; unverified, lapsed and unknown hosts serve nothing.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hostKey, type HostRecord } from "../../domain/host-record";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import { createRedirectApp } from "../../workers/redirect/src/app";
import { HOST, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

const EXTRA = "go.snip.example";
const env = { ...testEnv, SHORT_DOMAINS: JSON.stringify([{ domain: EXTRA }, { domain: "gone.snip.example", isDeleted: true }]) };

async function putLink(domain: string, alias: string, url: string): Promise<LinkRecord> {
  const record: LinkRecord = { id: crypto.randomUUID(), url, status: "active", expiresAt: null };
  await testEnv.LINKS.put(linkKey(domain, alias), JSON.stringify(record));
  return record;
}

async function putHost(host: string, record: Partial<HostRecord> = {}): Promise<void> {
  await testEnv.LINKS.put(hostKey(host), JSON.stringify({ active: true, root: null, notFound: null, ...record }));
}

async function visit(host: string, path: string, method = "GET") {
  const { queue, sent } = recordingQueue();
  const app = createRedirectApp(testDeps());
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://${host}${path}`, { method, redirect: "manual" }), { ...env, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return { response, sent, text: () => response.text() };
}

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}.example.com`;
}

describe("short hosts", () => {
  it("redirects a link on each kind of host: default, extra short domain, branded domain, vanity subdomain", async () => {
    const alias = uniqueAlias("h");
    const branded = unique("links");
    const vanity = `acme${Date.now().toString(36)}.${HOST}`;
    await putHost(branded);
    await putHost(vanity);
    for (const [host, url] of [
      [HOST, "https://example.com/default"],
      [EXTRA, "https://example.com/extra"],
      [branded, "https://example.com/branded"],
      [vanity, "https://example.com/vanity"],
    ] as const) {
      const record = await putLink(host, alias, url);
      const { response, sent } = await visit(host, `/${alias}`);
      expect(response.status, host).toBe(302);
      expect(response.headers.get("location"), host).toBe(url);
      expect(
        sent.map((c) => c.payload.linkId),
        host,
      ).toEqual([record.id]);
    }
  });

  it("takes a host with a final dot (a fully qualified name) for the same host: its links, its root redirect, one click", async () => {
    const alias = uniqueAlias("fqdn");
    const branded = unique("dotted");
    await putHost(branded, { root: "https://brand.example/" });
    for (const [host, url] of [
      [HOST, "https://example.com/default-dot"],
      [EXTRA, "https://example.com/extra-dot"],
      [branded, "https://example.com/branded-dot"],
    ] as const) {
      const record = await putLink(host, alias, url);
      const { response, sent } = await visit(host.replace(/(:\d+)?$/, ".$1"), `/${alias}`);
      expect(response.status, host).toBe(302);
      expect(response.headers.get("location"), host).toBe(url);
      expect(
        sent.map((c) => c.payload.linkId),
        host,
      ).toEqual([record.id]);
    }
    const root = await visit(`${branded}.`, "/");
    expect(root.response.headers.get("location")).toBe("https://brand.example/");
  });

  it("serves the same alias on two hosts from two places, and never one host's link on another", async () => {
    const alias = uniqueAlias("same");
    const one = unique("one");
    const two = unique("two");
    await putHost(one);
    await putHost(two);
    await putLink(one, alias, "https://example.com/one");
    await putLink(two, alias, "https://example.com/two");
    expect((await visit(one, `/${alias}`)).response.headers.get("location")).toBe("https://example.com/one");
    expect((await visit(two, `/${alias}`)).response.headers.get("location")).toBe("https://example.com/two");
    // Not on the default host, nor on a third branded host.
    const three = unique("three");
    await putHost(three);
    expect((await visit(HOST, `/${alias}`)).response.status).toBe(404);
    expect((await visit(three, `/${alias}`)).response.status).toBe(404);
  });

  it("sends / and unknown aliases of a branded host to its root and 404 redirects", async () => {
    const host = unique("redir");
    await putHost(host, { root: "https://brand.example/", notFound: "https://brand.example/missing" });
    const root = await visit(host, "/");
    expect(root.response.status).toBe(302);
    expect(root.response.headers.get("location")).toBe("https://brand.example/");
    const missing = await visit(host, `/${uniqueAlias("nope")}`);
    expect(missing.response.status).toBe(302);
    expect(missing.response.headers.get("location")).toBe("https://brand.example/missing");
    expect(missing.sent).toHaveLength(0);
    // An app path on a branded host is not the app: the 404 rule applies.
    const app = await visit(host, "/app/login");
    expect(app.response.headers.get("location")).toBe("https://brand.example/missing");
  });

  it("without redirects, / of a branded host is its own page and an unknown alias the not-found page; the app is never served", async () => {
    const host = unique("plain");
    await putHost(host);
    const root = await visit(host, "/");
    expect(root.response.status).toBe(200);
    expect(await root.text()).toContain("This domain serves short links");
    const missing = await visit(host, `/${uniqueAlias("nope")}`);
    expect(missing.response.status).toBe(404);
    expect(await missing.text()).toContain("This short link doesn't exist");
    for (const path of ["/app/login", "/dashboard", "/__dev/mailbox"]) {
      const page = await visit(host, path);
      expect(await page.text(), path).not.toContain("app saw");
    }
    const post = await visit(host, "/", "POST");
    expect(await post.text()).not.toContain("app saw");
  });

  it("serves nothing on an unverified or lapsed branded domain, even a link stored under it", async () => {
    const alias = uniqueAlias("lapse");
    const host = unique("lapsed");
    await putLink(host, alias, "https://example.com/secret");
    await putHost(host, { active: false, root: "https://brand.example/" });
    for (const path of [`/${alias}`, "/"]) {
      const { response, sent } = await visit(host, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("This domain isn't serving short links");
      expect(sent).toHaveLength(0);
    }
  });

  it("answers an unknown host with the clear page: no link of the default host, no app page", async () => {
    const alias = uniqueAlias("known");
    await putLink(HOST, alias, "https://example.com/default-only");
    const host = unique("stranger");
    for (const path of [`/${alias}`, "/", "/app/login"]) {
      const { response } = await visit(host, path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("This domain isn't serving short links");
      expect(html).not.toContain("default-only");
      expect(html).not.toContain("app saw");
    }
    // A deleted extra short domain is no longer one of ours.
    expect((await visit("gone.snip.example", "/")).response.status).toBe(404);
  });

  it("the front door still hands the default host's app paths to the app, and an unknown host's to nobody", async () => {
    const { exports } = await import("cloudflare:workers");
    const worker = (exports as unknown as { default: Fetcher }).default;
    const response = await worker.fetch(`http://${HOST}/app/login`);
    expect(await response.text()).toBe("app saw GET /app/login");
    const stranger = await worker.fetch(`http://${unique("door")}/app/login`);
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("This domain isn't serving short links");
  });
});
