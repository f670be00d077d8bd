/**
 * /app/organizations/{org}/settings/teams/members/invite?team={slug} (issue 16, docs/decisions/030):
 * invite an address to one of the teams the user may invite to (team.invite: an admin of that
 * team, the owner, or the invitations permission) with a team role and an optional message, and
 * the pending invitations of those teams with Revoke. No such team: 403. A team slug that is not
 * one of them (another organization's, an archived one) is a field error; nothing is written.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { listPendingForOrganization } from "../../../../db/invitations.server";
import { listTeams } from "../../../../db/organizations.server";
import { API_MESSAGES } from "../../../../domain/api-messages";
import { INVITATION_MESSAGES, mayOfferTeamRole } from "../../../../domain/invitations";
import { teamInvitePageSchema } from "../../../forms/invitations";
import { TEAM_ROLES, visibleTeams } from "../../../../domain/permissions";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { MessageField, PendingInvitations, SelectField } from "../../../components/organizations/invitations-form";
import { SettingsCard, SettingsHeading, settingsButton } from "../../../components/settings";
import { getCloudflare } from "../../../context.server";
import { allows, loadOrganizationAccess, type OrganizationAccess } from "../../../lib/organizations/access.server";
import { revokeInvitation, sendTeamInvitation } from "../../../lib/organizations/invitations.server";
import type { Route } from "./+types/members.invite";
import { requestFormData } from "../../../lib/form-body.server";
import { rateLimitedReply, retryAfterOfAction } from "../../../lib/rate-limit.server";

export const meta: Route.MetaFunction = () => [{ title: "Invite team members | Snip" }];

/** A refused send (429, the abuse limit) tells the browser when to try again. */
export const headers = retryAfterOfAction;

const NOTICES = { sent: INVITATION_MESSAGES.sent, revoked: INVITATION_MESSAGES.revokedDone } as const;
const ROLE_LABELS = { admin: "Admin", member: "Member", viewer: "Viewer" } as const;

/** The guard: the organization (L, D, participant), then the teams this user may invite to; none is a 403. */
async function requireInviteTeams(args: Route.LoaderArgs | Route.ActionArgs) {
  const access = await loadOrganizationAccess(args);
  const teams = visibleTeams(await listTeams(access.db, access.organization.id)).filter((team) => allows(access, "team.invite", team));
  if (teams.length === 0) throw data(API_MESSAGES.permissionDenied, { status: 403 });
  return { access, teams };
}

function offerableRoles(access: OrganizationAccess, teamId: string | undefined) {
  const teamRole = access.standing.teams.find((m) => m.teamId === teamId)?.role ?? null;
  return TEAM_ROLES.filter((role) =>
    mayOfferTeamRole({ isOwner: access.isOwner, permissions: access.standing.permissions, teamRole }, role),
  );
}

export async function loader(args: Route.LoaderArgs) {
  const { access, teams } = await requireInviteTeams(args);
  const url = new URL(args.request.url);
  const chosen = teams.find((team) => team.slug === url.searchParams.get("team")?.toLowerCase()) ?? teams[0]!;
  const pending = await listPendingForOrganization(access.db, access.organization.id, {
    organizationLevel: false,
    teamIds: teams.map((t) => t.id),
  });
  const notice = url.searchParams.get("notice");
  return {
    organization: { name: access.organization.name, slug: access.organization.slug },
    teams: teams.map((team) => ({ value: team.slug, label: team.name })),
    team: chosen.slug,
    roles: offerableRoles(access, chosen.id).map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    pending: pending.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.teamRole ? ROLE_LABELS[invitation.teamRole] : "",
      team: invitation.team?.name ?? null,
      inviterName: invitation.inviterName,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { access, teams } = await requireInviteTeams(args);
  const formData = await requestFormData(args.request);
  const url = new URL(args.request.url);
  // Not the request's path: a submission from the hydrated page asks `{path}.data`.
  const here = `/app/organizations/${encodeURIComponent(access.organization.slug)}/settings/teams/members/invite`;
  if (formData.get("intent") === "revoke") {
    const result = await revokeInvitation(access, String(formData.get("id") ?? ""), { teams, organizationLevel: false });
    if (!result.ok) return data({ revokeError: result.message, result: null }, { status: result.status });
    const team = url.searchParams.get("team");
    return redirect(`${here}?${team ? `team=${encodeURIComponent(team)}&` : ""}notice=revoked`);
  }
  const submission = parseWithZod(formData, { schema: teamInvitePageSchema });
  if (submission.status !== "success") return data({ revokeError: null, result: submission.reply() }, { status: 422 });
  const team = teams.find((t) => t.slug === submission.value.team.toLowerCase());
  if (!team)
    return data(
      { revokeError: null, result: submission.reply({ fieldErrors: { team: [INVITATION_MESSAGES.teamInvalid] } }) },
      { status: 422 },
    );
  const result = await sendTeamInvitation({ access, env: getCloudflare(args.context).env, request: args.request }, team, submission.value);
  if (!result.ok) {
    const reply = { revokeError: null, result: submission.reply({ fieldErrors: result.errors }) };
    return result.status === 429 ? rateLimitedReply(reply) : data(reply, { status: result.status });
  }
  return redirect(`${here}?team=${encodeURIComponent(team.slug)}&notice=sent`);
}

export default function InviteMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, teams, team, roles, pending, notice } = loaderData;
  const [form, fields] = useForm<{ email: string; team: string; team_role: string; message: string }>({
    id: "team-invite",
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <SettingsHeading title="Invite team members" lead={<>Invite someone to a team of {organization.name}.</>} />
      <div className="space-y-6">
        {notice && !actionData ? <Notice tone="success">{notice}</Notice> : null}
        {actionData?.revokeError ? <Notice tone="error">{actionData.revokeError}</Notice> : null}
        <SettingsCard title="New invitation" description="We email a link; the invitation expires in 7 days.">
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
            <SelectField
              label="Team"
              name="team"
              options={teams}
              defaultValue={fields.team.initialValue ?? team}
              errors={fields.team.errors}
            />
            <SelectField
              label="Team role"
              name="team_role"
              options={roles}
              defaultValue={fields.team_role.initialValue ?? "member"}
              errors={fields.team_role.errors}
            />
            <MessageField defaultValue={fields.message.initialValue} errors={fields.message.errors} />
            <SubmitButton className={settingsButton} busyText="Sending…">
              Send Invitation
            </SubmitButton>
          </Form>
        </SettingsCard>
        <SettingsCard title="Pending invitations">
          <PendingInvitations invitations={pending} />
        </SettingsCard>
      </div>
    </div>
  );
}
