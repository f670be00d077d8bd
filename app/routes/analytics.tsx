/**
 * /app/analytics/{hash} (spec 01 §2 General, §9): the analytics of one of the viewer's links, for
 * users with the use_analytics capability. The hash is the link's alias; a link on another domain
 * than the default short host (an extra short domain, a branded domain) is named with
 * `?domain=` too (analyticsPath), as an alias names a link only together with its domain. Read from the rollups;
 * the chart is inline SVG rendered on the server, so the page ships no JavaScript.
 * The same page serves a team's link at /app/organizations/{org}/team/{team}/analytics/{hash}
 * and the user's own links in an organization at /app/organizations/{org}/me/analytics/{hash}
 * (organizationLoader, docs/decisions/062).
 */
import { data, Form, isRouteErrorResponse, Link, redirect } from "react-router";
import { z } from "zod";
import {
  findOwnedLink,
  findSharedLink,
  getLinkAnalytics,
  setAnalyticsShared,
  type AnalyticsLink,
  type Breakdown,
  type SeriesPoint,
} from "../../db/analytics.server";
import { getDb } from "../../db/client.server";
import type { ClickDimension } from "../../db/schema/clicks";
import { isAliasShaped } from "../../domain/alias";
import { ANALYTICS_PERIODS, choosePeriod, describeDuration, PERIODS, periodAllowed, type AnalyticsPeriod } from "../../domain/analytics";
import { atClickLimit, clickLimitNotice } from "../../domain/click-limits";
import { can, limitOf, mayDownloadLogs, mayShareAnalytics, type Subject } from "../../domain/entitlements";
import { describeRule, fromCompactRoutes, parseStoredRoutes, ROUTE_FALLBACK } from "../../domain/redirect-routes";
import { getPlan } from "../../domain/plans";
import { getCloudflare } from "../context.server";
import { readAnalyticsPeriod, serializeAnalyticsPeriod } from "../lib/analytics-period.server";
import { analyticsDomainOf, analyticsPath, shortUrl } from "../lib/links.server";
import { requireWorkspaceAnalytics } from "../lib/organizations/analytics.server";
import type { RouteHandle } from "../route-handle";
import { personalWorkspaceSubject } from "../lib/analytics-sharing.server";
import { getViewer, requestTarget, requireUser } from "../session.server";
import type { Route } from "./+types/analytics";
import { requestFormData } from "../lib/form-body.server";

export const handle: RouteHandle = { hydrate: false };

