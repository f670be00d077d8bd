import { describe, expect, it } from "vitest";
import { capClicks, clickAllowance, clickLimitNotice } from "../../domain/click-limits";
import { planHighlights } from "../../domain/plan-highlights";
import { getPlan } from "../../domain/plans";

describe("clicks options (docs/decisions/038)", () => {
  it("the pricing card lists the tracked clicks per link only where the plan has a limit", () => {
    expect(planHighlights(getPlan("free"))).toContain("10,000 tracked clicks per link");
    expect(planHighlights(getPlan("basic"))).toContain("100,000 tracked clicks per link");
    expect(planHighlights(getPlan("pro"))).toContain("1,000,000 tracked clicks per link");
    expect(planHighlights(getPlan("enterprise"))).not.toContain(expect.stringMatching(/tracked clicks/));
  });

  it("a link's allowance: what is left of the limit, none for an exempt link or an unlimited plan", () => {
    expect(clickAllowance(10, 7, false)).toBe(3);
    expect(clickAllowance(10, 12, false)).toBe(0);
    expect(clickAllowance(10, 12, true)).toBeNull();
    expect(clickAllowance(null, 12, false)).toBeNull();
  });

  it("keeps each link's first clicks up to its allowance", () => {
    const clicks = ["a", "b", "a", "a", "c", "b"].map((linkId, i) => ({ linkId, i }));
    const { kept, perLink } = capClicks(
      clicks,
      new Map([
        ["a", 2],
        ["b", 0],
        ["c", null],
      ]),
    );
    expect(kept.map((c) => c.i)).toEqual([0, 2, 4]);
    expect([...perLink]).toEqual([
      ["a", 2],
      ["c", 1],
    ]);
  });

  it("the analytics notice names the limit", () => {
    expect(clickLimitNotice(10_000)).toBe(
      "This link reached your plan's 10,000 tracked clicks; later clicks redirect but are not counted.",
    );
  });
});
