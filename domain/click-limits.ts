/**
 * Clicks options (issue 20, docs/decisions/038): past its owner's max_trackable_clicks a link
 * still redirects, but its clicks are no longer counted. A link marked exempt
 * (links_with_unlimited_clicks) is counted without limit.
 */

/** What is left of a link's tracked clicks: null for no limit (unlimited plan or exempt link), never negative. */
export function clickAllowance(limit: number | null, tracked: number, exempt: boolean): number | null {
  if (exempt || limit === null) return null;
  return Math.max(0, limit - tracked);
}

/** Has the link used up its tracked clicks? */
export function atClickLimit(limit: number | null, tracked: number, exempt: boolean): boolean {
  return clickAllowance(limit, tracked, exempt) === 0;
}

/**
 * Keeps, in order, at most each link's allowance of clicks (a link missing from `allowances` is
 * not limited); returns the kept clicks and how many were kept per link.
 */
export function capClicks<C extends { readonly linkId: string }>(
  clicks: readonly C[],
  allowances: ReadonlyMap<string, number | null>,
): { kept: C[]; perLink: Map<string, number> } {
  const kept: C[] = [];
  const perLink = new Map<string, number>();
  for (const click of clicks) {
    const used = perLink.get(click.linkId) ?? 0;
    const allowance = allowances.get(click.linkId);
    if (allowance != null && used >= allowance) continue;
    perLink.set(click.linkId, used + 1);
    kept.push(click);
  }
  return { kept, perLink };
}

/** The analytics page's notice on a link that reached its limit. */
export function clickLimitNotice(limit: number): string {
  return `This link reached your plan's ${limit.toLocaleString("en-US")} tracked clicks; later clicks redirect but are not counted.`;
}

/** The link editor's refusals of "Unlimited click tracking" (links_with_unlimited_clicks). */
export const CLICKS_UNLIMITED_MESSAGES = {
  notInPlan: "Your plan does not include unlimited click tracking. Upgrade your plan to count every click of a link.",
  atLimit: (limit: number) =>
    `Your plan allows ${limit.toLocaleString("en-US")} ${limit === 1 ? "link" : "links"} with unlimited click tracking. Turn it off on another link or upgrade your plan.`,
} as const;
