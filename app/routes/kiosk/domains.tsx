/**
 * /app/kiosk/domains (L and developer; issue 19, decision 045): every short host the service
 * answers on — Snip's own (SHORT_HOST and SHORT_DOMAINS, set by configuration) and every branded
 * domain and vanity subdomain a workspace added — with its owner, its state and its links.
 */
import { Link } from "react-router";
import { listAllBrandedDomains } from "../../../db/kiosk-domains.server";
import { countLinksByDomain } from "../../../db/kiosk-stats.server";
import { creatableDomains, parseShortDomains } from "../../../domain/domains";
import { domainOwnerLabel, kioskDomainHref, kioskDomainState } from "../../../domain/kiosk-domains";
import { KioskCard, StaffLog } from "../../components/kiosk";
import { DateTime } from "../../components/settings";
import { formatNumber } from "../../components/trend-chart";
import { requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/domains";

export const meta: Route.MetaFunction = () => [{ title: "Domains | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = requireStaff(request, context);
  const [branded, byDomain, log] = await Promise.all([listAllBrandedDomains(db), countLinksByDomain(db), staffLog(db, "host")]);
  const short = creatableDomains(env.SHORT_HOST, parseShortDomains(env.SHORT_DOMAINS)).map((d) => ({
    host: d.domain,
    state: d.isDeleted ? "deleted" : d.isBlocked ? "blocked" : d.isDisabled ? "disabled" : "active",
    links: byDomain.get(d.domain) ?? 0,
  }));
  return {
    short,
    branded: branded.map((row) => ({
      host: row.domain.hostname,
      kind: row.domain.kind,
      owner: domainOwnerLabel(row),
      state: kioskDomainState(row.domain.status, row.domain.disabledAt),
      verifiedAt: row.domain.verifiedAt?.toISOString() ?? null,
      links: Number(row.links),
    })),
    log,
  };
}

export default function KioskDomains({ loaderData }: Route.ComponentProps) {
  const { short, branded, log } = loaderData;
  return (
    <div className="space-y-6">
      <KioskCard
        id="short-domains"
        title="Snip's short domains"
        description="Set by configuration (SHORT_HOST and SHORT_DOMAINS): owned by the service, changed by a deploy."
      >
        <table className="w-full text-left text-sm" aria-label="Snip's short domains">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-2 pr-4">Domain</th>
              <th className="py-2 pr-4">State</th>
              <th className="py-2">Links</th>
            </tr>
          </thead>
          <tbody>
            {short.map((row) => (
              <tr key={row.host} className="border-t border-slate-100">
                <td className="py-2 pr-4 font-mono">
                  <Link to={kioskDomainHref(row.host)} className="text-indigo-700 hover:underline">
                    {row.host}
                  </Link>
                </td>
                <td className="py-2 pr-4">{row.state}</td>
                <td className="py-2">{formatNumber(row.links)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </KioskCard>

      <KioskCard id="branded-domains" title="Branded domains" description="Added by workspaces; newest first.">
        {branded.length === 0 ? (
          <p className="text-sm text-slate-600">No workspace has added a domain.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Branded domains">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Domain</th>
                  <th className="py-2 pr-4">Kind</th>
                  <th className="py-2 pr-4">Owner</th>
                  <th className="py-2 pr-4">State</th>
                  <th className="py-2 pr-4">Verified</th>
                  <th className="py-2">Links</th>
                </tr>
              </thead>
              <tbody>
                {branded.map((row) => (
                  <tr key={row.host} className="border-t border-slate-100">
                    <td className="py-2 pr-4 font-mono">
                      <Link to={kioskDomainHref(row.host)} className="text-indigo-700 hover:underline">
                        {row.host}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{row.kind}</td>
                    <td className="py-2 pr-4">{row.owner}</td>
                    <td className="py-2 pr-4">{row.state}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{row.verifiedAt ? <DateTime iso={row.verifiedAt} /> : "—"}</td>
                    <td className="py-2">{formatNumber(row.links)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
