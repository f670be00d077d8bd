/**
 * /app/register (G): sign-up. Abuse limits (per client address) and, when configured, the bot
 * challenge guard it as they guard guest shortening (docs/decisions/019-abuse-limits.md).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { AuthCard, FieldError, PasswordField, SubmitButton, TextField } from "../../components/form-fields";
import { Turnstile } from "../../components/turnstile";
import { getCloudflare } from "../../context.server";
import { registerSchema } from "../../forms/account";
import { GUEST_MESSAGES } from "../../forms/shorten-rules";
import { attempt, redirectWithCookies } from "../../lib/auth-flow.server";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "../../lib/blocked-addresses.server";
import { readDevClient } from "../../lib/dev-client.server";
import { commonPasswordError } from "../../lib/password-dictionary.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { clientIp, isWhitelisted, readTurnstileToken, turnstileConfig, verifyTurnstile } from "../../lib/turnstile.server";
import { getAuth, requireGuest } from "../../session.server";
import { findAccessInvitation, isSignupInviteOnly, returnInvitationUse, takeInvitationUse } from "../../../db/access-invitations.server";
import { getDb } from "../../../db/client.server";
import { findUserIdByEmail } from "../../../db/users.server";
import { ACCESS_MESSAGES, invitationProblem, normalizeInvitationCode } from "../../../domain/access-invitations";
import type { Route } from "./+types/register";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign up | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

/** The bot challenge's configuration for this request, or null when it is off or the client is whitelisted. */
async function challengeFor(request: Request, env: ReturnType<typeof getCloudflare>["env"]) {
  const turnstile = turnstileConfig(env, await readDevClient(env, request));
  return turnstile && !isWhitelisted(turnstile, clientIp(request)) ? turnstile : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  const turnstile = await challengeFor(request, getCloudflare(context).env);
  // An invitation mail's link carries the invited address (docs/decisions/030): filled in, still editable.
  const params = new URL(request.url).searchParams;
  const email = params.get("email")?.slice(0, 254) ?? null;
  // Access invitations (decision 036): a code in the link (?invitation=...) is filled in; the field
  // shows when sign-up is invite-only or a code came with the link.
  const invitation = params.get("invitation")?.slice(0, 32) ?? null;
  const inviteOnly = await isSignupInviteOnly(getDb(getCloudflare(context).env.DB));
  return { turnstileSiteKey: turnstile?.siteKey ?? null, email, invitation, inviteOnly };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const { env } = getCloudflare(context);
  const formData = await requestFormData(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
  // The form's own checks (and its validation round trips) first; then every sign-up counts, and
  // a refused one reaches neither siteverify nor the auth library.
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 422 });
  // A client address staff blocked in the kiosk signs up nothing (decision 032).
  if (await isAddressBlocked(env, request))
    return data(submission.reply({ formErrors: [BLOCKED_ADDRESS_MESSAGE], hideFields: ["password"] }), { status: 403 });
  const tooCommon = await commonPasswordError(env, submission.value.password);
  if (tooCommon) return data(submission.reply({ fieldErrors: { password: [tooCommon] }, hideFields: ["password"] }), { status: 422 });
  if (!(await underRateLimit(env, request, "signUp")))
    return rateLimitedReply(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE], hideFields: ["password"] }));
  const turnstile = await challengeFor(request, env);
  if (turnstile) {
    const token = readTurnstileToken(formData);
    const verdict = token === "" ? null : await verifyTurnstile(turnstile, token, clientIp(request));
    if (!verdict?.success) {
      const message = verdict ? GUEST_MESSAGES.antiRobotError : GUEST_MESSAGES.antiRobotRequired;
      return data(submission.reply({ fieldErrors: { anti_robot_token: [message] }, hideFields: ["password"] }), { status: 422 });
    }
  }
  const { name, email, password } = submission.value;
  // Access invitations (decision 036): invite-only sign-up needs an open code for this address;
  // a code given while sign-up is open is checked too (and counted). One use is taken before the
  // account is made and given back if that fails.
  const db = getDb(env.DB);
  const typed = String(formData.get("invitation") ?? "").trim();
  let invitationId: string | null = null;
  if (typed !== "" || (await isSignupInviteOnly(db))) {
    const code = typed === "" ? null : normalizeInvitationCode(typed);
    const invitation = code ? await findAccessInvitation(db, code) : null;
    const problem = typed === "" ? ACCESS_MESSAGES.required : invitationProblem(invitation, email, new Date());
    if (problem || !invitation || !(await takeInvitationUse(db, invitation.id)))
      return data(submission.reply({ fieldErrors: { invitation: [problem ?? ACCESS_MESSAGES.usedUp] }, hideFields: ["password"] }), {
        status: 422,
      });
    invitationId = invitation.id;
  }
  const result = await attempt(() =>
    getAuth(request, context).api.signUpEmail({ body: { name, email, password }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok && invitationId) await returnInvitationUse(db, invitationId);
  if (!result.ok) {
    // Two sign-ups with one address at once: the second can fail on the unique index instead of the
    // library's own check; the address being taken now is the answer then too.
    const taken =
      result.error.code === "USER_ALREADY_EXISTS" ||
      result.error.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" ||
      (await findUserIdByEmail(db, email)) !== null;
    const reply = taken ? { fieldErrors: { email: [ACCOUNT_MESSAGES.emailTaken] } } : { formErrors: [ACCOUNT_MESSAGES.generic] };
    return data(submission.reply({ ...reply, hideFields: ["password"] }), { status: 422 });
  }
  // Signed in at once; the verification mail is on its way.
  return redirectWithCookies("/app/email/verify?sent=1", result.value.headers);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ name: string; email: string; password: string; anti_robot_token: string; invitation: string }>({
    lastResult: actionData,
    shouldRevalidate: "onBlur",
  });
  // A token is spent by the sign-up it went with: every answer to one starts the challenge again
  // (the form's validation round trips on blur carry no token and spend none).
  const [answered, setAnswered] = useState(actionData);
  const [resets, setResets] = useState(0);
  if (actionData !== answered) {
    setAnswered(actionData);
    if (actionData?.intent?.type !== "validate") setResets((n) => n + 1);
  }
  return (
    <AuthCard
      title="Create your account"
      lead="Custom aliases, analytics, QR codes and a dashboard for every link."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/app/login" className="font-semibold text-indigo-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {form.errors[0]}
          </p>
        ) : null}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={fields.name.initialValue}
          errors={fields.name.errors}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={fields.email.initialValue ?? loaderData.email ?? undefined}
          errors={fields.email.errors}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          errors={fields.password.errors}
          required
          minLength={6}
        />
        {loaderData.inviteOnly || loaderData.invitation || fields.invitation.errors ? (
          <TextField
            label="Invitation code"
            name="invitation"
            autoComplete="off"
            defaultValue={fields.invitation.initialValue ?? loaderData.invitation ?? undefined}
            errors={fields.invitation.errors}
            required={loaderData.inviteOnly}
          />
        ) : null}
        {loaderData.turnstileSiteKey ? (
          <div>
            <Turnstile siteKey={loaderData.turnstileSiteKey} resetKey={resets} onVerifiedChange={() => {}} />
            <noscript>
              <p className="text-sm text-slate-600">Turn on JavaScript to pass the anti-robot check.</p>
            </noscript>
            <FieldError id="register-anti-robot-error" errors={fields.anti_robot_token.errors} />
          </div>
        ) : null}
        <p className="text-xs leading-5 text-slate-500">
          By signing up you agree to the{" "}
          <Link to="/app/terms" className="underline">
            Terms of Service
          </Link>{" "}
          and the{" "}
          <Link to="/app/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
        <SubmitButton busyText="Creating account…">Sign Up</SubmitButton>
      </Form>
    </AuthCard>
  );
}
