/** The order rules of spec 01 §4 and the cart's prices (domain/orders.ts, docs/decisions/043). */
import { describe, expect, it } from "vitest";
import {
  cancellationReasonLabel,
  discountsLeft,
  normalizeDomainName,
  orderGroup,
  paymentStatusLabel,
  planDomainDiscounts,
  plansWithFreeDomains,
  priceCart,
  usableDomainDiscounts,
} from "../../domain/orders";
import { planHighlights } from "../../domain/plan-highlights";
import { getPlan, PLANS } from "../../domain/plans";

describe("order statuses", () => {
  it("labels every status code as spec 01 §4 does", () => {
    const labels = [0, 16, 17, 18, 19, 32, 33, 48, 49, 50, 51].map(paymentStatusLabel);
    expect(labels).toEqual([
      "",
      "authorizing",
      "authorized",
      "expired",
      "fraud review",
      "authorized",
      "authorized",
      "paid",
      "cancelled",
      "failed",
      "refunded",
    ]);
  });

  it("groups them: finalized 48, 49, 51; failed 18, 49, 50; on review 19", () => {
    expect([48, 49, 51].map(orderGroup)).toEqual(["finalized", "finalized", "finalized"]);
    expect([18, 50].map(orderGroup)).toEqual(["failed", "failed"]);
    expect(orderGroup(19)).toBe("review");
    expect([0, 16, 17, 32, 33].map(orderGroup)).toEqual(["open", "open", "open", "open", "open"]);
  });

  it("names the cancellation reasons", () => {
    expect([1, 2, 3].map(cancellationReasonLabel)).toEqual(["price changed", "not available", "registration or renewal failed"]);
    expect(cancellationReasonLabel(null)).toBeNull();
  });
});

describe("the cart's prices", () => {
  it("multiplies price by years and frees the first year of as many standard domains as discounts are left", () => {
    const cart = priceCart(
      [
        { domain: "a.com", price: 1200, years: 2, premium: false },
        { domain: "b.io", price: 5000, years: 1, premium: true },
        { domain: "c.net", price: 1000, years: 1, premium: false },
      ],
      1,
    );
    expect(cart.lines.map((l) => [l.amount, l.discount])).toEqual([
      [2400, 1200],
      [5000, 0],
      [1000, 0],
    ]);
    expect(cart).toMatchObject({ subtotal: 8400, discount: 1200, total: 7200 });
  });

  it("gives discounts only on a yearly plan, minus those used", () => {
    expect(discountsLeft({ interval: "yearly", discountedDomainCount: 1 }, 0)).toBe(1);
    expect(discountsLeft({ interval: "yearly", discountedDomainCount: 1 }, 1)).toBe(0);
    expect(discountsLeft({ interval: "monthly", discountedDomainCount: 25 }, 0)).toBe(0);
    expect(discountsLeft({ interval: null, discountedDomainCount: 25 }, 0)).toBe(0);
  });

  it("counts the plan's free first years only where it may buy domains (decision 051)", () => {
    expect(usableDomainDiscounts(true, 25)).toBe(25);
    expect(usableDomainDiscounts(false, 1)).toBe(0);
    expect(usableDomainDiscounts(true, null)).toBe(0);
    expect(planDomainDiscounts(getPlan("pro"))).toBe(0);
    expect(planDomainDiscounts(getPlan("pro5k"))).toBe(0);
    expect(planDomainDiscounts(getPlan("enterprise"))).toBe(25);
    expect(plansWithFreeDomains(PLANS)).toEqual([{ title: getPlan("enterprise").title, count: 25 }]);
    expect(planHighlights(getPlan("enterprise"))).toContain("Domain purchase: first year free for 25 domains on yearly billing");
    expect(planHighlights(getPlan("pro")).some((line) => line.startsWith("Domain purchase"))).toBe(false);
  });

  it("accepts a registrable name only: one label and a letters TLD", () => {
    expect(normalizeDomainName(" MyBrand.COM. ")).toBe("mybrand.com");
    for (const bad of ["not a domain", "links.mybrand.com", "-x.com", "x.c0m", "a.b", ""]) expect(normalizeDomainName(bad), bad).toBeNull();
  });
});
