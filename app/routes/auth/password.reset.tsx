import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { AuthCard, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { resetRequestSchema } from "../../forms/account";
import { getCloudflare } from "../../context.server";
import { attempt } from "../../lib/auth-flow.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { getAuth, requireGuest } from "../../session.server";
import type { Route } from "./+types/password.reset";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const submission = parseWithZod(await requestFormData(request), { schema: resetRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 422 });
  // Per client address and per address mailed, whether or not it has an account (the answer tells nothing).
  if (!(await underRateLimit(getCloudflare(context).env, request, "passwordResetMail", { account: submission.value.email })))
    return rateLimitedReply({ result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), sent: false });
  // The same answer whether or not the address has an account.
  const result = await attempt(() =>
    getAuth(request, context).api.requestPasswordReset({ body: { email: submission.value.email, redirectTo: "/app/password/reset" } }),
  );
  if (!result.ok && result.error.status >= 500) throw new Error(`password reset request failed: ${result.error.code}`);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ResetRequest({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ email: string }>({ lastResult: actionData?.result });
  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/app/login" className="font-semibold text-indigo-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.sent ? <Notice tone="success">{ACCOUNT_MESSAGES.resetSent}</Notice> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" errors={fields.email.errors} required />
        <SubmitButton busyText="Sending…">Send Password Reset Link</SubmitButton>
      </Form>
    </AuthCard>
  );
}
