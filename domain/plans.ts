/**
 * The plan catalog, as data.
 *
 * Only the enterprise plan's price and limits come from the product spec (§3, §9); the spec says
 * the limits of the other plans are "not shown", so their values below are this product's choice.
 * Prices are in USD minor units (cents). `null` in a limit means unlimited.
 *
 * | plan                   | monthly | yearly  | billable | hidden | trial | active aliases | aliases    | recent | analytics      | domains+subs |
 * |------------------------|---------|---------|----------|--------|-------|----------------|------------|--------|----------------|--------------|
 * | free                   | -       | -       | no       | no     | -     | 100            | 1,000      | 20     | off            | 0            |
 * | basic                  | 900     | 8,640   | yes      | no     | 7 d   | 1,000          | 10,000     | 100    | P30D           | 1            |
 * | pro (popular)          | 2,900   | 27,840  | yes      | no     | 14 d  | 10,000         | 100,000    | 500    | P1Y, shareable | 5            |
 * | pro5k                  | 4,900   | 47,040  | yes      | no     | 14 d  | 50,000         | 500,000    | 500    | P1Y, shareable | 5            |
 * | pro50k                 | 9,900   | 95,040  | yes      | yes    | 14 d  | 500,000        | 1,500,000  | 500    | P1Y, shareable | 10           |
 * | bulk10k                | 1,900   | 18,240  | yes      | yes    | -     | 10,000         | 100,000    | 100    | P30D           | 1            |
 * | bulk100k               | 7,900   | 75,840  | yes      | yes    | -     | 100,000        | 1,000,000  | 100    | P30D           | 1            |
 * | enterprise (custom)    | 179,900 | 1,798,800 | yes    | no     | -     | 5,000,000      | 15,000,000 | unl.   | P2Y, shareable | 25           |
 * | enterprise2 (custom)   | 359,900 | 3,598,800 | yes    | yes    | -     | 10,000,000     | 30,000,000 | unl.   | P2Y, shareable | 50           |
 * | domain-renewal-service | -       | 1,000   | yes      | yes    | -     | 0              | 0          | 20     | off            | 1            |
 * | intermediary           | -       | -       | no       | yes    | -     | 100            | 1,000      | 20     | off            | 0            |
 *
 * Alias lifetime (default expiry): free/intermediary P30D, basic/bulk P1Y, pro tiers none (null),
 * enterprise tiers P90D.
 */

export type PlanName =
  | "free"
  | "basic"
  | "pro"
  | "pro5k"
  | "pro50k"
  | "bulk10k"
  | "bulk100k"
  | "enterprise"
  | "enterprise2"
  | "domain-renewal-service"
  | "intermediary";

