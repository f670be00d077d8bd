/**
 * /app/settings/api/new (L and V, the plan's API): a token with a name, an expiry and its
 * permissions. The token is shown once, on the answer to the post; only its SHA-256 hash and
 * first characters are stored.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { createApiToken } from "../../db/api-tokens.server";
import { getDb } from "../../db/client.server";
import { API_TOKEN_EXPIRIES, tokenExpiresAt } from "../../domain/api";
import { PermissionFields } from "../components/api-token-fields";
import { CopyButton } from "../components/copy-button";
import { Notice, SubmitButton, TextField } from "../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton } from "../components/settings";
import { getCloudflare } from "../context.server";
import { newTokenSchema } from "../forms/api-tokens";
import { API_TOKEN_MESSAGES } from "../forms/api-tokens-rules";
import { permissionsNotInPlan, requireApiSettings } from "../lib/api-settings.server";
import { generateApiToken } from "../lib/api-tokens.server";
import type { Route } from "./+types/settings.api.new";

export const meta: Route.MetaFunction = () => [{ title: "New API token | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiSettings(request, context);
  return { notInPlan: permissionsNotInPlan(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiSettings(request, context);
  const submission = parseWithZod(await request.formData(), { schema: newTokenSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 422 });
  const { token, tokenHash, prefix } = await generateApiToken();
  const now = new Date();
  await createApiToken(
    getDb(getCloudflare(context).env.DB),
    {
      userId: viewer.user.id,
      name: submission.value.name,
      prefix,
      tokenHash,
      permissions: submission.value.permissions,
      expiresAt: tokenExpiresAt(submission.value.expiry, now),
    },
    now,
  );
  return { result: submission.reply({ resetForm: true }), created: { name: submission.value.name, token } };
}

export default function NewApiToken({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ name: string; expiry: string; permissions: string[] }>({
    id: "api-token-new",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const created = actionData?.created ?? null;
  return (
    <>
      <SettingsHeading title="New API token" />
      {created ? (
        <SettingsCard title={created.name}>
          <Notice tone="success">{API_TOKEN_MESSAGES.created}</Notice>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <code data-testid="new-token" className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
          <Link to="/app/settings/api" className={`mt-5 inline-block ${settingsButton}`}>
            Done
          </Link>
        </SettingsCard>
      ) : (
        <SettingsCard title="Token details" description="Give the token only the permissions the program using it needs.">
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
            <TextField
              label="Name"
              name="name"
              defaultValue={fields.name.initialValue}
              errors={fields.name.errors}
              maxLength={60}
              required
            />
            <div>
              <label htmlFor="field-expiry" className="mb-1.5 block text-sm font-semibold text-slate-800">
                Expires after
              </label>
              <select
                id="field-expiry"
                name="expiry"
                defaultValue="90d"
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm"
              >
                {API_TOKEN_EXPIRIES.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </select>
            </div>
            <PermissionFields selected={["read", "create"]} notInPlan={loaderData.notInPlan} errors={fields.permissions.errors} />
            <div className="flex items-center gap-3">
              <SubmitButton className={settingsButton} busyText="Creating…">
                Create Token
              </SubmitButton>
              <Link to="/app/settings/api" className="text-sm font-semibold text-slate-700 hover:underline">
                Cancel
              </Link>
            </div>
          </Form>
        </SettingsCard>
      )}
    </>
  );
}
