/**
 * /app/kiosk/cloudflare/zones (L and developer; issue 19, decision 045): the zones the service's
 * API token sees and the custom hostnames (Cloudflare for SaaS) it serves, as Cloudflare's API
 * answers now (app/lib/kiosk/cloudflare.server.ts). Read only; a branded domain is changed from its
 * kiosk domain page.
 */
import { Link } from "react-router";
import { listAllBrandedDomains } from "../../../db/kiosk-domains.server";
import { kioskDomainHref } from "../../../domain/kiosk-domains";
import { Notice } from "../../components/form-fields";
import { KioskCard } from "../../components/kiosk";
import { DateTime } from "../../components/settings";
import { CLOUDFLARE_LIST_MAX, readCloudflare } from "../../lib/kiosk/cloudflare.server";
import { requireStaff } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/cloudflare-zones";

export const meta: Route.MetaFunction = () => [{ title: "Cloudflare zones | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = requireStaff(request, context);
  const [view, branded] = await Promise.all([readCloudflare(env), listAllBrandedDomains(db)]);
  const known = new Set(branded.map((row) => row.domain.hostname));
  if (!view.ok) return { ok: false as const, message: view.message };
  return {
    ok: true as const,
    zones: view.zones,
    hostnames: view.hostnames.map((h) => ({ ...h, known: known.has(h.hostname) })),
    more: view.more,
    max: CLOUDFLARE_LIST_MAX,
  };
}

export default function KioskCloudflareZones({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <div className="space-y-6">
        <Notice tone="error">{loaderData.message}</Notice>
      </div>
    );
  }
  const { zones, hostnames, more } = loaderData;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">Read from the Cloudflare API just now, with the service's API token.</p>
      {more ? <Notice tone="info">{`Only the first ${loaderData.max} of each list are shown.`}</Notice> : null}
      <KioskCard
        id="zones"
        title="Zones"
        description="Every zone the API token can see; the service's zone (CF_ZONE_ID) holds the custom hostnames."
      >
        {zones.length === 0 ? (
          <p className="text-sm text-slate-600">The token sees no zone.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Zones">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">Zone</th>
                <th className="py-2 pr-4">Status</th>
                <th className="py-2 pr-4">Plan</th>
                <th className="py-2">Name servers</th>
              </tr>
            </thead>
            <tbody>
              {zones.map((zone) => (
                <tr key={zone.id} className="border-t border-slate-100">
                  <td className="py-2 pr-4">
                    <span className="font-mono">{zone.name}</span>
                    {zone.service ? (
                      <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-semibold text-indigo-700">service zone</span>
                    ) : null}
                    <div className="font-mono text-xs text-slate-500">{zone.id}</div>
                  </td>
                  <td className="py-2 pr-4">{zone.status}</td>
                  <td className="py-2 pr-4">{zone.plan}</td>
                  <td className="py-2 font-mono text-xs">{zone.nameServers.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </KioskCard>
      <KioskCard id="hostnames" title="Custom hostnames" description="The branded domains Cloudflare serves for the service's zone.">
        {hostnames.length === 0 ? (
          <p className="text-sm text-slate-600">The service's zone has no custom hostname.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Custom hostnames">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">Hostname</th>
                <th className="py-2 pr-4">Status</th>
                <th className="py-2 pr-4">Certificate</th>
                <th className="py-2">Created</th>
              </tr>
            </thead>
            <tbody>
              {hostnames.map((h) => (
                <tr key={h.id} className="border-t border-slate-100">
                  <td className="py-2 pr-4 font-mono">
                    {h.known ? (
                      <Link to={kioskDomainHref(h.hostname)} className="text-indigo-700 hover:underline">
                        {h.hostname}
                      </Link>
                    ) : (
                      <>
                        {h.hostname} <span className="font-sans text-xs text-amber-700">(no Snip domain)</span>
                      </>
                    )}
                    {h.errors.length > 0 ? <div className="font-sans text-xs text-red-700">{h.errors.join(" ")}</div> : null}
                  </td>
                  <td className="py-2 pr-4">{h.status}</td>
                  <td className="py-2 pr-4">{h.ssl}</td>
                  <td className="py-2 whitespace-nowrap">{h.createdAt ? <DateTime iso={h.createdAt} /> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </KioskCard>
    </div>
  );
}
