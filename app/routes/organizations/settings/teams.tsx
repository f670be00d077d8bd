/**
 * /app/organizations/{org}/settings/teams (spec 01 §2 Organizations; L and developer): the
 * organization's teams, archived ones marked. Creating a team needs `organization.teams`; renaming,
 * archiving and unarchiving a team need `team.manage` in that team (domain/permissions.ts). Every
 * form is a plain post (post/redirect/get); every change writes its audit row in the same batch.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { createTeam, isDuplicateTeamSlug, renameTeam, setTeamArchived, teamSlugTaken } from "../../../../db/teams.server";
import { TEAM_MESSAGES } from "../../../../domain/teams";
import { Notice, SubmitButton, TextField } from "../../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../../components/settings";
import { Badge, TeamSettingsShell } from "../../../components/teams/team-settings-shell";
import { createTeamSchema, renameTeamSchema, teamOnlySchema } from "../../../forms/teams";
import { allows, loadOrganizationAccess, requireOrganizationAccess, requireTeamAccess } from "../../../lib/organizations/access.server";
import { loadTeamSettings } from "../../../lib/teams/team-settings.server";
import type { Route } from "./+types/teams";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Teams | Snip" }];

const NOTICES = {
  created: TEAM_MESSAGES.created,
  saved: TEAM_MESSAGES.updated,
  archived: TEAM_MESSAGES.archived,
  restored: TEAM_MESSAGES.restored,
} as const;
type NoticeKey = keyof typeof NOTICES;

export async function loader(args: Route.LoaderArgs) {
  const settings = await loadTeamSettings(args, "team.manage", { orOrganization: "organization.teams" });
  const { access } = settings;
  const notice = new URL(args.request.url).searchParams.get("notice");
  return {
    organization: { slug: access.organization.slug, name: access.organization.name, archived: access.organization.archived },
    links: settings.links,
    canCreate: allows(access, "organization.teams"),
    teams: settings.allowed.map((team) => ({ slug: team.slug, name: team.name, archived: team.archived })),
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
  };
}

type Reply = { intent: string; team?: string; errors: Record<string, string[] | undefined>; values?: Record<string, string> };

function done(args: Route.ActionArgs, notice: NoticeKey): Response {
  return redirect(`/app/organizations/${encodeURIComponent(args.params.org)}/settings/teams?notice=${notice}`);
}

function fieldErrors(error: Record<string, string[] | null> | null | undefined): Record<string, string[] | undefined> {
  return Object.fromEntries(Object.entries(error ?? {}).map(([key, value]) => [key, value ?? undefined]));
}

export async function action(args: Route.ActionArgs) {
  // Who may post here at all (404 for strangers) before the body is read.
  await loadOrganizationAccess(args);
  const formData = await requestFormData(args.request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "create") {
    const access = await requireOrganizationAccess(args, "organization.teams");
    const submission = parseWithZod(formData, { schema: createTeamSchema });
    if (submission.status !== "success") {
      return data<Reply>(
        {
          intent,
          errors: fieldErrors(submission.error),
          values: { name: String(formData.get("name") ?? ""), slug: String(formData.get("slug") ?? "") },
        },
        { status: 422 },
      );
    }
    const { name, slug } = submission.value;
    const taken = { intent, errors: { slug: [TEAM_MESSAGES.slugTaken] }, values: { name, slug } };
    if (await teamSlugTaken(access.db, access.organization.id, slug)) return data<Reply>(taken, { status: 422 });
    try {
      await createTeam(access.db, { organizationId: access.organization.id, slug, name, actorUserId: access.actor.userId });
    } catch (error) {
      if (isDuplicateTeamSlug(error)) return data<Reply>(taken, { status: 422 });
      throw error;
    }
    return done(args, "created");
  }

  if (intent === "rename" || intent === "archive" || intent === "unarchive") {
    const ref = parseWithZod(formData, { schema: teamOnlySchema });
    if (ref.status !== "success") return data<Reply>({ intent, errors: fieldErrors(ref.error) }, { status: 422 });
    const access = await requireTeamAccess({ ...args, params: { ...args.params, team: ref.value.team } }, "team.manage");
    const { team } = access;
    if (intent === "rename") {
      const submission = parseWithZod(formData, { schema: renameTeamSchema });
      if (submission.status !== "success") {
        return data<Reply>(
          { intent, team: team.slug, errors: fieldErrors(submission.error), values: { name: String(formData.get("name") ?? "") } },
          { status: 422 },
        );
      }
      if (submission.value.name !== team.name) await renameTeam(access.db, team, submission.value.name, access.actor.userId);
      return done(args, "saved");
    }
    const archive = intent === "archive";
    if (team.archived !== archive) await setTeamArchived(access.db, team, archive, access.actor.userId);
    return done(args, archive ? "archived" : "restored");
  }

  return data<Reply>(
    { intent, errors: { form: ["Something went wrong. Please try again or contact customer support."] } },
    { status: 400 },
  );
}

export default function TeamsSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { organization, links, canCreate, teams, notice } = loaderData;
  const reply = actionData ?? null;
  const createErrors = reply?.intent === "create" ? reply.errors : {};
  return (
    <TeamSettingsShell organization={organization} links={links}>
      <SettingsHeading
        title="Teams"
        lead={`The teams of ${organization.name}. An archived team keeps its links but nobody can work in it until it is unarchived.`}
      />
      <div className="space-y-6">
        {notice && !reply ? <Notice tone="success">{notice}</Notice> : null}
        {reply?.errors.form ? <Notice tone="error">{reply.errors.form[0]}</Notice> : null}
        {canCreate ? (
          <SettingsCard
            id="create-team"
            title="Create a team"
            description="The slug names the team in addresses; it is lowercase and unique in the organization."
          >
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="intent" value="create" />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Name"
                  name="name"
                  id="create-name"
                  defaultValue={reply?.intent === "create" ? reply.values?.name : ""}
                  errors={createErrors.name}
                  required
                  maxLength={100}
                />
                <TextField
                  label="Slug"
                  name="slug"
                  id="create-slug"
                  defaultValue={reply?.intent === "create" ? reply.values?.slug : ""}
                  errors={createErrors.slug}
                  required
                  maxLength={48}
                  autoCapitalize="none"
                  spellCheck={false}
                  hint="Lowercase letters, numbers and hyphens, for example sales-emea."
                />
              </div>
              <SubmitButton className={settingsButton}>Create Team</SubmitButton>
            </Form>
          </SettingsCard>
        ) : null}

        <SettingsCard id="team-list" title="Teams">
          {teams.length === 0 ? (
            <p className="text-sm text-slate-600">No teams yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {teams.map((team) => {
                const errors = reply?.team === team.slug ? reply.errors : {};
                return (
                  <li key={team.slug} className="py-4 first:pt-0 last:pb-0" data-team={team.slug}>
                    <p className="font-semibold text-slate-900">
                      {team.name}
                      <span className="ml-2 font-mono text-xs font-normal text-slate-500">{team.slug}</span>
                      {team.archived ? <Badge tone="amber">Archived</Badge> : null}
                    </p>
                    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
                      <Form method="post" noValidate className="flex flex-1 items-end gap-2">
                        <input type="hidden" name="intent" value="rename" />
                        <input type="hidden" name="team" value={team.slug} />
                        <div className="flex-1">
                          <TextField
                            label={`Name of ${team.slug}`}
                            name="name"
                            id={`name-${team.slug}`}
                            defaultValue={reply?.team === team.slug ? reply.values?.name : team.name}
                            errors={errors.name}
                            required
                            maxLength={100}
                          />
                        </div>
                        <SubmitButton className={settingsSecondaryButton}>Save</SubmitButton>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value={team.archived ? "unarchive" : "archive"} />
                        <input type="hidden" name="team" value={team.slug} />
                        <SubmitButton className={settingsSecondaryButton}>{team.archived ? "Unarchive" : "Archive"}</SubmitButton>
                      </Form>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </SettingsCard>
      </div>
    </TeamSettingsShell>
  );
}
