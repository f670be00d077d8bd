import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkWebhookUrl,
  decryptWebhookSecret,
  encryptWebhookSecret,
  generateWebhookSecret,
  isWebhookDeliverPayload,
  linkEventType,
  newWebhookEvent,
  parseWebhookEvents,
  signatureHeader,
  signWebhookPayload,
  toWebhookLink,
  verifyWebhookSignature,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_MAX_DELAY_SECONDS,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookDeliverJob,
  webhookRetryDelaySeconds,
} from "../../domain/webhooks";

const SECRET = "whsec_0123456789abcdef0123456789abcdef0123456789abcdef";
const AUTH_SECRET = "a-test-auth-secret-of-at-least-32-characters";

describe("webhook signatures", () => {
  it("are the hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the secret (the documented scheme)", async () => {
    const body = JSON.stringify({ id: "evt_1", type: "ping", created: 1_800_000_000, data: {} });
    const expected = createHmac("sha256", SECRET).update(`1800000000.${body}`).digest("hex");
    expect(await signWebhookPayload(SECRET, 1_800_000_000, body)).toBe(expected);
    expect(await signatureHeader(SECRET, 1_800_000_000, body)).toBe(`t=1800000000,v1=${expected}`);
  });

  it("verify with the right secret and body within the tolerance, and never otherwise", async () => {
    const body = '{"id":"evt_2","type":"link.created"}';
    const t = 1_800_000_000;
    const header = await signatureHeader(SECRET, t, body);
    expect(await verifyWebhookSignature(SECRET, header, body, t)).toBe(true);
    expect(await verifyWebhookSignature(SECRET, header, body, t + WEBHOOK_TOLERANCE_SECONDS)).toBe(true);
    expect(await verifyWebhookSignature(SECRET, header, body, t + WEBHOOK_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, header, body, t - WEBHOOK_TOLERANCE_SECONDS - 1)).toBe(false);
    expect(await verifyWebhookSignature(`${SECRET}x`, header, body, t)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, header, `${body} `, t)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, header.replace("t=1800000000", "t=1800000001"), body, t)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, null, body, t)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, "v1=abc", body, t)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, `t=${t}`, body, t)).toBe(false);
    // A second v1 (as during a secret rotation) is accepted when either matches.
    expect(await verifyWebhookSignature(SECRET, `t=${t},v1=${"0".repeat(64)},${header.split(",")[1]}`, body, t)).toBe(true);
  });

  it("any change of the body breaks the signature (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string({ minLength: 1 }), async (body, extra) => {
        const header = await signatureHeader(SECRET, 1_800_000_000, body);
        expect(await verifyWebhookSignature(SECRET, header, body, 1_800_000_000)).toBe(true);
        expect(await verifyWebhookSignature(SECRET, header, body + extra, 1_800_000_000)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it("secrets are fresh 192-bit values", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});

describe("stored signing secrets", () => {
  it("round-trip under the AUTH_SECRET-derived key and are not readable as stored", async () => {
    const sealed = await encryptWebhookSecret(AUTH_SECRET, SECRET, "endpoint-1");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET.slice(6, 20));
    expect(await decryptWebhookSecret(AUTH_SECRET, sealed, "endpoint-1")).toBe(SECRET);
    // A fresh IV each time.
    expect(await encryptWebhookSecret(AUTH_SECRET, SECRET, "endpoint-1")).not.toBe(sealed);
  });

  it("cannot be opened with another AUTH_SECRET or moved to another endpoint", async () => {
    const sealed = await encryptWebhookSecret(AUTH_SECRET, SECRET, "endpoint-1");
    await expect(decryptWebhookSecret(`${AUTH_SECRET}-other`, sealed, "endpoint-1")).rejects.toThrow();
    await expect(decryptWebhookSecret(AUTH_SECRET, sealed, "endpoint-2")).rejects.toThrow();
    await expect(decryptWebhookSecret(AUTH_SECRET, "v2.x.y", "endpoint-1")).rejects.toThrow();
  });
});

