/**
 * /app/organization/{org}/team/{team}/membership (L, T, TM): your membership of the team (your role,
 * since when) and leaving the team. Leaving writes `member.removed` (with `left: true`) to the
 * audit trail in the same batch, and your current team falls back to your account.
 */
import { Form, redirect } from "react-router";
import { listTeamMembers, removeTeamMember } from "../../../db/teams.server";
import { TEAM_ROLE_LABELS } from "../../../domain/teams";
import { SubmitButton } from "../../components/form-fields";
import { DateTime, SettingsCard, SettingsHeading, settingsDangerButton } from "../../components/settings";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { Route } from "./+types/membership";
import { requestFormData } from "../../lib/form-body.server";
import { pagePathname } from "../../lib/page-url";

export const meta: Route.MetaFunction = () => [{ title: "Team Membership | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access, membership } = area;
  const members = await listTeamMembers(access.db, access.team.id);
  const you = members.find((m) => m.userId === access.actor.userId);
  return teamAreaData(area, {
    team: access.team.name,
    role: membership.role,
    since: you ? you.createdAt.toISOString() : null,
    members: members.length,
  });
}

export async function action(args: Route.ActionArgs) {
  const { access, membership } = await requireTeamArea(args);
  const formData = await requestFormData(args.request);
  if (formData.get("intent") !== "leave") return redirect(pagePathname(args.request));
  const { viewer } = access;
  await removeTeamMember(
    access.db,
    access.team,
    { userId: viewer.user.id, email: viewer.user.email, role: membership.role },
    viewer.user.id,
    {
      left: true,
    },
  );
  return redirect("/app/settings/teams?notice=left");
}

export default function TeamMembership({ loaderData }: Route.ComponentProps) {
  const { team, role, since, members } = loaderData;
  return (
    <>
      <SettingsHeading title="Membership" lead={`Your place in ${team}.`} />
      <div className="space-y-6">
        <SettingsCard id="membership" title="Your membership">
          <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold text-slate-500">Role</dt>
              <dd className="mt-1 text-slate-900" data-field="role">
                {TEAM_ROLE_LABELS[role]}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-500">Member since</dt>
              <dd className="mt-1 text-slate-900">{since ? <DateTime iso={since} /> : "—"}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-500">Members</dt>
              <dd className="mt-1 text-slate-900">{members}</dd>
            </div>
          </dl>
        </SettingsCard>
        <SettingsCard
          id="leave"
          title="Leave the team"
          tone="danger"
          description={`You will no longer see ${team}'s links or work in it. An admin can add you again.`}
        >
          <Form method="post">
            <input type="hidden" name="intent" value="leave" />
            <SubmitButton className={settingsDangerButton}>Leave Team</SubmitButton>
          </Form>
        </SettingsCard>
      </div>
    </>
  );
}
