/**
 * /app/organizations/{org}/settings/profile/users (`organization.users`): the organization's users
 * with their role; change a user's role; remove a user (their role and their memberships in the
 * organization's teams). The owner cannot be removed, and nobody changes their own role. Plain
 * forms, post/redirect/get; each change writes its audit row in the same batch. Invitations are
 * sent from .../users/invite (the invitations area).
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import {
  changeUserRole,
  listOrganizationUsers,
  listPendingOrganizationInvitations,
  listRoles,
  removeOrganizationUser,
} from "../../../../db/organizations.server";
import { ORGANIZATION_MESSAGES } from "../../../../domain/organization-admin";
import { Notice, SubmitButton } from "../../../components/form-fields";
import { organizationPath } from "../../../components/organizations/settings-layout";
import { DateTime, SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { allows, requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/users";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Organization Users | Snip" }];

const NOTICES = {
  "role-changed": "The user's role has been changed.",
  removed: "The user has been removed from the organization.",
} as const;

const changeSchema = z.object({ intent: z.literal("change-role"), userId: z.string().min(1).max(100), roleId: z.string().min(1).max(100) });
const removeSchema = z.object({ intent: z.literal("remove"), userId: z.string().min(1).max(100) });

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.users");
  const [users, roles, pending] = await Promise.all([
    listOrganizationUsers(access.db, access.organization),
    listRoles(access.db, access.organization.id),
    listPendingOrganizationInvitations(access.db, access.organization.id),
  ]);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    slug: access.organization.slug,
    me: access.actor.userId,
    users: users.map((u) => ({ id: u.userId, name: u.name, email: u.email, owner: u.owner, role: u.role })),
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    pending: pending.map((p) => ({ id: p.id, email: p.email, role: p.roleName, expiresAt: p.expiresAt.toISOString() })),
    mayInvite: allows(access, "organization.invite"),
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

type Reply = { userId: string | null; error: string };

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.users");
  const { db, organization, actor } = access;
  const form = Object.fromEntries(await requestFormData(args.request));
  const back = (notice: keyof typeof NOTICES) =>
    redirect(`${organizationPath(organization.slug, "settings/profile/users")}?notice=${notice}`);
  const refuse = (userId: string | null, error: string) => data<Reply>({ userId, error }, { status: 422 });

  if (form.intent === "change-role") {
    const parsed = changeSchema.safeParse(form);
    if (!parsed.success) return refuse(null, ORGANIZATION_MESSAGES.unknownRole);
    const { userId, roleId } = parsed.data;
    if (userId === organization.ownerUserId) return refuse(userId, ORGANIZATION_MESSAGES.ownerNotRemovable);
    if (userId === actor.userId) return refuse(userId, ORGANIZATION_MESSAGES.ownRole);
    const result = await changeUserRole(db, organization.id, actor.userId, userId, roleId);
    if (!result.ok)
      return refuse(userId, result.reason === "unknown-role" ? ORGANIZATION_MESSAGES.unknownRole : ORGANIZATION_MESSAGES.unknownUser);
    return back("role-changed");
  }
  if (form.intent === "remove") {
    const parsed = removeSchema.safeParse(form);
    if (!parsed.success) return refuse(null, ORGANIZATION_MESSAGES.unknownUser);
    const { userId } = parsed.data;
    if (userId === organization.ownerUserId) return refuse(userId, ORGANIZATION_MESSAGES.ownerNotRemovable);
    const result = await removeOrganizationUser(db, organization.id, actor.userId, userId);
    if (!result.ok) return refuse(userId, ORGANIZATION_MESSAGES.unknownUser);
    return back("removed");
  }
  return refuse(null, "Something went wrong. Please try again or contact customer support.");
}

export default function OrganizationUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, roles, me, slug } = loaderData;
  return (
    <>
      <SettingsHeading title="Users" lead="The people who run the organization, each with one role." />
      <div className="space-y-6">
        {loaderData.notice ? <Notice tone="success">{loaderData.notice}</Notice> : null}
        {actionData && actionData.userId === null ? <Notice tone="error">{actionData.error}</Notice> : null}
        <SettingsCard id="users" title="Organization users">
          <ul className="divide-y divide-slate-200" aria-label="Organization users">
            {users.map((user) => (
              <li key={user.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-user={user.email}>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{user.name}</p>
                  <p className="truncate text-sm text-slate-500">{user.email}</p>
                  {actionData && actionData.userId === user.id ? (
                    <p role="alert" className="mt-1 text-sm font-medium text-red-600">
                      {actionData.error}
                    </p>
                  ) : null}
                </div>
                {user.owner ? (
                  <span className="rounded bg-indigo-50 px-2 py-1 text-sm font-semibold text-indigo-700">Owner</span>
                ) : user.id === me ? (
                  <span className="text-sm font-semibold text-slate-700">{user.role?.name} (you)</span>
                ) : (
                  <div className="flex flex-wrap items-center gap-2">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="change-role" />
                      <input type="hidden" name="userId" value={user.id} />
                      <label htmlFor={`role-${user.id}`} className="sr-only">
                        Role of {user.name}
                      </label>
                      <select
                        id={`role-${user.id}`}
                        name="roleId"
                        defaultValue={user.role?.id}
                        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
                      >
                        {roles.map((role) => (
                          <option key={role.id} value={role.id}>
                            {role.name}
                          </option>
                        ))}
                      </select>
                      <SubmitButton className={settingsSecondaryButton}>Change Role</SubmitButton>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={user.id} />
                      <button
                        type="submit"
                        aria-label={`Remove ${user.name}`}
                        className="rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
                      >
                        Remove
                      </button>
                    </Form>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </SettingsCard>
        {loaderData.pending.length > 0 ? (
          <SettingsCard id="pending" title="Pending invitations">
            <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
              {loaderData.pending.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap justify-between gap-2 py-3 text-sm">
                  <span className="font-semibold text-slate-900">{invitation.email}</span>
                  <span className="text-slate-600">
                    {invitation.role} · expires <DateTime iso={invitation.expiresAt} />
                  </span>
                </li>
              ))}
            </ul>
          </SettingsCard>
        ) : null}
        {/* Invitations (issue 16, the invitations area): the invite form lives at .../users/invite. */}
        {loaderData.mayInvite ? (
          <SettingsCard id="invite" title="Invite users" description="Invite someone by email to hold one of the organization's roles.">
            <Link to={organizationPath(slug, "settings/profile/users/invite")} className={settingsButton}>
              Invite User
            </Link>
          </SettingsCard>
        ) : null}
      </div>
    </>
  );
}
