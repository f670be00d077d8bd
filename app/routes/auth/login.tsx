import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES, safeReturnPath } from "../../../domain/account-rules";
import { AuthCard, Notice, PasswordField, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { loginSchema } from "../../forms/account";
import { attempt, clearFailedLogins, loginLockMinutes, recordFailedLogin, redirectWithCookies } from "../../lib/auth-flow.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { getAuth, requireGuest } from "../../session.server";
import { passwordSignInRefused } from "../../lib/sso/flow.server";
import { SSO_MESSAGES } from "../../../domain/sso";
import type { Route } from "./+types/login";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

const NOTICES: Record<string, string> = {
  reset: ACCOUNT_MESSAGES.resetDone,
  "2fa-expired": ACCOUNT_MESSAGES.twoFactorExpired,
};

export function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  const url = new URL(request.url);
  return { to: safeReturnPath(url.searchParams.get("to"), ""), notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await requestFormData(request), { schema: loginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 422 });
  const { email, password, remember, to } = submission.value;
  const target = safeReturnPath(to);

  // Attempts, right or wrong, per client address and per account (the failure throttle below counts only wrong ones).
  if (!(await underRateLimit(env, request, "signIn", { account: email })))
    return rateLimitedReply(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE], hideFields: ["password"] }));

  const lockedMinutes = await loginLockMinutes(env, request, email);
  if (lockedMinutes > 0) {
    return data(submission.reply({ formErrors: [ACCOUNT_MESSAGES.throttled(lockedMinutes)], hideFields: ["password"] }), { status: 429 });
  }
  // Single sign-on required by the email's organization (issue 17, docs/decisions/034).
  if (await passwordSignInRefused(env, email)) {
    return data(submission.reply({ formErrors: [SSO_MESSAGES.passwordRefused], hideFields: ["password"] }), { status: 403 });
  }
  const result = await attempt(() =>
    getAuth(request, context).api.signInEmail({
      body: { email, password, rememberMe: remember === "on" },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`sign-in failed: ${result.error.code}`);
    await recordFailedLogin(env, request, email);
    // One answer for an unknown email and a wrong password.
    return data(submission.reply({ formErrors: [ACCOUNT_MESSAGES.badCredentials], hideFields: ["password"] }), { status: 401 });
  }
  await clearFailedLogins(env, email);
  const { headers, response } = result.value;
  if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
    return redirectWithCookies(`/app/login/2FA/verify${to ? `?to=${encodeURIComponent(target)}` : ""}`, headers);
  }
  return redirectWithCookies(target, headers);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ email: string; password: string }>({ lastResult: actionData, shouldRevalidate: "onBlur" });
  return (
    <AuthCard
      title="Sign in to Snip"
      footer={
        <>
          New to Snip?{" "}
          <Link to="/app/register" className="font-semibold text-indigo-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {loaderData.notice ? <Notice tone="info">{loaderData.notice}</Notice> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <input type="hidden" name="to" value={loaderData.to} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={fields.email.initialValue}
          errors={fields.email.errors}
          required
        />
        <PasswordField label="Password" name="password" autoComplete="current-password" errors={fields.password.errors} required />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2 text-slate-700">
            <input type="checkbox" name="remember" className="h-4 w-4 rounded border-slate-300" defaultChecked />
            Remember me
          </label>
          <Link to="/app/password/reset" className="font-semibold text-indigo-700 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busyText="Signing in…">Sign In</SubmitButton>
      </Form>
      <Link
        to={loaderData.to ? `/app/login/sso?to=${encodeURIComponent(loaderData.to)}` : "/app/login/sso"}
        className="block w-full rounded-lg border border-slate-300 px-5 py-2.5 text-center font-semibold text-slate-800 hover:bg-slate-50"
      >
        Sign in with SSO
      </Link>
    </AuthCard>
  );
}
