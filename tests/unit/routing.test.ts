import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RESERVED_ALIASES, isAliasShaped } from "../../domain/alias";
import { shortLinkAlias } from "../../domain/routing";

const ALIAS_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
const aliasChar = fc.constantFrom(...ALIAS_CHARS);
const isReserved = (s: string) => s.startsWith("__") || RESERVED_ALIASES.has(s.toLowerCase());

/** A segment of 1-60 alias characters that is not a reserved word. */
const aliasSegment = fc.string({ unit: aliasChar, minLength: 1, maxLength: 60 }).filter((s) => !isReserved(s));

/** The segment with some of its characters percent-encoded (upper or lower hex). */
function encodeSome(segment: string, which: readonly boolean[], lower: boolean): string {
  return [...segment]
    .map((c, i) => {
      if (!which[i % which.length]) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, "0");
      return `%${lower ? hex : hex.toUpperCase()}`;
    })
    .join("");
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get", "head", "Get", "TRACE", "CONNECT", ""];

describe("shortLinkAlias", () => {
  it("returns the alias of GET /{alias}", () => {
    expect(shortLinkAlias("GET", "/Ab3dE6gH")).toBe("Ab3dE6gH");
  });

  it("returns the alias of HEAD /{alias}", () => {
    expect(shortLinkAlias("HEAD", "/my-link_1")).toBe("my-link_1");
  });

  it("accepts one trailing slash", () => {
    expect(shortLinkAlias("GET", "/my-link/")).toBe("my-link");
  });

  it("refuses two trailing slashes", () => {
    expect(shortLinkAlias("GET", "/my-link//")).toBeNull();
  });

  it("decodes a percent-encoded alias", () => {
    expect(shortLinkAlias("GET", "/my%2Dlink")).toBe("my-link");
    expect(shortLinkAlias("GET", "/%41bc")).toBe("Abc");
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get", "head"])("leaves %s requests to the app", (method) => {
    expect(shortLinkAlias(method, "/my-link")).toBeNull();
  });

  it.each(["/", "", "//", "/app/pricing", "/my-link/extra", "//my-link", "/a/b/", "my-link"])("leaves the path %j to the app", (path) => {
    expect(shortLinkAlias("GET", path)).toBeNull();
  });

  it.each([
    "/dashboard",
    "/DASHBOARD",
    "/Admin",
    "/app",
    "/App/",
    "/api",
    "/openapi",
    "/__snip",
    "/favicon.ico",
    "/robots.txt",
    "/.well-known",
  ])("leaves the reserved word %s to the app", (path) => {
    expect(shortLinkAlias("GET", path)).toBeNull();
  });

  it("leaves a percent-encoded reserved word to the app", () => {
    expect(shortLinkAlias("GET", "/%61dmin")).toBeNull();
  });

  it.each(["/a%2Fb", "/a.b", "/a%20b", "/caf%C3%A9", "/%", "/%E0%A4%A", "/%ZZ", "/a~b", `/${"x".repeat(61)}`])(
    "leaves the non-alias segment %s to the app",
    (path) => {
      expect(shortLinkAlias("GET", path)).toBeNull();
    },
  );

  it("accepts the longest alias-shaped segment (60 characters)", () => {
    expect(shortLinkAlias("GET", `/${"x".repeat(60)}`)).toBe("x".repeat(60));
  });

  it("never throws, for any method and path", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...METHODS), fc.string()),
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })),
        (method, path) => {
          shortLinkAlias(method, path);
          shortLinkAlias(method, `/${path}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("returns null for every method other than GET and HEAD", () => {
    const otherMethod = fc.oneof(fc.constantFrom(...METHODS), fc.string()).filter((m) => m !== "GET" && m !== "HEAD");
    fc.assert(
      fc.property(otherMethod, aliasSegment, (method, alias) => {
        expect(shortLinkAlias(method, `/${alias}`)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("returns null for paths of more than one segment", () => {
    const segment = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes("/"));
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 2, maxLength: 5 }),
        fc.boolean(),
        fc.constantFrom("GET", "HEAD"),
        (segments, trailing, method) => {
          expect(shortLinkAlias(method, `/${segments.join("/")}${trailing ? "/" : ""}`)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("returns null for reserved words in any letter case, with or without a trailing slash", () => {
    fc.assert(
      fc.property(
        fc.mixedCase(fc.constantFrom(...RESERVED_ALIASES)),
        fc.boolean(),
        fc.constantFrom("GET", "HEAD"),
        (word, trailing, method) => {
          expect(shortLinkAlias(method, `/${word}${trailing ? "/" : ""}`)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("returns the decoded alias for alias-shaped single segments, with or without one trailing slash", () => {
    fc.assert(
      fc.property(
        aliasSegment,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("GET", "HEAD"),
        (alias, which, lower, trailing, method) => {
          const path = `/${encodeSome(alias, which, lower)}${trailing ? "/" : ""}`;
          expect(shortLinkAlias(method, path)).toBe(alias);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("only ever returns an alias-shaped segment", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD"),
        fc.oneof(
          fc.string(),
          aliasSegment.map((a) => `/${a}`),
          fc.string().map((s) => `/${s}`),
        ),
        (method, path) => {
          const alias = shortLinkAlias(method, path);
          if (alias !== null) expect(isAliasShaped(alias)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
