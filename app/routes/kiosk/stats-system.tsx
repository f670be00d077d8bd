/**
 * /app/kiosk/stats/system/{domain?} (L and developer; issue 19, decision 045): links, clicks and
 * the queues, in total and per day for the last 30 days, for every short host or one. Each figure
 * says where it is read from.
 */
import { Link } from "react-router";
import { getBrandedDomain } from "../../../db/branded-domains.server";
import { countLinksByDomain, getQueueStats, getTrafficStats, STATS_DAYS } from "../../../db/kiosk-stats.server";
import { creatableDomains, parseShortDomains } from "../../../domain/domains";
import { KioskCard } from "../../components/kiosk";
import { DateTime } from "../../components/settings";
import { Figure, formatNumber, TrendChart } from "../../components/trend-chart";
import { requireStaff } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/stats-system";

export const meta: Route.MetaFunction = () => [{ title: "System stats | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = requireStaff(request, context);
  const shortHosts = creatableDomains(env.SHORT_HOST, parseShortDomains(env.SHORT_DOMAINS)).map((d) => d.domain);
  const domain = params.domain ? params.domain.toLowerCase() : null;
  if (domain !== null && !shortHosts.includes(domain) && !(await getBrandedDomain(db, domain))) {
    throw new Response("No such short domain.", { status: 404 });
  }
  const [traffic, queues, byDomain] = await Promise.all([getTrafficStats(db, domain), getQueueStats(db), countLinksByDomain(db)]);
  return {
    domain,
    traffic,
    queues,
    days: STATS_DAYS,
    hosts: shortHosts.map((host) => ({ host, links: byDomain.get(host) ?? 0 })),
  };
}

const base = "/app/kiosk/stats/system";

export default function KioskSystemStats({ loaderData }: Route.ComponentProps) {
  const { domain, traffic, queues, hosts } = loaderData;
  const scope = domain ? `on ${domain}` : "on every short domain";
  return (
    <div className="space-y-6">
      <nav aria-label="Stats" className="flex flex-wrap gap-2 text-sm">
        <Link to="/app/kiosk/stats/snip" className="font-semibold text-indigo-700 hover:underline">
          Business figures
        </Link>
        <span aria-hidden="true">·</span>
        <span className="text-slate-600">System:</span>
        <Link to={base} className={`hover:underline ${domain === null ? "font-bold text-slate-900" : "text-indigo-700"}`}>
          All domains
        </Link>
        {hosts.map((h) => (
          <Link
            key={h.host}
            to={`${base}/${encodeURIComponent(h.host)}`}
            className={`hover:underline ${domain === h.host ? "font-bold text-slate-900" : "text-indigo-700"}`}
          >
            {h.host} ({formatNumber(h.links)})
          </Link>
        ))}
      </nav>

      <KioskCard id="traffic" title={`Links and clicks ${scope}`}>
        <div className="grid gap-3 sm:grid-cols-4">
          <Figure label="Links" value={formatNumber(traffic.links)} source="Counted in the links table (every status)." />
          <Figure label="Redirecting links" value={formatNumber(traffic.activeLinks)} source="Links table: active and not held by staff." />
          <Figure label="Clicks" value={formatNumber(traffic.clicks)} source="Summed from the hourly click rollups (click_hourly)." />
          <Figure label="Bot clicks" value={formatNumber(traffic.botClicks)} source="Hourly click rollups, counted apart." />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-bold text-slate-800">New links per day</h3>
            <TrendChart points={traffic.linksPerDay} label="New links" units={["link", "links"]} testId="links-chart" />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-bold text-slate-800">Clicks per day</h3>
            <TrendChart points={traffic.clicksPerDay} label="Clicks" units={["click", "clicks"]} testId="clicks-chart" />
          </div>
        </div>
        <p className="mt-4 text-xs text-slate-500">
          Clicks are counted by the queue consumer into the hourly rollups within seconds of the redirect; the charts show the last{" "}
          {loaderData.days} UTC days.
        </p>
      </KioskCard>

      <KioskCard
        id="queues"
        title="Queues"
        description="Cloudflare Queues do not report their depth to a Worker: the backlog is the work the service records as not finished yet."
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <Figure
            label="Bulk imports waiting"
            value={formatNumber(queues.bulkImports)}
            source={`bulk_imports queued or running; ${formatNumber(queues.bulkRows)} rows left to create.`}
          />
          <Figure
            label="Held bulk imports"
            value={formatNumber(queues.heldImports)}
            source="bulk_imports held: the owner's account is terminated."
          />
          <Figure
            label="Webhook retries"
            value={formatNumber(queues.webhookRetries)}
            source="webhook_deliveries whose newest attempt is retrying."
          />
          <Figure
            label="Dead letters"
            value={formatNumber(queues.deadLetters)}
            source="dead_letters: messages that failed their last retry, kept by the dead-letter consumer."
          />
          <Figure
            label="Dead letters today"
            value={formatNumber(queues.deadLettersToday)}
            source="dead_letters received in the last 24 hours."
          />
        </div>
        {queues.deadLettersByQueue.length > 0 ? (
          <table className="mt-4 w-full text-left text-sm" aria-label="Dead letters by queue">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">Dead-letter queue</th>
                <th className="py-2 pr-4">Messages</th>
                <th className="py-2">Newest</th>
              </tr>
            </thead>
            <tbody>
              {queues.deadLettersByQueue.map((row) => (
                <tr key={row.queue} className="border-t border-slate-100">
                  <td className="py-2 pr-4 font-mono">{row.queue}</td>
                  <td className="py-2 pr-4">{formatNumber(row.count)}</td>
                  <td className="py-2">
                    <DateTime iso={row.last} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </KioskCard>
    </div>
  );
}
