/**
 * Pixel scripts in the worker (docs/decisions/047): an opted-in link answers a human with the
 * page that fires its pixels (ids escaped, a strict CSP, no-store, the noscript refresh), counts
 * the click once; a bot, and every link without pixels, keep the plain 302.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PixelTag } from "../../domain/pixels";
import { createRedirectApp } from "../../workers/redirect/src/app";
import { HOST, ORIGIN, putKvRecord, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const META: PixelTag = ["meta", "123456789012345"];
const GA: PixelTag = ["google", "G-AB12CD34EF"];

async function visit(path: string, userAgent: string | null = CHROME, method = "GET") {
  const { queue, sent } = recordingQueue();
  const app = createRedirectApp(testDeps());
  const ctx = createExecutionContext();
  const headers: Record<string, string> = userAgent === null ? {} : { "user-agent": userAgent };
  const response = await app.fetch(
    new Request(`${ORIGIN}${path}`, { method, redirect: "manual", headers }),
    { ...testEnv, CLICKS: queue },
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body, sent };
}

describe("pixel scripts", () => {
  it("an opted-in link answers a browser with the page that fires its pixels, then forwards with the query", async () => {
    const alias = uniqueAlias("px");
    const record = await putKvRecord(alias, { url: "https://example.com/landing?a=1", pixels: [META, GA] });
    const { response, body, sent } = await visit(`/${alias}?utm_source=news`);

    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin");
    const destination = "https://example.com/landing?a=1&amp;utm_source=news";
    expect(body).toContain(`<noscript><meta http-equiv="refresh" content="0;url=${destination}"></noscript>`);
    expect(body).toContain(`<a id="go" href="${destination}"`);
    expect(body).toContain("location.replace(");
    expect(body).toContain(`<img src="https://www.facebook.com/tr?id=123456789012345&amp;ev=PageView&amp;noscript=1"`);
    // The pixel is told the short link, not the visit's query (which may carry a visitor's data).
    const shortLink = encodeURIComponent(`${new URL(ORIGIN).origin}/${alias}`);
    expect(body).toContain(
      `<img src="https://www.google-analytics.com/g/collect?v=2&amp;tid=G-AB12CD34EF&amp;en=page_view&amp;dl=${shortLink}"`,
    );
    expect(body).not.toContain("utm_source%3Dnews");
    // Counted once, like a 302.
    expect(sent.map((e) => e.payload.linkId)).toEqual([record.id]);
  });

  it("the page's CSP allows its own nonce script and the pixels' hosts only", async () => {
    const alias = uniqueAlias("px");
    await putKvRecord(alias, { pixels: [META] });
    const { response, body } = await visit(`/${alias}`);
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src https://www.facebook.com;");
    expect(csp).not.toContain("google");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    // A new nonce per answer.
    const again = (await visit(`/${alias}`)).response.headers.get("content-security-policy")!;
    expect(again).not.toBe(csp);
  });

  it("escapes the destination; no stored text reaches the page unescaped", async () => {
    const alias = uniqueAlias("px");
    await putKvRecord(alias, { url: `https://example.com/?q="><script>alert(1)</script>`, pixels: [META] });
    const { body } = await visit(`/${alias}`);
    expect(body).not.toContain("<script>alert(1)");
    expect(body).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body.match(/<script/g)).toHaveLength(1);
  });

  it("a bot, and a visit without a User-Agent, get the plain 302, counted once", async () => {
    const alias = uniqueAlias("px");
    const record = await putKvRecord(alias, { url: "https://example.com/bot", pixels: [META] });
    for (const agent of [GOOGLEBOT, null]) {
      const { response, body, sent } = await visit(`/${alias}`, agent);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://example.com/bot");
      expect(body).toBe("");
      expect(sent.map((e) => e.payload.linkId)).toEqual([record.id]);
    }
  });

  it("a link without pixels keeps the plain 302", async () => {
    const alias = uniqueAlias("px");
    await putKvRecord(alias, { url: "https://example.com/plain" });
    const { response, sent } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/plain");
    expect(sent).toHaveLength(1);
  });

  it("reads the pixels from D1 when KV has no record, dropping anything that is not a valid id", async () => {
    const alias = uniqueAlias("px");
    const now = Date.now();
    const stored = JSON.stringify([
      ["meta", "123456789012345"],
      ["meta", `1"><script>x</script>`],
      ["evil", "1"],
      ["linkedin", "1234567"],
    ]);
    await testEnv.DB.prepare(
      "INSERT INTO links (id, domain, alias, url, status, pixels, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), HOST, alias, "https://example.com/d1", stored, now, now)
      .run();
    const { response, body } = await visit(`/${alias}`);
    expect(response.status).toBe(200);
    expect(body).toContain("https://www.facebook.com/tr?id=123456789012345");
    expect(body).toContain("https://px.ads.linkedin.com/collect/?pid=1234567&amp;fmt=gif");
    expect(body).not.toContain("evil");
    expect(body.match(/<img /g)).toHaveLength(2);
    expect(response.headers.get("content-security-policy")).toContain("img-src https://www.facebook.com https://px.ads.linkedin.com;");
  });

  it("an opted-in link whose workspace has no pixels keeps the plain 302", async () => {
    const alias = uniqueAlias("px");
    const now = Date.now();
    await testEnv.DB.prepare(
      "INSERT INTO links (id, domain, alias, url, status, pixels, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', '[]', ?, ?)",
    )
      .bind(crypto.randomUUID(), HOST, alias, "https://example.com/none", now, now)
      .run();
    const { response } = await visit(`/${alias}`);
    expect(response.status).toBe(302);
  });

  it("an archived or expired opted-in link answers its page, not the pixels", async () => {
    const alias = uniqueAlias("px");
    await putKvRecord(alias, { status: "archived", pixels: [META] });
    const { response, body, sent } = await visit(`/${alias}`);
    expect(body).not.toContain("facebook");
    expect(response.status).not.toBe(200);
    expect(sent).toHaveLength(0);
  });
});
