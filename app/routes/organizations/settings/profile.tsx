/**
 * /app/organizations/{org}/settings/profile (`organization.profile`): the organization's name and
 * photo (png or jpg; the size limit is stated in the message, the user photo's rules reused), and
 * for the owner alone archiving (`organization.archive`) and deleting with confirmation
 * (`organization.delete`: type the slug). Plain forms, post/redirect/get; every change writes its
 * audit row in the same batch.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { deleteOrganization, renameOrganization, setOrganizationArchived, setOrganizationPhoto } from "../../../../db/organizations.server";
import { ACCOUNT_MESSAGES, PHOTO_MAX_BYTES } from "../../../../domain/account-rules";
import { ORGANIZATION_MESSAGES, organizationNameSchema } from "../../../../domain/organization-admin";
import { checkPhoto } from "../../../../domain/photo";
import { PhotoForms } from "../../../components/photo-forms";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { organizationPhotoUrl } from "../../../components/organizations/photo-url";
import { organizationPath } from "../../../components/organizations/settings-layout";
import { SettingsCard, SettingsHeading, settingsButton, settingsDangerButton, settingsSecondaryButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { photoFormSchema } from "../../../forms/settings";
import { allows, requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { cancelOrganizationSubscriptions } from "../../../lib/billing/workspace-deletion.server";
import { deleteOrganizationPhotos, putOrganizationPhoto } from "../../../lib/profile-photo.server";
import { listDomainsGoingWith } from "../../../../db/branded-domains.server";
import { releaseDomains } from "../../../lib/branded-domains.server";
import type { Route } from "./+types/profile";
import { formIntent, requestFormDataWithin } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Organization Profile | Snip" }];

const UPLOAD_OVERHEAD_BYTES = 64 * 1024;
const INTENTS = ["rename", "upload-photo", "remove-photo", "archive", "delete"] as const;
type Intent = (typeof INTENTS)[number];

const NOTICES = {
  "name-saved": { card: "name", text: "The organization's name has been saved." },
  "photo-updated": { card: "photo", text: "The organization's photo has been updated." },
  "photo-removed": { card: "photo", text: "The organization's photo has been removed." },
} as const;
type NoticeKey = keyof typeof NOTICES;

const renameSchema = z.object({ name: organizationNameSchema });

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.profile");
  const { organization } = access;
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    organization: { slug: organization.slug, name: organization.name, photoUrl: organizationPhotoUrl(organization) },
    mayArchive: allows(access, "organization.archive"),
    mayDelete: allows(access, "organization.delete"),
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
  };
}

type Reply = { intent: Intent; result: SubmissionResult<string[]> };

function fieldError(field: string, message: string): SubmissionResult<string[]> {
  return { status: "error", error: { [field]: [message] } };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  // The guard first: a refused post is answered before its body is read.
  const access = await requireOrganizationAccess(args, "organization.profile");
  const { db, organization, actor } = access;
  const { env } = getCloudflare(context);
  const done = (notice: NoticeKey) => redirect(`${organizationPath(organization.slug, "settings/profile")}?notice=${notice}`);

  const body = await requestFormDataWithin(request, PHOTO_MAX_BYTES + UPLOAD_OVERHEAD_BYTES);
  if (!body.ok && body.reason === "too-large")
    return data<Reply>({ intent: "upload-photo", result: fieldError("photo", ACCOUNT_MESSAGES.photoSize) }, { status: 413 });
  if (!body.ok) return data({ intent: null, error: ACCOUNT_MESSAGES.generic }, { status: 400 });
  const form = body.form;
  const intent = formIntent(form, INTENTS);

  switch (intent) {
    case "rename": {
      const submission = parseWithZod(form, { schema: renameSchema });
      if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
      if (submission.value.name !== organization.name) await renameOrganization(db, organization, actor.userId, submission.value.name);
      return done("name-saved");
    }
    case "upload-photo": {
      const submission = parseWithZod(form, { schema: photoFormSchema });
      if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
      const file = submission.value.photo;
      const check = checkPhoto(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
      if (!check.ok) return data<Reply>({ intent, result: fieldError("photo", check.message) }, { status: 422 });
      const key = await putOrganizationPhoto(env.UPLOADS, organization.id, await file.arrayBuffer(), check.kind);
      try {
        await setOrganizationPhoto(db, organization, actor.userId, key);
      } catch (error) {
        await env.UPLOADS.delete(key);
        throw error;
      }
      await sweep(env.UPLOADS, organization.id, key);
      return done("photo-updated");
    }
    case "remove-photo": {
      if (organization.photo) {
        await setOrganizationPhoto(db, organization, actor.userId, null);
        await sweep(env.UPLOADS, organization.id, null);
      }
      return done("photo-removed");
    }
    case "archive": {
      if (!allows(access, "organization.archive")) throw data("Permission denied.", { status: 403 });
      await setOrganizationArchived(db, organization, actor.userId, true);
      return redirect("/app/organizations?notice=archived");
    }
    case "delete": {
      if (!allows(access, "organization.delete")) throw data("Permission denied.", { status: 403 });
      if (
        String(form.get("confirm") ?? "")
          .trim()
          .toLowerCase() !== organization.slug
      )
        return data<Reply>({ intent, result: fieldError("confirm", ORGANIZATION_MESSAGES.deleteConfirm) }, { status: 422 });
      // Issue 17 (docs/decisions/042): what the organization and its teams pay for ends first.
      const cancelled = await cancelOrganizationSubscriptions(env, organization.id);
      if (!cancelled.ok) return data<Reply>({ intent, result: fieldError("confirm", cancelled.message) }, { status: cancelled.status });
      const domains = await listDomainsGoingWith(db, { organizationId: organization.id });
      await deleteOrganization(db, organization.id);
      // Its domains' custom hostnames and host records (decision 044; the queue retries what fails).
      await releaseDomains(env, domains);
      await sweep(env.UPLOADS, organization.id, null);
      return redirect("/app/organizations?notice=deleted");
    }
    default:
      return data({ intent: null, error: ACCOUNT_MESSAGES.generic }, { status: 400 });
  }
}

async function sweep(bucket: R2Bucket, organizationId: string, keep: string | null): Promise<void> {
  try {
    await deleteOrganizationPhotos(bucket, organizationId, keep);
  } catch (error) {
    console.warn("organization photo: removing old objects failed", error);
  }
}

export default function OrganizationProfile({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && "result" in actionData ? (actionData as Reply) : null;
  const resultFor = (intent: Intent) => (reply?.intent === intent ? reply.result : undefined);
  const generalError = actionData && "error" in actionData ? actionData.error : null;
  const noticeFor = (card: string) => (!reply && loaderData.notice?.card === card ? loaderData.notice.text : null);
  const { organization } = loaderData;
  const [nameForm, nameFields] = useForm<{ name: string }>({ id: "organization-name", lastResult: resultFor("rename") });
  const [deleteForm, deleteFields] = useForm<{ confirm: string }>({ id: "organization-delete", lastResult: resultFor("delete") });

  return (
    <>
      <SettingsHeading title="Profile" lead="The organization's name and photo." />
      <div className="space-y-6">
        {generalError ? <Notice tone="error">{generalError}</Notice> : null}
        <SettingsCard id="name" title="Name">
          <Form method="post" {...getFormProps(nameForm)} noValidate className="space-y-4">
            {noticeFor("name") ? <Notice tone="success">{noticeFor("name")}</Notice> : null}
            <input type="hidden" name="intent" value="rename" />
            <TextField
              key={organization.name}
              label="Organization name"
              name="name"
              autoComplete="organization"
              defaultValue={nameFields.name.initialValue ?? (reply?.intent === "rename" ? "" : organization.name)}
              errors={nameFields.name.errors}
              required
            />
            <SubmitButton className={settingsButton}>Save Name</SubmitButton>
          </Form>
        </SettingsCard>

        <SettingsCard id="photo" title="Photo" description={`A png or jpg image of at most ${PHOTO_MAX_BYTES / 1024} kilobytes.`}>
          <PhotoForms
            id="organization-photo"
            picture={
              organization.photoUrl ? (
                <img
                  src={organization.photoUrl}
                  alt="The organization's photo"
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded-xl object-cover ring-1 ring-slate-200"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-20 w-20 items-center justify-center rounded-xl bg-indigo-100 text-2xl font-bold text-indigo-700"
                >
                  {organization.name.slice(0, 1).toUpperCase() || "?"}
                </span>
              )
            }
            notice={noticeFor("photo")}
            hasPhoto={Boolean(organization.photoUrl)}
            lastResult={resultFor("upload-photo")}
          />
        </SettingsCard>

        {loaderData.mayArchive ? (
          <SettingsCard
            id="archive"
            title="Archive organization"
            description="An archived organization is closed for everyone in it until its owner restores it; nothing is deleted."
          >
            <Form method="post">
              <input type="hidden" name="intent" value="archive" />
              <SubmitButton className={settingsSecondaryButton}>Archive Organization</SubmitButton>
            </Form>
          </SettingsCard>
        ) : null}

        {loaderData.mayDelete ? (
          <SettingsCard
            id="delete"
            tone="danger"
            title="Delete organization"
            description={
              <>
                Deletes the organization with its roles, users, teams, invitations, support requests and audit trail, for good. A paid plan
                of the organization or of its teams is cancelled at once, before anything is deleted. Type{" "}
                <strong className="text-slate-800">{organization.slug}</strong> to confirm.
              </>
            }
          >
            <Form method="post" {...getFormProps(deleteForm)} noValidate className="space-y-4">
              <input type="hidden" name="intent" value="delete" />
              <TextField
                label="Organization slug"
                name="confirm"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                defaultValue={deleteFields.confirm.initialValue}
                errors={deleteFields.confirm.errors}
                required
              />
              <SubmitButton className={settingsDangerButton}>Delete Organization</SubmitButton>
            </Form>
          </SettingsCard>
        ) : null}
      </div>
    </>
  );
}
