/**
 * /app/settings/branded-domains/create-subdomain (L): a subdomain of one of the user's verified
 * domains (spec 01 §5: the subdomain is required). Verified through Cloudflare like a domain.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { listBrandedDomains } from "../../../../db/branded-domains.server";
import { getDb } from "../../../../db/client.server";
import { BRANDED_MESSAGES, BRANDED_DOMAINS_PATH, verifyPath } from "../../../../domain/branded-domains";
import { FieldError, Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { createSubdomainSchema } from "../../../forms/branded-domains";
import { addBrandedDomain, domainOwner } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/create-subdomain";

export const meta: Route.MetaFunction = () => [{ title: "Add a subdomain | Snip" }];

async function baseDomains(db: D1Database, workspaceId: string) {
  return (await listBrandedDomains(getDb(db), workspaceId)).filter((d) => d.kind === "domain");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const bases = await baseDomains(getCloudflare(context).env.DB, domainOwner(viewer).workspaceId);
  return { bases: bases.map((d) => ({ hostname: d.hostname, active: d.status === "active" })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const owner = domainOwner(viewer);
  const submission = parseWithZod(await request.formData(), { schema: createSubdomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  // The base must be one of this workspace's own domains, and verified: a posted value decides nothing.
  const base = (await baseDomains(env.DB, owner.workspaceId)).find((d) => d.hostname === submission.value.base);
  if (!base) return data({ result: submission.reply({ fieldErrors: { base: [BRANDED_MESSAGES.notYourDomain] } }) }, { status: 422 });
  if (base.status !== "active")
    return data({ result: submission.reply({ fieldErrors: { base: [BRANDED_MESSAGES.baseNotVerified] } }) }, { status: 422 });
  const outcome = await addBrandedDomain(env, owner, "subdomain", `${submission.value.subdomain}.${base.hostname}`);
  if (!outcome.ok) {
    const errors = outcome.field === "form" ? { formErrors: [outcome.message] } : { fieldErrors: { subdomain: [outcome.message] } };
    return data({ result: submission.reply(errors) }, { status: outcome.status });
  }
  return redirect(verifyPath(outcome.domain.hostname));
}

export default function CreateSubdomain({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ base: string; subdomain: string }>({
    id: "branded-subdomain-create",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <SettingsHeading title="Add a subdomain" />
      <SettingsCard title="Subdomain of one of your domains">
        {loaderData.bases.length === 0 ? (
          <p className="text-sm text-slate-600">
            Add a domain first: subdomains are made on your own verified domains.{" "}
            <Link to={`${BRANDED_DOMAINS_PATH}/create`} className="font-semibold text-indigo-700 hover:underline">
              Add domain
            </Link>
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
            {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
            <TextField
              label="Subdomain"
              name="subdomain"
              defaultValue={fields.subdomain.initialValue}
              errors={fields.subdomain.errors}
              placeholder="go"
              maxLength={63}
              autoComplete="off"
            />
            <div>
              <label htmlFor="field-base" className="mb-1.5 block text-sm font-semibold text-slate-800">
                Of the domain
              </label>
              <select
                id="field-base"
                name="base"
                defaultValue={fields.base.initialValue ?? loaderData.bases.find((b) => b.active)?.hostname}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm"
              >
                {loaderData.bases.map((b) => (
                  <option key={b.hostname} value={b.hostname} disabled={!b.active}>
                    {b.active ? b.hostname : `${b.hostname} (not verified yet)`}
                  </option>
                ))}
              </select>
              <FieldError id="field-base-error" errors={fields.base.errors} />
            </div>
            <div className="flex items-center gap-3">
              <SubmitButton className={settingsButton} busyText="Adding…">
                Add subdomain
              </SubmitButton>
              <Link to={BRANDED_DOMAINS_PATH} className="text-sm font-semibold text-slate-700 hover:underline">
                Cancel
              </Link>
            </div>
          </Form>
        )}
      </SettingsCard>
    </>
  );
}
