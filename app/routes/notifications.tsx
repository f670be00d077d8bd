/**
 * /app/notifications (L, spec 01 §2 and §4): the user's notifications and the announcements,
 * newest first, unread ones marked. "Mark all as read" marks every notification read and sets
 * the last-read time of announcements; a notification can be marked read on its own. Plain
 * form posts, so it works without JavaScript; with it, marking one item goes through
 * PUT /app/api/notifications/read without leaving the page.
 */
import { useState } from "react";
import { data, Form, redirect, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { getDb } from "../../db/client.server";
import { markAllRead, markNotificationsRead } from "../../db/notifications.server";
import { API_MESSAGES } from "../../domain/api-messages";
import { getCloudflare } from "../context.server";
import { apiFetch, ApiError } from "../lib/api-client";
import { showToast } from "../lib/api-ui";
import { loadInbox, mergeInbox, type InboxItem } from "../lib/inbox.server";
import { requireUser } from "../session.server";
import { requestFormData } from "../lib/form-body.server";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [{ title: "Notifications | Snip" }];

const PAGE_PATH = "/app/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const inbox = await loadInbox(getDb(getCloudflare(context).env.DB), viewer);
  return { items: mergeInbox(inbox), unreadCount: inbox.unreadCount };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("read"), id: z.string().trim().min(1).max(64) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const form = await requestFormData(request);
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") ?? undefined });
  if (!parsed.success) return data({ error: API_MESSAGES.invalidData }, { status: 422 });
  const db = getDb(getCloudflare(context).env.DB);
  if (parsed.data.intent === "read-all") await markAllRead(db, viewer.user.id);
  else await markNotificationsRead(db, viewer.user.id, [parsed.data.id]);
  return redirect(PAGE_PATH);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const secondaryButton =
  "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/** The id of a notification's title, which describes its Mark as read button. */
function titleId(id: string): string {
  return `notification-title-${id}`;
}

/** Marks one notification read: a form post without JavaScript, a JSON call with it. */
function MarkReadButton({ id }: { id: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function markRead(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiFetch("notifications/read", { method: "PUT", json: { notifications: [id] } });
      await revalidator.revalidate();
    } catch (error) {
      // The global handling has spoken for every status but a validation answer.
      if (error instanceof ApiError && error.status === 422) showToast(error.body?.message ?? API_MESSAGES.generic);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={PAGE_PATH} onSubmit={markRead} className="shrink-0">
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      {/* The name is the visible words (WCAG 2.5.3); the notification's title describes which one. */}
      <button type="submit" className={secondaryButton} disabled={busy} aria-describedby={titleId(id)}>
        Mark as read
      </button>
    </form>
  );
}

function safeRel(url: string): string | undefined {
  return url.startsWith("/") ? undefined : "noopener noreferrer";
}

function Item({ item }: { item: InboxItem }) {
  return (
    <li
      data-testid="inbox-item"
      data-unread={item.unread ? "true" : "false"}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${item.unread ? "border-indigo-200 ring-1 ring-indigo-100" : "border-slate-200"}`}
    >
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${item.unread ? "bg-indigo-600" : "bg-slate-200"}`} />
        <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              {item.kind === "announcement" ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800">Announcement</span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">Notification</span>
              )}
              {item.unread ? <span className="rounded-full bg-indigo-600 px-2 py-0.5 font-semibold text-white">Unread</span> : null}
              <time dateTime={item.createdAt} className="text-slate-500">
                {dateFormat.format(new Date(item.createdAt))} UTC
              </time>
            </div>
            <h2 id={titleId(item.id)} className="mt-2 break-words font-bold text-slate-900">
              {item.title}
            </h2>
            {item.body ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{item.body}</p> : null}
            {item.url ? (
              <a
                href={item.url}
                rel={safeRel(item.url)}
                className="mt-2 inline-block text-sm font-semibold text-indigo-700 hover:underline"
              >
                Open link<span aria-hidden="true"> →</span>
              </a>
            ) : null}
          </div>
          {item.kind === "notification" && item.unread ? <MarkReadButton id={item.id} /> : null}
        </div>
      </div>
    </li>
  );
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { items, unreadCount } = loaderData;
  const navigation = useNavigation();
  const markingAll = navigation.state !== "idle" && navigation.formData?.get("intent") === "read-all";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Notifications</h1>
          <p className="mt-2 text-slate-600" data-testid="unread-summary">
            {unreadCount === 0 ? "You're all caught up." : `${unreadCount} unread`}
          </p>
        </div>
        <Form method="post" action={PAGE_PATH}>
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className={secondaryButton} disabled={unreadCount === 0 || markingAll}>
            Mark all as read
          </button>
        </Form>
      </div>
      {actionData?.error ? (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {actionData.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-800">No notifications yet</p>
          <p className="mt-2 text-slate-600">Updates about your account and announcements from Snip appear here.</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Notifications and announcements">
          {items.map((item) => (
            <Item key={`${item.kind}:${item.id}`} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
