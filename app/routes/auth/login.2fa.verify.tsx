import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES, safeReturnPath } from "../../../domain/account-rules";
import { AuthCard, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { twoFactorSchema } from "../../forms/account";
import { attempt, claimTotp, redirectWithCookies } from "../../lib/auth-flow.server";
import { pendingTwoFactor, revokeNewSession, twoFactorFailure } from "../../lib/two-factor.server";
import { getAuth, requireGuest } from "../../session.server";
import type { Route } from "./+types/login.2fa.verify";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Two-factor authentication | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return pendingTwoFactor(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await requestFormData(request), { schema: twoFactorSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { code, to } = submission.value;
  const result = await attempt(() =>
    getAuth(request, context).api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok) return twoFactorFailure(result.error, submission);
  const { headers, response } = result.value;
  // A code works once, even inside its 30-second window.
  if (!(await claimTotp(env, response.user.id, code))) {
    await revokeNewSession(env, response.token);
    return data(submission.reply({ fieldErrors: { code: [ACCOUNT_MESSAGES.codeInvalid] } }), { status: 422 });
  }
  return redirectWithCookies(safeReturnPath(to), headers);
}

export default function TwoFactorVerify({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ code: string }>({ lastResult: actionData });
  const backupHref = `/app/login/2FA/backup_code${loaderData.to ? `?to=${encodeURIComponent(loaderData.to)}` : ""}`;
  return (
    <AuthCard title="Two-factor authentication" lead="Enter the 6-digit code from your authenticator app.">
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <input type="hidden" name="to" value={loaderData.to} />
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus
          errors={fields.code.errors}
          required
        />
        <SubmitButton busyText="Verifying…">Verify</SubmitButton>
      </Form>
      <p className="text-sm text-slate-600">
        Lost your device?{" "}
        <Link to={backupHref} className="font-semibold text-indigo-700 hover:underline">
          Use a backup code
        </Link>
      </p>
    </AuthCard>
  );
}
