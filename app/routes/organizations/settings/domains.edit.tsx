/**
 * /app/organizations/{org}/settings/profile/domains/edit/{domain} (`organization.domains`): where
 * `/` of the organization's domain and its unknown aliases go. The plan in force for the
 * organization and its flags decide (domain_root_redirect, domain_404_redirect); a change they do
 * not allow is refused (403). Saved like the personal edit (decision 035): the row with its
 * `domain.redirects-changed` audit row in one batch, then the KV host record the redirect worker
 * serves from. Another owner's host name is 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { mayRedirect } from "../../../../domain/branded-domains";
import { RedirectsForm } from "../../../components/branded-domain-forms";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { organizationDomainsPath } from "../../../components/organizations/settings-layout";
import { getCloudflare } from "../../../context.server";
import { redirectsSchema } from "../../../forms/branded-domains";
import { heldRedirects, saveDomainRedirects } from "../../../lib/branded-domains.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { domainAudit, organizationDomainAdder, requireOrganizationDomain } from "../../../lib/organizations/domains.server";
import type { Route } from "./+types/domains.edit";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Redirects of ${params.domain} | Snip` }];

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const domain = await requireOrganizationDomain(access, args.params.domain.toLowerCase());
  const { subject } = await organizationDomainAdder(access);
  return {
    slug: access.organization.slug,
    hostname: domain.hostname,
    root: domain.rootRedirect ?? "",
    notFound: domain.notFoundRedirect ?? "",
    canRoot: mayRedirect(subject, "root"),
    canNotFound: mayRedirect(subject, "404"),
    ...(await heldRedirects(getCloudflare(args.context).env, domain)),
    saved: new URL(args.request.url).searchParams.has("saved"),
    version: new URL(args.request.url).search,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const domain = await requireOrganizationDomain(access, args.params.domain.toLowerCase());
  const submission = parseWithZod(await requestFormData(args.request), { schema: redirectsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const { subject } = await organizationDomainAdder(access);
  const next = { root: submission.value.root || null, notFound: submission.value.notFound || null };
  const saved = await saveDomainRedirects(
    getCloudflare(args.context).env,
    subject,
    domain,
    next,
    domainAudit(access, "domain.redirects-changed", domain.hostname, next),
  );
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: saved.status });
  return redirect(
    `${organizationDomainsPath(access.organization.slug, `edit/${encodeURIComponent(domain.hostname)}`)}?saved=${Date.now().toString(36)}`,
  );
}

export default function OrganizationDomainRedirects({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title={d.hostname} />
      <div className="space-y-6">
        <SettingsCard
          title="Redirects"
          description="Where visitors go who open the domain itself, or a short link on it that does not exist."
        >
          <RedirectsForm lastResult={actionData?.result} domain={d} />
        </SettingsCard>
        <Link to={organizationDomainsPath(d.slug)} className="inline-block text-sm font-semibold text-indigo-700 hover:underline">
          Back to Organization Domains
        </Link>
      </div>
    </>
  );
}
