/**
 * The plan's limits on creating links (issue 20), decided in one place for every creation path:
 * the single form, the JSON call, the REST API (one by one and bulk), the organization calls and
 * bulk imports. Counted per workspace (docs/decisions/027).
 *
 * - max_active_aliases: active links at once (overages lift it; spec 02 §8 dialog).
 * - max_aliases: links the workspace holds in total, whatever their status.
 * - max_aliases_per_month: links created this calendar month (UTC); overages lift it too, since
 *   "turn on overages ... to continue shortening links" (spec 02 §8) means the links past the
 *   plan's count are billed, not refused (docs/decisions/038).
 * - max_aliases_per_url: links of the workspace to one destination URL.
 */
import { limitOf, type Subject } from "./entitlements";
import { MESSAGES } from "./messages";

export const CREATION_LIMITS = ["max_active_aliases", "max_aliases", "max_aliases_per_month", "max_aliases_per_url"] as const;
export type CreationLimit = (typeof CREATION_LIMITS)[number];

/** What a workspace holds now, as the creation limits count it. */
export interface CreationUsage {
  activeAliases: number;
  aliases: number;
  aliasesThisMonth: number;
}

const NUMBER = new Intl.NumberFormat("en-US");

/** The message a refused create shows (form, API error, bulk result file). */
export function creationLimitMessage(subject: Subject, limit: CreationLimit): string {
  const n = NUMBER.format(limitOf(subject, limit) ?? 0);
  switch (limit) {
    case "max_active_aliases":
      return `${MESSAGES.planLimitTitle}. ${MESSAGES.planLimitBody}`;
    case "max_aliases":
      return `Your plan allows ${n} links in total. Delete links you no longer need or upgrade your plan to create more.`;
    case "max_aliases_per_month":
      return `Your plan allows ${n} new links a month. Upgrade your plan or wait until next month to create more.`;
    case "max_aliases_per_url":
      return `Your plan allows ${n} ${n === "1" ? "link" : "links"} to the same destination URL. Upgrade your plan to create more.`;
  }
}

/**
 * The first limit one more link would go past, or null when it may be created. `perUrl` is how
 * many links the workspace has to this link's destination; `overageOn` lifts the active and the monthly limits.
 */
export function creationLimitReached(subject: Subject, usage: CreationUsage, perUrl: number, overageOn: boolean): CreationLimit | null {
  const at = (limit: CreationLimit, used: number) => {
    const max = limitOf(subject, limit);
    return max !== null && used >= max;
  };
  if (!overageOn && at("max_active_aliases", usage.activeAliases)) return "max_active_aliases";
  if (at("max_aliases", usage.aliases)) return "max_aliases";
  if (!overageOn && at("max_aliases_per_month", usage.aliasesThisMonth)) return "max_aliases_per_month";
  if (at("max_aliases_per_url", perUrl)) return "max_aliases_per_url";
  return null;
}

/**
 * The same rule over a batch (bulk imports): counts what it lets through, so row after row is
 * checked against the usage as it will be once the earlier rows exist.
 */
export class CreationAllowance {
  private readonly usage: CreationUsage;
  private readonly perUrl: Map<string, number>;

  constructor(
    private readonly subject: Subject,
    usage: CreationUsage,
    perUrl: ReadonlyMap<string, number>,
    private readonly overageOn: boolean,
  ) {
    this.usage = { ...usage };
    this.perUrl = new Map(perUrl);
  }

  /** Takes one link to `url` when the limits allow it; otherwise the limit it would go past. */
  take(url: string): CreationLimit | null {
    const reached = creationLimitReached(this.subject, this.usage, this.perUrl.get(url) ?? 0, this.overageOn);
    if (reached) return reached;
    this.usage.activeAliases++;
    this.usage.aliases++;
    this.usage.aliasesThisMonth++;
    this.perUrl.set(url, (this.perUrl.get(url) ?? 0) + 1);
    return null;
  }

  /** Whether links taken so far went past the plan's active-alias limit (overages on): billed as overage. */
  get pastActiveLimit(): boolean {
    const limit = limitOf(this.subject, "max_active_aliases");
    return this.overageOn && limit !== null && this.usage.activeAliases > limit;
  }
}

/**
 * Web credits (spec 01 §3 max_web_credits; `user.limits.limit.web` / `used.web` in GET state):
 * the links a workspace may create a calendar month (UTC) through the web app's own forms and
 * JSON calls, one credit a link, as API credits are for the REST API. Spent by one conditional
 * write before the create and given back when the create is refused (docs/decisions/046).
 */
export const WEB_CREDIT_COST = 1;

export function webCreditsMessage(subject: Subject): string {
  const n = NUMBER.format(limitOf(subject, "max_web_credits") ?? 0);
  return `You have used the ${n} web credits your plan includes this month. Upgrade your plan or wait until next month to create more links.`;
}
