/**
 * /app/kiosk/announcements (L and developer; issue 19, decision 032): staff write an announcement
 * (title, text, optional link), preview it as users will see it, save it as a draft, publish and
 * unpublish it. Users see the published ones through GET /app/api/notifications/recent and the
 * notifications page, unread when published after their last-read time (spec 01 §4). Every
 * change writes a staff log row, listed at the bottom.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import {
  createStaffAnnouncement,
  deleteStaffAnnouncement,
  getAnnouncement,
  listAnnouncementsForStaff,
  setAnnouncementPublished,
  updateStaffAnnouncement,
} from "../../../db/announcements.server";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallButton, kioskSmallDanger, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { announcementRowSchema, announcementSchema, ANNOUNCEMENT_BODY_MAX, KIOSK_MESSAGES } from "../../forms/kiosk";
import { safeMessageUrl } from "../../lib/inbox.server";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/announcements";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Announcements | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/announcements";

const NOTICES = {
  saved: "The draft has been saved. Users do not see it until it is published.",
  updated: "The published announcement has been saved: users see the new text now.",
  published: "The announcement has been published: users see it as unread.",
  unpublished: "The announcement has been unpublished: users no longer see it.",
  deleted: "The announcement has been deleted.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const editId = new URL(request.url).searchParams.get("edit");
  const [rows, editing, log] = await Promise.all([
    listAnnouncementsForStaff(db),
    editId ? getAnnouncement(db, editId) : Promise.resolve(null),
    staffLog(db, "announcement"),
  ]);
  return {
    notice: noticeOf(request, NOTICES),
    editing: editing
      ? { id: editing.id, title: editing.title, body: editing.body, url: editing.url ?? "", published: editing.publishedAt !== null }
      : null,
    announcements: rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      url: row.url,
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
    })),
    log,
  };
}

type Reply = { result?: SubmissionResult<string[]>; preview?: { title: string; body: string; url: string | null }; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(request, context);
  const formData = await requestFormData(request);
  const intent = formData.get("intent");

  if (intent === "publish-row" || intent === "unpublish" || intent === "delete") {
    const parsed = announcementRowSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data<Reply>({ error: KIOSK_MESSAGES.notFound }, { status: 422 });
    const row = await getAnnouncement(db, parsed.data.id);
    if (!row) return data<Reply>({ error: KIOSK_MESSAGES.notFound }, { status: 404 });
    if (parsed.data.intent === "delete") {
      await deleteStaffAnnouncement(db, actor, row.id, row.title);
      return redirect(`${PAGE}?notice=deleted`);
    }
    const publish = parsed.data.intent === "publish-row";
    await setAnnouncementPublished(db, actor, row.id, row.title, publish);
    return redirect(`${PAGE}?notice=${publish ? "published" : "unpublished"}`);
  }

  const submission = parseWithZod(formData, { schema: announcementSchema });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 422 });
  const { intent: step, id, title, body } = submission.value;
  const url = submission.value.url || null;
  if (step === "preview") return data<Reply>({ result: submission.reply(), preview: { title, body, url: safeMessageUrl(url) } });

  const publish = step === "publish";
  if (id) {
    const row = await getAnnouncement(db, id);
    if (!row) return data<Reply>({ result: submission.reply({ formErrors: [KIOSK_MESSAGES.notFound] }) }, { status: 404 });
    await updateStaffAnnouncement(db, actor, id, { title, body, url });
    if (publish) await setAnnouncementPublished(db, actor, id, title, true);
    // Saving a published announcement changes what users see now: it is no draft.
    else if (row.publishedAt) return redirect(`${PAGE}?notice=updated`);
  } else {
    await createStaffAnnouncement(db, actor, { title, body, url }, publish);
  }
  return redirect(`${PAGE}?notice=${publish ? "published" : "saved"}`);
}

function AnnouncementPreview({ title, body, url }: { title: string; body: string; url: string | null }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50/50 p-4" data-testid="announcement-preview">
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">Preview</p>
      <div className="mt-2 flex items-center gap-2 text-xs">
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800">Announcement</span>
        <span className="rounded-full bg-indigo-600 px-2 py-0.5 font-semibold text-white">New</span>
      </div>
      <p className="mt-2 font-semibold text-slate-900">{title}</p>
      {body ? <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{body}</p> : null}
      {url ? (
        <a
          href={url}
          className="mt-2 inline-block text-sm font-semibold text-indigo-700 underline"
          rel="noreferrer noopener"
          target="_blank"
        >
          Read more
        </a>
      ) : null}
    </div>
  );
}

export default function KioskAnnouncements(props: Route.ComponentProps) {
  // Every navigation (the answer to a post included) mounts the page's forms afresh: a refused
  // post shows its errors and keeps what was typed (conform's lastResult), a saved one starts empty.
  const location = useLocation();
  return <KioskAnnouncementsPage key={location.key} {...props} />;
}

function KioskAnnouncementsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, announcements, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [form, fields] = useForm<{ title: string; body: string; url: string }>({
    id: `announcement-${editing?.id ?? "new"}`,
    lastResult: reply?.result,
    defaultValue: editing ?? { title: "", body: "", url: "" },
    shouldRevalidate: "onBlur",
  });
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="write"
        title={editing ? "Edit the announcement" : "Write an announcement"}
        description={
          editing?.published
            ? "This announcement is published: Save changes what every user sees now; Save and publish also marks it new again."
            : "Every user sees a published announcement in their notifications, marked new until they read it."
        }
      >
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-2xl space-y-4">
          {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <div>
            <label htmlFor={fields.title.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Title
            </label>
            <input
              {...getInputProps(fields.title, { type: "text" })}
              key={fields.title.key}
              className={`${kioskInput} ${fields.title.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.title.errorId} errors={fields.title.errors} />
          </div>
          <div>
            <label htmlFor={fields.body.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Text
            </label>
            <textarea
              {...getTextareaProps(fields.body)}
              key={fields.body.key}
              rows={4}
              maxLength={ANNOUNCEMENT_BODY_MAX}
              className={`${kioskInput} ${fields.body.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.body.errorId} errors={fields.body.errors} />
          </div>
          <div>
            <label htmlFor={fields.url.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Link (optional)
            </label>
            <input
              {...getInputProps(fields.url, { type: "text" })}
              key={fields.url.key}
              placeholder="https://… or /app/…"
              className={`${kioskInput} ${fields.url.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.url.errorId} errors={fields.url.errors} />
          </div>
          {reply?.preview ? <AnnouncementPreview {...reply.preview} /> : null}
          <div className="flex flex-wrap gap-3">
            {/* The first button is the one Enter presses: saving a draft publishes nothing (a published one stays published). */}
            <button type="submit" name="intent" value="save" className={settingsButton}>
              {editing ? "Save" : "Save draft"}
            </button>
            <button type="submit" name="intent" value="preview" className={settingsSecondaryButton}>
              Preview
            </button>
            <button type="submit" name="intent" value="publish" className={settingsSecondaryButton}>
              {editing ? "Save and publish" : "Publish"}
            </button>
            {editing ? (
              <Link to={PAGE} className="self-center text-sm font-semibold text-slate-600 hover:underline">
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </KioskCard>

      <KioskCard id="list" title="Announcements">
        {announcements.length === 0 ? (
          <p className="text-sm text-slate-600">No announcements yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Announcements">
            {announcements.map((item) => (
              <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="kiosk-announcement">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{item.title}</p>
                  <p className="text-xs text-slate-500">
                    {item.publishedAt ? (
                      <>
                        Published <DateTime iso={item.publishedAt} />
                      </>
                    ) : (
                      <>
                        Draft, written <DateTime iso={item.createdAt} />
                      </>
                    )}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link to={`${PAGE}?edit=${encodeURIComponent(item.id)}`} className={kioskSmallButton} aria-label={`Edit ${item.title}`}>
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={item.id} />
                    {item.publishedAt ? (
                      <button
                        type="submit"
                        name="intent"
                        value="unpublish"
                        className={kioskSmallButton}
                        aria-label={`Unpublish ${item.title}`}
                      >
                        Unpublish
                      </button>
                    ) : (
                      <button
                        type="submit"
                        name="intent"
                        value="publish-row"
                        className={kioskSmallButton}
                        aria-label={`Publish ${item.title}`}
                      >
                        Publish
                      </button>
                    )}
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" name="intent" value="delete" className={kioskSmallDanger} aria-label={`Delete ${item.title}`}>
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </KioskCard>

      <StaffLog rows={log} />
    </div>
  );
}
