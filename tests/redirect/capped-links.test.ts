/**
 * Capped links in the worker (docs/decisions/038): a link that used up its plan's tracked clicks
 * carries `untrackedUntil` in its record; until then it still redirects, but its clicks are not
 * sent to the queue (the consumer would drop them). Past the mark they are sent again. The D1
 * fallback builds the same record from `clicks_capped_until`.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import { createRedirectApp } from "../../workers/redirect/src/app";
import { HOST, insertLinkRow, ORIGIN, putKvRecord, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

async function visit(alias: string) {
  const { queue, sent } = recordingQueue();
  const app = createRedirectApp(testDeps());
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/${alias}`, { redirect: "manual", headers: { "user-agent": FIREFOX } });
  const response = await app.fetch(request, { ...testEnv, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return { response, sent };
}

describe("capped links", () => {
  it("a capped link redirects but sends no click until its mark passes", async () => {
    const alias = uniqueAlias("cap");
    await putKvRecord(alias, { url: "https://example.com/capped", untrackedUntil: Date.now() + 60_000 });
    const { response, sent } = await visit(alias);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/capped");
    expect(sent).toHaveLength(0);
  });

  it("a mark in the past sends the click again (the consumer decides under the plan then in force)", async () => {
    const alias = uniqueAlias("cap");
    const record = await putKvRecord(alias, { untrackedUntil: Date.now() - 1 });
    const { response, sent } = await visit(alias);
    expect(response.status).toBe(302);
    expect(sent.map((c) => c.payload.linkId)).toEqual([record.id]);
  });

  it("a link without a mark sends its click", async () => {
    const alias = uniqueAlias("cap");
    const record = await putKvRecord(alias);
    const { sent } = await visit(alias);
    expect(sent.map((c) => c.payload.linkId)).toEqual([record.id]);
  });

  it("the D1 fallback reads the mark into the record it caches", async () => {
    const alias = uniqueAlias("capdb");
    const until = Date.now() + 60_000;
    const id = await insertLinkRow(alias, { url: "https://example.com/from-d1" });
    await testEnv.DB.prepare("UPDATE links SET clicks_capped_until = ? WHERE id = ?").bind(until, id).run();
    const { response, sent } = await visit(alias);
    expect(response.headers.get("location")).toBe("https://example.com/from-d1");
    expect(sent).toHaveLength(0);
    const cached = await testEnv.LINKS.get<LinkRecord>(linkKey(HOST, alias), "json");
    expect(cached?.untrackedUntil).toBe(until);
  });
});
