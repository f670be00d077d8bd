import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { safeReturnPath } from "../../../domain/account-rules";
import { hashBackupCode } from "../../auth.server";
import { AuthCard, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { backupCodeFormSchema } from "../../forms/account";
import { attempt, redirectWithCookies } from "../../lib/auth-flow.server";
import { pendingTwoFactor, twoFactorFailure } from "../../lib/two-factor.server";
import { getAuth, requireGuest } from "../../session.server";
import type { Route } from "./+types/login.2fa.backup-code";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Use a backup code | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return pendingTwoFactor(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await requestFormData(request), { schema: backupCodeFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const code = await hashBackupCode(env.AUTH_SECRET, submission.value.code);
  // The library removes the code from the stored list when it matches: single use.
  const result = await attempt(() =>
    getAuth(request, context).api.verifyBackupCode({ body: { code }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok) return twoFactorFailure(result.error, submission);
  return redirectWithCookies(safeReturnPath(submission.value.to), result.value.headers);
}

export default function BackupCode({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ code: string }>({ lastResult: actionData });
  const totpHref = `/app/login/2FA/verify${loaderData.to ? `?to=${encodeURIComponent(loaderData.to)}` : ""}`;
  return (
    <AuthCard
      title="Use a backup code"
      lead="Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once."
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <input type="hidden" name="to" value={loaderData.to} />
        <TextField
          label="Backup code"
          name="code"
          autoComplete="off"
          autoFocus
          placeholder="xxxxx-xxxxx"
          errors={fields.code.errors}
          required
        />
        <SubmitButton busyText="Verifying…">Verify</SubmitButton>
      </Form>
      <p className="text-sm text-slate-600">
        <Link to={totpHref} className="font-semibold text-indigo-700 hover:underline">
          Use your authenticator app instead
        </Link>
      </p>
    </AuthCard>
  );
}
