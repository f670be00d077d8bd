/**
 * /app/settings/api/new (L and V, the plan's API): a token with a name, an expiry and its
 * permissions. The token is shown once, on the answer to the post; only its SHA-256 hash and
 * first characters are stored. Creating one asks for the password (the 423 flow,
 * app/lib/password-confirm.server.ts) and is rate limited (docs/decisions/019-abuse-limits.md).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { createApiToken } from "../../../db/api-tokens.server";
import { getDb } from "../../../db/client.server";
import { API_TOKEN_EXPIRIES, tokenExpiresAt } from "../../../domain/api";
import { PermissionFields } from "../../components/api-token-fields";
import { CopyButton } from "../../components/copy-button";
import { FieldError, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { isPasswordConfirmReply, PasswordConfirmDialog } from "../../components/password-confirm";
import { SettingsCard, SettingsHeading, settingsButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { newTokenSchema } from "../../forms/api-tokens";
import { API_TOKEN_MESSAGES } from "../../forms/api-tokens-rules";
import { permissionsNotInPlan, requireApiSettings } from "../../lib/api-settings.server";
import { generateApiToken } from "../../lib/api-tokens.server";
import { requireRecentPassword, withoutConfirmPassword } from "../../lib/password-confirm.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import type { Route } from "./+types/api.new";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "New API token | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiSettings(request, context);
  return { notInPlan: permissionsNotInPlan(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiSettings(request, context);
  const { env } = getCloudflare(context);
  const formData = await requestFormData(request);
  const submission = parseWithZod(withoutConfirmPassword(formData), { schema: newTokenSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 422 });
  const denied = await requireRecentPassword(request, context, viewer, formData);
  if (denied) return denied;
  if (!(await underRateLimit(env, request, "apiTokenCreate", { account: viewer.user.id })))
    return rateLimitedReply({
      result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }),
      created: null,
    });
  const { token, tokenHash, prefix } = await generateApiToken();
  const now = new Date();
  await createApiToken(
    getDb(env.DB),
    {
      userId: viewer.user.id,
      workspaceId: viewer.user.id,
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
  const confirm = isPasswordConfirmReply(actionData) ? actionData.passwordConfirm : null;
  const reply = actionData && !isPasswordConfirmReply(actionData) ? actionData : undefined;
  const [form, fields] = useForm<{ name: string; expiry: string; permissions: string[] }>({
    id: "api-token-new",
    lastResult: reply?.result,
    shouldValidate: "onSubmit",
  });
  const created = reply?.created ?? null;
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
            {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
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
                aria-describedby={fields.expiry.errors?.length ? "field-expiry-error" : undefined}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm"
              >
                {API_TOKEN_EXPIRIES.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </select>
              <FieldError id="field-expiry-error" errors={fields.expiry.errors} />
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
      {confirm ? <PasswordConfirmDialog request={confirm} /> : null}
    </>
  );
}
