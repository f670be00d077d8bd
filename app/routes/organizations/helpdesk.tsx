/**
 * /app/organizations/{org}/helpdesk (`organization.helpdesk`: anyone with a role or a team in
 * the organization): the organization's support requests. The form (subject, message) stores the
 * request with its `helpdesk.request` audit row and mails it to the staff address (SUPPORT_EMAIL)
 * through the jobs queue; the list shows the requests, newest first, with the staff's answers once
 * written: all of the organization's to its owner and the supervisor permission, and to everyone
 * else the ones they wrote.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { createSupportRequest, listSupportRequests } from "../../../db/helpdesk.server";
import { HELPDESK_MESSAGE_MAX_LENGTH, HELPDESK_SUBJECT_MAX_LENGTH, helpdeskRequestSchema } from "../../../domain/organization-admin";
import { FieldError, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { OrganizationSettingsLayout, organizationPath } from "../../components/organizations/settings-layout";
import { DateTime, SettingsCard, SettingsHeading, settingsButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { organizationSettingsLinks } from "../../../domain/permissions";
import { allows, requireOrganizationAccess } from "../../lib/organizations/access.server";
import { sendMail } from "../../mail.server";
import type { Route } from "./+types/helpdesk";
import { requestFormData } from "../../lib/form-body.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";

export const meta: Route.MetaFunction = () => [{ title: "Helpdesk | Snip" }];

/** A refused request (429, the abuse limit) tells the browser when to try again. */
export const headers = retryAfterOfAction;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.helpdesk");
  // Who sees the whole organization (its owner, the supervisor permission) reads every request;
  // everyone else reads the requests they wrote, which may speak of things they alone know.
  const everyone = allows(access, "organization.dashboard");
  const requests = await listSupportRequests(access.db, access.organization.id, everyone ? null : access.viewer.user.id);
  const { organization } = access;
  return {
    organization: { slug: organization.slug, name: organization.name, archived: organization.archived },
    links: organizationSettingsLinks(access.actor, access.standing),
    extraLinks: [
      ...(allows(access, "organization.audit") ? [{ label: "Audit Trail", to: organizationPath(organization.slug, "audit") }] : []),
      { label: "Helpdesk", to: organizationPath(organization.slug, "helpdesk") },
    ],
    requests: requests.map((r) => ({
      id: r.id,
      subject: r.subject,
      message: r.message,
      author: r.author,
      answer: r.answer,
      answeredAt: r.answeredAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    everyone,
    sent: new URL(args.request.url).searchParams.get("notice") === "sent",
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.helpdesk");
  const submission = parseWithZod(await requestFormData(args.request), { schema: helpdeskRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const { env } = getCloudflare(args.context);
  const { organization, viewer } = access;
  // Each request is stored and mailed to staff: an abuse limit per address and per account (docs/decisions/019).
  if (!(await underRateLimit(env, args.request, "helpdesk", { account: viewer.user.id }))) {
    return rateLimitedReply({ result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }) });
  }
  const { subject, message } = submission.value;
  const id = await createSupportRequest(access.db, { organizationId: organization.id, authorUserId: viewer.user.id, subject, message });
  const text =
    `Support request from the organization ${organization.name} (${organization.slug})\n\n` +
    `From: ${viewer.user.name} <${viewer.user.email}>\nRequest: ${id}\nSubject: ${subject}\n\n${message}`;
  await sendMail(env, {
    to: env.SUPPORT_EMAIL,
    subject: `[${organization.slug}] ${subject}`,
    text,
    html: `<pre style="white-space:pre-wrap">${escapeHtml(text)}</pre>`,
  });
  return redirect(`${organizationPath(organization.slug, "helpdesk")}?notice=sent`);
}

export default function Helpdesk({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ subject: string; message: string }>({ id: "helpdesk", lastResult: actionData?.result });
  return (
    <OrganizationSettingsLayout organization={loaderData.organization} links={loaderData.links} extraLinks={loaderData.extraLinks}>
      <SettingsHeading title="Helpdesk" lead="Ask Snip's staff for help with the organization. Answers show below each request." />
      <div className="space-y-6">
        <SettingsCard id="new-request" title="New support request">
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
            {loaderData.sent && !actionData ? (
              <Notice tone="success">Your request has been sent. Our staff will answer here.</Notice>
            ) : null}
            {form.errors?.length ? <Notice tone="error">{form.errors[0]}</Notice> : null}
            <TextField
              label="Subject"
              name="subject"
              maxLength={HELPDESK_SUBJECT_MAX_LENGTH}
              defaultValue={fields.subject.initialValue}
              errors={fields.subject.errors}
              required
            />
            <div>
              <label htmlFor="field-message" className="mb-1.5 block text-sm font-semibold text-slate-800">
                Message
              </label>
              <textarea
                id="field-message"
                name="message"
                rows={6}
                maxLength={HELPDESK_MESSAGE_MAX_LENGTH}
                defaultValue={fields.message.initialValue}
                aria-invalid={fields.message.errors?.length ? true : undefined}
                aria-describedby={fields.message.errors?.length ? "field-message-error" : undefined}
                className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 ${fields.message.errors?.length ? "border-red-500" : "border-slate-300"}`}
              />
              <FieldError id="field-message-error" errors={fields.message.errors} />
            </div>
            <SubmitButton className={settingsButton}>Send Request</SubmitButton>
          </Form>
        </SettingsCard>
        <SettingsCard id="requests" title={loaderData.everyone ? "The organization's requests" : "Your requests"}>
          {loaderData.requests.length === 0 ? (
            <p className="text-sm text-slate-600">
              {loaderData.everyone ? "No support requests yet." : "You have sent no support requests yet."}
            </p>
          ) : (
            <ul className="space-y-4" aria-label="Support requests">
              {loaderData.requests.map((request) => (
                <li key={request.id} className="rounded-xl border border-slate-200 p-4" data-request={request.id}>
                  <p className="font-semibold text-slate-900">{request.subject}</p>
                  <p className="text-xs text-slate-500">
                    {request.author ?? "A former user"} · <DateTime iso={request.createdAt} />
                  </p>
                  <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{request.message}</p>
                  {request.answer ? (
                    <div className="mt-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
                      <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
                        Answer from Snip
                        {request.answeredAt ? (
                          <>
                            {" "}
                            · <DateTime iso={request.answeredAt} />
                          </>
                        ) : null}
                      </p>
                      <p className="mt-1 whitespace-pre-wrap">{request.answer}</p>
                    </div>
                  ) : (
                    <p className="mt-3 text-xs font-semibold text-slate-500">Waiting for an answer</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>
      </div>
    </OrganizationSettingsLayout>
  );
}
