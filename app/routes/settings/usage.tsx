/**
 * /app/settings/usage (L): the account's usage against its plan's limits (spec 01 §2 "Account
 * Usage"): active aliases, aliases created this month and API credits this month.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getOveragesEnabled, setOveragesEnabled } from "../../../db/users.server";
import { OVERAGE_BLOCK_PRICE, OVERAGE_BLOCK_UNITS, overageBlocks, proratedOverageCharge } from "../../../domain/overage";
import { getDb } from "../../../db/client.server";
import { getUsage } from "../../../db/usage.server";
import { limitOf } from "../../../domain/entitlements";
import { planServices } from "../../../domain/plan-services";
import { getPlan, type LimitOption } from "../../../domain/plans";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/usage";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Account Usage | Snip" }];

interface Meter {
  id: string;
  label: string;
  hint: string;
  used: number;
  /** null = unlimited. */
  limit: number | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const usage = await getUsage(getDb(getCloudflare(context).env.DB), viewer.user.id);
  const limit = (option: LimitOption) => limitOf(viewer.subject, option);
  const meters: Meter[] = [
    {
      id: "active-aliases",
      label: "Active aliases",
      hint: "Short links that redirect now.",
      used: usage.activeAliases,
      limit: limit("max_active_aliases"),
    },
    {
      id: "aliases",
      label: "Aliases in total",
      hint: "Short links you hold, archived ones included (deleted ones do not count).",
      used: usage.aliases,
      limit: limit("max_aliases"),
    },
    {
      id: "aliases-this-month",
      label: "Aliases this month",
      hint: "Short links created since the first of the month (UTC).",
      used: usage.aliasesThisMonth,
      limit: limit("max_aliases_per_month"),
    },
    {
      id: "web-credits",
      label: "Web credits this month",
      hint: "Links created through this site (the forms, not the API) since the first of the month (UTC).",
      used: usage.webCredits,
      limit: limit("max_web_credits"),
    },
    {
      id: "api-credits",
      label: "API credits this month",
      hint: "Credits spent by API calls since the first of the month (UTC).",
      used: usage.apiCredits,
      limit: limit("max_api_credits"),
    },
  ];
  const db = getDb(getCloudflare(context).env.DB);
  const overages = viewer.subscribed ? await getOveragesEnabled(db, viewer.user.id) : false;
  const sub = viewer.subscription;
  const activeLimit = limit("max_active_aliases");
  const projected =
    overages && sub?.periodStartsAt && sub.periodEndsAt
      ? proratedOverageCharge(usage.activeAliases, activeLimit, { startsAt: sub.periodStartsAt, endsAt: sub.periodEndsAt }, new Date())
      : 0;
  return {
    plan: getPlan(viewer.subject.plan).title,
    meters,
    canUseOverages: viewer.subscribed,
    overages,
    projected: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(projected / 100),
    blocks: overageBlocks(usage.activeAliases, activeLimit),
    perUrl: limit("max_aliases_per_url"),
    services: planServices(viewer.subject),
  };
}

const overagesSchema = z.object({ overages: z.enum(["on", "off"]) });

