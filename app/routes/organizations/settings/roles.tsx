/**
 * /app/organizations/{org}/settings/profile/roles — Role Management (`organization.roles`): the
 * organization's roles; create one, rename it and edit its permission checkboxes (each with its
 * meaning, PERMISSION_MEANINGS), delete it. A role still held by users is refused with a clear
 * message and nothing changes. Nobody but the owner edits the role they hold themselves (it would
 * grant them what they lack). Plain forms; each change writes its audit row in the same batch.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { createRole, deleteRole, findRole, findUserRole, listRoles, updateRole } from "../../../../db/organizations.server";
import { ORGANIZATION_MESSAGES, roleFormSchema, ROLE_NAME_MAX_LENGTH } from "../../../../domain/organization-admin";
import { ORGANIZATION_PERMISSIONS, PERMISSION_MEANINGS, type OrganizationPermission } from "../../../../domain/permissions";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { organizationPath } from "../../../components/organizations/settings-layout";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/roles";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Role Management | Snip" }];

const NOTICES = {
  created: "The role has been created.",
  saved: "The role has been saved.",
  deleted: "The role has been deleted.",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.roles");
  const [roles, mine] = await Promise.all([
    listRoles(access.db, access.organization.id),
    findUserRole(access.db, access.organization.id, access.actor.userId),
  ]);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    roles,
    // The role the viewer holds, which only the owner may edit.
    lockedRoleId: access.isOwner ? null : (mine?.id ?? null),
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

/** Which form the reply is for ("new" or a role id), and the errors to show next to its fields. */
type Reply = { form: string; fieldErrors: { name?: string[] }; formError?: string; values?: { name: string; permissions: string[] } };

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.roles");
  const { db, organization, actor } = access;
  const formData = await requestFormData(args.request);
  const intent = formData.get("intent");
  const roleId = String(formData.get("roleId") ?? "");
  const back = (notice: keyof typeof NOTICES) =>
    redirect(`${organizationPath(organization.slug, "settings/profile/roles")}?notice=${notice}`);
  const values = { name: String(formData.get("name") ?? ""), permissions: formData.getAll("permissions").map(String) };

  if (intent === "create" || intent === "update") {
    const formKey = intent === "create" ? "new" : roleId;
    const submission = parseWithZod(formData, { schema: roleFormSchema });
    if (submission.status !== "success") {
      const errors = submission.error ?? {};
      return data<Reply>(
        {
          form: formKey,
          fieldErrors: { name: errors.name ?? undefined },
          formError: errors.permissions?.[0] ?? errors["permissions[0]"]?.[0],
          values,
        },
        { status: 422 },
      );
    }
    const input = { name: submission.value.name, permissions: submission.value.permissions as OrganizationPermission[] };
    if (intent === "create") {
      const made = await createRole(db, organization.id, actor.userId, input);
      if (!made.ok)
        return data<Reply>({ form: formKey, fieldErrors: { name: [ORGANIZATION_MESSAGES.roleNameTaken] }, values }, { status: 422 });
      return back("created");
    }
    const role = await findRole(db, organization.id, roleId);
    if (!role) return data<Reply>({ form: "page", fieldErrors: {}, formError: ORGANIZATION_MESSAGES.unknownRole }, { status: 404 });
    if (!access.isOwner && (await findUserRole(db, organization.id, actor.userId))?.id === role.id)
      return data<Reply>({ form: formKey, fieldErrors: {}, formError: ORGANIZATION_MESSAGES.ownRole, values }, { status: 403 });
    const saved = await updateRole(db, organization.id, actor.userId, role, input);
    if (!saved.ok)
      return data<Reply>({ form: formKey, fieldErrors: { name: [ORGANIZATION_MESSAGES.roleNameTaken] }, values }, { status: 422 });
    return back("saved");
  }
  if (intent === "delete") {
    const role = await findRole(db, organization.id, roleId);
    if (!role) return data<Reply>({ form: "page", fieldErrors: {}, formError: ORGANIZATION_MESSAGES.unknownRole }, { status: 404 });
    const result = await deleteRole(db, organization.id, actor.userId, role);
    if (!result.ok)
      return data<Reply>({ form: role.id, fieldErrors: {}, formError: ORGANIZATION_MESSAGES.roleInUse(result.users) }, { status: 409 });
    return back("deleted");
  }
  return data<Reply>(
    { form: "page", fieldErrors: {}, formError: "Something went wrong. Please try again or contact customer support." },
    { status: 400 },
  );
}

