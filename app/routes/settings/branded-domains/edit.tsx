/**
 * /app/settings/branded-domains/edit/{domain} (L): where `/` of the domain and its unknown aliases
 * go (the plan's domain_root_redirect and domain_404_redirect), and removing the domain. Every
 * change is written through to the host's KV record, which the redirect worker serves from.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { BRANDED_MESSAGES, mayRedirect, BRANDED_DOMAINS_PATH } from "../../../../domain/branded-domains";
import { RedirectsForm } from "../../../components/branded-domain-forms";
import { SubmitButton } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsDangerButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { editDomainSchema } from "../../../forms/branded-domains";
import {
  domainOwner,
  heldRedirects,
  removeBrandedDomain,
  requireOwnDomain,
  saveDomainRedirects,
} from "../../../lib/branded-domains.server";
import { getDb } from "../../../../db/client.server";
import { isDomainBoughtBy } from "../../../../db/orders.server";
import { MoveDomainCard } from "../../../components/move-domain";
import { organizationsTakingDomains } from "../../../lib/organizations/domain-moves.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/edit";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Edit ${params.domain} | Snip` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const domain = await requireOwnDomain(env, domainOwner(viewer).workspaceId, params.domain.toLowerCase());
  const db = getDb(env.DB);
  // A domain bought through an order may move to an organization where the viewer adds domains (decision 053).
  const bought = await isDomainBoughtBy(db, viewer.user.id, domain.hostname);
  return {
    moveTo: bought ? await organizationsTakingDomains(db, viewer) : [],
    hostname: domain.hostname,
    root: domain.rootRedirect ?? "",
    notFound: domain.notFoundRedirect ?? "",
    canRoot: mayRedirect(viewer.subject, "root"),
    canNotFound: mayRedirect(viewer.subject, "404"),
    ...(await heldRedirects(env, domain)),
    saved: new URL(request.url).searchParams.has("saved"),
    version: new URL(request.url).search,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const domain = await requireOwnDomain(env, domainOwner(viewer).workspaceId, params.domain.toLowerCase());
  const submission = parseWithZod(await requestFormData(request), { schema: editDomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  if (submission.value.intent === "delete") {
    try {
      await removeBrandedDomain(env, domain);
    } catch (error) {
      console.error("branded domains: remove failed", domain.hostname, error);
      return data({ result: submission.reply({ formErrors: [BRANDED_MESSAGES.providerFailed] }) }, { status: 502 });
    }
    return redirect(`${BRANDED_DOMAINS_PATH}?removed=${encodeURIComponent(domain.hostname)}`);
  }
  const saved = await saveDomainRedirects(env, viewer.subject, domain, {
    root: submission.value.root || null,
    notFound: submission.value.notFound || null,
  });
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: saved.status });
  return redirect(`${BRANDED_DOMAINS_PATH}/edit/${encodeURIComponent(domain.hostname)}?saved=${Date.now().toString(36)}`);
}

export default function EditDomain({ loaderData: d, actionData }: Route.ComponentProps) {
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
        <MoveDomainCard hostname={d.hostname} organizations={d.moveTo} />
        <SettingsCard title="Remove this domain" tone="danger" description="Its short links stop redirecting. They stay in your account.">
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <SubmitButton className={settingsDangerButton} busyText="Removing…">
              Remove domain
            </SubmitButton>
          </Form>
        </SettingsCard>
        <Link to={BRANDED_DOMAINS_PATH} className="inline-block text-sm font-semibold text-indigo-700 hover:underline">
          Back to Branded Domains
        </Link>
      </div>
    </>
  );
}
