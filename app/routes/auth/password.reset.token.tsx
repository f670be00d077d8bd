import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { AuthCard, Notice, PasswordField, SubmitButton } from "../../components/form-fields";
import { resetPasswordSchema } from "../../forms/account";
import { afterPasswordChange } from "../../forms/settings-rules";
import { getCloudflare } from "../../context.server";
import { attempt } from "../../lib/auth-flow.server";
import { commonPasswordError } from "../../lib/password-dictionary.server";
import { getAuth, requireGuest } from "../../session.server";
import type { Route } from "./+types/password.reset.token";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password | Snip" }];

/**
 * A link that no longer works (used, expired, never issued) says so when it is opened, with the way
 * to a new one, instead of a form whose every answer would be refused. The post checks again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireGuest(context);
  const authContext = await getAuth(request, context).$context;
  const verification = await authContext.internalAdapter.findVerificationValue(`reset-password:${params.token}`);
  const valid = verification !== null && verification !== undefined && new Date(verification.expiresAt).getTime() > Date.now();
  return { valid };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireGuest(context);
  const submission = parseWithZod(await requestFormData(request), { schema: resetPasswordSchema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password", "password_confirmation"] }), { status: 422 });
  const tooCommon = await commonPasswordError(getCloudflare(context).env, submission.value.password);
  if (tooCommon)
    return data(submission.reply({ fieldErrors: { password: [tooCommon] }, hideFields: ["password", "password_confirmation"] }), {
      status: 422,
    });
  // The token is consumed on success: the link works once. Every session of the account ends.
  const result = await attempt(() =>
    getAuth(request, context).api.resetPassword({ body: { newPassword: submission.value.password, token: params.token } }),
  );
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`password reset failed: ${result.error.code}`);
    return data(submission.reply({ formErrors: [ACCOUNT_MESSAGES.resetInvalid], hideFields: ["password", "password_confirmation"] }), {
      status: 422,
    });
  }
  // Signing in with the new password leads to the live API tokens, which a reset does not end.
  return redirect(`/app/login?notice=reset&to=${encodeURIComponent(afterPasswordChange("password-reset"))}`);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ password: string; password_confirmation: string }>({ lastResult: actionData });
  if (!loaderData.valid) {
    return (
      <AuthCard title="Choose a new password">
        <Notice tone="error">{ACCOUNT_MESSAGES.resetInvalid}</Notice>
        <Link
          to="/app/password/reset"
          className="block rounded-lg bg-indigo-600 px-5 py-2.5 text-center font-semibold text-white hover:bg-indigo-700"
        >
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? (
          <Notice tone="error">
            {form.errors[0]}{" "}
            <Link to="/app/password/reset" className="underline">
              Request a new link
            </Link>
          </Notice>
        ) : null}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          errors={fields.password.errors}
          required
          minLength={6}
        />
        <PasswordField
          label="Confirm new password"
          name="password_confirmation"
          autoComplete="new-password"
          errors={fields.password_confirmation.errors}
          required
        />
        <SubmitButton busyText="Saving…">Reset Password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
