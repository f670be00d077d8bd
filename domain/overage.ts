/**
 * Overage pricing (spec 01 §9): usage beyond a limit, with overages on, costs 2 (minor units of
 * the plan's currency are not given by the spec; Snip bills USD 2.00) per block of 100 units
 * over the limit, prorated for the part of the billing period that remains.
 */
export const OVERAGE_BLOCK_UNITS = 100;
/** USD cents per block. */
export const OVERAGE_BLOCK_PRICE = 200;

/** Blocks of 100 over the limit; a started block counts whole. Null limit: unlimited, no overage. */
export function overageBlocks(used: number, limit: number | null): number {
  if (limit === null || used <= limit) return 0;
  return Math.ceil((used - limit) / OVERAGE_BLOCK_UNITS);
}

export interface BillingPeriod {
  startsAt: Date;
  endsAt: Date;
}

/** The charge for `blocks` blocks started at `now`: prorated by the share of the period still to run, to the cent. */
export function proratedBlocksCharge(blocks: number, period: BillingPeriod, now: Date): number {
  if (blocks <= 0) return 0;
  const total = period.endsAt.getTime() - period.startsAt.getTime();
  if (total <= 0) return 0;
  const remaining = Math.min(Math.max(period.endsAt.getTime() - now.getTime(), 0), total);
  return Math.round((blocks * OVERAGE_BLOCK_PRICE * remaining) / total);
}

/**
 * The charge for the overage at `now`, prorated by the share of the period still to run
 * (what a metered price charges when the usage starts mid-period), rounded to the cent.
 */
export function proratedOverageCharge(used: number, limit: number | null, period: BillingPeriod, now: Date): number {
  return proratedBlocksCharge(overageBlocks(used, limit), period, now);
}

/**
 * Stripe metered usage (docs/decisions/013): each newly started block is reported once to the
 * billing meter OVERAGE_METER_EVENT as its prorated charge in cents; the subscription carries
 * a metered price (lookup key OVERAGE_PRICE_LOOKUP_KEY) of 1 cent per unit summed over the
 * period. The identifier names the workspace (and who pays for it), the period and the block
 * count reached, so Stripe drops a report sent twice.
 */
export const OVERAGE_METER_EVENT = "snip_overage";
/** The queue job that reports new overage blocks (workers/queue/src/overage.ts). */
export const OVERAGE_REPORT_JOB = "billing.overage";
export const OVERAGE_PRICE_LOOKUP_KEY = "snip_overage";

/**
 * The meter event's identifier for a block: a personal workspace's (paid by its user) names the
 * user, the period and the block, as before workspaces had overages; a team's or an organization
 * member's workspace also names the subscription's owner (docs/decisions/052), so the blocks of
 * two workspaces paid by one organization never share an identifier.
 */
export function overageMeterIdentifier(key: { workspaceId: string; ownerId: string }, periodStartsAt: Date, blocks: number): string {
  const who = key.workspaceId === key.ownerId ? key.ownerId : `${key.ownerId}/${key.workspaceId}`;
  return `overage:${who}:${periodStartsAt.getTime()}:${blocks}`;
}
