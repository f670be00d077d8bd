import { describe, expect, it } from "vitest";
import { CreationAllowance, creationLimitMessage, creationLimitReached, type CreationUsage } from "../../domain/creation-limits";
import { mayDownloadLogs, mayShareAnalytics } from "../../domain/entitlements";
import { MESSAGES } from "../../domain/messages";

const FREE = { plan: "free" } as const; // 100 active, 1,000 in total, 100 a month, 1 per URL
const PRO = { plan: "pro" } as const; // 10,000 active, 100,000 in total, 10,000 a month, 20 per URL
const ENTERPRISE = { plan: "enterprise" } as const; // no bound on total, month or URL
const none: CreationUsage = { activeAliases: 0, aliases: 0, aliasesThisMonth: 0 };

describe("creationLimitReached", () => {
  it("lets a link through under every limit", () => {
    expect(creationLimitReached(FREE, { activeAliases: 99, aliases: 999, aliasesThisMonth: 99 }, 0, false)).toBeNull();
  });

  it("stops at the active-alias limit unless overages are on", () => {
    expect(creationLimitReached(FREE, { ...none, activeAliases: 100 }, 0, false)).toBe("max_active_aliases");
    expect(creationLimitReached(FREE, { ...none, activeAliases: 100 }, 0, true)).toBeNull();
  });

  it("stops at the monthly limit unless overages are on: links past it are billed, not refused", () => {
    expect(creationLimitReached(FREE, { ...none, aliasesThisMonth: 100 }, 0, false)).toBe("max_aliases_per_month");
    expect(creationLimitReached(FREE, { ...none, aliasesThisMonth: 100 }, 0, true)).toBeNull();
  });

  it("stops at the total and the per-URL limits, overages or not", () => {
    expect(creationLimitReached(FREE, { ...none, aliases: 1_000 }, 0, true)).toBe("max_aliases");
    expect(creationLimitReached(FREE, none, 1, true)).toBe("max_aliases_per_url");
    expect(creationLimitReached(PRO, none, 19, false)).toBeNull();
    expect(creationLimitReached(PRO, none, 20, false)).toBe("max_aliases_per_url");
  });

  it("an unlimited option never stops a create", () => {
    expect(
      creationLimitReached(ENTERPRISE, { activeAliases: 0, aliases: 14_999_999, aliasesThisMonth: 10_000_000 }, 1_000_000, false),
    ).toBeNull();
  });
});

describe("creationLimitMessage", () => {
  it("states each limit with the plan's number", () => {
    expect(creationLimitMessage(FREE, "max_active_aliases")).toBe(`${MESSAGES.planLimitTitle}. ${MESSAGES.planLimitBody}`);
    expect(creationLimitMessage(PRO, "max_aliases")).toBe(
      "Your plan allows 100,000 links in total. Delete links you no longer need or upgrade your plan to create more.",
    );
    expect(creationLimitMessage(FREE, "max_aliases_per_month")).toBe(
      "Your plan allows 100 new links a month. Upgrade your plan or wait until next month to create more.",
    );
    expect(creationLimitMessage(FREE, "max_aliases_per_url")).toBe(
      "Your plan allows 1 link to the same destination URL. Upgrade your plan to create more.",
    );
    expect(creationLimitMessage(PRO, "max_aliases_per_url")).toBe(
      "Your plan allows 20 links to the same destination URL. Upgrade your plan to create more.",
    );
  });
});

describe("CreationAllowance (a batch, row after row)", () => {
  it("counts what it lets through against every limit", () => {
    const allowance = new CreationAllowance(
      FREE,
      { activeAliases: 97, aliases: 97, aliasesThisMonth: 97 },
      new Map([["https://a.example/", 1]]),
      false,
    );
    expect(allowance.take("https://a.example/")).toBe("max_aliases_per_url");
    expect(allowance.take("https://b.example/")).toBeNull();
    expect(allowance.take("https://b.example/")).toBe("max_aliases_per_url");
    expect(allowance.take("https://c.example/")).toBeNull();
    expect(allowance.take("https://d.example/")).toBeNull();
    expect(allowance.take("https://e.example/")).toBe("max_active_aliases");
  });

  it("with overages on, the monthly limit does not stop a batch; without them it does", () => {
    const billed = new CreationAllowance(FREE, { activeAliases: 150, aliases: 150, aliasesThisMonth: 99 }, new Map(), true);
    expect(billed.take("https://a.example/")).toBeNull();
    expect(billed.take("https://b.example/")).toBeNull();
    const refused = new CreationAllowance(FREE, { activeAliases: 50, aliases: 150, aliasesThisMonth: 99 }, new Map(), false);
    expect(refused.take("https://a.example/")).toBeNull();
    expect(refused.take("https://b.example/")).toBe("max_aliases_per_month");
  });
});

describe("analytics sharing and click logs", () => {
  it("need the capability and the plan's public analytics option", () => {
    expect(mayShareAnalytics(PRO)).toBe(true);
    expect(mayShareAnalytics({ plan: "basic" })).toBe(false);
    // The flag alone, on a plan whose analytics are not public: still no.
    expect(mayShareAnalytics({ plan: "basic", userFeatures: ["share_analytics"] })).toBe(false);
    expect(mayShareAnalytics(FREE)).toBe(false);
    expect(mayDownloadLogs(PRO)).toBe(true);
    expect(mayDownloadLogs({ plan: "basic" })).toBe(false);
    expect(mayDownloadLogs({ plan: "basic", userFeatures: ["download_logs"] })).toBe(true);
  });
});
