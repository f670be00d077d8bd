/**
 * /app/organizations/{org}/settings/teams/domains (spec 01 §2 Organizations; L and developer;
 * `team.domains`): which domains each team may create links on: Snip's common short domains, the
 * organization's domains for all teams, and the organization's other domains assigned to the team
 * here (decision 044). Whoever may open the page sees the list; assigning needs the organization's
 * `domains` permission (or ownership): a team admin sees, but does not take, the organization's
 * domains. Post/redirect/get; the change and its audit row are one batch.
 */
import { data, Form, Link, redirect } from "react-router";
import { auditInsert } from "../../../../db/audit.server";
import { listDomainTeams, listOrganizationDomains, setTeamDomains } from "../../../../db/branded-domains.server";
import { Notice } from "../../../components/form-fields";
import { settingsButton } from "../../../components/settings";
import { allows } from "../../../lib/organizations/access.server";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { Badge, TeamSettingsShell } from "../../../components/teams/team-settings-shell";
import { getCloudflare } from "../../../context.server";
import { shortDomainsOf } from "../../../lib/create-link.server";
import { chosenTeam, loadTeamSettings } from "../../../lib/teams/team-settings.server";
import type { Route } from "./+types/teams.domains";
import { requestFormData } from "../../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Team Domains | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const settings = await loadTeamSettings(args, "team.domains");
  const { access, allowed } = settings;
  const team = chosenTeam(settings, args.request);
  const domains = shortDomainsOf(getCloudflare(args.context).env).map((d) => ({
    domain: d.domain,
    subscribedOnly: d.subscribedOnly,
    requireEmailVerification: d.requireEmailVerification,
  }));
  const [own, assigned] = await Promise.all([
    listOrganizationDomains(access.db, access.organization.id),
    listDomainTeams(access.db, access.organization.id),
  ]);
  return {
    organization: { slug: access.organization.slug, name: access.organization.name, archived: access.organization.archived },
    links: settings.links,
    teams: allowed.map((t) => ({ slug: t.slug, name: t.name })),
    team: { slug: team.slug, name: team.name },
    domains,
    organizationDomains: own.map((d) => ({
      hostname: d.hostname,
      active: d.status === "active",
      forAllTeams: d.forAllTeams,
      assigned: d.forAllTeams || (assigned.get(d.id) ?? []).includes(team.id),
    })),
    mayAssign: allows(access, "organization.domains"),
    saved: new URL(args.request.url).searchParams.get("notice") === "saved",
  };
}

/** Assigns the organization's domains to the chosen team: the checked ones, no others (for-all-teams ones need nothing). */
export async function action(args: Route.ActionArgs) {
  const settings = await loadTeamSettings(args, "team.domains");
  const { access } = settings;
  const team = chosenTeam(settings, args.request);
  if (!allows(access, "organization.domains")) throw data("Permission denied.", { status: 403 });
  const form = await requestFormData(args.request);
  const wanted = new Set(form.getAll("domain").map((v) => String(v).trim().toLowerCase()));
  const own = await listOrganizationDomains(access.db, access.organization.id);
  // Only the organization's own domains can be given; any other name is refused, never ignored silently.
  const known = new Set(own.map((d) => d.hostname));
  if ([...wanted].some((host) => !known.has(host))) throw data("Domain not found.", { status: 404 });
  const chosen = own.filter((d) => wanted.has(d.hostname) && !d.forAllTeams);
  await setTeamDomains(
    access.db,
    access.organization.id,
    team.id,
    chosen.map((d) => d.id),
    auditInsert(access.db, {
      organizationId: access.organization.id,
      actorUserId: access.actor.userId,
      action: "domain.teams-changed",
      target: team.slug,
      details: { team: team.slug, domains: chosen.map((d) => d.hostname) },
    }),
  );
  const base = `/app/organizations/${encodeURIComponent(access.organization.slug)}/settings/teams/domains`;
  return redirect(`${base}?team=${encodeURIComponent(team.slug)}&notice=saved`);
}

export default function TeamDomains({ loaderData }: Route.ComponentProps) {
  const { organization, links, teams, team, domains, organizationDomains, mayAssign, saved } = loaderData;
  const base = `/app/organizations/${encodeURIComponent(organization.slug)}/settings/teams/domains`;
  return (
    <TeamSettingsShell organization={organization} links={links}>
      <SettingsHeading title="Team Domains" lead="The short domains each team can create links on." />
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
              </Link>
            ))}
          </nav>
        ) : null}
        <SettingsCard
          id="team-domains"
          title={`Domains ${team.name} can use`}
          description="Snip's short domains, open to every team of the organization."
        >
          <ul className="divide-y divide-slate-200" aria-label="Short domains">
            {domains.map((d) => (
              <li key={d.domain} className="py-2 font-mono text-sm text-slate-900">
                {d.domain}
                {d.subscribedOnly ? <Badge>Subscribers</Badge> : null}
                {d.requireEmailVerification ? <Badge>Verified email</Badge> : null}
              </li>
            ))}
          </ul>
        </SettingsCard>
        <SettingsCard
          id="branded-domains"
          title="Organization domains"
          description={`${organization.name}'s branded domains: those for all teams, and those given to ${team.name} here.`}
        >
          {saved ? (
            <div className="mb-3">
              <Notice tone="success">{`The domains of ${team.name} have been saved.`}</Notice>
            </div>
          ) : null}
          {organizationDomains.length === 0 ? (
            <p className="text-sm leading-6 text-slate-600">
              {organization.name} has no branded domains yet. They are added in Organization Domains.
            </p>
          ) : (
            <Form method="post" className="space-y-4">
              <ul className="divide-y divide-slate-200" aria-label="Organization domains">
                {organizationDomains.map((d) => (
                  <li key={d.hostname} className="py-2">
                    <label className="flex items-center gap-2 font-mono text-sm text-slate-900">
                      <input
                        type="checkbox"
                        name="domain"
                        value={d.hostname}
                        defaultChecked={d.assigned}
                        disabled={!mayAssign || d.forAllTeams}
                        aria-label={`${team.name} may use ${d.hostname}`}
                      />
                      {d.hostname}
                      {d.forAllTeams ? <Badge>All teams</Badge> : null}
                      {!d.active ? <Badge>Not active</Badge> : null}
                    </label>
                  </li>
                ))}
              </ul>
              {mayAssign ? (
                <button type="submit" className={settingsButton}>
                  Save domains
                </button>
              ) : (
                <p className="text-sm text-slate-600">
                  Only the organization&apos;s owner or a role with the domains permission assigns them.
                </p>
              )}
            </Form>
          )}
        </SettingsCard>
      </div>
    </TeamSettingsShell>
  );
}
