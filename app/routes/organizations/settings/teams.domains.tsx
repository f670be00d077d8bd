/**
 * /app/organizations/{org}/settings/teams/domains (spec 01 §2 Organizations; L and developer;
 * `team.domains`): which domains each team may create links on. Today every team uses the
 * service's common short domains, the same list the creation form offers (domain/domains.ts);
 * branded (organization) domains, and choosing which of them each team may use, arrive with the
 * branded-domains issue. Nothing here writes yet.
 */
import { Link } from "react-router";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { Badge, TeamSettingsShell } from "../../../components/teams/team-settings-shell";
import { getCloudflare } from "../../../context.server";
import { shortDomainsOf } from "../../../lib/create-link.server";
import { chosenTeam, loadTeamSettings } from "../../../lib/teams/team-settings.server";
import type { Route } from "./+types/teams.domains";

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
  return {
    organization: { slug: access.organization.slug, name: access.organization.name, archived: access.organization.archived },
    links: settings.links,
    teams: allowed.map((t) => ({ slug: t.slug, name: t.name })),
    team: { slug: team.slug, name: team.name },
    domains,
  };
}

export default function TeamDomains({ loaderData }: Route.ComponentProps) {
  const { organization, links, teams, team, domains } = loaderData;
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
        <SettingsCard id="branded-domains" title="Branded domains" description="Coming with branded domains for organizations.">
          <p className="text-sm leading-6 text-slate-600">
            Once {organization.name} adds its own branded domains, this page will list them and let you choose which ones {team.name} may
            use, beside the short domains above. Until then, every team uses Snip&apos;s short domains.
          </p>
        </SettingsCard>
      </div>
    </TeamSettingsShell>
  );
}
