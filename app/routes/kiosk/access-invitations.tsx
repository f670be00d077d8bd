/**
 * /app/kiosk/access-invitations (L and developer; issue 19, decision 036): invite-only sign-up.
 * Staff turn invite-only sign-up on or off, issue codes (optionally for one email, with an
 * expiry and a number of uses) and revoke them. A code is used on /app/register (its field, or
 * the link `/app/register?invitation=CODE`). Every change writes a staff log row.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import {
  getAccessInvitation,
  issueAccessInvitation,
  isSignupInviteOnly,
  listAccessInvitations,
  revokeAccessInvitation,
  setSignupInviteOnly,
} from "../../../db/access-invitations.server";
import { invitationStatus } from "../../../domain/access-invitations";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallDanger, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { issueInvitationSchema, SAFETY_MESSAGES } from "../../forms/trust-safety";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/access-invitations";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = () => [{ title: "Access invitations | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/access-invitations";

const NOTICES = {
  issued: "The invitation is issued: send its code or its sign-up link.",
  revoked: "The invitation is revoked: its code no longer signs anyone up.",
  "invite-only-on": "Sign-up is now by invitation only.",
  "invite-only-off": "Sign-up is open to everyone again.",
} as const;

const STATUS_LABELS = { open: "Open", used: "Used up", expired: "Expired", revoked: "Revoked" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const [rows, inviteOnly, log] = await Promise.all([listAccessInvitations(db), isSignupInviteOnly(db), staffLog(db, "invitation")]);
  const now = new Date();
  const origin = new URL(request.url).origin;
  return {
    notice: noticeOf(request, NOTICES),
    inviteOnly,
    invitations: rows.map((row) => ({
      id: row.id,
      code: row.code,
      link: `${origin}/app/register?${new URLSearchParams({ invitation: row.code, ...(row.email ? { email: row.email } : {}) })}`,
      email: row.email,
      uses: row.uses,
      maxUses: row.maxUses,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      status: STATUS_LABELS[invitationStatus(row, now)],
      open: invitationStatus(row, now) === "open",
    })),
    log,
  };
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };

const revokeSchema = z.object({ id: z.string().min(1).max(64) });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(request, context);
  const formData = await requestFormData(request);
  const intent = formIntent(formData, ["invite-only-on", "invite-only-off", "revoke", "issue"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "invite-only-on" || intent === "invite-only-off") {
    await setSignupInviteOnly(db, actor, intent === "invite-only-on");
    return redirect(`${PAGE}?notice=${intent}`);
  }
  if (intent === "revoke") {
    const parsed = revokeSchema.safeParse(Object.fromEntries(formData));
    const row = parsed.success ? await getAccessInvitation(db, parsed.data.id) : null;
    if (!row || row.revokedAt) return data<Reply>({ error: SAFETY_MESSAGES.notFound }, { status: 404 });
    await revokeAccessInvitation(db, actor, row.id, row.email ?? row.code);
    return redirect(`${PAGE}?notice=revoked`);
  }
  const submission = parseWithZod(formData, { schema: issueInvitationSchema(new Date()) });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 422 });
  await issueAccessInvitation(db, actor, {
    email: submission.value.email ?? null,
    maxUses: submission.value.uses,
    expiresAt: submission.value.expires,
  });
  return redirect(`${PAGE}?notice=issued`);
}

export default function KioskAccessInvitations(props: Route.ComponentProps) {
  const location = useLocation();
  return <KioskAccessInvitationsPage key={location.key} {...props} />;
}

function KioskAccessInvitationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invitations, inviteOnly, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [form, fields] = useForm<{ email: string; uses: string; expires: string }>({
    id: "issue",
    lastResult: reply?.result,
    defaultValue: { uses: "1" },
  });
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="signup-mode"
        title="Sign-up"
        description={
          inviteOnly
            ? "Sign-up is by invitation only: a new account needs an open invitation code."
            : "Sign-up is open to everyone. An invitation code given at sign-up is still checked and counted."
        }
      >
        <Form method="post">
          <button type="submit" name="intent" value={inviteOnly ? "invite-only-off" : "invite-only-on"} className={settingsButton}>
            {inviteOnly ? "Open sign-up to everyone" : "Make sign-up invite-only"}
          </button>
        </Form>
      </KioskCard>

      <KioskCard id="issue" title="Issue an invitation">
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-xl space-y-4">
          <input type="hidden" name="intent" value="issue" />
          <div>
            <label htmlFor={fields.email.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              For email (optional)
            </label>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              className={`${kioskInput} ${fields.email.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <div>
            <label htmlFor={fields.uses.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Uses
            </label>
            <input
              {...getInputProps(fields.uses, { type: "number" })}
              key={fields.uses.key}
              min={1}
              className={`${kioskInput} w-32 ${fields.uses.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.uses.errorId} errors={fields.uses.errors} />
          </div>
          <div>
            <label htmlFor={fields.expires.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Expires on (optional, end of the day UTC)
            </label>
            <input
              {...getInputProps(fields.expires, { type: "date" })}
              key={fields.expires.key}
              className={`${kioskInput} w-48 ${fields.expires.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.expires.errorId} errors={fields.expires.errors} />
          </div>
          <button type="submit" className={settingsButton}>
            Issue invitation
          </button>
        </Form>
      </KioskCard>

      <KioskCard id="invitations" title="Invitations">
        {invitations.length === 0 ? (
          <p className="text-sm text-slate-600">No invitation issued yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Invitations">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Code</th>
                  <th className="py-2 pr-4">For</th>
                  <th className="py-2 pr-4">Uses</th>
                  <th className="py-2 pr-4">Expires</th>
                  <th className="py-2 pr-4">Status</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {invitations.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100 align-top" data-testid="access-invitation">
                    <td className="py-2 pr-4">
                      <code className="font-mono">{row.code}</code>
                      <a
                        href={row.link}
                        className="ml-2 text-xs text-indigo-700 hover:underline"
                        aria-label={`Sign-up link for ${row.code}`}
                      >
                        Sign-up link
                      </a>
                    </td>
                    <td className="py-2 pr-4">{row.email ?? "Anyone"}</td>
                    <td className="py-2 pr-4">
                      {row.uses} of {row.maxUses}
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{row.expiresAt ? <DateTime iso={row.expiresAt} /> : "Never"}</td>
                    <td className="py-2 pr-4">{row.status}</td>
                    <td className="py-2 text-right">
                      {row.open ? (
                        <Form method="post">
                          <input type="hidden" name="id" value={row.id} />
                          <button type="submit" name="intent" value="revoke" className={kioskSmallDanger} aria-label={`Revoke ${row.code}`}>
                            Revoke
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
