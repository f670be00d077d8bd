/**
 * /app/email/verify/{userId?}/{verification_hash?} (L). Without parameters: the "check your
 * mail" page with a resend button. With them: the link from the verification mail, which works
 * for the signed-in user it was sent to.
 */
import { Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { markEmailVerified } from "../../../db/users.server";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { emailChangeTarget } from "../../auth.server";
import { AuthCard, Notice, SubmitButton } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { attempt, isEmailTakenError } from "../../lib/auth-flow.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { getAuth, requireUser } from "../../session.server";
import { requirePost } from "../../lib/form-body.server";
import type { Route } from "./+types/email.verify";

export const meta: Route.MetaFunction = () => [{ title: "Verify your email | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const url = new URL(request.url);
  if (params.userId && params.hash) {
    if (params.userId !== viewer.user.id)
      return { email: viewer.user.email, verified: viewer.user.emailVerified, notice: "invalid" as const };
    const result = await attempt(() =>
      getAuth(request, context).api.verifyEmail({ query: { token: params.hash! }, headers: request.headers }),
    ).catch((error: unknown) => {
      // An email change whose new address another account took since the link was sent: the
      // profile says so, and the account keeps its address.
      if (isEmailTakenError(error)) throw redirect("/app/settings/profile?notice=email-taken");
      throw error;
    });
    if (!result.ok) {
      if (result.error.status >= 500) throw new Error(`email verification failed: ${result.error.code}`);
      return { email: viewer.user.email, verified: viewer.user.emailVerified, notice: "invalid" as const };
    }
    const changedTo = emailChangeTarget(params.hash);
    if (changedTo) {
      // The link reached the new address, so that address is verified (better-auth keeps the old flag).
      await markEmailVerified(getDb(getCloudflare(context).env.DB), viewer.user.id, changedTo);
      throw redirect("/app/settings/profile?notice=email-changed");
    }
    throw redirect("/app/email/verify?verified=1");
  }
  const notice = url.searchParams.has("verified") ? ("verified" as const) : url.searchParams.has("sent") ? ("sent" as const) : null;
  return { email: viewer.user.email, verified: viewer.user.emailVerified, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  requirePost(request);
  if (viewer.user.emailVerified) return redirect("/app/email/verify?verified=1");
  if (!(await underRateLimit(getCloudflare(context).env, request, "verificationResend", { account: viewer.user.id })))
    return rateLimitedReply({ resent: false, error: RATE_LIMIT_MESSAGE });
  const result = await attempt(() =>
    getAuth(request, context).api.sendVerificationEmail({ body: { email: viewer.user.email }, headers: request.headers }),
  );
  if (!result.ok && result.error.status >= 500) throw new Error(`verification mail failed: ${result.error.code}`);
  return { resent: true, error: null };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.verified) {
    return (
      <AuthCard title="Email verified">
        <Notice tone="success">{ACCOUNT_MESSAGES.verified}</Notice>
        <Link to="/" className="block rounded-lg bg-indigo-600 px-5 py-2.5 text-center font-semibold text-white hover:bg-indigo-700">
          Continue
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Verify your email address"
      lead={
        <>
          We sent a verification link to <strong>{loaderData.email}</strong>. Open it to finish setting up your account.
        </>
      }
    >
      {loaderData.notice === "invalid" ? <Notice tone="error">{ACCOUNT_MESSAGES.verifyInvalid}</Notice> : null}
      {actionData?.resent ? <Notice tone="success">{ACCOUNT_MESSAGES.verifySent}</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post">
        <SubmitButton busyText="Sending…">Resend Verification Email</SubmitButton>
      </Form>
    </AuthCard>
  );
}
