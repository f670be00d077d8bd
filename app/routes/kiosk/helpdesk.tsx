/**
 * /app/kiosk/helpdesk (L and developer): the support requests of every organization
 * ({org}/helpdesk), unanswered first, then newest first; "Unanswered" (the default) or "All".
 * Staff answer each one with a plain form; an answered request can be answered again, which
 * replaces (edits) the answer. Every answer writes a staff log row (`helpdesk.answered` /
 * `helpdesk.answer-edited`) in the same batch, and a first answer notifies the request's author
 * ("Your support request was answered", linking to the organization's helpdesk page). The
 * organization's own audit trail gets nothing: it has no action for staff answers.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { getSupportRequest, listSupportRequestsForStaff, staffAnswerSupportRequest } from "../../../db/helpdesk.server";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { HELPDESK_ANSWER_MAX, helpdeskAnswerSchema, KIOSK_MESSAGES } from "../../forms/kiosk";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/helpdesk";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Helpdesk | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/helpdesk";

const NOTICES = {
  answered: "The answer has been sent: the organization sees it on its helpdesk page.",
  edited: "The answer has been changed: the organization sees the new answer.",
} as const;

type Show = "unanswered" | "all";

function showOf(request: Request): Show {
  return new URL(request.url).searchParams.get("show") === "all" ? "all" : "unanswered";
}

function pageUrl(show: Show, notice?: keyof typeof NOTICES): string {
  const params = new URLSearchParams();
  if (show === "all") params.set("show", "all");
  if (notice) params.set("notice", notice);
  const query = params.toString();
  return query ? `${PAGE}?${query}` : PAGE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const show = showOf(request);
  const [rows, log] = await Promise.all([
    listSupportRequestsForStaff(db, { unansweredOnly: show === "unanswered" }),
    staffLog(db, "helpdesk"),
  ]);
  return {
    show,
    notice: noticeOf(request, NOTICES),
    requests: rows.map((row) => ({
      id: row.id,
      organizationName: row.organizationName,
      organizationSlug: row.organizationSlug,
      author: row.author,
      authorEmail: row.authorEmail,
      subject: row.subject,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      answer: row.answer,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      answeredBy: row.answeredBy,
    })),
    log,
  };
}

type Reply = { id?: string; result?: SubmissionResult<string[]>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(request, context);
  const show = showOf(request);
  const formData = await requestFormData(request);
  const submission = parseWithZod(formData, { schema: helpdeskAnswerSchema });
  const id = String(formData.get("id") ?? "");
  if (submission.status !== "success") return data<Reply>({ id, result: submission.reply() }, { status: 422 });
  const row = await getSupportRequest(db, submission.value.id);
  if (!row) return data<Reply>({ error: KIOSK_MESSAGES.notFound }, { status: 404 });
  const answered = row.answer !== null;
  await staffAnswerSupportRequest(db, actor, { ...row, answered }, submission.value.answer);
  return redirect(pageUrl(show, answered ? "edited" : "answered"));
}

type Request_ = Route.ComponentProps["loaderData"]["requests"][number];

function AnswerForm({ request, reply }: { request: Request_; reply: Reply | undefined }) {
  const [form, fields] = useForm<{ id: string; answer: string }>({
    id: `answer-${request.id}`,
    lastResult: reply?.id === request.id ? reply.result : undefined,
    defaultValue: { id: request.id, answer: request.answer ?? "" },
  });
  const label = request.answer ? "Edit the answer" : "Answer";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-2" aria-label={`Answer to ${request.subject}`}>
      <input type="hidden" name="id" value={request.id} />
      <label htmlFor={fields.answer.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        {...getTextareaProps(fields.answer)}
        rows={4}
        maxLength={HELPDESK_ANSWER_MAX}
        className={`${kioskInput} ${fields.answer.errors?.length ? "border-red-500" : "border-slate-300"}`}
      />
      <FieldError id={fields.answer.errorId} errors={fields.answer.errors} />
      <button type="submit" className={settingsButton}>
        {request.answer ? "Save the new answer" : "Send the answer"}
      </button>
    </Form>
  );
}

export default function KioskHelpdesk(props: Route.ComponentProps) {
  // Each navigation mounts the forms afresh: a refused answer keeps its text and message, a sent one is gone.
  const location = useLocation();
  return <KioskHelpdeskPage key={location.key} {...props} />;
}

function KioskHelpdeskPage({ loaderData, actionData }: Route.ComponentProps) {
  const { show, notice, requests, log } = loaderData;
  const reply = actionData as Reply | undefined;
  const tab = (value: Show, label: string) => (
    <Link
      to={pageUrl(value)}
      aria-current={show === value ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${show === value ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-6">
      {notice && !reply ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="requests"
        title="Support requests"
        description={
          <>
            Requests from every organization&apos;s helpdesk page, unanswered first, then newest first. The organization sees your answer
            under its request, and the sender is notified of a first answer. An answered request can be answered again: the new answer
            replaces the old one.
          </>
        }
      >
        <nav aria-label="Show" className="mb-4 flex gap-1">
          {tab("unanswered", "Unanswered")}
          {tab("all", "All")}
        </nav>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-600">{show === "unanswered" ? "No unanswered support requests." : "No support requests yet."}</p>
        ) : (
          <ul className="space-y-4" aria-label="Support requests">
            {requests.map((request) => (
              <li key={request.id} className="rounded-xl border border-slate-200 p-4" data-request={request.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-slate-900">{request.subject}</p>
                  {request.answer ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">Answered</span>
                  ) : (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">Waiting for an answer</span>
                  )}
                </div>
                <p className="text-xs text-slate-500">
                  <span data-organization={request.organizationSlug}>
                    {request.organizationName} ({request.organizationSlug})
                  </span>{" "}
                  · {request.author ? `${request.author} <${request.authorEmail}>` : "A former user"} · <DateTime iso={request.createdAt} />
                </p>
                <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{request.message}</p>
                {request.answer ? (
                  <div className="mt-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
                    <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
                      Answered{request.answeredBy ? ` by ${request.answeredBy}` : ""}
                      {request.answeredAt ? (
                        <>
                          {" "}
                          · <DateTime iso={request.answeredAt} />
                        </>
                      ) : null}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap">{request.answer}</p>
                  </div>
                ) : null}
                <AnswerForm request={request} reply={reply} />
              </li>
            ))}
          </ul>
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
