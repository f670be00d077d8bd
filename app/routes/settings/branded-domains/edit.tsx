/**
 * /app/settings/branded-domains/edit/{domain} (L): where `/` of the domain and its unknown aliases
 * go (the plan's domain_root_redirect and domain_404_redirect), and removing the domain. Every
 * change is written through to the host's KV record, which the redirect worker serves from.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { updateBrandedDomain } from "../../../../db/branded-domains.server";
import { getDb } from "../../../../db/client.server";
import { BRANDED_MESSAGES, mayRedirect, BRANDED_DOMAINS_PATH } from "../../../../domain/branded-domains";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsDangerButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { editDomainSchema } from "../../../forms/branded-domains";
import { domainOwner, removeBrandedDomain, requireOwnDomain, writeHostRecord } from "../../../lib/branded-domains.server";
import { requireUser } from "../../../session.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Edit ${params.domain} | Snip` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const domain = await requireOwnDomain(getCloudflare(context).env, domainOwner(viewer).workspaceId, params.domain.toLowerCase());
  return {
    hostname: domain.hostname,
    root: domain.rootRedirect ?? "",
    notFound: domain.notFoundRedirect ?? "",
    canRoot: mayRedirect(viewer.subject, "root"),
    canNotFound: mayRedirect(viewer.subject, "404"),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const domain = await requireOwnDomain(env, domainOwner(viewer).workspaceId, params.domain.toLowerCase());
  const submission = parseWithZod(await request.formData(), { schema: editDomainSchema });
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
  const root = submission.value.root || null;
  const notFound = submission.value.notFound || null;
  // Only what the plan allows may change; a value the plan does not allow is refused, not ignored.
  const fieldErrors: Record<string, string[]> = {};
  if (root !== domain.rootRedirect && !mayRedirect(viewer.subject, "root")) fieldErrors.root = [BRANDED_MESSAGES.redirectsNotAllowed];
  if (notFound !== domain.notFoundRedirect && !mayRedirect(viewer.subject, "404"))
    fieldErrors.notFound = [BRANDED_MESSAGES.redirectsNotAllowed];
  if (Object.keys(fieldErrors).length > 0) return data({ result: submission.reply({ fieldErrors }) }, { status: 403 });
  await updateBrandedDomain(getDb(env.DB), domain.id, { rootRedirect: root, notFoundRedirect: notFound });
  await writeHostRecord(env, { ...domain, rootRedirect: root, notFoundRedirect: notFound });
  return redirect(`${BRANDED_DOMAINS_PATH}/edit/${encodeURIComponent(domain.hostname)}?saved=1`);
}

export default function EditDomain({ loaderData: d, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ root: string; notFound: string }>({
    id: "branded-domain-edit",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <SettingsHeading title={d.hostname} />
      <div className="space-y-6">
        <SettingsCard
          title="Redirects"
          description="Where visitors go who open the domain itself, or a short link on it that does not exist."
        >
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
            {d.saved ? <Notice tone="success">Saved.</Notice> : null}
            {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
            <input type="hidden" name="intent" value="redirects" />
            <TextField
              label="Root redirect"
              name="root"
              defaultValue={fields.root.initialValue ?? d.root}
              errors={fields.root.errors}
              placeholder="https://yourbrand.com/"
              disabled={!d.canRoot}
              hint={d.canRoot ? `Where https://${d.hostname}/ goes.` : BRANDED_MESSAGES.redirectsNotAllowed}
            />
            <TextField
              label="404 redirect"
              name="notFound"
              defaultValue={fields.notFound.initialValue ?? d.notFound}
              errors={fields.notFound.errors}
              placeholder="https://yourbrand.com/not-found"
              disabled={!d.canNotFound}
              hint={d.canNotFound ? "Where a short link that does not exist on this domain goes." : BRANDED_MESSAGES.redirectsNotAllowed}
            />
            {d.canRoot || d.canNotFound ? (
              <SubmitButton className={settingsButton} busyText="Saving…">
                Save
              </SubmitButton>
            ) : null}
          </Form>
        </SettingsCard>
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
