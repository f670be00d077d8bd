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

  it("sends any other path to the homepage", () => {
    expect(redirectTarget("/")).toBe("/");
    expect(redirectTarget("//")).toBe("/");
    expect(redirectTarget("/nope")).toBe("/");
    expect(redirectTarget("/app/unknown/page")).toBe("/");
  });

  it("matches old paths exactly (case-sensitive, no prefix match)", () => {
    expect(redirectTarget("/APP/SIGNUP")).toBe("/");
    expect(redirectTarget("/app/signup/extra")).toBe("/");
    expect(redirectTarget("/app/signupx")).toBe("/");
  });

  it("does not answer with inherited object properties", () => {
    for (const path of ["/constructor", "/__proto__", "/toString", "/hasOwnProperty"]) expect(redirectTarget(path)).toBe("/");
  });

  it("never chains: no target is itself an old path, and none points back to itself", () => {
    for (const [from, to] of Object.entries(PATH_REDIRECTS)) {
      expect(Object.hasOwn(PATH_REDIRECTS, to), `${from} -> ${to} is redirected again`).toBe(false);
      expect(to).not.toBe(from);
    }
  });

  it("always answers a same-site absolute path: the homepage or a listed target", () => {
    const targets = new Set(["/", ...Object.values(PATH_REDIRECTS)]);
    const paths = fc.oneof(
      fc.string().map((s) => `/${s}`),
      fc
        .tuple(fc.constantFrom(...Object.keys(PATH_REDIRECTS)), fc.string({ unit: fc.constant("/"), maxLength: 3 }))
        .map(([p, slashes]) => p + slashes),
    );
    fc.assert(
      fc.property(paths, (path) => {
        const target = redirectTarget(path);
        expect(typeof target).toBe("string");
        expect(targets.has(target)).toBe(true);
        expect(target.startsWith("//")).toBe(false); // never protocol-relative (an open redirect)
      }),
      { numRuns: 1000 },
    );
  });
});