function PermissionBoxes({ idPrefix, checked }: { idPrefix: string; checked: readonly string[] }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">Permissions</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ORGANIZATION_PERMISSIONS.map((permission) => (
          <label
            key={permission}
            htmlFor={`${idPrefix}-${permission}`}
            className="flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <input
              id={`${idPrefix}-${permission}`}
              type="checkbox"
              name="permissions"
              value={permission}
              defaultChecked={checked.includes(permission)}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600"
            />
            <span>
              <span className="font-semibold text-slate-900">{permission}</span>
              <span className="block text-slate-600">{PERMISSION_MEANINGS[permission]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function Roles({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData ?? null;
  const replyFor = (form: string) => (reply?.form === form ? reply : null);
  const newReply = replyFor("new");
  return (
    <>
      <SettingsHeading title="Role Management" lead="Roles are named sets of permissions; each organization user holds one." />
      <div className="space-y-6">
        {loaderData.notice ? <Notice tone="success">{loaderData.notice}</Notice> : null}
        {replyFor("page")?.formError ? <Notice tone="error">{replyFor("page")!.formError}</Notice> : null}
        {loaderData.roles.map((role) => {
          const own = replyFor(role.id);
          const locked = role.id === loaderData.lockedRoleId;
          return (
            <SettingsCard
              key={role.id}
              id={`role-${role.id}`}
              title={role.name}
              description={`${role.users} ${role.users === 1 ? "user holds" : "users hold"} this role.${locked ? " You hold this role, so only the owner can change it." : ""}`}
            >
              {own?.formError ? (
                <div className="mb-4">
                  <Notice tone="error">{own.formError}</Notice>
                </div>
              ) : null}
              <Form method="post" noValidate className="space-y-4" aria-label={`Edit role ${role.name}`}>
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="roleId" value={role.id} />
                <TextField
                  id={`role-name-${role.id}`}
                  label="Role name"
                  name="name"
                  maxLength={ROLE_NAME_MAX_LENGTH}
                  defaultValue={own?.values?.name ?? role.name}
                  errors={own?.fieldErrors.name}
                  disabled={locked}
                  required
                />
                <PermissionBoxes idPrefix={`role-${role.id}`} checked={own?.values?.permissions ?? role.permissions} />
                {locked ? null : <SubmitButton className={settingsButton}>Save Role</SubmitButton>}
              </Form>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="roleId" value={role.id} />
                <button
                  type="submit"
                  className="rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
                >
                  Delete Role
                </button>
              </Form>
            </SettingsCard>
          );
        })}
        <SettingsCard id="new-role" title="New role" description="Give it a name and tick what its holders may do.">
          {newReply?.formError ? (
            <div className="mb-4">
              <Notice tone="error">{newReply.formError}</Notice>
            </div>
          ) : null}
          <Form method="post" noValidate className="space-y-4" aria-label="New role">
            <input type="hidden" name="intent" value="create" />
            <TextField
              id="new-role-name"
              label="Role name"
              name="name"
              maxLength={ROLE_NAME_MAX_LENGTH}
              defaultValue={newReply?.values?.name ?? ""}
              errors={newReply?.fieldErrors.name}
              required
            />
            <PermissionBoxes idPrefix="new-role" checked={newReply?.values?.permissions ?? []} />
            <SubmitButton className={settingsSecondaryButton}>Create Role</SubmitButton>
          </Form>
        </SettingsCard>
      </div>
    </>
  );
}
