/**
 * /app/settings/profile (L): name, email (changed through a link sent to the new address;
 * asks for the password first, spec 01 §8) and the profile photo (png or jpg, spec 01 §5).
 * Every form is a plain post; the photo form is multipart and works without JavaScript.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { setUserImage, updateUserName } from "../../../db/users.server";
import { ACCOUNT_MESSAGES, PHOTO_MAX_BYTES } from "../../../domain/account-rules";
import { checkPhoto } from "../../../domain/photo";
import { PhotoForms } from "../../components/photo-forms";
import { Notice, SubmitButton, TextField } from "../../components/form-fields";
import { isPasswordConfirmReply, PasswordConfirmDialog } from "../../components/password-confirm";
import { SettingsCard, SettingsHeading, settingsButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { emailFormSchema, nameFormSchema, photoFormSchema } from "../../forms/settings";
import { PROFILE_INTENTS, SETTINGS_MESSAGES, type ProfileIntent } from "../../forms/settings-rules";
import { attempt } from "../../lib/auth-flow.server";
import { photoUrl } from "../../lib/nav.server";
import { requireRecentPassword, withoutConfirmPassword } from "../../lib/password-confirm.server";
import { deleteUserPhotos, putUserPhoto } from "../../lib/profile-photo.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { getAuth, requireUser } from "../../session.server";
import type { Route } from "./+types/profile";
import { formIntent, requestFormDataWithin } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Profile | Snip" }];

/** A refused email change (429) tells the browser when to try again. */
export const headers = retryAfterOfAction;

/** Room for the multipart framing and the other fields around a photo of the largest size. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/** Notices after a redirect (post/redirect/get), shown in the card of the form that changed. */
const NOTICES = {
  "name-saved": { card: "name", text: "Your name has been saved.", tone: "success" },
  "photo-updated": { card: "photo", text: "Your photo has been updated.", tone: "success" },
  "photo-removed": { card: "photo", text: "Your photo has been removed.", tone: "success" },
  "email-changed": { card: "email", text: "Your email address has been changed.", tone: "success" },
  // The link of an email change opened after another account took the address (app/routes/auth/email.verify.tsx).
  "email-taken": { card: "email", text: ACCOUNT_MESSAGES.emailTaken, tone: "error" },
} as const;

type NoticeKey = keyof typeof NOTICES;

/** Changes to the signed-in user redirect, so the page (and the header) render the new state. */
function done(notice: NoticeKey): Response {
  return redirect(`/app/settings/profile?notice=${notice}`);
}

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    user: {
      name: viewer.user.name,
      email: viewer.user.email,
      emailVerified: viewer.user.emailVerified,
      photoUrl: photoUrl(viewer.user),
    },
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
  };
}

type Reply = { intent: ProfileIntent; result: SubmissionResult<string[]>; notice?: string };

