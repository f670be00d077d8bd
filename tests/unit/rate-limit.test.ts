/**
 * Which client an abuse limit counts (app/lib/rate-limit.server.ts): Cloudflare's
 * CF-Connecting-IP, IPv6 by its /64, the dev fixture's played address only in local runs, and the
 * loopback address exempt only in local runs. The limits themselves run against the real binding
 * in workerd (tests/e2e/abuse-limits.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { devClientCookie } from "../../app/lib/dev-client.server";
import { addressKey, ipv6Prefix64, rateLimitAddress } from "../../app/lib/rate-limit.server";

function request(headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:8787/app/register", { method: "POST", headers });
}

const LOCAL = { LOCAL_DEV: "true" };
const DEPLOYED = { LOCAL_DEV: undefined };

describe("addressKey", () => {
  it("keys IPv4 addresses by the address", () => {
    expect(addressKey("203.0.113.7")).toBe("ip:203.0.113.7");
    expect(addressKey("203.0.113.8")).not.toBe(addressKey("203.0.113.7"));
  });

  it("keys IPv6 addresses by their /64, however they are written", () => {
    const key = addressKey("2001:db8:1:2::9");
    expect(key).toBe("ip6:2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("2001:DB8:1:2:0:0:0:1")).toBe(key);
    expect(addressKey("2001:db8:1:3::9")).not.toBe(key);
    expect(addressKey("2001:db8::1")).toBe("ip6:2001:db8:0:0::/64");
    expect(addressKey("::ffff:203.0.113.7")).toBe("ip:203.0.113.7");
  });

  it("keeps anything else as it came, so nothing unparsable shares a key with a real address", () => {
    expect(ipv6Prefix64("1:2:3")).toBeNull();
    expect(ipv6Prefix64("1::2::3")).toBeNull();
    expect(ipv6Prefix64("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(addressKey("unknown")).toBe("ip:unknown");
  });
});

describe("rateLimitAddress", () => {
  it("is Cloudflare's CF-Connecting-IP", async () => {
    expect(await rateLimitAddress(DEPLOYED, request({ "cf-connecting-ip": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(await rateLimitAddress(LOCAL, request({ "cf-connecting-ip": "198.51.100.4" }))).toBe("198.51.100.4");
  });

  it("counts a request without one as one shared client, and loopback too, outside local runs", async () => {
    expect(await rateLimitAddress(DEPLOYED, request())).toBe("unknown");
    expect(await rateLimitAddress(DEPLOYED, request({ "cf-connecting-ip": "127.0.0.1" }))).toBe("127.0.0.1");
    expect(await rateLimitAddress(DEPLOYED, request({ "cf-connecting-ip": "::1" }))).toBe("::1");
  });

  it("exempts the loopback address, which every local client shares, in local runs only", async () => {
    expect(await rateLimitAddress(LOCAL, request({ "cf-connecting-ip": "127.0.0.1" }))).toBeNull();
    expect(await rateLimitAddress(LOCAL, request({ "cf-connecting-ip": "::1" }))).toBeNull();
    expect(await rateLimitAddress(LOCAL, request())).toBeNull();
  });

  it("takes the dev fixture's played address in local runs only", async () => {
    const cookie = (await devClientCookie.serialize({ address: "192.0.2.55" })).split(";")[0]!;
    const headers = { cookie, "cf-connecting-ip": "127.0.0.1" };
    expect(await rateLimitAddress(LOCAL, request(headers))).toBe("192.0.2.55");
    expect(await rateLimitAddress(DEPLOYED, request(headers))).toBe("127.0.0.1");
    expect(await rateLimitAddress(DEPLOYED, request({ cookie, "cf-connecting-ip": "198.51.100.4" }))).toBe("198.51.100.4");
  });
});
