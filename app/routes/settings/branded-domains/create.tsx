/**
 * /app/settings/branded-domains/create (L): add a domain the user owns. It must be a valid host
 * name and confirmed as used only for Snip (spec 01 §5); the plan's flag and bounds decide whether
 * one more may be added. Cloudflare for SaaS then verifies it (docs/decisions/035).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { Notice, SubmitButton, TextField, FieldError } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { BRANDED_DOMAINS_PATH, verifyPath } from "../../../../domain/branded-domains";
import { getCloudflare } from "../../../context.server";
import { createDomainSchema } from "../../../forms/branded-domains";
import { addBrandedDomain, domainOwner } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "Add a branded domain | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { target: getCloudflare(context).env.CF_CNAME_TARGET };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: createDomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const outcome = await addBrandedDomain(getCloudflare(context).env, domainOwner(viewer), "domain", submission.value.domain);
  if (!outcome.ok) {
    const errors = outcome.field === "form" ? { formErrors: [outcome.message] } : { fieldErrors: { domain: [outcome.message] } };
    return data({ result: submission.reply(errors) }, { status: outcome.status });
  }
  return redirect(verifyPath(outcome.domain.hostname));
}

export default function CreateBrandedDomain({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ domain: string; confirm: string }>({
    id: "branded-domain-create",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
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
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
          {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
          <TextField
            label="Domain"
            name="domain"
            defaultValue={fields.domain.initialValue}
            errors={fields.domain.errors}
            placeholder="links.yourbrand.com"
            maxLength={253}
            autoComplete="off"
            required
          />
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" name="confirm" id="field-confirm" className="mt-1" aria-describedby="field-confirm-error" />
              <span>I confirm that this domain will be used only for Snip short links (not for a website or email).</span>
            </label>
            <FieldError id="field-confirm-error" errors={fields.confirm.errors} />
          </div>
          <div className="flex items-center gap-3">
            <SubmitButton className={settingsButton} busyText="Adding…">
              Add domain
            </SubmitButton>
            <Link to={BRANDED_DOMAINS_PATH} className="text-sm font-semibold text-slate-700 hover:underline">
              Cancel
            </Link>
          </div>
        </Form>
      </SettingsCard>
    </>
  );
}
