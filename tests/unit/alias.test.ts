import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALIAS_MAX_LENGTH,
  ALIAS_MIN_LENGTH,
  ALIAS_PATTERN,
  RANDOM_ALIAS_ALPHABET,
  RANDOM_ALIAS_LENGTH,
  RESERVED_ALIASES,
  checkCustomAlias,
  isAliasShaped,
  isReservedAlias,
  randomAlias,
} from "../../domain/alias";
import { MESSAGES } from "../../domain/messages";

const ALIAS_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
const VALID_CUSTOM_ALIAS = /^[A-Za-z0-9_-]{5,30}$/;

const aliasChar = fc.constantFrom(...ALIAS_CHARS);
/** Mostly alias characters, sometimes not: exercises both sides of every rule. */
const aliasLike = fc.oneof(
  fc.string({ unit: aliasChar, maxLength: 40 }),
  fc.string({
    unit: fc.oneof(
      { weight: 9, arbitrary: aliasChar },
      { weight: 1, arbitrary: fc.constantFrom(".", " ", "/", "%", "é", "\n", "~", "+", "🙂") },
    ),
    maxLength: 40,
  }),
  fc.mixedCase(fc.constantFrom(...RESERVED_ALIASES)),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

describe("alias constants", () => {
  it("allows 5 to 30 characters of letters, digits, dash and underscore", () => {
    expect(ALIAS_MIN_LENGTH).toBe(5);
    expect(ALIAS_MAX_LENGTH).toBe(30);
    expect(ALIAS_PATTERN.test("Ab_9-")).toBe(true);
  });

  it("draws random aliases of 8 characters from the 62 letters and digits", () => {
    expect(RANDOM_ALIAS_LENGTH).toBe(8);
    expect(RANDOM_ALIAS_ALPHABET).toHaveLength(62);
    expect(new Set(RANDOM_ALIAS_ALPHABET).size).toBe(62);
    expect(RANDOM_ALIAS_ALPHABET).toMatch(/^[A-Za-z0-9]+$/);
  });

  it("reserves every first path segment the app uses", () => {
    for (const word of ["app", "api", "dashboard", "openapi", "assets", "favicon.ico", "robots.txt", ".well-known"]) {
      expect(RESERVED_ALIASES.has(word)).toBe(true);
    }
  });

  it("reserves everything that starts with two underscores (framework endpoints such as /__manifest)", () => {
    for (const word of ["__manifest", "__snip", "___", "__x-y"]) expect(isReservedAlias(word)).toBe(true);
    expect(isReservedAlias("_x_")).toBe(false);
  });

  it("lists reserved words in lower case (they are compared case-insensitively)", () => {
    for (const word of RESERVED_ALIASES) expect(word).toBe(word.toLowerCase());
  });
});

describe("isReservedAlias", () => {
  it("recognizes reserved words in any letter case", () => {
    expect(isReservedAlias("admin")).toBe(true);
    expect(isReservedAlias("ADMIN")).toBe(true);
    expect(isReservedAlias("DashBoard")).toBe(true);
    expect(isReservedAlias("Favicon.ICO")).toBe(true);
  });

  it("does not treat words that merely contain a reserved word as reserved", () => {
    expect(isReservedAlias("admins")).toBe(false);
    expect(isReservedAlias("my-admin")).toBe(false);
    expect(isReservedAlias("apix")).toBe(false);
  });
});

describe("checkCustomAlias", () => {
  it.each(["hello", "Hello_World-2024", "a-b_c", "12345", "_x___", "-----", "x".repeat(30)])("accepts %j", (alias) => {
    expect(checkCustomAlias(alias)).toBeNull();
  });

  it.each(["has space", "dot.ted", "slash/ed", "per%20cent", "émoji", "tab\there", "trailing\n", "a+b+c+d", "ünïcödé"])(
    "refuses %j with the charset message",
    (alias) => {
      expect(checkCustomAlias(alias)).toBe(MESSAGES.aliasCharset);
    },
  );

  it("refuses an alias shorter than 5 characters with the minimum-length message", () => {
    expect(checkCustomAlias("abcd")).toBe(MESSAGES.aliasMin(5));
    expect(checkCustomAlias("a")).toBe(MESSAGES.aliasMin(5));
    expect(MESSAGES.aliasMin(5)).toBe("The alias must be at least 5 characters.");
  });

  it("refuses an alias longer than 30 characters with the maximum-length message", () => {
    expect(checkCustomAlias("x".repeat(31))).toBe(MESSAGES.aliasMax(30));
    expect(MESSAGES.aliasMax(30)).toBe("The alias must not be greater than 30 characters.");
  });

  it.each(["admin", "Admin", "DASHBOARD", "login", "signup", "pricing", "__snip", "Kiosk", "status"])(
    "refuses the reserved word %j with the reserved message",
    (alias) => {
      expect(checkCustomAlias(alias)).toBe(MESSAGES.aliasReserved);
    },
  );

  it("reports the charset before the length (a short alias with a bad character)", () => {
    expect(checkCustomAlias("a.b")).toBe(MESSAGES.aliasCharset);
    expect(checkCustomAlias(`${"x".repeat(40)}!`)).toBe(MESSAGES.aliasCharset);
  });

  it("reports the length before reserved words (short reserved words get the length message)", () => {
    expect(checkCustomAlias("api")).toBe(MESSAGES.aliasMin(5));
    expect(checkCustomAlias("app")).toBe(MESSAGES.aliasMin(5));
  });

  it("refuses a reserved word containing a dot with the charset message", () => {
    expect(checkCustomAlias("robots.txt")).toBe(MESSAGES.aliasCharset);
  });

  it("accepts exactly the strings of 5-30 alias characters that are not reserved", () => {
    fc.assert(
      fc.property(aliasLike, (alias) => {
        const expected = VALID_CUSTOM_ALIAS.test(alias) && !alias.startsWith("__") && !RESERVED_ALIASES.has(alias.toLowerCase());
        expect(checkCustomAlias(alias) === null, JSON.stringify(alias)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("answers only with the alias messages", () => {
    const messages = [MESSAGES.aliasCharset, MESSAGES.aliasMin(5), MESSAGES.aliasMax(30), MESSAGES.aliasReserved, null];
    fc.assert(
      fc.property(aliasLike, (alias) => {
        expect(messages).toContain(checkCustomAlias(alias));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("isAliasShaped", () => {
  it("accepts a non-reserved segment of alias characters, including random aliases and short legacy ones", () => {
    expect(isAliasShaped("abc")).toBe(true);
    expect(isAliasShaped("Ab3dE6gH")).toBe(true);
    expect(isAliasShaped("x".repeat(60))).toBe(true);
  });

  it("refuses empty, over-long, reserved or out-of-charset segments", () => {
    expect(isAliasShaped("")).toBe(false);
    expect(isAliasShaped("x".repeat(61))).toBe(false);
    expect(isAliasShaped("Dashboard")).toBe(false);
    expect(isAliasShaped("favicon.ico")).toBe(false);
    expect(isAliasShaped("a/b")).toBe(false);
    expect(isAliasShaped("a b")).toBe(false);
  });

  it("accepts every alias checkCustomAlias accepts", () => {
    fc.assert(
      fc.property(aliasLike, (alias) => {
        if (checkCustomAlias(alias) === null) expect(isAliasShaped(alias)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("is exactly: 1 to 60 alias characters, not reserved", () => {
    fc.assert(
      fc.property(fc.oneof(aliasLike, fc.string({ unit: aliasChar, minLength: 55, maxLength: 65 })), (segment) => {
        const expected = /^[A-Za-z0-9_-]{1,60}$/.test(segment) && !segment.startsWith("__") && !RESERVED_ALIASES.has(segment.toLowerCase());
        expect(isAliasShaped(segment)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("randomAlias", () => {
  it("always gives 8 letters or digits", () => {
    for (let i = 0; i < 20_000; i++) expect(randomAlias()).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it("gives no duplicates in 10,000 samples", () => {
    const samples = Array.from({ length: 10_000 }, () => randomAlias());
    expect(new Set(samples).size).toBe(10_000);
  });

  it("gives the requested length from the alphabet", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (length) => {
        const alias = randomAlias(length);
        expect(alias).toHaveLength(length);
        for (const c of alias) expect(RANDOM_ALIAS_ALPHABET).toContain(c);
      }),
      { numRuns: 500 },
    );
  });

  it("uses every character of the alphabet about equally often (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) for (const c of randomAlias()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (20_000 * 8) / 62; // ≈ 2580, standard deviation ≈ 50
    for (const [c, n] of counts) {
      expect(Math.abs(n - expected), `character ${c} drawn ${n} times`).toBeLessThan(expected * 0.15);
    }
  });

  it("gives random aliases that pass the hot-path shape check", () => {
    for (let i = 0; i < 1000; i++) expect(isAliasShaped(randomAlias())).toBe(true);
  });
});
