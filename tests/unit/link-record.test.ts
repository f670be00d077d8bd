import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkKey, resolveLink, type LinkRecord } from "../../domain/link-record";
import { LINK_STATUSES } from "../../domain/link-status";

const NOW = Date.UTC(2025, 0, 1);

function record(overrides: Partial<LinkRecord> = {}): LinkRecord {
  return { id: "link_1", url: "https://example.com/", status: "active", expiresAt: null, ...overrides };
}

describe("resolveLink", () => {
  it("answers not-found without a record", () => {
    expect(resolveLink(null, NOW)).toEqual({ kind: "not-found" });
  });

  it("redirects an active link without expiry", () => {
    expect(resolveLink(record({ url: "https://example.com/a?b=1" }), NOW)).toEqual({
      kind: "redirect",
      url: "https://example.com/a?b=1",
      route: null,
    });
  });

  it("redirects an active link until the millisecond before it expires", () => {
    expect(resolveLink(record({ expiresAt: NOW + 1 }), NOW)).toEqual({ kind: "redirect", url: "https://example.com/", route: null });
  });

  it("answers expired at the very moment of expiry", () => {
    expect(resolveLink(record({ expiresAt: NOW }), NOW)).toEqual({ kind: "expired" });
  });

  it("answers expired after expiry", () => {
    expect(resolveLink(record({ expiresAt: NOW - 60_000 }), NOW)).toEqual({ kind: "expired" });
  });

  it("answers archived for an archived link", () => {
    expect(resolveLink(record({ status: "archived" }), NOW)).toEqual({ kind: "archived" });
  });

  it("answers deleted for a deleted link and terminated for a terminated one", () => {
    expect(resolveLink(record({ status: "deleted" }), NOW)).toEqual({ kind: "deleted" });
    expect(resolveLink(record({ status: "terminated" }), NOW)).toEqual({ kind: "terminated" });
  });

  it("puts deleted before archived before expired", () => {
    expect(resolveLink(record({ status: "deleted", expiresAt: NOW - 1 }), NOW)).toEqual({ kind: "deleted" });
    expect(resolveLink(record({ status: "terminated", expiresAt: NOW - 1 }), NOW)).toEqual({ kind: "terminated" });
    expect(resolveLink(record({ status: "archived", expiresAt: NOW - 1 }), NOW)).toEqual({ kind: "archived" });
  });

  it("decides by status first, then by expiry against now, for any record and moment", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LINK_STATUSES),
        fc.option(fc.integer({ min: 0, max: 2 ** 47 }), { nil: null }),
        fc.integer({ min: 0, max: 2 ** 47 }),
        fc.webUrl(),
        (status, expiresAt, now, url) => {
          const result = resolveLink(record({ status, expiresAt, url }), now);
          if (status === "deleted" || status === "terminated") expect(result).toEqual({ kind: status });
          else if (status === "archived") expect(result).toEqual({ kind: "archived" });
          else if (expiresAt !== null && expiresAt <= now) expect(result).toEqual({ kind: "expired" });
          else expect(result).toEqual({ kind: "redirect", url, route: null });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("never turns an expired link back into a redirect as time passes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 46 }),
        fc.integer({ min: 0, max: 2 ** 46 }),
        fc.integer({ min: 0, max: 2 ** 20 }),
        (expiresAt, now, later) => {
          const r = record({ expiresAt });
          if (resolveLink(r, now).kind === "expired") expect(resolveLink(r, now + later).kind).toBe("expired");
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("linkKey", () => {
  it("keys a link by lower-cased domain and alias", () => {
    expect(linkKey("snip.test", "Ab3dE6gH")).toBe("link:snip.test/Ab3dE6gH");
  });

  it("lower-cases the domain but keeps the alias's case (aliases are case-sensitive)", () => {
    expect(linkKey("Go.Brand.EXAMPLE", "MyLink")).toBe("link:go.brand.example/MyLink");
    expect(linkKey("snip.test", "abc")).not.toBe(linkKey("snip.test", "ABC"));
  });

  it("is the same for any spelling of the domain's case, and different for different aliases", () => {
    fc.assert(
      fc.property(
        fc.domain(),
        fc.mixedCase(fc.domain()),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
        (d, mixed, a, b) => {
          expect(linkKey(d.toUpperCase(), a)).toBe(linkKey(d, a));
          expect(linkKey(mixed, a)).toBe(linkKey(mixed.toLowerCase(), a));
          if (a !== b) expect(linkKey(d, a)).not.toBe(linkKey(d, b));
        },
      ),
      { numRuns: 500 },
    );
  });
});
