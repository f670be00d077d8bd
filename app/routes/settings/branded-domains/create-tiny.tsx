/**
 * /app/settings/branded-domains/create-tiny (L): a vanity subdomain of the short host
 * (`name.{SHORT_HOST}`), served at once under the short host's own certificate; reserved names
 * are refused, and the plan's add_vanity_subdomains and max_vanity_subdomains bound it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { BRANDED_DOMAINS_PATH } from "../../../../domain/branded-domains";
import { AddVanityForm } from "../../../components/branded-domain-forms";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { createTinySchema } from "../../../forms/branded-domains";
import { addVanitySubdomain, domainOwner, refusalErrors } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/create-tiny";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Add a vanity subdomain | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { shortHost: getCloudflare(context).env.SHORT_HOST.toLowerCase() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const submission = parseWithZod(await requestFormData(request), { schema: createTinySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const outcome = await addVanitySubdomain(getCloudflare(context).env, domainOwner(viewer), submission.value.subdomain);
  if (!outcome.ok) return data({ result: submission.reply(refusalErrors(outcome)) }, { status: outcome.status });
  return redirect(BRANDED_DOMAINS_PATH);
}

export default function CreateTiny({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Add a vanity subdomain" />
      <SettingsCard
        title="Your name on Snip's short domain"
        description={
          <>
            Links like <code>yourname.{loaderData.shortHost}/offer</code>, ready at once.
          </>
        }
      >
        <AddVanityForm lastResult={actionData?.result} shortHost={loaderData.shortHost} cancelTo={BRANDED_DOMAINS_PATH} />
      </SettingsCard>
    </>
  );
}
