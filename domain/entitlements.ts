import { getPlan, type FeatureFlag, type LimitOption, type PlanName } from "./plans";
import { MAX_ROUTES_PER_LINK } from "./redirect-routes";

/** The fields of a link a user may change after creating it. */
export type LinkEditField = "alias" | "url" | "tags" | "expires" | "description";

/** The capability each field needs, besides update_snip_url (docs/decisions/008). */
export const LINK_FIELD_FLAGS: Record<LinkEditField, FeatureFlag> = {
  alias: "use_custom_alias",
  url: "change_snip_url",
  tags: "use_tags",
  expires: "manage_expiration",
  description: "update_snip_url",
};

/** Whoever is asking: the plan in force plus the user's or team's own extra flags. */
export type Subject = {
  readonly plan: PlanName;
  readonly userFeatures?: readonly FeatureFlag[];
};

export const NOT_ENOUGH_CREDITS = "not_enough_credits";

/**
 * Whose subscription is in force in an organization's workspace (docs/decisions/033): the team's
 * while it is active, else the organization's, else none (the free plan). Nobody's personal
 * subscription counts there, and a team's never counts in its organization or in another team.
 */
export function workspaceSubscription<S>(team: S | null, organization: S | null, active: (s: S) => boolean): S | null {
  if (team !== null && active(team)) return team;
  if (organization !== null && active(organization)) return organization;
  return null;
}

/** May the subject do this? Granted by the plan or by the subject's own flags. */
export function can(subject: Subject, flag: FeatureFlag): boolean {
  return getPlan(subject.plan).features.includes(flag) || (subject.userFeatures?.includes(flag) ?? false);
}

/** The plan's limit for an option; null means unlimited. */
export function limitOf(subject: Subject, option: LimitOption): number | null {
  return getPlan(subject.plan).options[option];
}

/**
 * The rules a link's redirect routes may have: the plan's max_redirects, within the service's
 * ceiling (docs/decisions/038); an unlimited plan gets the ceiling.
 */
export function routesLimit(subject: Subject): number {
  const limit = limitOf(subject, "max_redirects");
  return limit === null ? MAX_ROUTES_PER_LINK : Math.min(limit, MAX_ROUTES_PER_LINK);
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

/** May the subject change this field of a link (the dashboard editor and the REST API alike)? */
export function mayEditLinkField(subject: Subject, field: LinkEditField): boolean {
  return can(subject, "update_snip_url") && can(subject, LINK_FIELD_FLAGS[field]);
}

/**
 * May the subject create links outside organizations from anywhere in the app (the navigation
 * bar's Create, the create page, the dashboard)? Spec 01 §6: it needs the analytics capability.
 * Other signed-in users create from the homepage form (spec 02 §1, §2 Home view).
 */
export function mayCreateFromApp(subject: Subject): boolean {
  return can(subject, "create_snip_url") && can(subject, "use_analytics");
}

/**
 * May the subject share a link's analytics page publicly (issue 20)? Needs the share_analytics
 * capability and the plan's analytics_public option; checked again on every public read, so a
 * downgrade ends the sharing.
 */
export function mayShareAnalytics(subject: Subject): boolean {
  return can(subject, "share_analytics") && getPlan(subject.plan).options.analytics_public && can(subject, "use_analytics");
}

/** May the subject download a link's click log as CSV (issue 20)? */
export function mayDownloadLogs(subject: Subject): boolean {
  return can(subject, "download_logs") && can(subject, "use_analytics");
}

/**
 * Redirect routes (docs/decisions/037): whether a link's stored rules are applied for this
 * subject, and until when. A flag of the subject's own applies without end; the plan's flag ends
 * with a cancelled plan (`planEndsAt`), so the hot path stops applying the rules then by itself.
 */
export function routesApplication(subject: Subject, planEndsAt: Date | null): { routesOn: boolean; routesUntil: Date | null } {
  if (subject.userFeatures?.includes("redirect_routes")) return { routesOn: true, routesUntil: null };
  if (!getPlan(subject.plan).features.includes("redirect_routes")) return { routesOn: false, routesUntil: null };
  return { routesOn: true, routesUntil: planEndsAt };
}
