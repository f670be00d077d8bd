/**
 * /app/settings/branded-domains/verify?domain= (L): what to publish in DNS for a domain (the CNAME
 * to Snip, the ownership TXT record Cloudflare asked for), its state and its certificate's, and a
 * "Check now" that asks Cloudflare at once (the cron trigger asks every few minutes anyway).
 */
import { Form, Link } from "react-router";
import { Notice, SubmitButton } from "../../../components/form-fields";
import { DateTime, SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { BRANDED_DOMAINS_PATH } from "../../../../domain/branded-domains";
import { getCloudflare } from "../../../context.server";
import { domainOwner, recheckBrandedDomain, requireOwnDomain } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = () => [{ title: "Verify a domain | Snip" }];

const STATE_TEXT = {
  pending: "Waiting for DNS: publish the records below. This page updates when you check again.",
  active: "Active: short links on this domain redirect.",
  failed: "Verification failed: check the records below, then check again.",
  lapsed: "No longer verified: the DNS no longer points to Snip, so its links have stopped. Nothing was deleted.",
} as const;

function view(domain: Awaited<ReturnType<typeof requireOwnDomain>>, target: string) {
  return {
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
  return view(domain, env.CF_CNAME_TARGET);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const domain = await requireOwnDomain(env, domainOwner(viewer).workspaceId, new URL(request.url).searchParams.get("domain"));
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
                <td className="py-1 pr-4">CNAME</td>
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
