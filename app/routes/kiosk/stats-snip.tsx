/**
 * /app/kiosk/stats/snip (L and developer; spec 01 §2 "stats/tinyurl", the product's name; issue 19,
 * decision 045): users, paying workspaces and revenue by plan, with the sign-ups of the last 30
 * days. Each figure says where it is read from.
 */
import { Link } from "react-router";
import { getBusinessStats, STATS_DAYS } from "../../../db/kiosk-stats.server";
import { KioskCard } from "../../components/kiosk";
import { Figure, formatNumber, TrendChart } from "../../components/trend-chart";
import { requireStaff } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/stats-snip";

export const meta: Route.MetaFunction = () => [{ title: "Snip stats | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  return { stats: await getBusinessStats(db), days: STATS_DAYS };
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}

export default function KioskSnipStats({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const totals = new Map<string, number>();
  for (const row of stats.revenueByPlan) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.monthlyCents);
  return (
    <div className="space-y-6">
      <nav aria-label="Stats" className="flex gap-2 text-sm">
        <span className="font-bold text-slate-900">Business figures</span>
        <span aria-hidden="true">·</span>
        <Link to="/app/kiosk/stats/system" className="font-semibold text-indigo-700 hover:underline">
          System figures (links, clicks, queues)
        </Link>
      </nav>
      <KioskCard id="users" title="Users">
        <div className="grid gap-3 sm:grid-cols-3">
          <Figure label="Users" value={formatNumber(stats.users)} source="Counted in the users table." />
          <Figure label="Verified users" value={formatNumber(stats.verifiedUsers)} source="Users table: email verified." />
          <Figure label="Terminated accounts" value={formatNumber(stats.terminatedUsers)} source="Users table: terminated by staff." />
        </div>
        <h3 className="mb-2 mt-6 text-sm font-bold text-slate-800">Sign-ups per day</h3>
        <div className="max-w-2xl">
          <TrendChart points={stats.usersPerDay} label="Sign-ups" units={["user", "users"]} testId="signups-chart" />
        </div>
      </KioskCard>
      <KioskCard
        id="revenue"
        title="Paying workspaces and revenue"
        description="Read from the current subscriptions (personal, team and organization): not ended, past any trial, a price above zero. Monthly recurring revenue counts a yearly price as a twelfth."
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <Figure
            label="Paying workspaces"
            value={formatNumber(stats.payingWorkspaces)}
            source="Distinct billing owners of a paid current subscription."
          />
          <Figure label="Trials" value={formatNumber(stats.trials)} source="Current subscriptions still in their trial." />
          <Figure
            label="Monthly revenue"
            value={totals.size === 0 ? money(0, "USD") : [...totals].map(([currency, cents]) => money(cents, currency)).join(" + ")}
            source="Sum of the paid current subscriptions, per month."
          />
        </div>
        {stats.revenueByPlan.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">No workspace pays now.</p>
        ) : (
          <table className="mt-4 w-full text-left text-sm" aria-label="Revenue by plan">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">Plan</th>
                <th className="py-2 pr-4">Paying workspaces</th>
                <th className="py-2">Monthly revenue</th>
              </tr>
            </thead>
            <tbody>
              {stats.revenueByPlan.map((row) => (
                <tr key={`${row.plan}-${row.currency}`} className="border-t border-slate-100">
                  <td className="py-2 pr-4 capitalize">{row.plan}</td>
                  <td className="py-2 pr-4">{formatNumber(row.workspaces)}</td>
                  <td className="py-2">{money(row.monthlyCents, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-4 text-xs text-slate-500">Sign-ups cover the last {loaderData.days} UTC days.</p>
      </KioskCard>
    </div>
  );
}
