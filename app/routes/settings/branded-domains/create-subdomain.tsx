/**
 * /app/settings/branded-domains/create-subdomain (L): a subdomain of one of the user's verified
 * domains (spec 01 §5: the subdomain is required). Verified through Cloudflare like a domain.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { listBrandedDomains } from "../../../../db/branded-domains.server";
import { getDb } from "../../../../db/client.server";
import { BRANDED_DOMAINS_PATH, verifyPath } from "../../../../domain/branded-domains";
import { AddSubdomainForm } from "../../../components/branded-domain-forms";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { createSubdomainSchema } from "../../../forms/branded-domains";
import { addSubdomain, domainOwner, refusalErrors } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/create-subdomain";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Add a subdomain | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const domains = await listBrandedDomains(getDb(getCloudflare(context).env.DB), domainOwner(viewer).workspaceId);
  return { bases: domains.filter((d) => d.kind === "domain").map((d) => ({ hostname: d.hostname, active: d.status === "active" })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const submission = parseWithZod(await requestFormData(request), { schema: createSubdomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const outcome = await addSubdomain(getCloudflare(context).env, domainOwner(viewer), submission.value);
  if (!outcome.ok) return data({ result: submission.reply(refusalErrors(outcome)) }, { status: outcome.status });
  return redirect(verifyPath(outcome.domain.hostname));
}

export default function CreateSubdomain({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Add a subdomain" />
      <SettingsCard title="Subdomain of one of your domains">
        <AddSubdomainForm
          lastResult={actionData?.result}
          bases={loaderData.bases}
          cancelTo={BRANDED_DOMAINS_PATH}
          empty={
            <>
              Add a domain first: subdomains are made on your own verified domains.{" "}
              <Link to={`${BRANDED_DOMAINS_PATH}/create`} className="font-semibold text-indigo-700 hover:underline">
                Add domain
              </Link>
            </>
          }
        />
      </SettingsCard>
    </>
  );
}
