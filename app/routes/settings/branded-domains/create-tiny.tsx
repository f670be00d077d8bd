/**
 * /app/settings/branded-domains/create-tiny (L): a vanity subdomain of the short host
 * (`name.{SHORT_HOST}`), served at once under the short host's own certificate; reserved names
 * are refused, and the plan's add_vanity_subdomains and max_vanity_subdomains bound it.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { BRANDED_MESSAGES, isReservedVanityName, BRANDED_DOMAINS_PATH } from "../../../../domain/branded-domains";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { createTinySchema } from "../../../forms/branded-domains";
import { addBrandedDomain, domainOwner } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/create-tiny";

export const meta: Route.MetaFunction = () => [{ title: "Add a vanity subdomain | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { shortHost: getCloudflare(context).env.SHORT_HOST.toLowerCase() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await request.formData(), { schema: createTinySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  if (isReservedVanityName(submission.value.subdomain))
    return data({ result: submission.reply({ fieldErrors: { subdomain: [BRANDED_MESSAGES.reservedVanity] } }) }, { status: 422 });
  const host = `${submission.value.subdomain}.${env.SHORT_HOST.toLowerCase()}`;
  const outcome = await addBrandedDomain(env, domainOwner(viewer), "vanity", host);
  if (!outcome.ok) {
    const errors = outcome.field === "form" ? { formErrors: [outcome.message] } : { fieldErrors: { subdomain: [outcome.message] } };
    return data({ result: submission.reply(errors) }, { status: outcome.status });
  }
  return redirect(BRANDED_DOMAINS_PATH);
}

export default function CreateTiny({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ subdomain: string }>({
    id: "vanity-create",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
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
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
          {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
          <TextField
            label="Subdomain"
            name="subdomain"
            defaultValue={fields.subdomain.initialValue}
            errors={fields.subdomain.errors}
            hint={`.${loaderData.shortHost}`}
            placeholder="yourname"
            maxLength={63}
            autoComplete="off"
          />
          <div className="flex items-center gap-3">
            <SubmitButton className={settingsButton} busyText="Adding…">
              Add vanity subdomain
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
