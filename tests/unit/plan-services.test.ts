import { describe, expect, it } from "vitest";
import { planHighlights } from "../../domain/plan-highlights";
import { planServices } from "../../domain/plan-services";
import { getPlan } from "../../domain/plans";

describe("the service flags, shown where they apply", () => {
  it("the free plan includes no service; basic and pro include support with the helpdesk entry", () => {
    expect(planServices({ plan: "free" })).toEqual([]);
    for (const plan of ["basic", "pro"] as const) {
      expect(planServices({ plan }).map((s) => [s.title, s.href])).toEqual([["Email support", "/app/helpdesk"]]);
    }
  });

  it("enterprise lists every service with where to use it", () => {
    expect(planServices({ plan: "enterprise" }).map((s) => [s.flag, s.href])).toEqual([
      ["support", "/app/helpdesk"],
      ["dedicated_manager", "/app/helpdesk"],
      ["emergency_phone", "/app/enterprise-terms"],
      ["uptime_guarantee", "/app/service-level-agreement"],
    ]);
  });

  it("a user's own flag counts as the plan's", () => {
    expect(planServices({ plan: "free", userFeatures: ["support"] }).map((s) => s.flag)).toEqual(["support"]);
  });
});

describe("the pricing card states the newly enforced options", () => {
  it("free: totals and links per URL; pro: sharing and the click log as well", () => {
    const free = planHighlights(getPlan("free"));
    expect(free).toContain("1,000 links in total");
    expect(free).toContain("Up to 1 link per destination URL");
    expect(free).not.toContain("Public analytics pages to share");
    const pro = planHighlights(getPlan("pro"));
    expect(pro).toContain("100,000 links in total");
    expect(pro).toContain("Up to 20 links per destination URL");
    expect(pro).toContain("Public analytics pages to share");
    expect(pro).toContain("Click log download (CSV)");
    const enterprise = planHighlights(getPlan("enterprise"));
    expect(enterprise).not.toContain(expect.stringMatching(/per destination URL/));
    expect(enterprise).toContain("Emergency phone line");
  });
});