export const FEATURE_FLAGS = [
  // Link capabilities
  "create_snip_url",
  "update_snip_url",
  "change_snip_url",
  "archive_snip_url",
  "delete_snip_url",
  "use_custom_alias",
  "use_tags",
  "use_analytics",
  "share_analytics",
  "use_bulk",
  "manage_expiration",
  "download_logs",
  "redirect_routes",
  "use_webhooks",
  // API and domains
  "use_api",
  "use_branded_domains",
  "add_branded_domains",
  "purchase_branded_domains",
  "add_vanity_subdomains",
  "domain_root_redirect",
  "domain_404_redirect",
  // Service
  "support",
  "dedicated_manager",
  "emergency_phone",
  "uptime_guarantee",
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** An ISO 8601 duration such as "P90D" or "P2Y". */
export type IsoDuration = `P${string}`;

/** The numeric plan options (spec §3 "Plan options"); `null` means unlimited. */
export type LimitOption =
  | "max_redirects"
  | "max_recent_urls"
  | "max_web_credits"
  | "discounted_domain_count"
  | "max_active_aliases"
  | "max_aliases"
  | "max_aliases_per_url"
  | "max_api_credits"
  | "max_vanity_subdomains"
  | "max_domains"
  | "max_subdomains"
  | "max_domains_subdomains"
  | "links_with_unlimited_clicks"
  | "max_trackable_clicks"
  | "max_branded_aliases_per_month"
  | "max_aliases_per_month";

export type PlanOptions = Readonly<Record<LimitOption, number | null>> & {
  /** Default expiry of a new alias; null = links do not expire by default. */
  readonly alias_lifetime: IsoDuration | null;
  readonly analytics_enabled: boolean;
  readonly analytics_public: boolean;
  /** How far back analytics reach; null = no analytics (or no bound when enabled). */
  readonly analytics_period: IsoDuration | null;
};

export type BillingInterval = "monthly" | "yearly";

export type PlanPrice = {
  readonly interval: BillingInterval;
  /** Minor units (cents). */
  readonly amount: number;
  readonly currency: "USD";
  readonly active: boolean;
};

export type Plan = {
  readonly name: PlanName;
  readonly title: string;
  readonly group: string;
  readonly popular: boolean;
  readonly custom: boolean;
  readonly hidden: boolean;
  readonly billable: boolean;
  readonly trialDays: number;
  /** Days after sign-up before a trial may start. */
  readonly trialDelay: number;
  readonly forcePaymentMethod: boolean;
  readonly allowIntervalDowngrade: boolean;
  readonly prices: readonly PlanPrice[];
  readonly features: readonly FeatureFlag[];
  readonly options: PlanOptions;
};

export const DEFAULT_BILLING_INTERVAL: BillingInterval = "yearly";

function usd(monthly: number | null, yearly: number | null): PlanPrice[] {
  const prices: PlanPrice[] = [];
  if (monthly !== null) prices.push({ interval: "monthly", amount: monthly, currency: "USD", active: true });
  if (yearly !== null) prices.push({ interval: "yearly", amount: yearly, currency: "USD", active: true });
  return prices;
}

const NO_LIMITS_ZERO: Record<LimitOption, number | null> = {
  max_redirects: 0,
  max_recent_urls: 0,
  max_web_credits: 0,
  discounted_domain_count: 0,
  max_active_aliases: 0,
  max_aliases: 0,
  max_aliases_per_url: 0,
  max_api_credits: 0,
  max_vanity_subdomains: 0,
  max_domains: 0,
  max_subdomains: 0,
  max_domains_subdomains: 0,
  links_with_unlimited_clicks: 0,
  max_trackable_clicks: 0,
  max_branded_aliases_per_month: 0,
  max_aliases_per_month: 0,
};

const FREE_FEATURES: readonly FeatureFlag[] = ["create_snip_url", "use_custom_alias"];

const FREE_OPTIONS: PlanOptions = {
  ...NO_LIMITS_ZERO,
  max_redirects: 1,
  max_recent_urls: 20,
  max_web_credits: 100,
  max_active_aliases: 100,
  max_aliases: 1_000,
  max_aliases_per_url: 1,
  max_trackable_clicks: 10_000,
  max_aliases_per_month: 100,
  alias_lifetime: "P30D",
  analytics_enabled: false,
  analytics_public: false,
  analytics_period: null,
};

const BASIC_FEATURES: readonly FeatureFlag[] = [
  ...FREE_FEATURES,
  "update_snip_url",
  "archive_snip_url",
  "delete_snip_url",
  "use_tags",
  "use_analytics",
  "manage_expiration",
  "support",
];

const BASIC_OPTIONS: PlanOptions = {
  ...FREE_OPTIONS,
  max_redirects: 5,
  max_recent_urls: 100,
  max_web_credits: 1_000,
  max_active_aliases: 1_000,
  max_aliases: 10_000,
  max_aliases_per_url: 5,
  max_domains: 1,
  max_domains_subdomains: 1,
  max_trackable_clicks: 100_000,
  max_branded_aliases_per_month: 100,
  max_aliases_per_month: 1_000,
  alias_lifetime: "P1Y",
  analytics_enabled: true,
  analytics_period: "P30D",
};

const PRO_FEATURES: readonly FeatureFlag[] = [
  ...BASIC_FEATURES,
  "change_snip_url",
  "share_analytics",
  "use_bulk",
  "download_logs",
  "redirect_routes",
  "use_api",
  "use_branded_domains",
  "add_branded_domains",
];

const PRO_OPTIONS: PlanOptions = {
  ...BASIC_OPTIONS,
  max_redirects: 20,
  max_recent_urls: 500,
  max_web_credits: 10_000,
  discounted_domain_count: 1,
  max_active_aliases: 10_000,
  max_aliases: 100_000,
  max_aliases_per_url: 20,
  max_api_credits: 10_000,
  max_vanity_subdomains: 1,
  max_domains: 5,
  max_subdomains: 5,
  max_domains_subdomains: 5,
  links_with_unlimited_clicks: 100,
  max_trackable_clicks: 1_000_000,
  max_branded_aliases_per_month: 5_000,
  max_aliases_per_month: 10_000,
  alias_lifetime: null,
  analytics_public: true,
  analytics_period: "P1Y",
};

const BULK_FEATURES: readonly FeatureFlag[] = [...BASIC_FEATURES, "use_bulk", "use_api"];

const ENTERPRISE_FEATURES: readonly FeatureFlag[] = FEATURE_FLAGS;

const ENTERPRISE_OPTIONS: PlanOptions = {
  max_redirects: null,
  max_recent_urls: null,
  max_web_credits: null,
  discounted_domain_count: 25,
  max_active_aliases: 5_000_000,
  max_aliases: 15_000_000,
  max_aliases_per_url: null,
  max_api_credits: null,
  max_vanity_subdomains: 25,
  max_domains: 25,
  max_subdomains: 25,
  max_domains_subdomains: 25,
  links_with_unlimited_clicks: null,
  max_trackable_clicks: null,
  max_branded_aliases_per_month: null,
  max_aliases_per_month: null,
  alias_lifetime: "P90D",
  analytics_enabled: true,
  analytics_public: true,
  analytics_period: "P2Y",
};

const BASE = {
  popular: false,
  custom: false,
  hidden: false,
  billable: true,
  trialDays: 0,
  trialDelay: 0,
  forcePaymentMethod: false,
  allowIntervalDowngrade: true,
} as const;

export const PLANS: readonly Plan[] = [
  {
    ...BASE,
    name: "free",
    title: "Free",
    group: "free",
    billable: false,
    prices: [],
    features: FREE_FEATURES,
    options: FREE_OPTIONS,
  },
  {
    ...BASE,
    name: "basic",
    title: "Basic",
    group: "basic",
    trialDays: 7,
    prices: usd(900, 8_640),
    features: BASIC_FEATURES,
    options: BASIC_OPTIONS,
  },
  {
    ...BASE,
    name: "pro",
    title: "Pro",
    group: "pro",
    popular: true,
    trialDays: 14,
    forcePaymentMethod: true,
    prices: usd(2_900, 27_840),
    features: PRO_FEATURES,
    options: PRO_OPTIONS,
  },
  {
    ...BASE,
    name: "pro5k",
    title: "Pro 5K",
    group: "pro",
    trialDays: 14,
    forcePaymentMethod: true,
    prices: usd(4_900, 47_040),
    features: PRO_FEATURES,
    options: { ...PRO_OPTIONS, max_active_aliases: 50_000, max_aliases: 500_000 },
  },
  {
    ...BASE,
    name: "pro50k",
    title: "Pro 50K",
    group: "pro",
    hidden: true,
    trialDays: 14,
    forcePaymentMethod: true,
    prices: usd(9_900, 95_040),
    features: [...PRO_FEATURES, "use_webhooks"],
    options: {
      ...PRO_OPTIONS,
      max_active_aliases: 500_000,
      max_aliases: 1_500_000,
      max_domains: 10,
      max_subdomains: 10,
      max_domains_subdomains: 10,
    },
  },
  {
    ...BASE,
    name: "bulk10k",
    title: "Bulk 10K",
    group: "bulk",
    hidden: true,
    prices: usd(1_900, 18_240),
    features: BULK_FEATURES,
    options: { ...BASIC_OPTIONS, max_active_aliases: 10_000, max_aliases: 100_000, max_aliases_per_month: 10_000 },
  },
  {
    ...BASE,
    name: "bulk100k",
    title: "Bulk 100K",
    group: "bulk",
    hidden: true,
    prices: usd(7_900, 75_840),
    features: BULK_FEATURES,
    options: { ...BASIC_OPTIONS, max_active_aliases: 100_000, max_aliases: 1_000_000, max_aliases_per_month: 100_000 },
  },
  {
    ...BASE,
    name: "enterprise",
    title: "Enterprise",
    group: "enterprise",
    custom: true,
    allowIntervalDowngrade: false,
    prices: usd(179_900, 1_798_800),
    features: ENTERPRISE_FEATURES,
    options: ENTERPRISE_OPTIONS,
  },
  {
    ...BASE,
    name: "enterprise2",
    title: "Enterprise Plus",
    group: "enterprise",
    custom: true,
    hidden: true,
    allowIntervalDowngrade: false,
    prices: usd(359_900, 3_598_800),
    features: ENTERPRISE_FEATURES,
    options: {
      ...ENTERPRISE_OPTIONS,
      max_active_aliases: 10_000_000,
      max_aliases: 30_000_000,
      max_domains: 50,
      max_subdomains: 50,
      max_domains_subdomains: 50,
    },
  },
  {
    ...BASE,
    name: "domain-renewal-service",
    title: "Domain renewal service",
    group: "service",
    hidden: true,
    allowIntervalDowngrade: false,
    prices: usd(null, 1_000),
    features: ["use_branded_domains", "purchase_branded_domains", "domain_root_redirect", "domain_404_redirect"],
    options: {
      ...NO_LIMITS_ZERO,
      max_recent_urls: 20,
      max_domains: 1,
      max_domains_subdomains: 1,
      alias_lifetime: null,
      analytics_enabled: false,
      analytics_public: false,
      analytics_period: null,
    },
  },
  {
    ...BASE,
    name: "intermediary",
    title: "Intermediary",
    group: "free",
    billable: false,
    hidden: true,
    prices: [],
    features: FREE_FEATURES,
    options: FREE_OPTIONS,
  },
];

/** Every plan's name, as a tuple for z.enum. */
export const PLAN_NAMES = PLANS.map((p) => p.name) as [PlanName, ...PlanName[]];

export function getPlan(name: PlanName): Plan {
  const plan = PLANS.find((p) => p.name === name);
  if (!plan) throw new Error(`Unknown plan: ${name}`);
  return plan;
}

/** The plan's active price for an interval, if it has one. */
export function activePrice(plan: Plan, interval: BillingInterval): PlanPrice | undefined {
  return plan.prices.find((p) => p.interval === interval && p.active);
}

export type PlansOfferedQuery = {
  readonly billable: boolean;
  readonly includeHidden?: boolean;
  readonly interval: BillingInterval;
};

/**
 * Plans to offer (spec §4): those with an active price for the interval, not hidden unless hidden
 * ones are requested, of the requested billable type, sorted by ascending price for that interval.
 */
export function plansOffered(plans: readonly Plan[], query: PlansOfferedQuery): Plan[] {
  const offered: { plan: Plan; amount: number }[] = [];
  for (const plan of plans) {
    if (plan.billable !== query.billable) continue;
    if (plan.hidden && !query.includeHidden) continue;
    const price = activePrice(plan, query.interval);
    if (!price) continue;
    offered.push({ plan, amount: price.amount });
  }
  return offered.sort((a, b) => a.amount - b.amount).map((o) => o.plan);
}
