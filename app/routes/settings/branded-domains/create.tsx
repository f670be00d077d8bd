/**
 * /app/settings/branded-domains/create (L): add a domain the user owns. It must be a valid host
 * name and confirmed as used only for Snip (spec 01 §5); the plan's flag and bounds decide whether
 * one more may be added. Cloudflare for SaaS then verifies it (docs/decisions/035).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AddDomainForm } from "../../../components/branded-domain-forms";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { BRANDED_DOMAINS_PATH, verifyPath } from "../../../../domain/branded-domains";
import { getCloudflare } from "../../../context.server";
import { createDomainSchema } from "../../../forms/branded-domains";
import { addBrandedDomain, domainOwner, refusalErrors } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/create";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Add a branded domain | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { target: getCloudflare(context).env.CF_CNAME_TARGET };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const submission = parseWithZod(await requestFormData(request), { schema: createDomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const outcome = await addBrandedDomain(getCloudflare(context).env, domainOwner(viewer), "domain", submission.value.domain);
  if (!outcome.ok) return data({ result: submission.reply(refusalErrors(outcome)) }, { status: outcome.status });
  return redirect(verifyPath(outcome.domain.hostname));
}

export default function CreateBrandedDomain({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Add a branded domain" />
      <SettingsCard
        title="Your domain"
        description={
          <>
            Use a domain or subdomain you own, like <code>links.yourbrand.com</code>. After adding it, point it to{" "}
            <code>{loaderData.target}</code> with a CNAME record.
          </>
        }
      >
        <AddDomainForm id="branded-domain-create" lastResult={actionData?.result} cancelTo={BRANDED_DOMAINS_PATH} />
      </SettingsCard>
    </>
  );
}
