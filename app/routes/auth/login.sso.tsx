/**
 * /app/login/sso (G): "Sign in with SSO" (issue 17, docs/decisions/034). The work email's verified
 * domain names the organization; the browser goes on to its identity provider (authorization
 * code flow with PKCE, app/lib/sso/flow.server.ts). A failed callback comes back here with the
 * reason in `error` (one of a fixed list: the text is the server's, never the query's).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { emailSchema } from "../../../domain/account";
import { safeReturnPath } from "../../../domain/account-rules";
import { AuthCard, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { SSO_ERRORS, startSso, type SsoError } from "../../lib/sso/flow.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { requireGuest } from "../../session.server";
import type { Route } from "./+types/login.sso";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in with SSO | Snip" }];
export const headers: Route.HeadersFunction = retryAfterOfAction;

const ssoStartSchema = z.object({ email: emailSchema, to: z.string().optional() });

export function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  return {
    to: safeReturnPath(url.searchParams.get("to"), ""),
    error: error && Object.hasOwn(SSO_ERRORS, error) ? SSO_ERRORS[error as SsoError] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await requestFormData(request), { schema: ssoStartSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { email, to } = submission.value;
  if (!(await underRateLimit(env, request, "signIn", { account: email })))
    return rateLimitedReply(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }));
  const started = await startSso(request, context, { email, to: to ?? null, userId: null });
  if (!started.ok) return data(submission.reply({ fieldErrors: { email: [started.message] } }), { status: 422 });
  return started.response;
}

export default function LoginSso({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ email: string }>({ lastResult: actionData, shouldRevalidate: "onBlur" });
  return (
    <AuthCard
      title="Sign in with SSO"
      lead="Enter your work email. If your organization signs in with single sign-on, you continue at its identity provider."
      footer={
        <Link to="/app/login" className="font-semibold text-indigo-700 hover:underline">
          Sign in with a password instead
        </Link>
      }
    >
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <input type="hidden" name="to" value={loaderData.to} />
        <TextField
          label="Work email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={fields.email.initialValue}
          errors={fields.email.errors}
          required
        />
        <SubmitButton busyText="Continuing…">Continue with SSO</SubmitButton>
      </Form>
    </AuthCard>
  );
}
