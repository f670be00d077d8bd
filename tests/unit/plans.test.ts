import { describe, expect, it } from "vitest";
import {
  DEFAULT_BILLING_INTERVAL,
  FEATURE_FLAGS,
  PLANS,
  getPlan,
  plansOffered,
  type Plan,
  type PlanName,
  type PlanPrice,
} from "../../domain/plans";
import { GUEST_MAX_RECENT_URLS } from "../../domain/limits";

const ALL_PLAN_NAMES: PlanName[] = [
  "free",
  "basic",
  "pro",
  "pro5k",
  "pro50k",
  "bulk10k",
  "bulk100k",
  "enterprise",
  "enterprise2",
  "domain-renewal-service",
  "intermediary",
];

function price(interval: PlanPrice["interval"], amount: number, active = true): PlanPrice {
  return { interval, amount, currency: "USD", active };
}

function plan(name: PlanName, overrides: Partial<Plan>): Plan {
  return { ...getPlan(name), name, hidden: false, billable: true, ...overrides };
}

describe("plan catalog", () => {
  it("holds exactly one plan per plan name", () => {
    expect(PLANS.map((p) => p.name).sort()).toEqual([...ALL_PLAN_NAMES].sort());
  });

  it.each(ALL_PLAN_NAMES)("getPlan returns the %s plan", (name) => {
    expect(getPlan(name).name).toBe(name);
  });

  it("prices the enterprise plan at 179900 monthly and 1798800 yearly USD, with no trial", () => {
    const enterprise = getPlan("enterprise");
    expect(enterprise.prices).toEqual([price("monthly", 179_900), price("yearly", 1_798_800)]);
    expect(enterprise.trialDays).toBe(0);
    expect(enterprise.custom).toBe(true);
  });

  it("gives the enterprise plan the spec's limits", () => {
    expect(getPlan("enterprise").options).toMatchObject({
      max_active_aliases: 5_000_000,
      max_aliases: 15_000_000,
      analytics_period: "P2Y",
      alias_lifetime: "P90D",
      max_domains_subdomains: 25,
    });
  });

  it("marks only free and intermediary as not billable", () => {
    expect(PLANS.filter((p) => !p.billable).map((p) => p.name)).toEqual(["free", "intermediary"]);
  });

  it("marks pro as the popular plan", () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.name)).toEqual(["pro"]);
  });

  it("keeps as many recent links on free as a guest gets", () => {
    expect(getPlan("free").options.max_recent_urls).toBe(GUEST_MAX_RECENT_URLS);
  });

  it("uses only known feature flags, prices in USD, and non-negative limits", () => {
    for (const p of PLANS) {
      for (const f of p.features) expect(FEATURE_FLAGS).toContain(f);
      for (const pr of p.prices) {
        expect(pr.currency).toBe("USD");
        expect(Number.isInteger(pr.amount)).toBe(true);
      }
      for (const [key, value] of Object.entries(p.options)) {
        if (typeof value === "number") expect(value, `${p.name}.${key}`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("gives billable plans at least one price and non-billable plans none", () => {
    for (const p of PLANS) expect(p.prices.length > 0, p.name).toBe(p.billable);
  });

  it("defaults the billing interval to yearly", () => {
    expect(DEFAULT_BILLING_INTERVAL).toBe("yearly");
  });
});

describe("plansOffered", () => {
  const cheap = plan("basic", { prices: [price("monthly", 500), price("yearly", 9_000)] });
  const mid = plan("pro", { prices: [price("monthly", 1_000), price("yearly", 5_000)] });
  const dear = plan("enterprise", { prices: [price("monthly", 9_000), price("yearly", 90_000)] });
  const hidden = plan("pro50k", { hidden: true, prices: [price("monthly", 700), price("yearly", 7_000)] });
  const inactive = plan("pro5k", { prices: [price("monthly", 800, false), price("yearly", 8_000)] });
  const free = plan("free", { billable: false, prices: [price("monthly", 0), price("yearly", 0)] });
  const catalog = [dear, hidden, free, inactive, mid, cheap];

  const names = (plans: Plan[]) => plans.map((p) => p.name);

  it("sorts billable, visible plans with an active monthly price by ascending monthly amount", () => {
    expect(names(plansOffered(catalog, { billable: true, interval: "monthly" }))).toEqual(["basic", "pro", "enterprise"]);
  });

  it("sorts by the amount for the requested interval, not another interval", () => {
    expect(names(plansOffered(catalog, { billable: true, interval: "yearly" }))).toEqual(["pro", "pro5k", "basic", "enterprise"]);
  });

  it("excludes a plan whose price for the interval is inactive", () => {
    expect(names(plansOffered(catalog, { billable: true, interval: "monthly" }))).not.toContain("pro5k");
  });

  it("excludes a plan with no price at all for the interval", () => {
    const yearlyOnly = plan("domain-renewal-service", { prices: [price("yearly", 100)] });
    expect(plansOffered([yearlyOnly], { billable: true, interval: "monthly" })).toEqual([]);
  });

  it("includes hidden plans only when requested, in price order", () => {
    expect(names(plansOffered(catalog, { billable: true, includeHidden: true, interval: "monthly" }))).toEqual([
      "basic",
      "pro50k",
      "pro",
      "enterprise",
    ]);
  });

  it("excludes non-billable plans when billable ones are asked for, and vice versa", () => {
    expect(names(plansOffered(catalog, { billable: true, interval: "monthly" }))).not.toContain("free");
    expect(names(plansOffered(catalog, { billable: false, interval: "monthly" }))).toEqual(["free"]);
  });

  it("does not reorder its input", () => {
    const copy = [...catalog];
    plansOffered(catalog, { billable: true, interval: "monthly" });
    expect(catalog).toEqual(copy);
  });

  it("offers basic, pro, pro5k and enterprise from the real catalog yearly", () => {
    expect(names(plansOffered(PLANS, { billable: true, interval: DEFAULT_BILLING_INTERVAL }))).toEqual([
      "basic",
      "pro",
      "pro5k",
      "enterprise",
    ]);
  });
});
