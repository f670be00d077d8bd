/**
 * The URL-reputation job (decision 036): the real Safe Browsing v4 client speaks to a stub of the
 * API's wire format (tests/stubs/safe-browsing.ts); a hit is queued for staff review once per link
 * and threat; clean and held links queue nothing; without the key the job is skipped with a log line.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../../app/env.server";
import { destinationContext } from "../../app/lib/links.server";
import { getDb } from "../../db/client.server";
import { createLink } from "../../db/links.server";
import { bannedDomainsFor, setLinksTerminated } from "../../db/trust-safety.server";
import { hostKey } from "../../domain/host-record";
import { linkKey } from "../../domain/link-record";
import { REPUBLISH_LINKS_JOB, type RepublishLinksJob } from "../../domain/link-republish";
import { MESSAGES } from "../../domain/messages";
import { REPUTATION_JOB, safeBrowsingProvider, type ReputationJob } from "../../domain/reputation";
import { checkDestination } from "../../domain/url";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";
import { checkLinksReputation, recheckBannedLinks, scheduleReputationRecheck } from "../../workers/queue/src/reputation";
import { safeBrowsingStubFetch, STUB_API_KEY } from "../stubs/safe-browsing";

const testEnv = env as unknown as QueueEnv;
const stores = { db: getDb(testEnv.DB), kv: testEnv.LINKS };
const provider = safeBrowsingProvider({ apiKey: STUB_API_KEY, base: "https://safebrowsing.stub", fetch: safeBrowsingStubFetch });

async function hitsOf(linkId: string) {
  const rows = await testEnv.DB.prepare("SELECT provider, threat_type, url, checked_at, resolved_at FROM reputation_hits WHERE link_id = ?")
    .bind(linkId)
    .all<{ provider: string; threat_type: string; url: string; checked_at: number; resolved_at: number | null }>();
  return rows.results;
}

describe("the URL-reputation job", () => {
  it("queues a hit with its evidence (provider, threat type, time) for a flagged destination, once", async () => {
    const bad = await createLink(stores, {
      domain: "localhost:8787",
      url: `https://malware-${crypto.randomUUID().slice(0, 8)}.example/dl.exe`,
    });
    const phish = await createLink(stores, { domain: "localhost:8787", url: "https://phishing-bank.example/login" });
    const clean = await createLink(stores, { domain: "localhost:8787", url: "https://example.com/fine" });
    const at = new Date("2026-11-26T10:00:00Z");

    expect(await checkLinksReputation(testEnv, [bad.id, phish.id, clean.id], provider, at)).toBe(2);
    expect(await hitsOf(bad.id)).toEqual([
      { provider: "google-safe-browsing-v4", threat_type: "MALWARE", url: bad.url, checked_at: at.getTime(), resolved_at: null },
    ]);
    expect((await hitsOf(phish.id)).map((h) => h.threat_type)).toEqual(["SOCIAL_ENGINEERING"]);
    expect(await hitsOf(clean.id)).toEqual([]);
    // Checked again (a retry, an edit): still one open row.
    expect(await checkLinksReputation(testEnv, [bad.id], provider)).toBe(0);
    expect(await hitsOf(bad.id)).toHaveLength(1);
  });

  it("looks up the destinations of a link's redirect routes too, and records the route's URL as the evidence", async () => {
    const routeUrl = `https://malware-route-${crypto.randomUUID().slice(0, 6)}.example/fr`;
    const routed = await createLink(stores, {
      domain: "localhost:8787",
      url: "https://example.com/clean-home",
      routes: JSON.stringify([["fr", "l", ["fr"], routeUrl]]),
      routesOn: true,
    });
    expect(await checkLinksReputation(testEnv, [routed.id], provider)).toBe(1);
    expect((await hitsOf(routed.id)).map((hit) => [hit.threat_type, hit.url])).toEqual([["MALWARE", routeUrl]]);
  });

  it("skips links that are already held or not active", async () => {
    const held = await createLink(stores, { domain: "localhost:8787", url: "https://malware-held.example/" });
    await testEnv.DB.prepare("UPDATE links SET blocked = 'link' WHERE id = ?").bind(held.id).run();
    const archived = await createLink(stores, { domain: "localhost:8787", url: "https://malware-archived.example/" });
    await testEnv.DB.prepare("UPDATE links SET status = 'archived' WHERE id = ?").bind(archived.id).run();
    expect(await checkLinksReputation(testEnv, [held.id, archived.id], provider)).toBe(0);
  });

  it("a failed lookup throws (the queue retries the job); the stub refuses a request without a key as the API does", async () => {
    const keyless = safeBrowsingProvider({ apiKey: "", base: "https://safebrowsing.stub", fetch: safeBrowsingStubFetch });
    const link = await createLink(stores, { domain: "localhost:8787", url: "https://malware-keyless.example/" });
    await expect(checkLinksReputation(testEnv, [link.id], keyless)).rejects.toThrow("HTTP 400");
    expect(await hitsOf(link.id)).toEqual([]);
  });

  it("without the provider's key, the jobs are acked and skipped, and the isolate says so once, not per job", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const said = () => info.mock.calls.filter((call) => String(call[0]).includes("SAFE_BROWSING_API_KEY is not set")).length;
    for (const n of [1, 2, 3]) {
      const link = await createLink(stores, { domain: "localhost:8787", url: `https://malware-nokey-${n}.example/` });
      const job: ReputationJob = { type: REPUTATION_JOB, v: 1, id: crypto.randomUUID(), payload: { linkIds: [link.id] } };
      const batch = createMessageBatch("snip-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: job }]);
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<unknown>, { ...testEnv, SAFE_BROWSING_API_KEY: undefined }, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
      expect(await hitsOf(link.id)).toEqual([]);
      expect(said()).toBe(1);
    }
    info.mockRestore();
  });
});

describe("the background re-check", () => {
  it("queues the next active links as one reputation job, and the job queues a hit for a destination that turned bad", async () => {
    const turned = await createLink(stores, {
      domain: "localhost:8787",
      url: `https://malware-later-${crypto.randomUUID().slice(0, 6)}.example/`,
    });
    const sent: ReputationJob[] = [];
    const jobs = { send: async (body: ReputationJob) => void sent.push(body) } as unknown as Queue;
    const keyed = { ...testEnv, SAFE_BROWSING_API_KEY: STUB_API_KEY, JOBS: jobs };
    // Sweep until the new link has been queued (earlier tests' links come first).
    let queued: string[] = [];
    for (let i = 0; i < 20 && !queued.includes(turned.id); i++) {
      await scheduleReputationRecheck(keyed);
      queued = sent.flatMap((job) => job.payload.linkIds);
    }
    expect(queued).toContain(turned.id);
    expect(sent.every((job) => job.type === REPUTATION_JOB)).toBe(true);
    expect(await checkLinksReputation(testEnv, queued, provider)).toBeGreaterThanOrEqual(1);
    expect((await hitsOf(turned.id)).map((hit) => hit.threat_type)).toEqual(["MALWARE"]);
  });

  it("without the key, nothing is queued and a log line says why", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const sent: unknown[] = [];
    const jobs = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue;
    expect(await scheduleReputationRecheck({ ...testEnv, SAFE_BROWSING_API_KEY: undefined, JOBS: jobs })).toBe(0);
    expect(sent).toEqual([]);
    expect(info.mock.calls.some((call) => String(call[0]).includes("re-check is skipped"))).toBe(true);
    info.mockRestore();
  });
});

describe("the background banned-list re-check", () => {
  async function blockedOf(linkId: string) {
    return (await testEnv.DB.prepare("SELECT blocked FROM links WHERE id = ?").bind(linkId).first<{ blocked: string | null }>())?.blocked;
  }

  /** Sweeps until the cursor wraps around (earlier tests' links come first). */
  async function sweepAll(sweepEnv: QueueEnv) {
    let changed = 0;
    for (let i = 0; i < 20; i++) {
      changed += await recheckBannedLinks(sweepEnv);
      const cursor = await testEnv.DB.prepare("SELECT value FROM kiosk_settings WHERE key = 'banned_recheck_cursor'").first<{
        value: string;
      }>();
      if (cursor?.value === "0") break;
    }
    return changed;
  }

  it("holds links made before a ban (staff's, the shipped list, BANNED_DOMAINS, a route's destination) without the provider's key", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    // Made as a bulk import with a stale list would: inserted directly, not refused, not held.
    const staffBanned = await createLink(stores, { domain: "localhost:8787", url: `https://staff-${tag}.example/x` });
    const shipped = await createLink(stores, { domain: "localhost:8787", url: "https://phishing.example/login" });
    const configured = await createLink(stores, { domain: "localhost:8787", url: `https://www.env-${tag}.example/` });
    const viaRoute = await createLink(stores, {
      domain: "localhost:8787",
      url: "https://example.com/ok",
      routes: JSON.stringify([["m", "d", ["mobile"], `https://m.staff-${tag}.example/`]]),
      routesOn: true,
    });
    const clean = await createLink(stores, { domain: "localhost:8787", url: `https://fine-${tag}.example/` });
    await testEnv.DB.prepare("INSERT INTO banned_domains (domain, reason, created_by, created_at) VALUES (?, 'malware', NULL, ?)")
      .bind(`staff-${tag}.example`, Date.now())
      .run();
    for (const link of [staffBanned, shipped, configured, viaRoute, clean]) expect(await blockedOf(link.id)).toBeNull();

    const changed = await sweepAll({ ...testEnv, SAFE_BROWSING_API_KEY: undefined, BANNED_DOMAINS: ` env-${tag}.example ,other.example` });
    expect(changed).toBeGreaterThanOrEqual(4);
    for (const link of [staffBanned, shipped, configured, viaRoute]) {
      expect(await blockedOf(link.id)).toBe("domain");
      // The edge's record says so (KV written through; the change feed carries it to every isolate).
      expect(await testEnv.LINKS.get(linkKey("localhost:8787", link.alias), "json")).toMatchObject({ status: "terminated" });
    }
    expect(await blockedOf(clean.id)).toBeNull();
    const feed = await testEnv.DB.prepare("SELECT record FROM link_changes WHERE key = ?")
      .bind(linkKey("localhost:8787", viaRoute.alias))
      .all<{
        record: string;
      }>();
    expect(feed.results.some((row) => JSON.parse(row.record).status === "terminated")).toBe(true);

    // The ban lifted (the domain no longer configured): the next sweep releases the link.
    expect(await sweepAll({ ...testEnv, BANNED_DOMAINS: "" })).toBeGreaterThanOrEqual(1);
    expect(await blockedOf(configured.id)).toBeNull();
    expect(await blockedOf(staffBanned.id)).toBe("domain");
  });

  it("holds a branded domain's root and 404 redirects saved before their domain was banned (in its host record), and releases them when the ban goes", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const owner = `owner-${tag}`;
    await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'Owner', ?, 0, 0)")
      .bind(owner, `${owner}@example.com`)
      .run();
    const hostname = `brand-${tag}.example.com`;
    const unserved = `gone-${tag}.example.com`;
    const root = `https://www.redir-${tag}.example/`;
    const notFound = `https://redir-${tag}.example/missing`;
    for (const host of [hostname, unserved]) {
      await testEnv.DB.prepare(
        "INSERT INTO branded_domains (id, workspace_id, user_id, hostname, kind, status, root_redirect, not_found_redirect, created_at) VALUES (?, ?, ?, ?, 'domain', 'active', ?, ?, 0)",
      )
        .bind(crypto.randomUUID(), owner, owner, host, root, notFound)
        .run();
    }
    // As the app wrote it when the redirects were saved; the other host has no record (being removed).
    await testEnv.LINKS.put(hostKey(hostname), JSON.stringify({ active: true, root, notFound }));

    await sweepAll({ ...testEnv, SAFE_BROWSING_API_KEY: undefined, BANNED_DOMAINS: `redir-${tag}.example` });
    expect(await testEnv.LINKS.get(hostKey(hostname), "json")).toEqual({ active: true, root: null, notFound: null });
    expect(await testEnv.LINKS.get(hostKey(unserved))).toBeNull();
    // The saved values stay in D1.
    expect(
      await testEnv.DB.prepare("SELECT root_redirect FROM branded_domains WHERE hostname = ?").bind(hostname).first("root_redirect"),
    ).toBe(root);

    // The ban lifted (no longer configured): the next sweep releases them.
    await sweepAll({ ...testEnv, SAFE_BROWSING_API_KEY: undefined, BANNED_DOMAINS: "" });
    expect(await testEnv.LINKS.get(hostKey(hostname), "json")).toEqual({ active: true, root, notFound });
  });

  it("a kiosk action decides with the configured list too: restoring a terminated link to a BANNED_DOMAINS destination leaves it held", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const link = await createLink(stores, { domain: "localhost:8787", url: `https://cfg-${tag}.example/` });
    const staff = { id: `staff-${tag}`, email: `staff-${tag}@example.com` };
    await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'Staff', ?, 0, 0)")
      .bind(staff.id, staff.email)
      .run();
    const kiosk = { ...stores, purge: async () => undefined, env: { BANNED_DOMAINS: `cfg-${tag}.example` } };
    // Staff terminate the link, then restore it: the configured ban still holds it ("domain").
    await setLinksTerminated(kiosk, staff, [link.id], "spam", `localhost:8787/${link.alias}`);
    expect(await blockedOf(link.id)).toBe("link");
    await setLinksTerminated(kiosk, staff, [link.id], null, `localhost:8787/${link.alias}`);
    expect(await blockedOf(link.id)).toBe("domain");
    // Without the configured list (as before), the restore released it.
    await setLinksTerminated({ ...kiosk, env: { BANNED_DOMAINS: "" } }, staff, [link.id], null, `localhost:8787/${link.alias}`);
    expect(await blockedOf(link.id)).toBeNull();
  });
});