function photoError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { photo: [message] } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);

  // An oversized photo is refused once the bytes read pass the limit (not by its Content-Length).
  const body = await requestFormDataWithin(request, PHOTO_MAX_BYTES + UPLOAD_OVERHEAD_BYTES);
  if (!body.ok && body.reason === "too-large") {
    return data<Reply>({ intent: "upload-photo", result: photoError(ACCOUNT_MESSAGES.photoSize) }, { status: 413 });
  }
  if (!body.ok) return data({ intent: null, error: ACCOUNT_MESSAGES.generic }, { status: 400 });
  const formData = body.form;
  const intent = formIntent(formData, PROFILE_INTENTS);

  switch (intent) {
    case "update-name": {
      const submission = parseWithZod(formData, { schema: nameFormSchema });
      if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
      await updateUserName(db, viewer.user.id, submission.value.name);
      return done("name-saved");
    }

    case "change-email": {
      const submission = parseWithZod(withoutConfirmPassword(formData), { schema: emailFormSchema });
      if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
      const email = submission.value.email;
      if (email === viewer.user.email.toLowerCase()) {
        return data<Reply>(
          { intent, result: submission.reply({ fieldErrors: { email: [SETTINGS_MESSAGES.emailUnchanged] } }) },
          { status: 422 },
        );
      }
      const denied = await requireRecentPassword(request, context, viewer, formData);
      if (denied) return denied;
      // Each change mails a link to an address the user typed: an abuse limit per account and per
      // recipient (docs/decisions/019), or a script could send any inbox mail after mail from us.
      if (!(await underRateLimit(env, request, "emailChange", { account: viewer.user.id, recipient: email }))) {
        return rateLimitedReply<Reply>({ intent, result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }) });
      }
      const result = await attempt(() =>
        getAuth(request, context).api.changeEmail({ body: { newEmail: email }, headers: request.headers }),
      );
      if (!result.ok) {
        if (result.error.status >= 500) throw new Error(`email change failed: ${result.error.code}`);
        return data<Reply>({ intent, result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.generic] }) }, { status: 422 });
      }
      // The same answer whether or not another account uses the address (the library sends no
      // mail then), so the form cannot be used to find out who has an account.
      return data<Reply>({
        intent,
        result: submission.reply(),
        notice: `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
      });
    }

    case "upload-photo": {
      const submission = parseWithZod(formData, { schema: photoFormSchema });
      if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
      const file = submission.value.photo;
      const check = checkPhoto(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
      if (!check.ok) return data<Reply>({ intent, result: photoError(check.message) }, { status: 422 });
      const key = await putUserPhoto(env.UPLOADS, viewer.user.id, await file.arrayBuffer(), check.kind);
      try {
        await setUserImage(db, viewer.user.id, key);
      } catch (error) {
        await env.UPLOADS.delete(key);
        throw error;
      }
      await sweepPhotos(env.UPLOADS, viewer.user.id, key);
      return done("photo-updated");
    }

    case "remove-photo": {
      await setUserImage(db, viewer.user.id, null);
      await sweepPhotos(env.UPLOADS, viewer.user.id, null);
      return done("photo-removed");
    }

    default:
      return data({ intent: null, error: ACCOUNT_MESSAGES.generic }, { status: 400 });
  }
}

/** Old photos go once the new state is saved; a failure here leaves only an unused object. */
async function sweepPhotos(bucket: R2Bucket, userId: string, keep: string | null): Promise<void> {
  try {
    await deleteUserPhotos(bucket, userId, keep);
  } catch (error) {
    console.warn("profile photo: removing old objects failed", error);
  }
}

function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src)
    return (
      <img
        src={src}
        alt="Your profile photo"
        width={80}
        height={80}
        className="h-20 w-20 rounded-full object-cover ring-1 ring-slate-200"
      />
    );
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className="flex h-20 w-20 items-center justify-center rounded-full bg-indigo-100 text-2xl font-bold text-indigo-700"
    >
      {initials || "?"}
    </span>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && !isPasswordConfirmReply(actionData) && actionData.intent ? (actionData as Reply) : null;
  const resultFor = (intent: ProfileIntent) => (reply?.intent === intent ? reply.result : undefined);
  const emailNotice = reply?.intent === "change-email" ? (reply.notice ?? null) : null;
  const noticeFor = (card: (typeof NOTICES)[NoticeKey]["card"]) =>
    !reply && loaderData.notice?.card === card ? loaderData.notice.text : null;
  const generalError = actionData && "error" in actionData ? actionData.error : null;

  const [nameForm, nameFields] = useForm<{ name: string }>({ id: "profile-name", lastResult: resultFor("update-name") });
  const [emailForm, emailFields] = useForm<{ email: string }>({ id: "profile-email", lastResult: resultFor("change-email") });
  const { user } = loaderData;

  return (
    <>
      <SettingsHeading title="Profile" lead="Your name, email address and photo." />
      <div className="space-y-6">
        {generalError ? <Notice tone="error">{generalError}</Notice> : null}

        <SettingsCard id="photo" title="Profile photo" description={`A png or jpg image of at most ${PHOTO_MAX_BYTES / 1024} kilobytes.`}>
          <PhotoForms
            id="profile-photo"
            picture={<Avatar name={user.name} src={user.photoUrl} />}
            notice={noticeFor("photo")}
            hasPhoto={Boolean(user.photoUrl)}
            lastResult={resultFor("upload-photo")}
          />
        </SettingsCard>

        <SettingsCard id="name" title="Name" description="How Snip addresses you, in the app and in mail.">
          <Form method="post" {...getFormProps(nameForm)} noValidate className="space-y-4">
            {noticeFor("name") ? <Notice tone="success">{noticeFor("name")}</Notice> : null}
            <input type="hidden" name="intent" value="update-name" />
            <TextField
              key={user.name}
              label="Name"
              name="name"
              autoComplete="name"
              defaultValue={
                nameFields.name.initialValue ?? (reply?.intent === "update-name" && reply.result.status === "error" ? "" : user.name)
              }
              errors={nameFields.name.errors}
              required
            />
            <SubmitButton className={settingsButton}>Save Name</SubmitButton>
          </Form>
        </SettingsCard>

        <SettingsCard
          id="email"
          title="Email address"
          description={
            <>
              Your address is <strong className="text-slate-800">{user.email}</strong>
              {user.emailVerified ? " (verified)." : " (not verified yet)."} A new address takes effect once you open the link we send to
              it.
            </>
          }
        >
          <Form method="post" {...getFormProps(emailForm)} noValidate className="space-y-4">
            {emailNotice ? <Notice tone="success">{emailNotice}</Notice> : null}
            {noticeFor("email") ? <Notice tone={loaderData.notice?.tone ?? "success"}>{noticeFor("email")}</Notice> : null}
            {emailForm.errors ? <Notice tone="error">{emailForm.errors[0]}</Notice> : null}
            <input type="hidden" name="intent" value="change-email" />
            <TextField
              label="New email address"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={emailFields.email.initialValue}
              errors={emailFields.email.errors}
              required
            />
            <SubmitButton className={settingsButton}>Change Email</SubmitButton>
          </Form>
        </SettingsCard>

        <SettingsCard id="delete" title="Delete account" tone="danger" description="Close your account and delete its data for good.">
          <Link
            to="/app/settings/profile/delete"
            className="inline-block rounded-lg border border-red-300 bg-white px-5 py-2.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
          >
            Delete Account…
          </Link>
        </SettingsCard>
      </div>
      {isPasswordConfirmReply(actionData) ? <PasswordConfirmDialog request={actionData.passwordConfirm} /> : null}
    </>
  );
}