/** Overages on or off (subscribers only): with them on, creating past the limit is billed, not refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const parsed = overagesSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  if (!parsed.success) return data({ error: "Something went wrong. Please try again or contact customer support." }, { status: 422 });
  if (!viewer.subscribed) return data({ error: "Permission denied." }, { status: 403 });
  await setOveragesEnabled(getDb(getCloudflare(context).env.DB), viewer.user.id, parsed.data.overages === "on");
  return redirect("/app/settings/usage");
}

const NUMBER = new Intl.NumberFormat("en-US");

function percentOf(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

function UsageMeter({ meter }: { meter: Meter }) {
  const labelId = `usage-${meter.id}`;
  const unlimited = meter.limit === null;
  const notIncluded = meter.limit === 0;
  const percent = meter.limit === null ? 0 : percentOf(meter.used, meter.limit);
  const barColor = percent >= 100 ? "bg-red-500" : percent >= 80 ? "bg-amber-500" : "bg-indigo-600";
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={labelId} className="font-semibold text-slate-900">
          {meter.label}
        </p>
        <p className="text-sm text-slate-700" data-testid={`${meter.id}-figure`}>
          <strong className="text-slate-900">{NUMBER.format(meter.used)}</strong>
          {unlimited ? " of Unlimited" : ` of ${NUMBER.format(meter.limit!)}`}
        </p>
      </div>
      <p className="mt-0.5 text-xs text-slate-500">{notIncluded ? "Not included in your plan." : meter.hint}</p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={unlimited ? undefined : (meter.limit ?? undefined)}
        aria-valuenow={unlimited ? undefined : meter.used}
        aria-valuetext={
          unlimited ? `${NUMBER.format(meter.used)} used, unlimited` : `${NUMBER.format(meter.used)} of ${NUMBER.format(meter.limit!)}`
        }
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${unlimited ? "bg-emerald-500/40" : barColor}`}
          style={{ width: unlimited ? "100%" : `${percent}%` }}
        />
      </div>
    </li>
  );
}

export default function Usage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Account Usage" lead="How much of your plan you are using." />
      <SettingsCard
        id="usage"
        title={`${loaderData.plan} plan`}
        description={
          <>
            Limits come from your plan.{" "}
            <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
              Compare plans
            </Link>
          </>
        }
      >
        <ul className="divide-y divide-slate-200">
          {loaderData.meters.map((meter) => (
            <UsageMeter key={meter.id} meter={meter} />
          ))}
        </ul>
        <p className="mt-5 text-sm text-slate-600" data-testid="per-url-limit">
          {loaderData.perUrl === null
            ? "Any number of short links may point to the same destination URL."
            : `Up to ${NUMBER.format(loaderData.perUrl)} short ${loaderData.perUrl === 1 ? "link" : "links"} may point to the same destination URL.`}
        </p>
      </SettingsCard>
      <div className="mt-6">
        <SettingsCard id="services" title="Included services" description="The service that comes with your plan.">
          {loaderData.services.length === 0 ? (
            <p className="text-sm text-slate-700">
              Your plan includes self-service help only.{" "}
              <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
                Plans with support
              </Link>
            </p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Included services">
              {loaderData.services.map((service) => (
                <li key={service.flag} className="py-3 first:pt-0 last:pb-0">
                  <p className="font-semibold text-slate-900">{service.title}</p>
                  <p className="mt-0.5 text-sm text-slate-600">{service.detail}</p>
                  {service.href ? (
                    <a href={service.href} className="mt-1 inline-block text-sm font-semibold text-indigo-700 hover:underline">
                      {service.action}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>
      </div>
      <div className="mt-6">
        <SettingsCard
          id="overages"
          title="Overages"
          description={`Keep creating links past your plan's active-link limit for $${OVERAGE_BLOCK_PRICE / 100} per ${OVERAGE_BLOCK_UNITS} extra links, prorated for the rest of the billing period.`}
        >
          {actionData?.error ? (
            <p role="alert" className="mb-3 text-sm font-medium text-red-600">
              {actionData.error}
            </p>
          ) : null}
          {loaderData.canUseOverages ? (
            <div className="space-y-3 text-sm text-slate-700">
              <p data-testid="overages-status">
                Overages are <strong>{loaderData.overages ? "on" : "off"}</strong>.
                {loaderData.overages
                  ? ` Projected charge this period: ${loaderData.projected} (${loaderData.blocks} blocks over the limit).`
                  : ""}
              </p>
              <Form method="post">
                <button
                  name="overages"
                  value={loaderData.overages ? "off" : "on"}
                  className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
                >
                  {loaderData.overages ? "Turn Overages Off" : "Turn Overages On"}
                </button>
              </Form>
            </div>
          ) : (
            <p className="text-sm text-slate-700">
              Overages come with a paid plan.{" "}
              <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
                See plans
              </Link>
            </p>
          )}
        </SettingsCard>
      </div>
    </>
  );
}
