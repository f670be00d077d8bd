/** What a pricing card lists for a plan, derived from its options and feature flags (one source of truth). */
import { planDomainDiscounts } from "./orders";
import type { Plan } from "./plans";
import { MAX_ROUTES_PER_LINK } from "./redirect-routes";

const number = new Intl.NumberFormat("en-US");

function duration(iso: string): string {
  const match = /^P(\d+)([DMY])$/.exec(iso);
  if (!match) return iso;
  const n = Number(match[1]);
  const unit = { D: "day", M: "month", Y: "year" }[match[2] as "D" | "M" | "Y"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

export function planHighlights(plan: Plan): string[] {
  const o = plan.options;
  const f = new Set(plan.features);
  const lines: string[] = [];
  lines.push(o.max_active_aliases === null ? "Unlimited active links" : `${number.format(o.max_active_aliases)} active links`);
  if (o.max_aliases_per_month !== null) lines.push(`${number.format(o.max_aliases_per_month)} new links a month`);
  // Plan options (issue 20): the other creation limits, enforced on every creation path.
  if (o.max_aliases !== null) lines.push(`${number.format(o.max_aliases)} links in total`);
  if (o.max_aliases_per_url !== null)
    lines.push(`Up to ${number.format(o.max_aliases_per_url)} link${o.max_aliases_per_url === 1 ? "" : "s"} per destination URL`);
  if (f.has("use_analytics")) lines.push(o.analytics_period ? `Click analytics for ${duration(o.analytics_period)}` : "Click analytics");
  // Clicks options (issue 20, docs/decisions/038): past it a link redirects but is not counted.
  if (o.max_trackable_clicks !== null) lines.push(`${number.format(o.max_trackable_clicks)} tracked clicks per link`);
  if (f.has("share_analytics") && o.analytics_public) lines.push("Public analytics pages to share");
  if (f.has("download_logs")) lines.push("Click log download (CSV)");
  if (f.has("use_custom_alias")) lines.push("Custom aliases");
  if (f.has("use_tags")) lines.push("Tags");
  if (f.has("manage_expiration")) lines.push("Link expiry");
  if (f.has("change_snip_url")) lines.push("Edit destinations");
  if (f.has("use_bulk")) lines.push("Bulk creation from spreadsheets");
  // max_redirects: the rules of a link's redirect routes (docs/decisions/038).
  if (f.has("redirect_routes"))
    lines.push(`Redirect routes, up to ${Math.min(o.max_redirects ?? MAX_ROUTES_PER_LINK, MAX_ROUTES_PER_LINK)} rules per link`);
  if (f.has("use_api"))
    lines.push(
      o.max_api_credits === null ? "API access, unlimited credits" : `API access, ${number.format(o.max_api_credits)} credits a month`,
    );
  if (f.has("use_branded_domains") && o.max_domains) lines.push(`${o.max_domains} branded domain${o.max_domains === 1 ? "" : "s"}`);
  // discounted_domain_count: only where the plan may buy domains (decision 051).
  const freeDomains = planDomainDiscounts(plan);
  if (freeDomains > 0)
    lines.push(`Domain purchase: first year free for ${freeDomains} domain${freeDomains === 1 ? "" : "s"} on yearly billing`);
  if (f.has("dedicated_manager")) lines.push("Dedicated account manager");
  if (f.has("emergency_phone")) lines.push("Emergency phone line");
  if (f.has("uptime_guarantee")) lines.push("Uptime guarantee (SLA)");
  if (f.has("support")) lines.push("Email support");
  return lines;
}
