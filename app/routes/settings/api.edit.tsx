/**
 * /app/settings/api/edit/{tokenId} (L and V, the plan's API): rename a token, change its
 * permissions (in force from its next request), or revoke it. Another user's token is a 404.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { getUserApiToken, revokeApiToken, updateApiToken } from "../../../db/api-tokens.server";
import { getDb } from "../../../db/client.server";
import { PermissionFields } from "../../components/api-token-fields";
import { SubmitButton, TextField } from "../../components/form-fields";
import { DateTime, SettingsCard, SettingsHeading, settingsButton, settingsDangerButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { editTokenSchema } from "../../forms/api-tokens";
import { permissionsNotInPlan, requireApiSettings } from "../../lib/api-settings.server";
import type { Route } from "./+types/api.edit";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit API token | Snip" }];

async function loadToken(request: Request, context: Route.LoaderArgs["context"], tokenId: string) {
  const viewer = requireApiSettings(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const token = await getUserApiToken(db, viewer.user.id, tokenId);
  if (!token) throw data("Not Found", { status: 404 });
  return { viewer, db, token };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, token } = await loadToken(request, context, params.tokenId);
  return {
    token: {
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      permissions: token.permissions,
      expiresAt: token.expiresAt?.toISOString() ?? null,
    },
    notInPlan: permissionsNotInPlan(viewer),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, db, token } = await loadToken(request, context, params.tokenId);
  const formData = await requestFormData(request);
  if (formData.get("intent") === "revoke") {
    await revokeApiToken(db, viewer.user.id, token.id);
    return redirect("/app/settings/api?notice=revoked");
  }
  const submission = parseWithZod(formData, { schema: editTokenSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  await updateApiToken(db, viewer.user.id, token.id, submission.value);
  return redirect("/app/settings/api?notice=saved");
}

export default function EditApiToken({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const [form, fields] = useForm<{ name: string; permissions: string[] }>({
    id: "api-token-edit",
    lastResult: actionData,
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <SettingsHeading title="Edit API token" lead={<span className="font-mono">{token.prefix}…</span>} />
      <div className="space-y-6">
        <SettingsCard
          title="Token details"
          description={
            token.expiresAt ? (
              <>
                Expires <DateTime iso={token.expiresAt} />.
              </>
            ) : (
              "This token does not expire."
            )
          }
        >
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
            <TextField
              label="Name"
              name="name"
              defaultValue={fields.name.initialValue ?? token.name}
              errors={fields.name.errors}
              maxLength={60}
              required
            />
            <PermissionFields selected={token.permissions} notInPlan={loaderData.notInPlan} errors={fields.permissions.errors} />
            <div className="flex items-center gap-3">
              <SubmitButton className={settingsButton} busyText="Saving…">
                Save Token
              </SubmitButton>
              <Link to="/app/settings/api" className="text-sm font-semibold text-slate-700 hover:underline">
                Cancel
              </Link>
            </div>
          </Form>
        </SettingsCard>
        <SettingsCard
          title="Revoke"
          tone="danger"
          description="Requests with this token are refused from the next one on. This cannot be undone."
        >
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <SubmitButton className={settingsDangerButton}>Revoke Token</SubmitButton>
          </Form>
        </SettingsCard>
      </div>
    </>
  );
}
