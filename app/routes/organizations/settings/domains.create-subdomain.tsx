/**
 * /app/organizations/{org}/settings/profile/domains/create-subdomain (`organization.domains`): a
 * subdomain of one of the organization's own verified domains, verified through Cloudflare like a
 * domain. The same form, checks and messages as the personal page (decision 035), bounded by the
 * plan in force for the organization and its flags (max_subdomains, max_domains_subdomains);
 * audited as `domain.added` in the insert's batch (decision 044).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { countOrganizationDomains, listOrganizationDomains } from "../../../../db/branded-domains.server";
import { addDomainRefusal } from "../../../../domain/branded-domains";
import { AddSubdomainForm } from "../../../components/branded-domain-forms";
import { Notice } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { organizationDomainsPath } from "../../../components/organizations/settings-layout";
import { getCloudflare } from "../../../context.server";
import { createSubdomainSchema } from "../../../forms/branded-domains";
import { addSubdomain, refusalErrors } from "../../../lib/branded-domains.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { domainAudit, organizationDomainAdder, organizationDomainsNotice } from "../../../lib/organizations/domains.server";
import type { Route } from "./+types/domains.create-subdomain";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Add a subdomain | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const { db, organization } = access;
  const [domains, counts, { subject }] = await Promise.all([
    listOrganizationDomains(db, organization.id),
    countOrganizationDomains(db, organization.id),
    organizationDomainAdder(access),
  ]);
  return {
    slug: organization.slug,
    refusal: addDomainRefusal(subject, "subdomain", counts),
    bases: domains.filter((d) => d.kind === "domain").map((d) => ({ hostname: d.hostname, active: d.status === "active" })),
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const submission = parseWithZod(await requestFormData(args.request), { schema: createSubdomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const { who } = await organizationDomainAdder(access);
  const host = `${submission.value.subdomain}.${submission.value.base}`;
  const outcome = await addSubdomain(
    getCloudflare(args.context).env,
    who,
    submission.value,
    domainAudit(access, "domain.added", host, { kind: "subdomain" }),
  );
  if (!outcome.ok) return data({ result: submission.reply(refusalErrors(outcome)) }, { status: outcome.status });
  return redirect(organizationDomainsNotice(access.organization.slug, "added"));
}

export default function OrganizationSubdomain({ loaderData, actionData }: Route.ComponentProps) {
  const back = organizationDomainsPath(loaderData.slug);
  return (
    <>
      <SettingsHeading title="Add a subdomain" />
      <SettingsCard title="Subdomain of one of the organization's domains">
        {loaderData.refusal ? (
          <Notice tone="info">{loaderData.refusal}</Notice>
        ) : (
          <AddSubdomainForm
            lastResult={actionData?.result}
            bases={loaderData.bases}
            cancelTo={back}
            empty={
              <>
                Add a domain first: subdomains are made on the organization's own verified domains.{" "}
                <Link to={back} className="font-semibold text-indigo-700 hover:underline">
                  Add domain
                </Link>
              </>
            }
          />
        )}
      </SettingsCard>
    </>
  );
}