describe("a KV write that fails after a hold is committed (decision 060)", () => {
  it("the sweep hands the link to the jobs queue, whose links.republish job writes the held record through, so the edge stops redirecting it", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const link = await createLink(stores, { domain: "localhost:8787", url: `https://kv-down-${tag}.example/x` });
    const key = linkKey("localhost:8787", link.alias);
    // KV answers reads but refuses every write, as during an outage or a rate limit.
    const refusing = {
      get: testEnv.LINKS.get.bind(testEnv.LINKS),
      put: async () => {
        throw new Error("KV PUT failed: 503 Service Unavailable");
      },
    } as unknown as KVNamespace;
    const sent: RepublishLinksJob[] = [];
    const jobs = {
      send: async (body: RepublishLinksJob) => void sent.push(body),
      sendBatch: async (messages: { body: RepublishLinksJob }[]) => void sent.push(...messages.map((m) => m.body)),
    } as unknown as Queue;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sweepEnv = {
      ...testEnv,
      LINKS: refusing,
      JOBS: jobs,
      SAFE_BROWSING_API_KEY: undefined,
      BANNED_DOMAINS: `kv-down-${tag}.example`,
    };
    for (let i = 0; i < 20; i++) {
      await recheckBannedLinks(sweepEnv);
      const cursor = await testEnv.DB.prepare("SELECT value FROM kiosk_settings WHERE key = 'banned_recheck_cursor'").first<{
        value: string;
      }>();
      if (cursor?.value === "0") break;
    }
    // Held in D1, while KV still has the active record: the edge would go on redirecting it.
    expect((await testEnv.DB.prepare("SELECT blocked FROM links WHERE id = ?").bind(link.id).first<{ blocked: string }>())?.blocked).toBe(
      "domain",
    );
    expect(await testEnv.LINKS.get(key, "json")).toMatchObject({ status: "active" });
    expect(sent.every((job) => job.type === REPUBLISH_LINKS_JOB)).toBe(true);
    expect(sent.flatMap((job) => job.payload.linkIds)).toContain(link.id);
    expect(warn.mock.calls.some((call) => String(call[0]).includes("the jobs queue writes them through again"))).toBe(true);
    warn.mockRestore();

    // The queue delivers the job (KV takes writes again): the edge's record says terminated.
    const batch = createMessageBatch(
      "snip-jobs",
      sent.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(sent.length);
    expect(await testEnv.LINKS.get(key, "json")).toMatchObject({ status: "terminated" });
  });

  it("a links.republish job that cannot write KV is retried by the queue, and one that can writes D1's record, not an older one", async () => {
    const link = await createLink(stores, { domain: "localhost:8787", url: "https://example.com/republish" });
    const key = linkKey("localhost:8787", link.alias);
    await testEnv.DB.prepare("UPDATE links SET url = 'https://example.com/edited' WHERE id = ?").bind(link.id).run();
    const job: RepublishLinksJob = { type: REPUBLISH_LINKS_JOB, v: 1, id: crypto.randomUUID(), payload: { linkIds: [link.id] } };
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const down = { ...testEnv, LINKS: { put: async () => Promise.reject(new Error("KV PUT failed: 503")) } as unknown as KVNamespace };
    const first = createMessageBatch("snip-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: job }]);
    const firstCtx = createExecutionContext();
    await worker.queue(first as MessageBatch<unknown>, down, firstCtx);
    expect((await getQueueResult(first, firstCtx)).retryMessages).toHaveLength(1);
    error.mockRestore();
    expect(await testEnv.LINKS.get(key, "json")).toMatchObject({ url: "https://example.com/republish" });

    const again = createMessageBatch("snip-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 2, body: job }]);
    const againCtx = createExecutionContext();
    await worker.queue(again as MessageBatch<unknown>, testEnv, againCtx);
    expect((await getQueueResult(again, againCtx)).explicitAcks).toHaveLength(1);
    expect(await testEnv.LINKS.get(key, "json")).toMatchObject({ url: "https://example.com/edited", status: "active" });
  });
});

describe("the one banned list (bannedDomainsFor)", () => {
  it("a destination banned only in BANNED_DOMAINS and one banned only by staff (D1) are both refused at creation; the list has each domain once, in lower case", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    await testEnv.DB.prepare("INSERT INTO banned_domains (domain, reason, created_by, created_at) VALUES (?, 'malware', NULL, ?)")
      .bind(`d1-only-${tag}.example`, Date.now())
      .run();
    const config = { BANNED_DOMAINS: ` Env-Only-${tag}.example ,phishing.example,d1-only-${tag}.example` };
    const appEnv = { ...testEnv, SHORT_HOST: "localhost:8787", SHORT_DOMAINS: "", SHORT_ORIGIN: "", ...config } as unknown as AppEnv;
    const context = await destinationContext(appEnv, new Request("http://localhost:8787/app/links"));
    const refused = { ok: false, message: MESSAGES.urlBanned };
    expect(checkDestination(`https://www.env-only-${tag}.example/page`, context)).toEqual(refused);
    expect(checkDestination(`https://d1-only-${tag}.example/`, context)).toEqual(refused);
    expect(checkDestination("https://phishing.example/login", context)).toEqual(refused);
    expect(checkDestination(`https://fine-${tag}.example/`, context)).toMatchObject({ ok: true });

    const list = await bannedDomainsFor(getDb(testEnv.DB), config);
    expect(list).toEqual(expect.arrayContaining([`env-only-${tag}.example`, `d1-only-${tag}.example`, "phishing.example"]));
    expect(list).toHaveLength(new Set(list).size);
    expect(list).not.toContain(`Env-Only-${tag}.example`);
    // Without the configuration (a store that carries none): the shipped list and staff's only.
    const withoutConfig = await bannedDomainsFor(getDb(testEnv.DB));
    expect(withoutConfig).toContain(`d1-only-${tag}.example`);
    expect(withoutConfig).not.toContain(`env-only-${tag}.example`);
  });
});
