/**
 * /app/organizations/{org}/settings/profile/domains/move/{domain} (`organization.domains`;
 * issue 18, docs/decisions/053): a domain the viewer bought through an order, still their personal
 * branded domain, becomes the organization's. The page asks; the plain post moves it. The guard
 * reads the viewer's standing in the organization from D1 (a stranger 404, a member without the
 * permission 403); past it, a host name that is not the viewer's own bought personal domain is 404.
 * Nothing in the form counts: the organization is the path's, the domain the path's.
 */
import { data, Form, Link, redirect } from "react-router";
import { MOVE_TEXTS } from "../../../../domain/domain-moves";
import { SubmitButton } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { moveBoughtDomain, requireMovableDomain } from "../../../lib/organizations/domain-moves.server";
import { organizationDomainsNotice } from "../../../lib/organizations/domains.server";
import { requirePost } from "../../../lib/form-body.server";
import type { Route } from "./+types/domains.move";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Move ${params.domain} | Snip` }];

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  const domain = await requireMovableDomain(access, args.params.domain.toLowerCase());
  return { hostname: domain.hostname, organization: access.organization.name };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.domains");
  requirePost(args.request);
  const domain = await requireMovableDomain(access, args.params.domain.toLowerCase());
  const moved = await moveBoughtDomain(getCloudflare(args.context).env, access, domain);
  if (!moved) throw data("Domain not found.", { status: 404 });
  return redirect(organizationDomainsNotice(access.organization.slug, "moved"));
}

export default function MoveDomain({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title={`Move ${d.hostname}`} />
      <SettingsCard title={MOVE_TEXTS.cardTitle} description={MOVE_TEXTS.cardDescription}>
        <Form method="post">
          <SubmitButton className={settingsButton} busyText="Moving…">
            {MOVE_TEXTS.button(d.organization)}
          </SubmitButton>
        </Form>
      </SettingsCard>
      <Link to="/app/settings/branded-domains" className="mt-6 inline-block text-sm font-semibold text-indigo-700 hover:underline">
        Back to Branded Domains
      </Link>
    </>
  );
}
