import { describe, expect, it } from "vitest";
import {
  NOT_ENOUGH_CREDITS,
  atActiveAliasLimit,
  can,
  hasCredits,
  limitOf,
  remaining,
  workspaceSubscription,
} from "../../domain/entitlements";
import { FEATURE_FLAGS, PLANS, type FeatureFlag, type LimitOption, type PlanName } from "../../domain/plans";

type Expectation = {
  can: Partial<Record<FeatureFlag, boolean>>;
  limits: Partial<Record<LimitOption, number | null>>;
};

/** Expected answers per plan; every plan in the catalog must appear. */
const EXPECTED: Record<PlanName, Expectation> = {
  free: {
    can: { create_snip_url: true, use_custom_alias: true, update_snip_url: false, use_analytics: false, use_api: false, support: false },
    limits: { max_recent_urls: 20, max_active_aliases: 100, max_domains_subdomains: 0 },
  },
  intermediary: {
    can: { create_snip_url: true, use_custom_alias: true, update_snip_url: false, use_analytics: false, use_api: false, support: false },
    limits: { max_recent_urls: 20, max_active_aliases: 100, max_domains_subdomains: 0 },
  },
  basic: {
    can: {
      create_snip_url: true,
      update_snip_url: true,
      use_analytics: true,
      use_tags: true,
      share_analytics: false,
      use_api: false,
      use_bulk: false,
      support: true,
    },
    limits: { max_recent_urls: 100, max_active_aliases: 1_000, max_domains_subdomains: 1 },
  },
  pro: {
    can: {
      use_analytics: true,
      use_tags: true,
      manage_expiration: true,
      use_bulk: true,
      use_api: true,
      share_analytics: true,
      download_logs: true,
      use_webhooks: false,
      dedicated_manager: false,
    },
    limits: { max_recent_urls: 500, max_active_aliases: 10_000, max_aliases: 100_000, max_domains_subdomains: 5 },
  },
  pro5k: {
    can: { use_analytics: true, use_bulk: true, use_api: true, use_webhooks: false, dedicated_manager: false },
    limits: { max_active_aliases: 50_000, max_aliases: 500_000, max_domains_subdomains: 5 },
  },
  pro50k: {
    can: { use_analytics: true, use_bulk: true, use_api: true, use_webhooks: true, dedicated_manager: false },
    limits: { max_active_aliases: 500_000, max_aliases: 1_500_000, max_domains_subdomains: 10 },
  },
  bulk10k: {
    can: { create_snip_url: true, use_bulk: true, use_api: true, share_analytics: false, use_branded_domains: false },
    limits: { max_active_aliases: 10_000, max_aliases: 100_000, max_aliases_per_month: 10_000 },
  },
  bulk100k: {
    can: { create_snip_url: true, use_bulk: true, use_api: true, share_analytics: false, use_branded_domains: false },
    limits: { max_active_aliases: 100_000, max_aliases: 1_000_000, max_aliases_per_month: 100_000 },
  },
  enterprise: {
    can: { use_webhooks: true, dedicated_manager: true, emergency_phone: true, uptime_guarantee: true, purchase_branded_domains: true },
    limits: {
      max_active_aliases: 5_000_000,
      max_aliases: 15_000_000,
      max_domains_subdomains: 25,
      max_recent_urls: null,
      max_api_credits: null,
    },
  },
  enterprise2: {
    can: { use_webhooks: true, dedicated_manager: true, emergency_phone: true, uptime_guarantee: true },
    limits: { max_active_aliases: 10_000_000, max_aliases: 30_000_000, max_domains_subdomains: 50, max_recent_urls: null },
  },
  "domain-renewal-service": {
    can: {
      purchase_branded_domains: true,
      domain_root_redirect: true,
      domain_404_redirect: true,
      create_snip_url: false,
      use_analytics: false,
    },
    limits: { max_active_aliases: 0, max_domains: 1 },
  },
};

