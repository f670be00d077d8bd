/**
 * `npm start`'s provider stand-ins (scripts/demo-providers.ts, docs/decisions/063): the process
 * the quick start runs, driven with the real Cloudflare client as the app drives it, keeps its
 * domains across a restart and makes a demo hostname active once its pretend DNS is in place.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { customHostnamesClient, stateOf } from "../../app/lib/custom-hostnames.server";
import { safeBrowsingProvider } from "../../domain/reputation";

const dir = mkdtempSync(join(tmpdir(), "snip-demo-providers-"));
const running: ChildProcessWithoutNullStreams[] = [];

/** Starts the stand-ins as scripts/start.mjs does and returns the variables they print. */
async function start(
  which: string,
  env: Record<string, string> = {},
): Promise<{ vars: Record<string, string>; stop: () => Promise<void> }> {
  const child = spawn("node_modules/.bin/tsx", ["scripts/demo-providers.ts", which], {
    env: { ...process.env, DEMO_STATE_DIR: dir, ...env },
  });
  running.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.on("exit", () => resolve());
      child.stdin.end();
    });
  return { vars: JSON.parse(line) as Record<string, string>, stop };
}

afterAll(() => {
  for (const child of running) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm start's provider stand-ins", () => {
  it("start only what is asked for and print the variables that point the workers at them", async () => {
    const { vars, stop } = await start("reputation");
    expect(Object.keys(vars).sort()).toEqual(["SAFE_BROWSING_API_KEY", "SAFE_BROWSING_API_URL"]);
    // Deterministic verdicts through the queue's own client: a host with "malware" in it is a hit, another is clean.
    const provider = safeBrowsingProvider({ apiKey: vars.SAFE_BROWSING_API_KEY!, base: vars.SAFE_BROWSING_API_URL });
    expect(await provider.check(["https://malware.example/x", "https://example.com/"])).toEqual([
      { url: "https://malware.example/x", threatType: "MALWARE" },
    ]);
    await stop();
  }, 60_000);

  it("a branded domain is pending, then active once its pretend DNS is in place, and is still there after a restart", async () => {
    const first = await start("cloudflare,registrar", { DEMO_ACTIVATE_AFTER_MS: "1500" });
    expect(first.vars.CF_API_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
    expect(first.vars.DNSIMPLE_API_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = customHostnamesClient(first.vars)!;
    const created = await client.create("links.demo-brand.test");
    expect(stateOf(await client.get(created.id))).toBe("pending");
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(stateOf(await client.get(created.id))).toBe("active");
    // The registrar answers in DNSimple's envelope, with the stand-in's token.
    const check = await fetch(
      `${first.vars.DNSIMPLE_API_BASE_URL}/v2/${first.vars.DNSIMPLE_ACCOUNT_ID}/registrar/domains/demo-shop.com/check`,
      {
        headers: { authorization: `Bearer ${first.vars.DNSIMPLE_TOKEN}` },
      },
    );
    expect(((await check.json()) as { data: { available: boolean } }).data.available).toBe(true);
    await first.stop();
    expect(JSON.parse(readFileSync(join(dir, "demo-cloudflare.json"), "utf8")).hostnames).toHaveLength(1);

    // A restart (new ports) finds the domain it had.
    const second = await start("cloudflare");
    expect(second.vars.CF_API_BASE_URL).not.toBe(first.vars.CF_API_BASE_URL);
    const again = customHostnamesClient(second.vars)!;
    expect((await again.get(created.id))?.hostname).toBe("links.demo-brand.test");
    await again.delete(created.id);
    expect(await again.get(created.id)).toBeNull();
    await second.stop();
  }, 60_000);
});
