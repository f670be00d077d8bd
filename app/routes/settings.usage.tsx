/**
 * /app/settings/usage (L): the account's usage against its plan's limits (spec 01 §2 "Account
 * Usage"): active aliases, aliases created this month and API credits this month.
 */
import { Link } from "react-router";
import { getDb } from "../../db/client.server";
import { getUsage } from "../../db/usage.server";
import { limitOf } from "../../domain/entitlements";
import { getPlan, type LimitOption } from "../../domain/plans";
import { SettingsCard, SettingsHeading } from "../components/settings";
import { getCloudflare } from "../context.server";
import { requireUser } from "../session.server";
import type { Route } from "./+types/settings.usage";

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
      id: "aliases-this-month",
      label: "Aliases this month",
      hint: "Short links created since the first of the month (UTC).",
      used: usage.aliasesThisMonth,
      limit: limit("max_aliases_per_month"),
    },
    {
      id: "api-credits",
      label: "API credits this month",
      hint: "Credits spent by API calls since the first of the month (UTC).",
      used: usage.apiCredits,
      limit: limit("max_api_credits"),
    },
  ];
  return { plan: getPlan(viewer.subject.plan).title, meters };
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

export default function Usage({ loaderData }: Route.ComponentProps) {
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
      </SettingsCard>
    </>
  );
}
