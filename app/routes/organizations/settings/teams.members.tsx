/**
 * /app/organizations/{org}/settings/teams/members (spec 01 §2 Organizations; L and developer):
 * per team, its members with their role (admin, member, viewer); add an existing user of the
 * organization, change a member's role, remove a member. Everything needs `team.members` in the
 * team (a team admin, or the `members` permission, or the owner). Inviting a new address is the
 * invitations page (`teams/members/invite?team={slug}`).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import {
  addTeamMember,
  changeTeamMemberRole,
  findTeamMemberRole,
  listOrganizationPeople,
  listTeamMembers,
  removeTeamMember,
} from "../../../../db/teams.server";
import { TEAM_ROLES } from "../../../../domain/permissions";
import { TEAM_MESSAGES, TEAM_ROLE_LABELS } from "../../../../domain/teams";
import { FieldError, Notice, SubmitButton } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { Badge, selectClass, TeamSettingsShell } from "../../../components/teams/team-settings-shell";
import { addMemberSchema, memberRoleSchema, memberSchema, teamOnlySchema } from "../../../forms/teams";
import { allows, loadOrganizationAccess, requireTeamAccess } from "../../../lib/organizations/access.server";
import { chosenTeam, loadTeamSettings } from "../../../lib/teams/team-settings.server";
import type { Route } from "./+types/teams.members";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Team Members | Snip" }];

const NOTICES = {
  added: TEAM_MESSAGES.memberAdded,
  "role-changed": TEAM_MESSAGES.memberRoleChanged,
  removed: TEAM_MESSAGES.memberRemoved,
} as const;
type NoticeKey = keyof typeof NOTICES;

export async function loader(args: Route.LoaderArgs) {
  const settings = await loadTeamSettings(args, "team.members");
  const { access, allowed } = settings;
  const url = new URL(args.request.url);
  const team = chosenTeam(settings, args.request);
  const [members, people] = await Promise.all([
    listTeamMembers(access.db, team.id),
    listOrganizationPeople(access.db, access.organization.id),
  ]);
  const notice = url.searchParams.get("notice");
  return {
    organization: { slug: access.organization.slug, name: access.organization.name, archived: access.organization.archived },
    links: settings.links,
    teams: allowed.map((t) => ({ slug: t.slug, name: t.name, archived: t.archived })),
    team: { slug: team.slug, name: team.name, archived: team.archived },
    members: members.map((m) => ({ id: m.userId, name: m.name, email: m.email, role: m.role, you: m.userId === access.actor.userId })),
    candidates: people.filter((p) => !members.some((m) => m.userId === p.id)).map((p) => ({ id: p.id, label: `${p.name} (${p.email})` })),
    canInvite: allows(access, "team.invite", team),
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
  };
}

type Reply = { intent: string; user?: string; errors: Record<string, string[] | undefined> };

function done(args: Route.ActionArgs, team: string, notice: NoticeKey): Response {
  const base = `/app/organizations/${encodeURIComponent(args.params.org)}/settings/teams/members`;
  return redirect(`${base}?team=${encodeURIComponent(team)}&notice=${notice}`);
}

function fieldErrors(error: Record<string, string[] | null> | null | undefined): Record<string, string[] | undefined> {
  return Object.fromEntries(Object.entries(error ?? {}).map(([key, value]) => [key, value ?? undefined]));
}

export async function action(args: Route.ActionArgs) {
  await loadOrganizationAccess(args);
  const formData = await requestFormData(args.request);
  const intent = String(formData.get("intent") ?? "");
  const ref = parseWithZod(formData, { schema: teamOnlySchema });
  if (ref.status !== "success") return data<Reply>({ intent, errors: fieldErrors(ref.error) }, { status: 422 });
  // The team is looked up in the route's organization (another organization's team is a 404) and the rule asked there.
  const access = await requireTeamAccess({ ...args, params: { ...args.params, team: ref.value.team } }, "team.members");
  const { db, team } = access;
  const actorId = access.actor.userId;

  switch (intent) {
    case "add": {
      const submission = parseWithZod(formData, { schema: addMemberSchema });
      if (submission.status !== "success") return data<Reply>({ intent, errors: fieldErrors(submission.error) }, { status: 422 });
      const person = (await listOrganizationPeople(db, access.organization.id)).find((p) => p.id === submission.value.user);
      if (!person) return data<Reply>({ intent, errors: { user: [TEAM_MESSAGES.notOrganizationUser] } }, { status: 422 });
      if (await findTeamMemberRole(db, team.id, person.id)) {
        return data<Reply>({ intent, errors: { user: [TEAM_MESSAGES.memberExists] } }, { status: 422 });
      }
      await addTeamMember(db, team, { userId: person.id, email: person.email, role: submission.value.role }, actorId);
      return done(args, team.slug, "added");
    }
    case "role": {
      const submission = parseWithZod(formData, { schema: memberRoleSchema });
      if (submission.status !== "success") {
        return data<Reply>({ intent, user: String(formData.get("user") ?? ""), errors: fieldErrors(submission.error) }, { status: 422 });
      }
      const members = await listTeamMembers(db, team.id);
      const member = members.find((m) => m.userId === submission.value.user);
      if (!member) throw data("Not Found", { status: 404 });
      if (member.role !== submission.value.role) {
        await changeTeamMemberRole(
          db,
          team,
          { userId: member.userId, email: member.email, from: member.role, role: submission.value.role },
          actorId,
        );
      }
      return done(args, team.slug, "role-changed");
    }
    case "remove": {
      const submission = parseWithZod(formData, { schema: memberSchema });
      if (submission.status !== "success") return data<Reply>({ intent, errors: fieldErrors(submission.error) }, { status: 422 });
      const members = await listTeamMembers(db, team.id);
      const member = members.find((m) => m.userId === submission.value.user);
      if (!member) throw data("Not Found", { status: 404 });
      await removeTeamMember(db, team, { userId: member.userId, email: member.email, role: member.role }, actorId);
      return done(args, team.slug, "removed");
    }
    default:
      return data<Reply>(
        { intent, errors: { form: ["Something went wrong. Please try again or contact customer support."] } },
        { status: 400 },
      );
  }
}

export default function TeamMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, links, teams, team, members, candidates, canInvite, notice } = loaderData;
  const reply = actionData ?? null;
  const base = `/app/organizations/${encodeURIComponent(organization.slug)}/settings/teams/members`;
  return (
    <TeamSettingsShell organization={organization} links={links}>
      <SettingsHeading
        title="Members"
        lead="Who is in each team and what they may do there: admins manage the team, members create links, viewers only look."
      />
      <div className="space-y-6">
        {teams.length > 1 ? (
          <nav aria-label="Teams" className="flex flex-wrap gap-2">
            {teams.map((t) => (
              <Link
                key={t.slug}
                to={`${base}?team=${encodeURIComponent(t.slug)}`}
                aria-current={t.slug === team.slug ? "page" : undefined}
                className={`rounded-full border px-3 py-1 text-sm font-semibold ${
                  t.slug === team.slug
                    ? "border-indigo-600 bg-indigo-600 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                }`}
              >
                {t.name}
                {t.archived ? " (archived)" : ""}
              </Link>
            ))}
          </nav>
        ) : null}
        {notice && !reply ? <Notice tone="success">{notice}</Notice> : null}
        {reply?.errors.form ? <Notice tone="error">{reply.errors.form[0]}</Notice> : null}

        <SettingsCard
          id="members"
          title={`Members of ${team.name}`}
          description={team.archived ? <Badge tone="amber">Archived</Badge> : undefined}
        >
          {members.length === 0 ? (
            <p className="text-sm text-slate-600">This team has no members yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {members.map((member) => (
                <li
                  key={member.id}
                  className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
                  data-member={member.email}
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-slate-900">
                      {member.name}
                      {member.you ? <Badge tone="indigo">You</Badge> : null}
                    </p>
                    <p className="truncate text-sm text-slate-600">{member.email}</p>
                  </div>
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="team" value={team.slug} />
                    <input type="hidden" name="user" value={member.id} />
                    <label htmlFor={`role-${member.id}`} className="sr-only">
                      Role of {member.email}
                    </label>
                    <select id={`role-${member.id}`} name="role" defaultValue={member.role} className={selectClass}>
                      {TEAM_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {TEAM_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                    <SubmitButton className={settingsSecondaryButton}>Change Role</SubmitButton>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="team" value={team.slug} />
                    <input type="hidden" name="user" value={member.id} />
                    <SubmitButton className={settingsSecondaryButton}>Remove</SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>

        <SettingsCard
          id="add-member"
          title="Add a member"
          description={`Add someone who is already in ${organization.name} to ${team.name}.`}
        >
          {candidates.length === 0 ? (
            <p className="text-sm text-slate-600">Everyone in the organization is already in this team.</p>
          ) : (
            <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="team" value={team.slug} />
              <div className="flex-1">
                <label htmlFor="add-user" className="mb-1.5 block text-sm font-semibold text-slate-800">
                  User
                </label>
                <select
                  id="add-user"
                  name="user"
                  defaultValue=""
                  aria-invalid={reply?.intent === "add" && reply.errors.user ? true : undefined}
                  aria-describedby={reply?.intent === "add" && reply.errors.user ? "add-user-error" : undefined}
                  className={`${selectClass} w-full`}
                >
                  <option value="">Choose a user…</option>
                  {candidates.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
                <FieldError id="add-user-error" errors={reply?.intent === "add" ? reply.errors.user : undefined} />
              </div>
              <div>
                <label htmlFor="add-role" className="mb-1.5 block text-sm font-semibold text-slate-800">
                  Role
                </label>
                <select id="add-role" name="role" defaultValue="member" className={selectClass}>
                  {TEAM_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {TEAM_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <FieldError id="add-role-error" errors={reply?.intent === "add" ? reply.errors.role : undefined} />
              </div>
              <SubmitButton className={settingsButton}>Add Member</SubmitButton>
            </Form>
          )}
          {canInvite ? (
            <p className="mt-4 text-sm text-slate-600">
              Someone new? {/* The invitations page (another part of issue 16) lives at this address. */}
              <Link
                to={`/app/organizations/${encodeURIComponent(organization.slug)}/settings/teams/members/invite?team=${encodeURIComponent(team.slug)}`}
                data-invite-link=""
                className="font-semibold text-indigo-700 hover:underline"
              >
                Invite by email
              </Link>
            </p>
          ) : null}
        </SettingsCard>
      </div>
    </TeamSettingsShell>
  );
}
