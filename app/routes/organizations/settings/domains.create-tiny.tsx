/**
 * /app/organizations/{org}/settings/profile/domains/create-tiny (`organization.domains`): a vanity
 * subdomain of the short host (`name.{SHORT_HOST}`) for the organization, served at once. The same
 * form, reserved names and messages as the personal page (decision 035), bounded by the plan in
 * force for the organization and its flags (add_vanity_subdomains, max_vanity_subdomains); audited
 * as `domain.added` in the insert's batch (decision 044).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { countOrganizationDomains } from "../../../../db/branded-domains.server";
import { addDomainRefusal } from "../../../../domain/branded-domains";
import { AddVanityForm } from "../../../components/branded-domain-forms";
import { Notice } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { organizationDomainsPath } from "../../../components/organizations/settings-layout";
import { getCloudflare } from "../../../context.server";
import { createTinySchema } from "../../../forms/branded-domains";
import { addVanitySubdomain, refusalErrors } from "../../../lib/branded-domains.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { domainAudit, organizationDomainAdder, organizationDomainsNotice } from "../../../lib/organizations/domains.server";
import type { Route } from "./+types/domains.create-tiny";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Add a vanity subdomain | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const [counts, { subject }] = await Promise.all([
    countOrganizationDomains(access.db, access.organization.id),
    organizationDomainAdder(access),
  ]);
  return {
    slug: access.organization.slug,
    shortHost: getCloudflare(args.context).env.SHORT_HOST.toLowerCase(),
    refusal: addDomainRefusal(subject, "vanity", counts),
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const { env } = getCloudflare(args.context);
  const submission = parseWithZod(await requestFormData(args.request), { schema: createTinySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const { who } = await organizationDomainAdder(access);
  const host = `${submission.value.subdomain}.${env.SHORT_HOST.toLowerCase()}`;
  const outcome = await addVanitySubdomain(
    env,
    who,
    submission.value.subdomain,
    domainAudit(access, "domain.added", host, { kind: "vanity" }),
  );
  if (!outcome.ok) return data({ result: submission.reply(refusalErrors(outcome)) }, { status: outcome.status });
  return redirect(organizationDomainsNotice(access.organization.slug, "vanity-added"));
}

export default function OrganizationVanity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Add a vanity subdomain" />
      <SettingsCard
        title="The organization's name on Snip's short domain"
        description={
          <>
            Links like <code>yourbrand.{loaderData.shortHost}/offer</code>, ready at once.
          </>
        }
      >
        {loaderData.refusal ? (
          <Notice tone="info">{loaderData.refusal}</Notice>
        ) : (
          <AddVanityForm
            lastResult={actionData?.result}
            shortHost={loaderData.shortHost}
            cancelTo={organizationDomainsPath(loaderData.slug)}
          />
        )}
      </SettingsCard>
    </>
  );
}
