/**
 * /app/settings/profile/delete (L): closes the account. The form asks for the password, which
 * is the password confirmation of this sensitive action (spec 01 §8). Once it is right, a live
 * subscription at Stripe or Paddle is cancelled there first (if the provider refuses, nothing
 * is deleted); better-auth then deletes the user (the database cascades to sessions,
 * credentials, two-factor, subscriptions, usage and notifications) and clears the session
 * cookie; the links are marked deleted before the answer, so they stop redirecting at once,
 * and the photos leave R2 (app/lib/account-deletion.server.ts, docs/decisions/024).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { Notice, PasswordField, SubmitButton } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsDangerButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { deleteAccountSchema } from "../../forms/settings";
import { attempt, recordFailedLogin, redirectWithCookies } from "../../lib/auth-flow.server";
import {
  cancelSubscriptionAtProvider,
  deleteClosedAccountLinks,
  OWNS_ORGANIZATION_MESSAGE,
  ownsOrganization,
} from "../../lib/account-deletion.server";
import { checkCurrentPassword } from "../../lib/password-confirm.server";
import { deleteUserPhotos } from "../../lib/profile-photo.server";
import { getAuth, requireUser } from "../../session.server";
import type { Route } from "./+types/profile.delete";
import { listDomainsGoingWith } from "../../../db/branded-domains.server";
import { getDb } from "../../../db/client.server";
import { releaseDomains } from "../../lib/branded-domains.server";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Delete account | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  return { email: viewer.user.email, subscribed: viewer.subscribed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env, ctx } = getCloudflare(context);
  const submission = parseWithZod(await requestFormData(request), { schema: deleteAccountSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 422 });

  // An organization's owner first: refused before anything is written (no throttle, no cancellation).
  if (await ownsOrganization(env, viewer.user.id)) {
    return data(submission.reply({ fieldErrors: { password: [OWNS_ORGANIZATION_MESSAGE] }, hideFields: ["password"] }), { status: 409 });
  }
  // The password next (under the login throttle): nothing is cancelled for a wrong one.
  const check = await checkCurrentPassword(request, context, viewer, submission.value.password);
  if (!check.ok) {
    return data(submission.reply({ fieldErrors: { password: [check.message] }, hideFields: ["password"] }), { status: check.status });
  }
  // Then the subscription at the provider: an account is never deleted while it is still billed.
  const cancelled = await cancelSubscriptionAtProvider(env, viewer.user.id);
  if (!cancelled.ok) {
    console.error("account deletion: the provider did not cancel the subscription", viewer.user.id, cancelled.message);
    return data(submission.reply({ formErrors: [BILLING_MESSAGES.updateFailed], hideFields: ["password"] }), { status: 502 });
  }
  // Its branded domains, read before the database deletes them with the account (decision 044).
  const domains = await listDomainsGoingWith(getDb(env.DB), { userId: viewer.user.id });
  const result = await attempt(() =>
    getAuth(request, context).api.deleteUser({
      body: { password: submission.value.password },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`account deletion failed: ${result.error.code}`);
    await recordFailedLogin(env, request, viewer.user.email);
    return data(submission.reply({ fieldErrors: { password: [ACCOUNT_MESSAGES.currentPasswordWrong] }, hideFields: ["password"] }), {
      status: 422,
    });
  }

  const userId = viewer.user.id;
  // Before the answer: the links stop redirecting at once (or the queue retries it).
  await deleteClosedAccountLinks(env, userId);
  // Then its domains: custom hostnames at Cloudflare and host records (or the queue retries it).
  await releaseDomains(env, domains);
  ctx.waitUntil(
    deleteUserPhotos(env.UPLOADS, userId).catch((error: unknown) => console.error("account deletion: photos not removed", userId, error)),
  );
  return redirectWithCookies("/app/deleted", result.value.headers);
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ password: string }>({ lastResult: actionData });
  return (
    <>
      <SettingsHeading title="Delete account" />
      <SettingsCard
        title="Delete your Snip account"
        tone="danger"
        description={
          <>
            This closes the account <strong className="text-slate-800">{loaderData.email}</strong> for good. It cannot be undone.
          </>
        }
      >
        <div className="space-y-5 text-sm leading-6 text-slate-700">
          <div>
            <p className="font-semibold text-slate-900">What is deleted</p>
            <ul className="mt-2 list-disc space-y-1.5 pl-5">
              <li>Your profile: name, email address and photo.</li>
              <li>Your password, your two-factor settings and backup codes, and every session: you are signed out on all devices.</li>
              <li>
                Your short links stop redirecting. Visitors see a page saying the link is no longer available, and the aliases are not given
                to anyone else.
              </li>
              <li>Your usage history, notifications and subscription records.</li>
            </ul>
          </div>
          {loaderData.subscribed ? (
            <Notice tone="info">
              You have a paid subscription: it is cancelled at once, before your account is deleted, and nothing more is charged.
            </Notice>
          ) : null}
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-5 border-t border-slate-200 pt-5">
            {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
            <PasswordField label="Your password" name="password" autoComplete="current-password" errors={fields.password.errors} required />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
              <Link
                to="/app/settings/profile"
                className="rounded-lg border border-slate-300 px-5 py-2.5 text-center text-sm font-semibold text-slate-700 hover:bg-slate-50"
              >
                Keep My Account
              </Link>
              <SubmitButton busyText="Deleting…" className={settingsDangerButton}>
                Delete My Account
              </SubmitButton>
            </div>
          </Form>
        </div>
      </SettingsCard>
    </>
  );
}
