/**
 * Redirect routes in the worker (docs/decisions/037): every condition, first match wins, the
 * fallback, the query string forwarded, the matched rule on the click, and records without
 * live routes answered as before.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { linkKey } from "../../domain/link-record";
import type { CompactRoute } from "../../domain/redirect-routes";
import { createRedirectApp } from "../../workers/redirect/src/app";
import { HOST, ORIGIN, putKvRecord, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0";
const HOME = "https://example.com/home";

async function visit(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}) {
  const { queue, sent } = recordingQueue();
  const app = createRedirectApp(testDeps());
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init } as RequestInit);
  const response = await app.fetch(request, { ...testEnv, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return { response, sent, location: response.headers.get("location") };
}

async function routed(routes: CompactRoute[], extra: { routesUntil?: number } = {}) {
  const alias = uniqueAlias("r");
  const record = await putKvRecord(alias, { url: HOME, routes, ...extra });
  return { alias, record };
}

describe("redirect routes", () => {
  it("routes by country (request.cf, never a client header)", async () => {
    const { alias } = await routed([["fr", "c", ["FR", "BE"], "https://example.fr/"]]);
    expect((await visit(`/${alias}`, { cf: { country: "BE" } })).location).toBe("https://example.fr/");
    expect((await visit(`/${alias}`, { cf: { country: "DE" }, headers: { "cf-ipcountry": "FR" } })).location).toBe(HOME);
  });

  it("routes by region (country and region code)", async () => {
    const { alias } = await routed([["ca", "r", ["US-CA"], "https://example.com/california"]]);
    expect((await visit(`/${alias}`, { cf: { country: "US", regionCode: "CA" } })).location).toBe("https://example.com/california");
    expect((await visit(`/${alias}`, { cf: { country: "US", regionCode: "NY" } })).location).toBe(HOME);
  });

  it("routes by device type", async () => {
    const { alias } = await routed([["mob", "d", ["mobile"], "https://m.example.com/"]]);
    expect((await visit(`/${alias}`, { headers: { "user-agent": IPHONE } })).location).toBe("https://m.example.com/");
    expect((await visit(`/${alias}`, { headers: { "user-agent": MAC_FIREFOX } })).location).toBe(HOME);
  });

  it("routes by operating system", async () => {
    const { alias } = await routed([["and", "o", ["android"], "https://play.example.com/app"]]);
    expect((await visit(`/${alias}`, { headers: { "user-agent": ANDROID } })).location).toBe("https://play.example.com/app");
    expect((await visit(`/${alias}`, { headers: { "user-agent": IPHONE } })).location).toBe(HOME);
  });

  it("routes by browser", async () => {
    const { alias } = await routed([["ff", "b", ["firefox"], "https://addons.example.org/"]]);
    expect((await visit(`/${alias}`, { headers: { "user-agent": MAC_FIREFOX } })).location).toBe("https://addons.example.org/");
    expect((await visit(`/${alias}`, { headers: { "user-agent": ANDROID } })).location).toBe(HOME);
  });

  it("routes by the visitor's first language", async () => {
    const { alias } = await routed([["fr", "l", ["fr"], "https://example.fr/"]]);
    expect((await visit(`/${alias}`, { headers: { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" } })).location).toBe("https://example.fr/");
    expect((await visit(`/${alias}`, { headers: { "accept-language": "en-US,fr;q=0.5" } })).location).toBe(HOME);
  });

  it("routes by referrer host (and its subdomains)", async () => {
    const { alias } = await routed([["hn", "f", ["ycombinator.com"], "https://example.com/hello-hn"]]);
    expect((await visit(`/${alias}`, { headers: { referer: "https://news.ycombinator.com/item?id=1" } })).location).toBe(
      "https://example.com/hello-hn",
    );
    expect((await visit(`/${alias}`, { headers: { referer: "https://notycombinator.com/" } })).location).toBe(HOME);
    expect((await visit(`/${alias}`)).location).toBe(HOME);
  });

  it("routes by a UTC time window", async () => {
    const minute = Math.floor((Date.now() % 86_400_000) / 60_000);
    const now: [number, number] = [minute, (minute + 10) % 1440];
    const later: [number, number] = [(minute + 120) % 1440, (minute + 180) % 1440];
    const { alias } = await routed([
      ["later", "t", later, "https://example.com/later"],
      ["now", "t", now, "https://example.com/now"],
    ]);
    expect((await visit(`/${alias}`)).location).toBe("https://example.com/now");
  });

  it("takes the first matching rule, in order, and counts which one answered", async () => {
    const { alias, record } = await routed([
      ["fr", "l", ["fr"], "https://example.fr/"],
      ["mob", "d", ["mobile"], "https://m.example.com/"],
    ]);
    const both = await visit(`/${alias}`, { headers: { "accept-language": "fr", "user-agent": IPHONE } });
    expect(both.location).toBe("https://example.fr/");
    expect(both.sent.map((c) => c.payload)).toMatchObject([{ linkId: record.id, route: "fr" }]);
    const second = await visit(`/${alias}`, { headers: { "accept-language": "en", "user-agent": IPHONE } });
    expect(second.location).toBe("https://m.example.com/");
    expect(second.sent[0]!.payload.route).toBe("mob");
  });

  it("sends everyone else to the link's destination, recorded as the fallback", async () => {
    const { alias } = await routed([["fr", "l", ["fr"], "https://example.fr/"]]);
    const { response, sent, location } = await visit(`/${alias}`, { headers: { "accept-language": "de" } });
    expect(response.status).toBe(302);
    expect(location).toBe(HOME);
    expect(sent[0]!.payload.route).toBe("fallback");
  });

  it("forwards the query string on a routed redirect", async () => {
    const { alias } = await routed([["fr", "l", ["fr"], "https://example.fr/promo?lang=fr"]]);
    const { location } = await visit(`/${alias}?utm_source=mail&x=1`, { headers: { "accept-language": "fr" } });
    expect(location).toBe("https://example.fr/promo?lang=fr&utm_source=mail&x=1");
  });

  it("ignores rules past routesUntil (a cancelled plan has ended), and links without rules record no route", async () => {
    const { alias } = await routed([["fr", "l", ["fr"], "https://example.fr/"]], { routesUntil: Date.now() - 1 });
    const ended = await visit(`/${alias}`, { headers: { "accept-language": "fr" } });
    expect(ended.location).toBe(HOME);
    expect(ended.sent[0]!.payload.route).toBeUndefined();
    const plain = uniqueAlias();
    await putKvRecord(plain, { url: HOME });
    const { sent } = await visit(`/${plain}`, { headers: { "accept-language": "fr" } });
    expect(sent[0]!.payload).not.toHaveProperty("route");
  });

  it("fills KV from D1 with the applied rules only (a plan without the flag keeps them stored, unapplied)", async () => {
    const now = Date.now();
    const rules = JSON.stringify([["fr", "l", ["fr"], "https://example.fr/"]]);
    const on = uniqueAlias("d");
    const off = uniqueAlias("d");
    for (const [alias, applied] of [
      [on, 1],
      [off, 0],
    ] as const) {
      await testEnv.DB.prepare(
        "INSERT INTO links (id, domain, alias, url, status, routes, routes_on, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), HOST, alias, HOME, rules, applied, now, now)
        .run();
    }
    expect((await visit(`/${on}`, { headers: { "accept-language": "fr" } })).location).toBe("https://example.fr/");
    expect(await testEnv.LINKS.get(linkKey(HOST, on), "json")).toMatchObject({ routes: [["fr", "l", ["fr"], "https://example.fr/"]] });
    expect((await visit(`/${off}`, { headers: { "accept-language": "fr" } })).location).toBe(HOME);
    expect(await testEnv.LINKS.get(linkKey(HOST, off), "json")).not.toHaveProperty("routes");
  });
});