describe("entitlements per plan", () => {
  it("has an expectation row for every plan in the catalog", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(PLANS.map((p) => p.name).sort());
  });

  const flagRows = Object.entries(EXPECTED).flatMap(([plan, e]) =>
    Object.entries(e.can).map(([flag, allowed]) => [plan as PlanName, flag as FeatureFlag, allowed] as const),
  );
  it.each(flagRows)("on %s, can %s = %s", (plan, flag, allowed) => {
    expect(can({ plan }, flag)).toBe(allowed);
  });

  const limitRows = Object.entries(EXPECTED).flatMap(([plan, e]) =>
    Object.entries(e.limits).map(([option, limit]) => [plan as PlanName, option as LimitOption, limit] as const),
  );
  it.each(limitRows)("on %s, the %s limit is %s", (plan, option, limit) => {
    expect(limitOf({ plan }, option)).toBe(limit);
  });

  it("gives the enterprise plan every feature flag", () => {
    for (const flag of FEATURE_FLAGS) expect(can({ plan: "enterprise" }, flag), flag).toBe(true);
  });
});

describe("can with the user's or team's own flags", () => {
  it("grants a flag the plan lacks when the user has it", () => {
    expect(can({ plan: "free", userFeatures: ["use_api"] }, "use_api")).toBe(true);
  });

  it("does not grant other flags because the user has some", () => {
    expect(can({ plan: "free", userFeatures: ["use_api"] }, "use_webhooks")).toBe(false);
  });

  it("keeps the plan's flags with an empty user list", () => {
    expect(can({ plan: "pro", userFeatures: [] }, "use_api")).toBe(true);
  });
});

describe("remaining", () => {
  it("is the limit minus what is used", () => {
    expect(remaining({ plan: "free" }, "max_recent_urls", 5)).toBe(15);
  });

  it("is zero exactly at the limit", () => {
    expect(remaining({ plan: "free" }, "max_recent_urls", 20)).toBe(0);
  });

  it("is never negative when over the limit", () => {
    expect(remaining({ plan: "free" }, "max_recent_urls", 25)).toBe(0);
  });

  it("is null (unlimited) when the plan has no limit", () => {
    expect(remaining({ plan: "enterprise" }, "max_recent_urls", 1_000_000)).toBeNull();
  });
});

describe("hasCredits (spec §5)", () => {
  it.each([
    ["an unlimited limit, whatever the cost", null, 1_000, 50, true],
    ["a cost of 0 even with nothing left", 10, 10, 0, true],
    ["a negative cost even when over the limit", 10, 12, -1, true],
    ["exactly enough left", 10, 7, 3, true],
    ["one credit short", 10, 8, 3, false],
    ["nothing left", 10, 10, 1, false],
    ["a zero limit and a positive cost", 0, 0, 1, false],
  ] as const)("with %s: %s", (_label, limit, used, cost, expected) => {
    expect(hasCredits({ limit, used }, cost)).toBe(expected);
  });

  it("names the refusal message not_enough_credits", () => {
    expect(NOT_ENOUGH_CREDITS).toBe("not_enough_credits");
  });
});

describe("atActiveAliasLimit", () => {
  it.each([
    [99, false, false],
    [100, false, true],
    [101, false, true],
    [100, true, false],
    [150, true, false],
  ])("on free with %d active aliases and overage %s: at limit = %s", (active, overage, expected) => {
    expect(atActiveAliasLimit({ plan: "free" }, active, overage)).toBe(expected);
  });

  it("is reached at exactly the enterprise limit of 5,000,000", () => {
    expect(atActiveAliasLimit({ plan: "enterprise" }, 4_999_999, false)).toBe(false);
    expect(atActiveAliasLimit({ plan: "enterprise" }, 5_000_000, false)).toBe(true);
  });
});

describe("workspaceSubscription (decision 033)", () => {
  const active = (s: { plan: string; active: boolean }) => s.active;
  const team = { plan: "pro", active: true };
  const org = { plan: "basic", active: true };
  it("the team's subscription, else the organization's, else none", () => {
    expect(workspaceSubscription(team, org, active)).toBe(team);
    expect(workspaceSubscription(null, org, active)).toBe(org);
    expect(workspaceSubscription({ ...team, active: false }, org, active)).toBe(org);
    expect(workspaceSubscription(null, { ...org, active: false }, active)).toBeNull();
    expect(workspaceSubscription(null, null, active)).toBeNull();
  });
});
