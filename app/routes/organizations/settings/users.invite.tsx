/**
 * /app/organizations/{org}/settings/profile/users/invite (issue 16, docs/decisions/030): invite an
 * address to the organization with one of its roles and an optional message, and the pending
 * invitations with Revoke. Guard: organization.invite. A plain form (post/redirect/get) with the
 * first error next to its field; a refused request writes nothing.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { listOrganizationRoles, listPendingForOrganization } from "../../../../db/invitations.server";
import { INVITATION_MESSAGES, mayOfferRole } from "../../../../domain/invitations";
import { organizationInviteSchema } from "../../../forms/invitations";
import { parsePermissionList } from "../../../../domain/permissions";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { MessageField, PendingInvitations, SelectField } from "../../../components/organizations/invitations-form";
import { SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { requireOrganizationAccess, type OrganizationAccess } from "../../../lib/organizations/access.server";
import { revokeInvitation, sendOrganizationInvitation } from "../../../lib/organizations/invitations.server";
import type { Route } from "./+types/users.invite";
import { requestFormData } from "../../../lib/form-body.server";
import { rateLimitedReply, retryAfterOfAction } from "../../../lib/rate-limit.server";

export const meta: Route.MetaFunction = () => [{ title: "Invite users | Snip" }];

/** A refused send (429, the abuse limit) tells the browser when to try again. */
export const headers = retryAfterOfAction;

const NOTICES = { sent: INVITATION_MESSAGES.sent, revoked: INVITATION_MESSAGES.revokedDone } as const;

async function offerableRoles(access: OrganizationAccess) {
  const roles = await listOrganizationRoles(access.db, access.organization.id);
  return roles.filter((role) =>
    mayOfferRole({ isOwner: access.isOwner, permissions: access.standing.permissions }, parsePermissionList(role.permissions)),
  );
}

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.invite");
  const [roles, pending] = await Promise.all([
    offerableRoles(access),
    listPendingForOrganization(access.db, access.organization.id, { organizationLevel: true, teamIds: [] }),
  ]);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    organization: { name: access.organization.name, slug: access.organization.slug },
    roles: roles.map((role) => ({ value: role.id, label: role.name })),
    pending: pending.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.roleName ?? "",
      team: null,
      inviterName: invitation.inviterName,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.invite");
  const formData = await requestFormData(args.request);
  // Not the request's path: a submission from the hydrated page asks `{path}.data`.
  const here = `/app/organizations/${encodeURIComponent(access.organization.slug)}/settings/profile/users/invite`;
  if (formData.get("intent") === "revoke") {
    const result = await revokeInvitation(access, String(formData.get("id") ?? ""), { team: null });
    if (!result.ok) return data({ revokeError: result.message, result: null }, { status: result.status });
    return redirect(`${here}?notice=revoked`);
  }
  const submission = parseWithZod(formData, { schema: organizationInviteSchema });
  if (submission.status !== "success") return data({ revokeError: null, result: submission.reply() }, { status: 422 });
  const result = await sendOrganizationInvitation(
    { access, env: getCloudflare(args.context).env, request: args.request },
    submission.value,
  );
  if (!result.ok) {
    const reply = { revokeError: null, result: submission.reply({ fieldErrors: result.errors }) };
    return result.status === 429 ? rateLimitedReply(reply) : data(reply, { status: result.status });
  }
  return redirect(`${here}?notice=sent`);
}

export default function InviteUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, roles, pending, notice } = loaderData;
  const [form, fields] = useForm<{ email: string; role: string; message: string }>({
    id: "organization-invite",
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
  });
  const base = `/app/organizations/${encodeURIComponent(organization.slug)}/settings/profile/users`;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <SettingsHeading title="Invite users" lead={<>Invite someone to {organization.name} with one of its roles.</>} />
      <div className="space-y-6">
        {notice && !actionData ? <Notice tone="success">{notice}</Notice> : null}
        {actionData?.revokeError ? <Notice tone="error">{actionData.revokeError}</Notice> : null}
        <SettingsCard title="New invitation" description="We email a link; the invitation expires in 7 days.">
          {roles.length === 0 ? (
            <p className="text-sm text-slate-600">There is no role you can offer yet.</p>
          ) : (
            <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
              <input type="hidden" name="intent" value="send" />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="off"
                defaultValue={fields.email.initialValue}
                errors={fields.email.errors}
                required
              />
              <SelectField label="Role" name="role" options={roles} defaultValue={fields.role.initialValue} errors={fields.role.errors} />
              <MessageField defaultValue={fields.message.initialValue} errors={fields.message.errors} />
              <div className="flex items-center gap-3">
                <SubmitButton className={settingsButton} busyText="Sending…">
                  Send Invitation
                </SubmitButton>
                <Link to={base} className="text-sm font-semibold text-slate-700 hover:underline">
                  Back to Users
                </Link>
              </div>
            </Form>
          )}
        </SettingsCard>
        <SettingsCard title="Pending invitations">
          <PendingInvitations invitations={pending} />
        </SettingsCard>
      </div>
    </div>
  );
}
