import { getPlan, type FeatureFlag, type LimitOption, type PlanName } from "./plans";

/** Whoever is asking: the plan in force plus the user's or team's own extra flags. */
export type Subject = {
  readonly plan: PlanName;
  readonly userFeatures?: readonly FeatureFlag[];
};

export const NOT_ENOUGH_CREDITS = "not_enough_credits";

/** May the subject do this? Granted by the plan or by the subject's own flags. */
export function can(subject: Subject, flag: FeatureFlag): boolean {
  return getPlan(subject.plan).features.includes(flag) || (subject.userFeatures?.includes(flag) ?? false);
}

/** The plan's limit for an option; null means unlimited. */
export function limitOf(subject: Subject, option: LimitOption): number | null {
  return getPlan(subject.plan).options[option];
}

/** How much of a limit is left; null when unlimited, never negative. */
export function remaining(subject: Subject, option: LimitOption, used: number): number | null {
  const limit = limitOf(subject, option);
  if (limit === null) return null;
  return Math.max(0, limit - used);
}

/**
 * Spec §5 credits rule: with an unlimited limit or a cost of 0 or less the operation may proceed;
 * otherwise the remaining credits (limit minus used) must be at least the cost.
 */
export function hasCredits(credits: { readonly limit: number | null; readonly used: number }, cost: number): boolean {
  if (credits.limit === null || cost <= 0) return true;
  return credits.limit - credits.used >= cost;
}

/** True when the active-alias limit is reached (100%) and overage is off. */
export function atActiveAliasLimit(subject: Subject, activeAliases: number, overageOn: boolean): boolean {
  const limit = limitOf(subject, "max_active_aliases");
  if (limit === null || overageOn) return false;
  return activeAliases >= limit;
}
