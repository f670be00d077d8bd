/**
 * /app/organization/{org}/team/{team}/sso (L, T, TM; spec 01 §2 Team area; docs/decisions/042).
 * Single sign-on is configured once, for the organization (settings/profile/sso, decision 034);
 * this page shows the team's members where the team stands: whether the organization signs in
 * with its identity provider, through which verified domains, whether it is required, and
 * whether this team requires it to be opened (the 424 rule of spec 01 §4: `require_sso` in the
 * team's options). The owner or a holder of the "sso" permission (`team.sso`) turns that
 * requirement on or off with a plain form; on only once the organization has SSO and a verified
 * domain. The post is guarded before its body is read; nothing is written for anyone else.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getSsoSettings, getTeamOptions, listSsoDomains, setTeamSsoRequired } from "../../../db/sso.server";
import { findUserTeamBySlugs, listTeamMembers } from "../../../db/teams.server";
import { MESSAGES } from "../../../domain/messages";
import { emailInDomains, SSO_MESSAGES } from "../../../domain/sso";
import { requiresSso, teamAreaPath, teamSwitchErrorPath } from "../../../domain/teams";
import { Notice } from "../../components/form-fields";
import { organizationPath } from "../../components/organizations/settings-layout";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { allows, requireTeamAccess } from "../../lib/organizations/access.server";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/sso";
import { requestFormData } from "../../lib/form-body.server";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Team Single Sign-On | Snip" }];

const NOTICES = { on: SSO_MESSAGES.teamRequiredOn, off: SSO_MESSAGES.teamRequiredOff } as const;

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access } = area;
  const { db, organization, team } = access;
  const [settings, domains, options, members] = await Promise.all([
    getSsoSettings(db, organization.id),
    listSsoDomains(db, organization.id),
    getTeamOptions(db, team.id),
    listTeamMembers(db, team.id),
  ]);
  const verified = domains.filter((row) => row.verifiedAt !== null).map((row) => row.domain);
  const canManage = allows(access, "team.sso", team);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return teamAreaData(area, {
    team: team.name,
    organization: organization.name,
    configured: settings !== null,
    organizationRequires: settings?.required ?? false,
    verified,
    teamRequires: requiresSso(options ?? "{}"),
    signedInWithSso: access.viewer.session.ssoOrganizationId === organization.id,
    canManage,
    canTurnOn: settings !== null && verified.length > 0,
    // Who could not open the team while it requires SSO: shown to those who may require it.
    outside: canManage && settings !== null ? members.filter((m) => !emailInDomains(m.email, verified)).map((m) => m.email) : [],
    organizationSettings: allows(access, "organization.sso") ? organizationPath(organization.slug, "settings/profile/sso") : null,
    notice: notice === "on" || notice === "off" ? NOTICES[notice] : null,
  });
}

const requireSchema = z.object({ require: z.enum(["on", "off"]) });

export async function action(args: Route.ActionArgs) {
  // The guard first (404 strangers, 403 other participants), then TM, without switching teams.
  const access = await requireTeamAccess(args, "team.sso");
  const { db, organization, team, viewer } = access;
  if (!(await findUserTeamBySlugs(db, viewer.user.id, organization.slug, team.slug))) throw redirect(teamSwitchErrorPath("unknown-team"));
  const parsed = requireSchema.safeParse(Object.fromEntries(await requestFormData(args.request)));
  if (!parsed.success) return data({ error: MESSAGES.generic }, { status: 422 });
  const required = parsed.data.require === "on";
  if (required) {
    const [settings, domains] = await Promise.all([getSsoSettings(db, organization.id), listSsoDomains(db, organization.id)]);
    if (!settings || !domains.some((row) => row.verifiedAt !== null))
      return data({ error: SSO_MESSAGES.teamNeedsOrganizationSso }, { status: 422 });
  }
  await setTeamSsoRequired(db, team, required, viewer.user.id);
  return redirect(`${teamAreaPath(organization.slug, team.slug, "sso")}?notice=${required ? "on" : "off"}`);
}

export default function TeamSso({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <SettingsHeading title="Single Sign-On" lead={`How the people of ${d.team} sign in.`} />
      <div className="space-y-6">
        {d.notice && !actionData ? <Notice tone="success">{d.notice}</Notice> : null}
        <SettingsCard
          id="organization-sso"
          title="The organization's single sign-on"
          description={`Single sign-on is set up once for ${d.organization}, and its teams use it.`}
        >
          {d.configured ? (
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2" data-testid="organization-sso-status">
              <div>
                <dt className="font-semibold text-slate-500">Status</dt>
                <dd className="mt-1 text-slate-900">
                  {d.verified.length > 0
                    ? "On: members of the verified domains sign in with the organization's identity provider."
                    : "Set up, waiting for a verified domain."}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-500">Verified domains</dt>
                <dd className="mt-1 text-slate-900">{d.verified.length > 0 ? d.verified.join(", ") : "None yet"}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="font-semibold text-slate-500">Password sign-in</dt>
                <dd className="mt-1 text-slate-900">
                  {d.organizationRequires
                    ? "Refused for the verified domains: the organization requires single sign-on."
                    : "Still allowed: the organization does not require single sign-on."}
                </dd>
              </div>
            </dl>
          ) : (
            <p className="text-sm text-slate-700" data-testid="organization-sso-status">
              The organization has not set up single sign-on; its people sign in with their password.
            </p>
          )}
          {d.organizationSettings ? (
            <p className="mt-4 text-sm">
              <Link to={d.organizationSettings} className="font-semibold text-indigo-700 hover:underline">
                Organization SSO settings
              </Link>
            </p>
          ) : null}
        </SettingsCard>

        <SettingsCard
          id="team-sso"
          title="This team"
          description="A team can require single sign-on: then it opens only for sessions signed in through the organization's identity provider."
        >
          <p className="text-sm text-slate-700" data-testid="team-sso-status">
            {d.teamRequires ? (
              <>
                <strong>{d.team} requires single sign-on.</strong>{" "}
                {d.signedInWithSso
                  ? "You signed in with single sign-on."
                  : "You will be asked to sign in with single sign-on when you next switch to this team."}
              </>
            ) : (
              <>
                <strong>{d.team} does not require single sign-on.</strong> Any sign-in opens it.
              </>
            )}
          </p>
          {d.canManage ? (
            <div className="mt-4 space-y-3">
              {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
              {!d.teamRequires && !d.canTurnOn ? <p className="text-sm text-slate-600">{SSO_MESSAGES.teamNeedsOrganizationSso}</p> : null}
              {!d.teamRequires && d.outside.length > 0 ? (
                <p className="text-sm text-amber-800" data-testid="outside-domains">
                  These members' addresses are outside the verified domains, so they could not open the team while it requires single
                  sign-on: {d.outside.join(", ")}.
                </p>
              ) : null}
              <Form method="post">
                {d.teamRequires ? (
                  <button name="require" value="off" className={settingsSecondaryButton}>
                    Stop Requiring SSO
                  </button>
                ) : (
                  <button name="require" value="on" className={settingsButton} disabled={!d.canTurnOn}>
                    Require SSO for This Team
                  </button>
                )}
              </Form>
            </div>
          ) : (
            <p className="mt-4 text-sm text-slate-600">The organization's owner or a user with the SSO permission changes this.</p>
          )}
        </SettingsCard>
      </div>
    </>
  );
}
