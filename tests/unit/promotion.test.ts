import { describe, expect, it } from "vitest";
import {
  overageBlocks,
  OVERAGE_BLOCK_PRICE,
  overageMeterIdentifier,
  proratedBlocksCharge,
  proratedOverageCharge,
} from "../../domain/overage";
import {
  couponApplies,
  phaseWindows,
  PROMO_RESHOW_AFTER_MS,
  PROMOTION_2024,
  promoBannerVisible,
  promotionDates,
  promotionPhase,
} from "../../domain/promotion";

const at = (iso: string) => new Date(iso);

describe("promotion phases at every boundary second (2024 dates)", () => {
  it.each([
    ["2024-11-17T23:59:59Z", null],
    ["2024-11-18T00:00:00Z", "pre-sale"],
    ["2024-11-24T23:59:59Z", "pre-sale"],
    ["2024-11-25T00:00:00Z", "black-friday"],
    ["2024-11-29T23:59:59Z", "black-friday"],
    ["2024-11-30T00:00:00Z", "post-black-friday"],
    ["2024-12-01T23:59:59Z", "post-black-friday"],
    ["2024-12-02T00:00:00Z", "cyber-monday"],
    ["2024-12-02T23:59:59Z", "cyber-monday"],
    ["2024-12-03T00:00:00Z", "post-sale"],
    ["2025-06-01T00:00:00Z", "post-sale"],
  ])("%s → %s", (iso, phase) => {
    expect(promotionPhase(at(iso))).toBe(phase);
  });

  it("each earlier phase ends one second before the next starts; Cyber Monday lasts 24 hours", () => {
    const windows = phaseWindows(PROMOTION_2024);
    for (let i = 0; i + 1 < windows.length; i++) {
      expect(windows[i]!.endsAt!.getTime()).toBe(windows[i + 1]!.startsAt.getTime() - 1000);
    }
    expect(windows.find((w) => w.phase === "cyber-monday")!.endsAt).toEqual(at("2024-12-02T23:59:59Z"));
    expect(windows.at(-1)).toMatchObject({ phase: "post-sale", endsAt: null });
  });

  it("configuration overrides the dates; an invalid value keeps the spec's", () => {
    const dates = promotionDates({
      preSale: "2026-11-16T00:00:00Z",
      blackFriday: "2026-11-27T00:00:00Z",
      postBlackFriday: "2026-11-28T00:00:00Z",
      cyberMonday: "2026-11-30T00:00:00Z",
    });
    expect(promotionPhase(at("2026-11-22T12:00:00Z"), dates)).toBe("pre-sale");
    expect(promotionPhase(at("2026-11-30T23:59:59Z"), dates)).toBe("cyber-monday");
    expect(promotionPhase(at("2026-12-01T00:00:00Z"), dates)).toBe("post-sale");
    expect(promotionDates({ cyberMonday: "not a date" }).cyberMonday).toEqual(PROMOTION_2024.cyberMonday);
  });
});

describe("the coupon rule", () => {
  it.each([
    [null, "monthly", true],
    ["pre-sale", "monthly", true],
    ["black-friday", "monthly", false],
    ["black-friday", "yearly", true],
    ["post-black-friday", "monthly", true],
    ["cyber-monday", "monthly", false],
    ["cyber-monday", "yearly", true],
    ["post-sale", "monthly", true],
  ] as const)("phase %s, %s → %s", (phase, interval, applies) => {
    expect(couponApplies(phase, interval)).toBe(applies);
  });
});

describe("the promo banner", () => {
  const now = at("2024-11-26T12:00:00Z").getTime();
  it("shows during the sale, not outside it", () => {
    expect(promoBannerVisible("black-friday", null, now)).toBe(true);
    expect(promoBannerVisible("pre-sale", null, now)).toBe(false);
  });
  it("comes back 24 hours after being closed", () => {
    expect(promoBannerVisible("black-friday", now - PROMO_RESHOW_AFTER_MS + 1, now)).toBe(false);
    expect(promoBannerVisible("black-friday", now - PROMO_RESHOW_AFTER_MS, now)).toBe(true);
  });
});

