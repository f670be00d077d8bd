/**
 * Security: every "go back to" value (`to` after sign-in, `redirectTo` of the cookie forms,
 * `return_to` of the UTM builder) stays on this site, whatever the attacker writes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../../app/cookies.server";
import { safeReturnPath as createFormReturnPath } from "../../app/lib/create-link.server";
import { safeReturnPath } from "../../domain/account-rules";

/** Where a browser on our site goes when it follows `Location: value`. */
function followedOrigin(value: string): string {
  return new URL(value, "https://snip.example/app/login").origin;
}

const ATTACKS = [
  "/.//evil.example/x",
  "/././/evil.example/x",
  "/..//evil.example/x",
  "/a/..//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E%2E//evil.example/x",
  "//evil.example/x",
  "///evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "/\\/evil.example/x",
  "/%5cevil.example/x",
  "/%2f%2fevil.example/x",
  "/%2F/evil.example/x",
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\r\n/evil.example/x",
  "/\u0000/evil.example",
  "https:evil.example",
  "https://evil.example/",
  "http:/evil.example",
  "javascript:alert(1)",
  " /app",
  "evil.example",
  "",
  null,
  undefined,
  42,
];

describe("one return-path rule for every return path", () => {
  it.each(ATTACKS.map((attack) => [JSON.stringify(attack), attack]))("refuses %s", (_, attack) => {
    expect(safeReturnPath(attack)).toBe("/");
    expect(safeReturnPath(attack, "")).toBe("");
    expect(safeRedirectPath(typeof attack === "string" ? attack : null)).toBe("/");
    expect(createFormReturnPath(attack)).toBe("/");
  });

  it.each([
    ["/app/settings", "/app/settings"],
    ["/app/analytics/abc?period=7d#top", "/app/analytics/abc?period=7d#top"],
    ["/app/links/create?url=https%3A%2F%2Fexample.com%2F", "/app/links/create?url=https%3A%2F%2Fexample.com%2F"],
    ["/app/./settings", "/app/settings"],
    ["/app/x/../settings", "/app/settings"],
  ])("keeps the site path %s as %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("the creation form's return_to is one of its own pages", () => {
    expect(createFormReturnPath("/dashboard")).toBe("/dashboard");
    expect(createFormReturnPath("/app/links/create")).toBe("/app/links/create");
    expect(createFormReturnPath("/app/settings")).toBe("/");
    expect(createFormReturnPath("/.//dashboard")).toBe("/");
  });

  it("whatever the input, following the answer stays on this site and reads the same twice", () => {
    const pieces = fc.constantFrom("/", "\\", ".", "..", "%2e", "%2f", "%5c", "\t", "evil.example", "@", ":", "?", "#", "https:");
    const input = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
      fc.array(pieces, { maxLength: 8 }).map((parts) => `/${parts.join("")}`),
    );
    fc.assert(
      fc.property(input, (value) => {
        const path = safeReturnPath(value);
        expect(followedOrigin(path)).toBe("https://snip.example");
        expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
        expect(safeReturnPath(path)).toBe(path);
      }),
      { numRuns: 5000 },
    );
  });
});