describe("endpoint URL rules", () => {
  const production = { localDev: false };
  const local = { localDev: true };

  it("accept https URLs of public hosts, normalized and without the fragment", () => {
    expect(checkWebhookUrl(" https://Hooks.Example.com/snip?x=1#frag ", production)).toEqual({
      ok: true,
      url: "https://hooks.example.com/snip?x=1",
    });
    expect(checkWebhookUrl("https://203.0.113.9:8443/in", production)).toEqual({ ok: true, url: "https://203.0.113.9:8443/in" });
  });

  it.each([
    ["", WEBHOOK_MESSAGES.urlRequired],
    ["not a url", WEBHOOK_MESSAGES.urlInvalid],
    ["hooks.example.com/in", WEBHOOK_MESSAGES.urlInvalid],
    ["http://hooks.example.com/in", WEBHOOK_MESSAGES.urlHttps],
    ["ftp://hooks.example.com/in", WEBHOOK_MESSAGES.urlHttps],
    ["javascript:alert(1)", WEBHOOK_MESSAGES.urlHttps],
    ["https://user:pass@hooks.example.com/in", WEBHOOK_MESSAGES.urlCredentials],
    [`https://hooks.example.com/${"a".repeat(2000)}`, WEBHOOK_MESSAGES.urlTooLong],
  ])("refuse %j", (input, message) => {
    expect(checkWebhookUrl(input, production)).toEqual({ ok: false, message });
  });

  it.each([
    "https://localhost/in",
    "https://127.0.0.1/in",
    "https://2130706433/in", // 127.0.0.1 as one number
    "https://0x7f.1/in",
    "https://10.0.0.8/in",
    "https://172.16.3.4/in",
    "https://192.168.1.1/in",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/in",
    "https://192.0.0.170/in",
    "https://198.18.5.5/in",
    "https://0.0.0.0/in",
    "https://[::1]/in",
    "https://[fd00::1]/in",
    "https://[::ffff:127.0.0.1]/in",
    "https://intranet/in",
    "https://printer.local/in",
    "https://db.internal/in",
    "https://metadata.google.internal/computeMetadata/v1",
    "https://router.home.arpa/in",
    "https://app.localhost/in",
  ])("refuse private and internal hosts in production: %s", (input) => {
    expect(checkWebhookUrl(input, production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate });
  });

  it("in local runs allow loopback hosts over http or https, and nothing else private", () => {
    expect(checkWebhookUrl("http://127.0.0.1:4567/hook", local)).toEqual({ ok: true, url: "http://127.0.0.1:4567/hook" });
    expect(checkWebhookUrl("http://localhost:4567/hook", local)).toEqual({ ok: true, url: "http://localhost:4567/hook" });
    expect(checkWebhookUrl("http://[::1]:4567/hook", local)).toEqual({ ok: true, url: "http://[::1]:4567/hook" });
    expect(checkWebhookUrl("http://127.0.0.1:4567/hook", production)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlHttps });
    expect(checkWebhookUrl("http://hooks.example.com/in", local)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlHttps });
    expect(checkWebhookUrl("https://192.168.1.1/in", local)).toEqual({ ok: false, message: WEBHOOK_MESSAGES.urlPrivate });
  });
});

describe("events and retries", () => {
  it("a link write is created, deleted (status deleted) or updated (anything else, archiving included)", () => {
    expect(linkEventType("created", "active")).toBe("link.created");
    expect(linkEventType("updated", "deleted")).toBe("link.deleted");
    expect(linkEventType("updated", "archived")).toBe("link.updated");
    expect(linkEventType("updated", "active")).toBe("link.updated");
  });

  it("a link's payload names its status as the REST API does: a link staff hold is terminated, whatever its own status", () => {
    const at = new Date("2026-11-27T10:00:00Z");
    const link = {
      id: "l1",
      domain: "sho.rt",
      alias: "abc",
      url: "https://example.com/",
      description: null,
      expiresAt: null,
      createdAt: at,
      updatedAt: at,
    };
    expect(toWebhookLink({ ...link, status: "active", blocked: null })).toMatchObject({ status: "active", created_at: at.toISOString() });
    expect(toWebhookLink({ ...link, status: "active", blocked: "banned domain" }).status).toBe("terminated");
    expect(toWebhookLink({ ...link, status: "archived", blocked: "account terminated" }).status).toBe("terminated");
    expect(toWebhookLink({ ...link, status: "deleted", blocked: "banned domain" }).status).toBe("deleted");
  });

  it("stored event lists keep only known events", () => {
    expect(parseWebhookEvents('["link.clicked","nope","link.created"]')).toEqual(["link.created", "link.clicked"]);
    expect(parseWebhookEvents("not json")).toEqual([]);
  });

  it("a delivery job carries one event to one endpoint, under its own delivery id", () => {
    const event = newWebhookEvent("ping", { message: "hi" }, new Date(1_800_000_000_500));
    expect(event.created).toBe(1_800_000_000);
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    const a = webhookDeliverJob({ id: "e1", userId: "u1" }, event);
    const b = webhookDeliverJob({ id: "e2", userId: "u1" }, event);
    expect(a).toMatchObject({ type: "webhook.deliver", v: 1, payload: { endpointId: "e1", userId: "u1", event } });
    expect(a.id).not.toBe(b.id);
    expect(isWebhookDeliverPayload(a.payload)).toBe(true);
    expect(isWebhookDeliverPayload({ ...a.payload, event: { ...event, type: "link.exploded" } })).toBe(false);
    expect(isWebhookDeliverPayload({ endpointId: "e1" })).toBe(false);
  });

  it("retries back off exponentially (times four) up to the queue's 12-hour limit", () => {
    expect([1, 2, 3, 4].map((n) => webhookRetryDelaySeconds(n))).toEqual([60, 240, 960, 3840]);
    expect([1, 2, 3].map((n) => webhookRetryDelaySeconds(n, 2))).toEqual([2, 8, 32]);
    expect(webhookRetryDelaySeconds(20)).toBe(WEBHOOK_RETRY_MAX_DELAY_SECONDS);
  });
});