describe("overage", () => {
  it("counts started blocks of 100 over the limit", () => {
    expect(overageBlocks(100, 100)).toBe(0);
    expect(overageBlocks(101, 100)).toBe(1);
    expect(overageBlocks(200, 100)).toBe(1);
    expect(overageBlocks(201, 100)).toBe(2);
    expect(overageBlocks(10_000, null)).toBe(0);
  });
  it("prorates by the part of the period left", () => {
    const period = { startsAt: at("2026-11-01T00:00:00Z"), endsAt: at("2026-12-01T00:00:00Z") };
    expect(proratedOverageCharge(350, 100, period, period.startsAt)).toBe(3 * OVERAGE_BLOCK_PRICE);
    expect(proratedOverageCharge(350, 100, period, at("2026-11-16T00:00:00Z"))).toBe(300);
    expect(proratedOverageCharge(350, 100, period, period.endsAt)).toBe(0);
    expect(proratedOverageCharge(90, 100, period, period.startsAt)).toBe(0);
  });
  it("meters each block once: a block started a third into the period is charged two thirds, under its own identifier", () => {
    const period = { startsAt: at("2026-11-01T00:00:00Z"), endsAt: at("2026-11-04T00:00:00Z") };
    expect(proratedBlocksCharge(1, period, at("2026-11-02T00:00:00Z"))).toBe(133);
    expect(proratedBlocksCharge(0, period, period.startsAt)).toBe(0);
    const u1 = { workspaceId: "u1", ownerId: "u1" };
    expect(overageMeterIdentifier(u1, period.startsAt, 2)).not.toBe(overageMeterIdentifier(u1, period.startsAt, 1));
    expect(overageMeterIdentifier(u1, period.startsAt, 1)).toBe(overageMeterIdentifier(u1, new Date(period.startsAt), 1));
  });
  it("names a personal block as before workspaces had overages, and a team's block by its payer and workspace (decision 052)", () => {
    const start = at("2026-11-01T00:00:00Z");
    expect(overageMeterIdentifier({ workspaceId: "u1", ownerId: "u1" }, start, 1)).toBe(`overage:u1:${start.getTime()}:1`);
    // Two teams paid by one organization, and a team paying for itself: never the same identifier.
    const teamA = overageMeterIdentifier({ workspaceId: "team-a", ownerId: "org" }, start, 1);
    const teamB = overageMeterIdentifier({ workspaceId: "team-b", ownerId: "org" }, start, 1);
    const own = overageMeterIdentifier({ workspaceId: "team-a", ownerId: "team-a" }, start, 1);
    expect(new Set([teamA, teamB, own]).size).toBe(3);
    expect(teamA).toBe(`overage:org/team-a:${start.getTime()}:1`);
  });
});

describe("coupons", () => {
  it("are found case-insensitively; unknown or malformed codes are not", async () => {
    const { findCoupon } = await import("../../domain/coupons");
    expect(findCoupon("welcome10")).toMatchObject({ coupon: "WELCOME10", percent_off: 10, amount_off: null });
    expect(findCoupon("NOPE")).toBeNull();
    expect(findCoupon("<script>")).toBeNull();
    expect(findCoupon(null)).toBeNull();
  });
  it("discount the first payment, never below zero", async () => {
    const { discountedAmount, findCoupon } = await import("../../domain/coupons");
    expect(discountedAmount(2_900, findCoupon("WELCOME10"))).toBe(2_610);
    expect(discountedAmount(2_900, findCoupon("SNIP5"))).toBe(2_400);
    expect(discountedAmount(300, findCoupon("SNIP5"))).toBe(0);
    expect(discountedAmount(2_900, null)).toBe(2_900);
  });
});
