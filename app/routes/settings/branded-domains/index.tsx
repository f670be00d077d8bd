/**
 * /app/settings/branded-domains (L): the workspace's branded domains, subdomains and vanity
 * subdomains, each with its state, and the ways to add one the plan allows (docs/decisions/035).
 */
import { Link } from "react-router";
import { countBrandedDomains, listBrandedDomains } from "../../../../db/branded-domains.server";
import { getDb } from "../../../../db/client.server";
import { addDomainRefusal, mayUseBrandedDomains, BRANDED_DOMAINS_PATH, verifyPath } from "../../../../domain/branded-domains";
import { Notice } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { domainOwner } from "../../../lib/branded-domains.server";
import { registrationsView } from "../../../lib/domain-renewals.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Branded Domains | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const owner = domainOwner(viewer);
  const db = getDb(env.DB);
  const [domains, counts] = await Promise.all([listBrandedDomains(db, owner.workspaceId), countBrandedDomains(db, owner.workspaceId)]);
  // A domain bought through Snip (decision 050): its expiry line, and its order page where auto-renew is set.
  const bought = new Map(
    (
      await registrationsView(
        env,
        viewer.user.id,
        domains.filter((d) => d.kind === "domain").map((d) => d.hostname),
      )
    ).map((r) => [r.domain, { line: r.line, orderId: r.orderId }]),
  );
  return {
    allowed: mayUseBrandedDomains(viewer.subject),
    refusals: {
      domain: addDomainRefusal(viewer.subject, "domain", counts),
      subdomain: addDomainRefusal(viewer.subject, "subdomain", counts),
      vanity: addDomainRefusal(viewer.subject, "vanity", counts),
    },
    hasBase: domains.some((d) => d.kind === "domain"),
    // A domain staff stopped (decision 045) says so, with the reason, whatever its verification says.
    domains: domains.map((d) => ({
      hostname: d.hostname,
      kind: d.kind,
      status: d.status,
      stopped: d.disabledAt ? (d.disabledReason ?? "") : null,
      bought: bought.get(d.hostname) ?? null,
    })),
    removed: new URL(request.url).searchParams.get("removed"),
  };
}

const KIND_LABEL = { domain: "Domain", subdomain: "Subdomain", vanity: "Vanity subdomain" } as const;
const STATUS = {
  pending: { label: "Waiting for DNS", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
  active: { label: "Active", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Verification failed", tone: "bg-red-50 text-red-800 ring-red-200" },
  lapsed: { label: "No longer verified", tone: "bg-red-50 text-red-800 ring-red-200" },
} as const;

export default function BrandedDomains({ loaderData }: Route.ComponentProps) {
  const { allowed, refusals, domains, hasBase, removed } = loaderData;
  return (
    <>
      <SettingsHeading
        title="Branded Domains"
        lead="Short links on your own domain (links.yourbrand.com/offer) or on a vanity subdomain of Snip's short domain."
      />
      {removed ? (
        <div className="mb-4">
          <Notice tone="success">{`${removed} was removed. Its links no longer redirect.`}</Notice>
        </div>
      ) : null}
      {!allowed ? (
        <SettingsCard title="Not in your plan">
          <p className="text-sm text-slate-700">Branded domains are part of the Pro and Enterprise plans.</p>
          <Link to="/app/settings/subscription" className={`mt-4 inline-block ${settingsButton}`}>
            See plans
          </Link>
        </SettingsCard>
      ) : (
        <div className="space-y-6">
          <SettingsCard title="Your domains">
            {domains.length === 0 ? (
              <p className="text-sm text-slate-600">You have not added a domain yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Your domains">
                {domains.map((d) => (
                  <li key={d.hostname} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-mono text-sm font-semibold text-slate-900">{d.hostname}</p>
                      <p className="text-xs text-slate-500">{KIND_LABEL[d.kind]}</p>
                      {d.bought ? (
                        <p className="mt-1 text-xs text-slate-700" data-testid="domain-renewal">
                          {d.bought.line}
                          {d.bought.orderId ? (
                            <>
                              {" · "}
                              <Link
                                to={`/app/settings/order/${d.bought.orderId}`}
                                className="font-semibold text-indigo-700 hover:underline"
                              >
                                Renewal settings
                              </Link>
                            </>
                          ) : null}
                        </p>
                      ) : null}
                      {d.stopped !== null ? (
                        <p className="mt-1 text-xs text-red-700" data-testid="domain-stopped">
                          {`Stopped by Snip staff: its links do not redirect.${d.stopped ? ` Reason: ${d.stopped}` : ""}`}
                        </p>
                      ) : null}
                    </div>
                    <div className="flex items-center gap-3">
                      {d.stopped !== null ? (
                        <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
                          Stopped
                        </span>
                      ) : (
                        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS[d.status].tone}`}>
                          {STATUS[d.status].label}
                        </span>
                      )}
                      {d.kind !== "vanity" ? (
                        <Link to={verifyPath(d.hostname)} className="text-sm font-semibold text-indigo-700 hover:underline">
                          Verify
                        </Link>
                      ) : null}
                      <Link
                        to={`${BRANDED_DOMAINS_PATH}/edit/${encodeURIComponent(d.hostname)}`}
                        className="text-sm font-semibold text-indigo-700 hover:underline"
                      >
                        Edit
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </SettingsCard>
          <SettingsCard title="Add a domain">
            <div className="flex flex-wrap gap-3">
              <AddLink to={`${BRANDED_DOMAINS_PATH}/create`} refusal={refusals.domain} primary>
                Add domain
              </AddLink>
              <AddLink to={`${BRANDED_DOMAINS_PATH}/create-subdomain`} refusal={refusals.subdomain ?? (hasBase ? null : "")}>
                Add subdomain
              </AddLink>
              <AddLink to={`${BRANDED_DOMAINS_PATH}/create-tiny`} refusal={refusals.vanity}>
                Add vanity subdomain
              </AddLink>
            </div>
            <ul className="mt-4 space-y-1 text-sm text-slate-600">
              {[refusals.domain, refusals.vanity].filter(Boolean).map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </SettingsCard>
        </div>
      )}
    </>
  );
}

function AddLink({ to, refusal, primary, children }: { to: string; refusal: string | null; primary?: boolean; children: string }) {
  if (refusal !== null)
    return (
      <span aria-disabled="true" title={refusal || undefined} className={`${settingsSecondaryButton} cursor-not-allowed opacity-60`}>
        {children}
      </span>
    );
  return (
    <Link to={to} className={primary ? settingsButton : settingsSecondaryButton}>
      {children}
    </Link>
  );
}
