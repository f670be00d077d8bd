/**
 * /app/settings/branded-domains/verify?domain= (L): what to publish in DNS for a domain (the CNAME
 * to Snip, the ownership TXT record Cloudflare asked for), its state and its certificate's, and a
 * "Check now" that asks Cloudflare at once (the cron trigger asks every few minutes anyway).
 * A domain bought through Snip (decision 054): Snip publishes those records in its DNSimple zone;
 * the page says whether that worked, with DNSimple's words when not, and offers its owner
 * "Publish DNS records again" (intent=publish-dns, checked on the server: the viewer's own bought domain).
 */
import { Form, Link } from "react-router";
import { z } from "zod";
import { Notice, SubmitButton } from "../../../components/form-fields";
import { DateTime, SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { BRANDED_DOMAINS_PATH } from "../../../../domain/branded-domains";
import { getCloudflare } from "../../../context.server";
import { domainOwner, recheckBrandedDomain, requireOwnDomain } from "../../../lib/branded-domains.server";
import { boughtRegistration, publishDomainRecords } from "../../../lib/domain-dns.server";
import { dnsimpleZoneRecords } from "../../../lib/registrar/dnsimple";
import { getDb } from "../../../../db/client.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/verify";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Verify a domain | Snip" }];

const STATE_TEXT = {
  pending: "Waiting for DNS: publish the records below. This page updates when you check again.",
  active: "Active: short links on this domain redirect.",
  failed: "Verification failed: check the records below, then check again.",
  lapsed: "No longer verified: the DNS no longer points to Snip, so its links have stopped. Nothing was deleted.",
} as const;

/** What became of Snip publishing the records of a bought domain (null: not a domain bought through Snip). */
type AutoDns = { state: "published" | "failed" | "waiting"; detail: string | null } | null;

function view(domain: Awaited<ReturnType<typeof requireOwnDomain>>, target: string, autoDns: AutoDns) {
  return {
    autoDns,
    hostname: domain.hostname,
    kind: domain.kind,
    status: domain.status,
    target,
    txtName: domain.verificationName,
    txtValue: domain.verificationValue,
    hostnameStatus: domain.hostnameStatus,
    sslStatus: domain.sslStatus,
    checkedAt: domain.checkedAt?.toISOString() ?? null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const domain = await requireOwnDomain(env, domainOwner(viewer).workspaceId, new URL(request.url).searchParams.get("domain"));
  const reg = await boughtRegistration(getDb(env.DB), domain);
  const autoDns: AutoDns = reg ? { state: reg.dnsState ?? "waiting", detail: reg.dnsDetail } : null;
  return view(domain, env.CF_CNAME_TARGET, autoDns);
}

/** DNSimple's words as a sentence (its messages often end without a full stop). */
const sentence = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);

const intentSchema = z.object({ intent: z.enum(["check", "publish-dns"]).default("check") });

const PUBLISH_UNAVAILABLE = "Publishing DNS records is not available right now. Please publish the records below yourself.";

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const domain = await requireOwnDomain(env, domainOwner(viewer).workspaceId, new URL(request.url).searchParams.get("domain"));
  // A post without a form body (a bare "check now") is the check, not a 500.
  const form = await requestFormData(request).catch(() => new FormData());
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return Response.json({ checked: false, status: domain.status, error: "Unknown action." }, { status: 422 });
  if (parsed.data.intent === "publish-dns") {
    // Only the owner's own bought domain (requireOwnDomain above, then its registration the owner's): never another's zone.
    const db = getDb(env.DB);
    const reg = await boughtRegistration(db, domain);
    if (!reg) throw new Response("Domain not found.", { status: 404 });
    const zones = dnsimpleZoneRecords(env);
    if (!zones) {
      console.error("domain dns: DNSIMPLE_TOKEN, DNSIMPLE_ACCOUNT_ID or DNSIMPLE_REGISTRANT_ID is not set");
      return Response.json({ checked: false, status: domain.status, error: PUBLISH_UNAVAILABLE }, { status: 503 });
    }
    const outcome = await publishDomainRecords(db, zones, domain, env.CF_CNAME_TARGET);
    return { checked: false, status: domain.status, error: null, published: outcome.state === "published" };
  }
  try {
    const checked = await recheckBrandedDomain(env, domain);
    return { checked: true, status: checked.status, error: null };
  } catch (error) {
    console.error("branded domains: check failed", domain.hostname, error);
    return {
      checked: false,
      status: domain.status,
      error: "The check could not reach our certificate provider. Please try again in a minute.",
    };
  }
}

export default function VerifyDomain({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title={`Verify ${d.hostname}`} />
      <div className="space-y-6">
        <SettingsCard title="State">
          {actionData?.error ? (
            <div className="mb-3">
              <Notice tone="error">{actionData.error}</Notice>
            </div>
          ) : null}
          <p data-testid="domain-state" className="text-sm font-semibold text-slate-900">
            {STATE_TEXT[d.status]}
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
            <dt>Hostname</dt>
            <dd>{d.hostnameStatus ?? "—"}</dd>
            <dt>Certificate</dt>
            <dd>{d.sslStatus ?? "—"}</dd>
            <dt>Last checked</dt>
            <dd>{d.checkedAt ? <DateTime iso={d.checkedAt} /> : "—"}</dd>
          </dl>
          <Form method="post" className="mt-4">
            <SubmitButton className={settingsButton} busyText="Checking…">
              Check now
            </SubmitButton>
          </Form>
        </SettingsCard>
        {d.autoDns ? (
          <SettingsCard title="Automatic DNS" description="You bought this domain through Snip, so Snip publishes its records at DNSimple.">
            <div data-testid="auto-dns">
              {d.autoDns.state === "published" ? (
                <Notice tone="success">Snip published the records below in this domain's DNS. There is nothing for you to do.</Notice>
              ) : d.autoDns.state === "failed" ? (
                <Notice tone="error">
                  {`Snip could not publish the DNS records: ${sentence(d.autoDns.detail ?? "no reason given")} Publish the records below yourself, or try again.`}
                </Notice>
              ) : (
                <Notice tone="info">Snip has not published the records below yet.</Notice>
              )}
            </div>
            {d.autoDns.state !== "published" ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="publish-dns" />
                <SubmitButton className={settingsButton} busyText="Publishing…">
                  Publish DNS records again
                </SubmitButton>
              </Form>
            ) : null}
          </SettingsCard>
        ) : null}
        <SettingsCard title="DNS records to publish" description="At your DNS provider, for this domain.">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th className="py-1 pr-4 font-semibold">Type</th>
                <th className="py-1 pr-4 font-semibold">Name</th>
                <th className="py-1 font-semibold">Value</th>
              </tr>
            </thead>
            <tbody className="font-mono text-slate-900">
              <tr>
                <td className="py-1 pr-4">{d.autoDns ? "ALIAS (CNAME)" : "CNAME"}</td>
                <td className="break-all py-1 pr-4">{d.hostname}</td>
                <td className="break-all py-1">{d.target}</td>
              </tr>
              {d.txtName ? (
                <tr>
                  <td className="py-1 pr-4">TXT</td>
                  <td className="break-all py-1 pr-4">{d.txtName}</td>
                  <td className="break-all py-1">{d.txtValue}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </SettingsCard>
        <Link to={BRANDED_DOMAINS_PATH} className="inline-block text-sm font-semibold text-indigo-700 hover:underline">
          Back to Branded Domains
        </Link>
      </div>
    </>
  );
}
