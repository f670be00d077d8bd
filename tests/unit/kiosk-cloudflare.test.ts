/**
 * The kiosk's Cloudflare page reads zones and custom hostnames through the official client
 * against the stub that speaks Cloudflare's wire format (issue 19, decision 045); without a token
 * it asks nothing and says so; a refused token is reported, never thrown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customHostnamesClient } from "../../app/lib/custom-hostnames.server";
import { CLOUDFLARE_NOT_CONFIGURED, readCloudflare } from "../../app/lib/kiosk/cloudflare.server";
import { startCloudflareStub, STUB_CF_TOKEN, STUB_CF_ZONE, STUB_CF_ZONE_NAME, type CloudflareStub } from "../stubs/cloudflare-server";

let stub: CloudflareStub;
beforeAll(async () => {
  stub = await startCloudflareStub();
});
afterAll(async () => {
  await stub.close();
});

const env = () => ({ CF_API_TOKEN: STUB_CF_TOKEN, CF_ZONE_ID: STUB_CF_ZONE, CF_API_BASE_URL: stub.apiBase });

describe("kiosk Cloudflare view", () => {
  it("fails clearly, asking nothing, when the token or the zone is not configured", async () => {
    expect(await readCloudflare({ ...env(), CF_API_TOKEN: undefined })).toEqual({ ok: false, message: CLOUDFLARE_NOT_CONFIGURED });
    expect(await readCloudflare({ ...env(), CF_ZONE_ID: undefined })).toEqual({ ok: false, message: CLOUDFLARE_NOT_CONFIGURED });
  });

  it("lists the zones and every custom hostname, across pages, with their states", async () => {
    const client = customHostnamesClient(env())!;
    const hosts = Array.from({ length: 55 }, (_, i) => `h${i}.brand.example`);
    for (const host of hosts) await client.create(host);
    stub.setDns("h0.brand.example", "active");
    stub.setDns("h1.brand.example", "failed");
    const view = await readCloudflare(env());
    if (!view.ok) throw new Error(view.message);
    expect(view.zones).toEqual([expect.objectContaining({ id: STUB_CF_ZONE, name: STUB_CF_ZONE_NAME, status: "active", service: true })]);
    expect(view.hostnames.map((h) => h.hostname).sort()).toEqual([...hosts].sort());
    expect(view.hostnames.find((h) => h.hostname === "h0.brand.example")).toMatchObject({ status: "active", ssl: "active" });
    expect(view.hostnames.find((h) => h.hostname === "h1.brand.example")).toMatchObject({
      status: "pending",
      ssl: "validation_timed_out",
      errors: ["custom hostname does not CNAME to this zone."],
    });
    expect(view.more).toBe(false);
  });

  it("reports a refused token instead of throwing", async () => {
    const view = await readCloudflare({ ...env(), CF_API_TOKEN: "wrong-token" });
    expect(view.ok).toBe(false);
    if (!view.ok) expect(view.message).toMatch(/^The Cloudflare API refused or did not answer \(HTTP 403\)/);
  });
});
