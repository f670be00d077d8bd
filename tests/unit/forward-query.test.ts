import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forwardQuery } from "../../domain/forward-query";

/** What a Request's URL.search can hold: no "#", and no leading "?" inside the query itself. */
const queryText = fc.string({ minLength: 1, maxLength: 40 }).filter((q) => !q.includes("#"));
const queryPairs = fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 4 });
const destinations = fc.webUrl({ withQueryParameters: true, withFragments: true });

function split(destination: string): { base: string; fragment: string } {
  const hashAt = destination.indexOf("#");
  return hashAt === -1 ? { base: destination, fragment: "" } : { base: destination.slice(0, hashAt), fragment: destination.slice(hashAt) };
}

describe("forwardQuery", () => {
  it("returns the destination unchanged when the short URL has no query", () => {
    expect(forwardQuery("https://example.com/p?a=1#f", "")).toBe("https://example.com/p?a=1#f");
  });

  it("returns the destination unchanged for a bare question mark", () => {
    expect(forwardQuery("https://example.com/p", "?")).toBe("https://example.com/p");
  });

  it("appends the query to a destination without one", () => {
    expect(forwardQuery("https://example.com/p", "?utm_source=x")).toBe("https://example.com/p?utm_source=x");
  });

  it("accepts the incoming query with or without its leading ?", () => {
    expect(forwardQuery("https://example.com/p", "a=1")).toBe("https://example.com/p?a=1");
  });

  it("keeps the destination's own query and joins with &", () => {
    expect(forwardQuery("https://example.com/p?a=1", "?b=2")).toBe("https://example.com/p?a=1&b=2");
  });

  it("inserts the query before the destination's fragment", () => {
    expect(forwardQuery("https://example.com/p#section", "?b=2")).toBe("https://example.com/p?b=2#section");
    expect(forwardQuery("https://example.com/p?a=1#section", "?b=2")).toBe("https://example.com/p?a=1&b=2#section");
  });

  it("does not double the joiner when the destination's query ends in ? or &", () => {
    expect(forwardQuery("https://example.com/p?", "?b=2")).toBe("https://example.com/p?b=2");
    expect(forwardQuery("https://example.com/p?a=1&", "?b=2")).toBe("https://example.com/p?a=1&b=2");
  });

  /**
   * KNOWN BUG (reported, not fixed here): a "?" that ends the destination's query is data
   * (e.g. the value "why?"), not an empty query, yet forwardQuery joins without "&", so the
   * forwarded parameter is glued onto the destination's last value.
   */
  it("keeps a destination's query value that ends in ? intact (joins with &)", () => {
    const result = forwardQuery("https://example.com/search?q=why?", "?utm_source=x");
    expect(new URL(result).searchParams.get("q")).toBe("why?");
    expect(new URL(result).searchParams.get("utm_source")).toBe("x");
    expect(result).toBe("https://example.com/search?q=why?&utm_source=x");
  });

  it("treats a ? inside the fragment as part of the fragment", () => {
    expect(forwardQuery("https://example.com/p#/route?x=1", "?b=2")).toBe("https://example.com/p?b=2#/route?x=1");
  });

  it("forwards the query byte for byte (no re-encoding)", () => {
    expect(forwardQuery("https://example.com/", "?q=a%20b+c&x=%E2%82%AC&flag")).toBe("https://example.com/?q=a%20b+c&x=%E2%82%AC&flag");
  });

  it("is the identity for an empty query, for any destination", () => {
    fc.assert(
      fc.property(fc.oneof(destinations, fc.string()), (destination) => {
        expect(forwardQuery(destination, "")).toBe(destination);
        expect(forwardQuery(destination, "?")).toBe(destination);
      }),
      { numRuns: 1000 },
    );
  });

  it("appends the query before the fragment and keeps everything of the destination (text view)", () => {
    fc.assert(
      fc.property(fc.oneof(destinations, fc.string()), queryText, fc.boolean(), (destination, query, withMark) => {
        fc.pre(!query.startsWith("?"));
        const result = forwardQuery(destination, withMark ? `?${query}` : query);
        const { base, fragment } = split(destination);
        expect(result.startsWith(base)).toBe(true);
        expect(result.endsWith(fragment)).toBe(true);
        const middle = result.slice(base.length, result.length - fragment.length);
        expect(["?", "&", ""].map((joiner) => joiner + query)).toContain(middle);
        // The joiner is ? when the destination has no query, nothing when its query is empty or ends in &, else &.
        const ownQuery = base.includes("?") ? base.slice(base.indexOf("?") + 1) : null;
        if (ownQuery === null) expect(middle).toBe(`?${query}`);
        else if (ownQuery === "" || ownQuery.endsWith("&")) expect(middle).toBe(query);
        else expect(middle).toBe(`&${query}`);
      }),
      { numRuns: 2000 },
    );
  });

  it("yields the destination's parameters followed by the forwarded ones, and the same fragment (URL view)", () => {
    fc.assert(
      fc.property(destinations, queryPairs, (destination, pairs) => {
        const search = `?${new URLSearchParams(pairs).toString()}`;
        fc.pre(search !== "?");
        const before = new URL(destination);
        const after = new URL(forwardQuery(destination, search));
        expect(after.origin).toBe(before.origin);
        expect(after.pathname).toBe(before.pathname);
        expect(after.hash).toBe(before.hash);
        expect([...after.searchParams]).toEqual([...before.searchParams, ...pairs]);
      }),
      { numRuns: 1000 },
    );
  });
});