/** The loader's and the error's robots and caching headers reach the document (issue 20: never indexed). */
export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const out = new Headers();
  for (const name of ["x-robots-tag", "cache-control"]) {
    const value = (errorHeaders ?? loaderHeaders).get(name);
    if (value) out.set(name, value);
  }
  return out;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Analytics of ${loaderData.link.alias} | Snip` : "Analytics | Snip" },
  // A shared page is public but never indexed; the owner's is private.
  { name: "robots", content: "noindex" },
];

/** Where a user without analytics goes: the plans that include it. */
const NO_ANALYTICS_REDIRECT = "/app/pricing";

const DIMENSIONS: { id: ClickDimension; title: string; column: string }[] = [
  { id: "country", title: "Countries", column: "Country" },
  { id: "referrer", title: "Referrers", column: "Referrer" },
  { id: "device", title: "Devices", column: "Device" },
  { id: "browser", title: "Browsers", column: "Browser" },
  { id: "os", title: "Operating systems", column: "Operating system" },
  { id: "language", title: "Languages", column: "Language" },
  // Redirect routes (docs/decisions/037): shown for links that have rules or had routed clicks
  { id: "route", title: "Routes", column: "Route" },
];

/** Labels of the "Routes" breakdown: each rule by its place and sentence, the fallback, and rules since removed. */
function routeLabels(stored: string | null): (value: string) => string {
  const rules = fromCompactRoutes(parseStoredRoutes(stored));
  return (value) => {
    if (value === ROUTE_FALLBACK) return "Fallback (the link's destination)";
    const index = rules.findIndex((rule) => rule.id === value);
    return index === -1 ? "A removed rule" : `Rule ${index + 1}: ${describeRule(rules[index]!)}`;
  };
}

function displayNames(type: "region" | "language"): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(["en"], { type, fallback: "none" });
  } catch {
    return null;
  }
}

/**
 * The display name of a region or language code, or null. Intl throws a RangeError for a value
 * that is not a well-formed code: the edge sends "T1" (Tor) and "XX" (unknown) as countries,
 * and the language is whatever the visitor's browser said.
 */
function nameOf(names: Intl.DisplayNames | null, code: string): string | null {
  try {
    return names?.of(code) ?? null;
  } catch {
    return null;
  }
}

/** A readable label for a breakdown value: country and language names, "Direct" for no referrer. */
function labelOf(
  dimension: ClickDimension,
  value: string,
  names: { region: Intl.DisplayNames | null; language: Intl.DisplayNames | null },
) {
  if (value === "unknown") return "Unknown";
  if (dimension === "referrer" && value === "(direct)") return "Direct (no referrer)";
  if (dimension === "country") {
    const name = nameOf(names.region, value);
    return name && name !== value ? `${name} (${value})` : value;
  }
  if (dimension === "language") {
    const name = nameOf(names.language, value);
    return name && name !== value ? `${name} (${value})` : value;
  }
  if (dimension === "device") return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** Not found, for a guest with a way to log in (the owner of a link that is not shared). */
function notFound(request: Request, guest: boolean): never {
  throw data(
    { login: guest ? `/app/login?to=${encodeURIComponent(requestTarget(request))}` : null },
    {
      status: 404,
      headers: { "x-robots-tag": "noindex", "cache-control": "no-store" },
    },
  );
}

export async function loader(args: Route.LoaderArgs) {
  if (args.params.org !== undefined) return organizationLoader(args);
  const { request, context, params } = args;
  const viewer = getViewer(context);
  const { env } = getCloudflare(context);
  const alias = params.hash;
  const domain = analyticsDomainOf(env, request);
  if (!isAliasShaped(alias) || domain === null) notFound(request, viewer === null);

  // The owner's own page (spec 01 §2), or else the read-only page of a link its owner shares (issue 20).
  if (viewer && can(viewer.subject, "use_analytics")) {
    const link = await findOwnedLink(env.DB, { workspaceId: viewer.user.id, domain, alias });
    if (link) return ownerView(request, env, viewer.subject, link, personalScope(env, link, viewer.subject, request));
  }
  const shared = await findSharedLink(env.DB, { domain, alias });
  const ownerSubject = shared ? await personalWorkspaceSubject(getDb(env.DB), shared.workspaceId) : null;
  if (shared && ownerSubject && mayShareAnalytics(ownerSubject)) return publicView(request, env, shared, ownerSubject);
  if (viewer && !can(viewer.subject, "use_analytics")) throw redirect(NO_ANALYTICS_REDIRECT);
  return notFound(request, viewer === null);
}

/**
 * A link inside an organization (docs/decisions/062): a team's, read by everyone who may open the
 * team, or the user's own there, with the capabilities of that workspace's plan. Another
 * workspace's or an unknown link is not found; the page offers no public sharing, and the click
 * log follows the workspace's plan.
 */
async function organizationLoader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const scope = await requireWorkspaceAnalytics(args);
  const { env } = getCloudflare(context);
  const alias = params.hash;
  const domain = analyticsDomainOf(env, request);
  if (!isAliasShaped(alias) || domain === null || scope.workspaceId === null) return notFound(request, false);
  const link = await findOwnedLink(env.DB, { workspaceId: scope.workspaceId, domain, alias });
  if (!link) return notFound(request, false);
  if (!can(scope.subject, "use_analytics"))
    throw data(
      { login: null, message: scope.notInPlan },
      { status: 403, headers: { "x-robots-tag": "noindex", "cache-control": "no-store" } },
    );
  return ownerView(request, env, scope.subject, link, {
    base: scope.base,
    sharing: null,
    workspace: { label: scope.label, back: scope.back, readers: scope.readers },
  });
}

type Env = ReturnType<typeof getCloudflare>["env"];

/** Where the owner's page lives and what it offers: the personal page with public sharing, or a team's. */
interface OwnerScope {
  base: string;
  sharing: { allowed: boolean; shared: boolean; publicUrl: string } | null;
  workspace: { label: string; back: { to: string; text: string }; readers: string } | null;
}

function personalScope(env: Env, link: AnalyticsLink, subject: Subject, request: Request): OwnerScope {
  return {
    base: "/app/analytics",
    sharing: {
      allowed: mayShareAnalytics(subject),
      shared: link.analyticsShared,
      publicUrl: `${new URL(request.url).origin}${analyticsPath(env, link)}`,
    },
    workspace: null,
  };
}

/** The page's own address, a period's on it (the link's domain kept), and the click log's. */
function pathsOf(env: Env, link: AnalyticsLink, base = "/app/analytics") {
  const page = analyticsPath(env, link, "", base);
  const periods = Object.fromEntries(
    ANALYTICS_PERIODS.map((id) => {
      const url = new URL(page, "http://x");
      url.searchParams.set("period", id);
      return [id, url.pathname + url.search];
    }),
  ) as Record<AnalyticsPeriod, string>;
  return { page, periods, clicksCsv: analyticsPath(env, link, "/clicks.csv", base) };
}

/** `routes`: the link's stored rules on the owner's page; undefined on the public page, which shows no routes. */
function breakdownsOf(report: Awaited<ReturnType<typeof getLinkAnalytics>>, routes: string | null | undefined) {
  const names = { region: displayNames("region"), language: displayNames("language") };
  // The "Routes" card names each rule with its destination: the owner's page only (docs/decisions/037).
  const routeLabel = routes === undefined ? null : routeLabels(routes);
  return DIMENSIONS.filter(
    ({ id }) => id !== "route" || (routeLabel !== null && (routes !== null || report.breakdowns.route.rows.length > 0)),
  ).map(({ id, title, column }) => {
    const breakdown: Breakdown = report.breakdowns[id];
    return {
      id,
      title,
      column,
      other: breakdown.other,
      rows: breakdown.rows.map((row) => ({
        ...row,
        label: id === "route" && routeLabel ? routeLabel(row.value) : labelOf(id, row.value, names),
      })),
    };
  });
}

/** Clicks options (issue 20, docs/decisions/038): the plan's limit when the link reached it, else null. */
function reachedClickLimit(subject: Subject, link: AnalyticsLink): number | null {
  const limit = limitOf(subject, "max_trackable_clicks");
  return limit !== null && atClickLimit(limit, link.trackedClicks, link.clicksUnlimited) ? limit : null;
}

async function ownerView(request: Request, env: Env, subject: Subject, link: AnalyticsLink, scope: OwnerScope) {
  const planPeriod = getPlan(subject.plan).options.analytics_period;
  const remembered = await readAnalyticsPeriod(request);
  const { period, fromQuery } = choosePeriod(new URL(request.url).searchParams.get("period"), remembered, planPeriod);
  const report = await getLinkAnalytics(env.DB, link.id, period);

  const headers = new Headers();
  if (fromQuery && period !== remembered) headers.append("set-cookie", await serializeAnalyticsPeriod(period, request));
  return data(
    {
      view: "owner" as const,
      link: { alias: link.alias, url: link.url, shortUrl: shortUrl(env, request, link), status: link.status },
      paths: pathsOf(env, link, scope.base),
      sharing: scope.sharing,
      workspace: scope.workspace,
      downloadLogs: mayDownloadLogs(subject),
      clickLimit: reachedClickLimit(subject, link),
      period,
      periods: ANALYTICS_PERIODS.map((id) => ({ id, label: PERIODS[id].label, allowed: periodAllowed(id, planPeriod) })),
      planPeriod,
      range: report.range,
      totals: report.totals,
      series: report.series,
      breakdowns: breakdownsOf(report, link.routes),
    },
    { headers },
  );
}

/** Read-only, no login, nothing of the owner: the short link and its clicks, never indexed. */
async function publicView(request: Request, env: Env, link: AnalyticsLink, owner: Subject) {
  const planPeriod = getPlan(owner.plan).options.analytics_period;
  const { period } = choosePeriod(new URL(request.url).searchParams.get("period"), null, planPeriod);
  const report = await getLinkAnalytics(env.DB, link.id, period);
  return data(
    {
      view: "public" as const,
      link: { alias: link.alias, url: null, shortUrl: shortUrl(env, request, link), status: "active" },
      paths: pathsOf(env, link),
      sharing: null,
      workspace: null,
      downloadLogs: false,
      // The notice speaks to the owner ("your plan's"): not on the public page.
      clickLimit: null,
      period,
      periods: ANALYTICS_PERIODS.map((id) => ({ id, label: PERIODS[id].label, allowed: periodAllowed(id, planPeriod) })),
      planPeriod,
      range: report.range,
      totals: report.totals,
      series: report.series,
      breakdowns: breakdownsOf(report, undefined),
    },
    { headers: { "x-robots-tag": "noindex", "cache-control": "no-store" } },
  );
}

const shareSchema = z.object({ intent: z.enum(["share", "unshare"]) });

/** The owner turns public sharing of the link's analytics on or off (issue 20). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const alias = params.hash;
  const domain = analyticsDomainOf(env, request);
  const link =
    can(viewer.subject, "use_analytics") && isAliasShaped(alias) && domain !== null
      ? await findOwnedLink(env.DB, { workspaceId: viewer.user.id, domain, alias })
      : null;
  if (!link) throw data("Not Found", { status: 404 });
  const parsed = shareSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  if (!parsed.success) return data({ error: "Choose whether to share the analytics." }, { status: 422 });
  if (parsed.data.intent === "share" && !mayShareAnalytics(viewer.subject)) return data({ error: SHARE_NOT_IN_PLAN }, { status: 403 });
  await setAnalyticsShared(env.DB, link.id, parsed.data.intent === "share");
  return redirect(analyticsPath(env, link));
}

export const SHARE_NOT_IN_PLAN = "Sharing analytics publicly is not included in your plan.";

const NUMBER = new Intl.NumberFormat("en-US");
const HOUR_LABEL = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
const DAY_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const FULL_LABEL = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" });

function bucketLabel(start: string, bucketHours: number): string {
  return bucketHours === 1 ? HOUR_LABEL.format(new Date(start)) : DAY_LABEL.format(new Date(start));
}

function bucketTitle(start: string, bucketHours: number): string {
  return bucketHours === 1 ? `${FULL_LABEL.format(new Date(start))} UTC` : `${DAY_LABEL.format(new Date(start))} (UTC day)`;
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** A round upper bound for the y axis: 1, 2 or 5 times a power of ten, at least 1. */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const CHART = { width: 720, height: 240, left: 44, right: 8, top: 12, bottom: 30 };

function ClicksChart({ series, bucketHours, periodLabel }: { series: SeriesPoint[]; bucketHours: number; periodLabel: string }) {
  const plotW = CHART.width - CHART.left - CHART.right;
  const plotH = CHART.height - CHART.top - CHART.bottom;
  const max = niceMax(Math.max(...series.map((p) => p.clicks + p.botClicks), 0));
  const slot = plotW / series.length;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => CHART.top + plotH - (v / max) * plotH;
  const labelEvery = Math.ceil(series.length / 8);
  const total = series.reduce((sum, p) => sum + p.clicks, 0);
  const busiest = series.reduce((best, p) => (p.clicks > best.clicks ? p : best), series[0]!);
  const unit = bucketHours === 1 ? "hour" : "day";
  const summary =
    `Clicks per ${unit}, ${periodLabel.toLowerCase()}: ${NUMBER.format(total)} in total` +
    (busiest.clicks > 0 ? `, most (${NUMBER.format(busiest.clicks)}) at ${bucketTitle(busiest.start, bucketHours)}.` : ".");
  return (
    <figure>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full"
        data-testid="clicks-chart"
      >
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" strokeWidth={1} />
            <text x={CHART.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {Number.isInteger(tick) ? NUMBER.format(tick) : ""}
            </text>
          </g>
        ))}
        {series.map((p, i) => {
          const x = CHART.left + i * slot + (slot - barW) / 2;
          return (
            <g key={p.start}>
              <title>{`${bucketTitle(p.start, bucketHours)}: ${p.clicks} ${p.clicks === 1 ? "click" : "clicks"}, ${p.uniques} unique, ${p.botClicks} ${p.botClicks === 1 ? "bot" : "bots"}`}</title>
              {p.clicks > 0 ? (
                <rect x={x} y={y(p.clicks)} width={barW} height={y(0) - y(p.clicks)} rx={2} className="fill-indigo-600" />
              ) : null}
              {p.botClicks > 0 ? (
                <rect
                  x={x}
                  y={y(p.clicks + p.botClicks)}
                  width={barW}
                  height={y(p.clicks) - y(p.clicks + p.botClicks)}
                  rx={2}
                  className="fill-slate-300"
                />
              ) : null}
              {i % labelEvery === 0 ? (
                <text x={CHART.left + i * slot + slot / 2} y={CHART.height - 10} textAnchor="middle" className="fill-slate-500 text-[11px]">
                  {bucketLabel(p.start, bucketHours)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap items-center gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-indigo-600" /> Clicks
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-slate-300" /> Bot clicks
        </span>
        <span>Times in UTC, one bar per {unit}.</span>
      </figcaption>
      <table className="sr-only">
        <caption>Clicks per {unit} (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">{bucketHours === 1 ? "Hour" : "Day"}</th>
            <th scope="col">Clicks</th>
            <th scope="col">Unique visitors</th>
            <th scope="col">Bot clicks</th>
          </tr>
        </thead>
        <tbody>
          {series.map((p) => (
            <tr key={p.start}>
              <th scope="row">{bucketTitle(p.start, bucketHours)}</th>
              <td>{p.clicks}</td>
              <td>{p.uniques}</td>
              <td>{p.botClicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function BreakdownCard({ breakdown, total }: { breakdown: LoaderData["breakdowns"][number]; total: number }) {
  const headingId = `breakdown-${breakdown.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={headingId}>
      <h3 id={headingId} className="text-base font-bold text-slate-900">
        {breakdown.title}
      </h3>
      {breakdown.rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No clicks in this period.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{breakdown.column}</th>
              <th scope="col">Clicks</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((row) => {
              const share = percent(row.clicks, total);
              return (
                <tr key={row.value} className="border-t border-slate-100 first:border-t-0">
                  <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-800">
                    <span className="block truncate" title={row.label}>
                      {row.label}
                    </span>
                    <span aria-hidden="true" className="mt-1 block h-1.5 w-full overflow-hidden rounded-full bg-slate-100">
                      <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${share}%` }} />
                    </span>
                  </th>
                  <td className="w-16 py-2 text-right tabular-nums text-slate-900">{NUMBER.format(row.clicks)}</td>
                  <td className="w-16 py-2 text-right tabular-nums text-slate-500">{share}%</td>
                </tr>
              );
            })}
            {breakdown.other > 0 ? (
              <tr className="border-t border-slate-100">
                <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-500">
                  Other
                </th>
                <td className="w-16 py-2 text-right tabular-nums text-slate-700">{NUMBER.format(breakdown.other)}</td>
                <td className="w-16 py-2 text-right tabular-nums text-slate-500">{percent(breakdown.other, total)}%</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PeriodSwitcher({
  periods,
  current,
  planPeriod,
  owner,
  hrefs,
}: Pick<LoaderData, "periods" | "planPeriod"> & { current: AnalyticsPeriod; owner: boolean; hrefs: Record<AnalyticsPeriod, string> }) {
  const limited = periods.some((p) => !p.allowed);
  return (
    <div>
      <nav aria-label="Period" className="inline-flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
        {periods.map((p) =>
          !p.allowed ? (
            <span
              key={p.id}
              aria-disabled="true"
              className="cursor-not-allowed rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-400"
            >
              {p.label}
            </span>
          ) : p.id === current ? (
            <span key={p.id} aria-current="page" className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white">
              {p.label}
            </span>
          ) : (
            <Link
              key={p.id}
              to={hrefs[p.id]}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
            >
              {p.label}
            </Link>
          ),
        )}
      </nav>
      {limited && owner ? (
        <p className="mt-2 text-xs text-slate-500">
          Your plan&apos;s analytics reach back {planPeriod ? describeDuration(planPeriod) : ""}; longer periods need a bigger plan.
        </p>
      ) : null}
    </div>
  );
}

function Stat({ id, label, value, hint }: { id: string; label: string; value: number; hint: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900" data-testid={id}>
        {NUMBER.format(value)}
      </dd>
      <dd className="mt-1 text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

/**
 * The owner's controls (issue 20): public sharing of the page and the click log download. A team's
 * link or a user's own in an organization (docs/decisions/062) has the download only.
 */
function OwnerTools({
  sharing,
  readers,
  downloadLogs,
  paths,
  error,
}: {
  sharing: LoaderData["sharing"];
  readers: string | null;
  downloadLogs: boolean;
  paths: LoaderData["paths"];
  error?: string;
}) {
  return (
    <section aria-labelledby="share-title" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="share-title" className="text-base font-bold text-slate-900">
        {sharing ? "Sharing and export" : "Export"}
      </h2>
      {sharing === null ? (
        <p className="mt-3 text-sm text-slate-600">{readers}</p>
      ) : sharing.allowed ? (
        sharing.shared ? (
          <Form method="post" action={paths.page} className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">
              Anyone with this address can read these analytics, without logging in:{" "}
              <a href={sharing.publicUrl} className="break-all font-semibold text-indigo-700 hover:underline" data-testid="public-url">
                {sharing.publicUrl}
              </a>
            </p>
            <button
              type="submit"
              name="intent"
              value="unshare"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              Stop sharing
            </button>
          </Form>
        ) : (
          <Form method="post" action={paths.page} className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">Only you can see these analytics. Share them to give anyone a read-only page.</p>
            <button
              type="submit"
              name="intent"
              value="share"
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
            >
              Share publicly
            </button>
          </Form>
        )
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          Public analytics pages are included in the Pro plans.{" "}
          <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
            See the plans
          </Link>
        </p>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      {downloadLogs ? (
        <p className="mt-3 text-sm">
          <a href={paths.clicksCsv} download className="font-semibold text-indigo-700 hover:underline">
            Download the click log (CSV)
          </a>
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Downloading the click log as CSV is included in the Pro plans.</p>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const login = isRouteErrorResponse(error) && error.status === 404 ? (error.data as { login?: string | null } | null)?.login : null;
  // A refusal with its reason (a team's plan without analytics, a guard's "Permission denied.").
  const reason = isRouteErrorResponse(error) && error.status === 403 ? refusalOf(error.data) : null;
  if (reason !== null)
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">Analytics unavailable</h1>
        <p className="mt-4 text-slate-600" data-testid="refusal">
          {reason}
        </p>
        <Link to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
          Go to the homepage
        </Link>
      </div>
    );
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">
        {isRouteErrorResponse(error) && error.status === 404 ? "Not Found" : "An error has occurred, please try again."}
      </h1>
      <p className="mt-4 text-slate-600">No analytics are shared at this address.</p>
      {login ? (
        <p className="mt-2 text-slate-600">
          If it is your link,{" "}
          <Link to={login} className="font-semibold text-indigo-700 hover:underline">
            log in
          </Link>{" "}
          to see its analytics.
        </p>
      ) : null}
      <Link to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        Go to the homepage
      </Link>
    </div>
  );
}

/** The message of a 403: a string body, or an object's `message`. */
function refusalOf(body: unknown): string | null {
  if (typeof body === "string" && body.length > 0) return body;
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

export default function Analytics({ loaderData, actionData }: Route.ComponentProps) {
  const {
    view,
    link,
    paths,
    sharing,
    workspace,
    downloadLogs,
    clickLimit,
    period,
    periods,
    planPeriod,
    range,
    totals,
    series,
    breakdowns,
  } = loaderData;
  const periodLabel = PERIODS[period].label;
  const empty = totals.clicks === 0 && totals.botClicks === 0;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <header className="mb-6">
        {workspace ? (
          <p className="mb-2 text-sm">
            <Link to={workspace.back.to} className="font-semibold text-indigo-700 hover:underline">
              ← {workspace.back.text}
            </Link>
          </p>
        ) : null}
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
          {view === "public" ? "Shared analytics" : workspace ? `Analytics · ${workspace.label}` : "Analytics"}
        </p>
        <h1 className="mt-1 break-all text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          <a href={link.shortUrl} className="hover:underline" data-testid="short-link">
            {link.shortUrl.replace(/^https?:\/\//, "")}
          </a>
        </h1>
        {link.url !== null ? (
          <p className="mt-2 break-all text-sm text-slate-600">
            <span className="font-medium text-slate-700">Destination: </span>
            <span data-testid="destination">{link.url}</span>
            {link.status !== "active" ? (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">{link.status}</span>
            ) : null}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">A read-only page its owner shares publicly.</p>
        )}
      </header>

      {clickLimit !== null ? (
        <p
          role="status"
          data-testid="click-limit"
          className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {clickLimitNotice(clickLimit)}
        </p>
      ) : null}

      {view === "owner" ? (
        <OwnerTools
          sharing={sharing}
          readers={workspace?.readers ?? null}
          downloadLogs={downloadLogs}
          paths={paths}
          error={actionData?.error}
        />
      ) : null}

      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <PeriodSwitcher periods={periods} current={period} planPeriod={planPeriod} owner={view === "owner"} hrefs={paths.periods} />
        <p className="text-xs text-slate-500" data-testid="range">
          {FULL_LABEL.format(new Date(range.start))} to {FULL_LABEL.format(new Date(range.end))} UTC
        </p>
      </div>

      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat id="total-clicks" label="Total clicks" value={totals.clicks} hint="Visits by people, bots not included." />
        <Stat id="unique-visitors" label="Unique visitors" value={totals.uniques} hint="Counted per hour." />
        <Stat id="bot-clicks" label="Bot clicks" value={totals.botClicks} hint="Crawlers and scripts, counted apart." />
      </dl>

      {empty ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="analytics-empty">
          <p className="text-lg font-semibold text-slate-800">No clicks in this period</p>
          <p className="mt-2 text-slate-600">
            Share{" "}
            <a href={link.shortUrl} className="font-semibold text-indigo-700 hover:underline">
              {link.shortUrl}
            </a>{" "}
            and its visits appear here within a few seconds.
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="chart-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="chart-title" className="mb-4 text-lg font-bold text-slate-900">
              Clicks over time
            </h2>
            <ClicksChart series={series} bucketHours={range.bucketHours} periodLabel={periodLabel} />
          </section>
          <section aria-labelledby="breakdowns-title" className="mt-8">
            <h2 id="breakdowns-title" className="mb-4 text-lg font-bold text-slate-900">
              Where clicks come from
            </h2>
            <p className="-mt-2 mb-4 text-sm text-slate-600">
              Clicks by people in this period; shares are of {NUMBER.format(totals.clicks)} {totals.clicks === 1 ? "click" : "clicks"}.
            </p>
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {breakdowns.map((breakdown) => (
                <BreakdownCard key={breakdown.id} breakdown={breakdown} total={totals.clicks} />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
