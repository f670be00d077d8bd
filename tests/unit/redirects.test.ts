import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PATH_REDIRECTS, redirectTarget } from "../../app/redirects";

describe("redirectTarget", () => {
  it.each(Object.entries(PATH_REDIRECTS))("redirects the old path %s to %s", (from, to) => {
    expect(redirectTarget(from)).toBe(to);
  });

  it("sends the old sign-up and features pages to pricing", () => {
    expect(redirectTarget("/app/signup")).toBe("/app/pricing");
    expect(redirectTarget("/app/features")).toBe("/app/pricing");
  });

  it("ignores trailing slashes", () => {
    expect(redirectTarget("/app/myurls/")).toBe("/app/my-urls");
    expect(redirectTarget("/app/features/howit///")).toBe("/app/features/how-snip-works");
  });

  it("answers null for any other path (the homepage, with a 302)", () => {
    expect(redirectTarget("/")).toBeNull();
    expect(redirectTarget("//")).toBeNull();
    expect(redirectTarget("/nope")).toBeNull();
    expect(redirectTarget("/app/unknown/page")).toBeNull();
  });

  it("matches old paths exactly (case-sensitive, no prefix match)", () => {
    expect(redirectTarget("/APP/SIGNUP")).toBeNull();
    expect(redirectTarget("/app/signup/extra")).toBeNull();
    expect(redirectTarget("/app/signupx")).toBeNull();
  });

  it("does not answer with inherited object properties", () => {
    for (const path of ["/constructor", "/__proto__", "/toString", "/hasOwnProperty"]) expect(redirectTarget(path)).toBeNull();
  });

  it("never chains: no target is itself an old path, and none points back to itself", () => {
    for (const [from, to] of Object.entries(PATH_REDIRECTS)) {
      expect(Object.hasOwn(PATH_REDIRECTS, to), `${from} -> ${to} is redirected again`).toBe(false);
      expect(to).not.toBe(from);
    }
  });

  it("always answers a same-site absolute path: a listed target, or null for the homepage", () => {
    const targets = new Set(Object.values(PATH_REDIRECTS));
    const paths = fc.oneof(
      fc.string().map((s) => `/${s}`),
      fc
        .tuple(fc.constantFrom(...Object.keys(PATH_REDIRECTS)), fc.string({ unit: fc.constant("/"), maxLength: 3 }))
        .map(([p, slashes]) => p + slashes),
    );
    fc.assert(
      fc.property(paths, (path) => {
        const target = redirectTarget(path);
        if (target === null) return; // the homepage
        expect(targets.has(target)).toBe(true);
        expect(target.startsWith("//")).toBe(false); // never protocol-relative (an open redirect)
      }),
      { numRuns: 1000 },
    );
  });
});
