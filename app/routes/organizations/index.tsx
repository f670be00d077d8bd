/**
 * /app/organizations (L and developer): the user's organizations (owner, a role, or a team),
 * sorted by name case-insensitively (spec 02 §2), each opening where the Organizations menu
 * would send the user; archived ones are marked, and their owner gets Restore (the Restore
 * Organization dialog, or /app/organizations/{o}/restore without JavaScript). Create
 * Organization leads to onboarding.
 */
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { listTeams, listUserOrganizations, loadStanding } from "../../../db/organizations.server";
import { ORGANIZATION_MESSAGES } from "../../../domain/organization-admin";
import { can, organizationDestination, organizationSettingsLinks, visibleTeams } from "../../../domain/permissions";
import { Notice } from "../../components/form-fields";
import { RestoreOrganizationDialog } from "../../components/organizations/restore-dialog";
import { organizationPath } from "../../components/organizations/settings-layout";
import { SettingsHeading, settingsButton } from "../../components/settings";
import { useHydrated } from "../../components/use-hydrated";
import { getDb } from "../../../db/client.server";
import { getCloudflare } from "../../context.server";
import { actorOf } from "../../lib/organizations/access.server";
import { requireDeveloper } from "../../session.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Organizations | Snip" }];

const NOTICES = {
  created: ORGANIZATION_MESSAGES.created,
  archived: ORGANIZATION_MESSAGES.archived,
  restored: ORGANIZATION_MESSAGES.restored,
  deleted: ORGANIZATION_MESSAGES.deleted,
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireDeveloper(request, context);
  const actor = actorOf(viewer);
  const db = getDb(getCloudflare(context).env.DB);
  const organizations = await listUserOrganizations(db, viewer.user.id);
  const rows = await Promise.all(
    organizations.map(async (organization) => {
      const facts = { id: organization.id, ownerUserId: organization.ownerUserId, archived: organization.archived };
      const standing = await loadStanding(db, viewer.user.id, facts);
      const teams = visibleTeams(await listTeams(db, organization.id));
      const destination = organizationDestination(actor, standing, teams);
      const path =
        destination?.route === "org.dashboard"
          ? organizationPath(organization.slug, "dashboard")
          : destination?.route === "org.me"
            ? organizationPath(organization.slug, "me")
            : destination?.route === "org.team"
              ? organizationPath(
                  organization.slug,
                  `team/${encodeURIComponent(teams.find((t) => t.id === destination.teamId)?.slug ?? "")}`,
                )
              : null;
      const settings = organizationSettingsLinks(actor, standing).length > 0;
      return {
        slug: organization.slug,
        name: organization.name,
        archived: organization.archived,
        owner: organization.owner,
        path,
        settingsPath: settings ? organizationPath(organization.slug, "settings") : null,
        mayRestore: can(actor, "organization.unarchive", { kind: "organization", standing }),
        onboardingPath: can(actor, "organization.onboarding", { kind: "organization", standing })
          ? `/app/organizations/onboarding?org=${encodeURIComponent(organization.slug)}`
          : null,
      };
    }),
  );
  const notice = new URL(request.url).searchParams.get("notice");
  return { organizations: rows, notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null };
}

export default function Organizations({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [restoring, setRestoring] = useState<{ slug: string; name: string } | null>(null);
  const { organizations, notice } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <SettingsHeading title="Organizations" lead="Organizations you own, hold a role in, or belong to through a team." />
        <Link to="/app/organizations/onboarding" className={settingsButton}>
          Create Organization
        </Link>
      </div>
      {notice ? (
        <div className="mb-6">
          <Notice tone="success">{notice}</Notice>
        </div>
      ) : null}
      {organizations.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          You are not part of any organization yet.{" "}
          <Link to="/app/organizations/onboarding" className="font-semibold text-indigo-700 hover:underline">
            Create one
          </Link>
          .
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          aria-label="Your organizations"
        >
          {organizations.map((organization) => (
            <li
              key={organization.slug}
              className="flex flex-wrap items-center justify-between gap-3 px-5 py-4"
              data-organization={organization.slug}
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {organization.path && !organization.archived ? (
                    <Link to={organization.path} className="hover:text-indigo-700 hover:underline">
                      {organization.name}
                    </Link>
                  ) : (
                    organization.name
                  )}
                  {organization.archived ? (
                    <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Archived</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-500">
                  {organization.slug}
                  {organization.owner ? " · Owner" : ""}
                </p>
              </div>
              <div className="flex gap-2">
                {organization.archived && organization.mayRestore ? (
                  hydrated ? (
                    <button
                      type="button"
                      className={settingsButton}
                      onClick={() => setRestoring({ slug: organization.slug, name: organization.name })}
                    >
                      Restore
                    </button>
                  ) : (
                    <Link to={organizationPath(organization.slug, "restore")} className={settingsButton}>
                      Restore
                    </Link>
                  )
                ) : null}
                {!organization.archived && organization.onboardingPath ? (
                  <Link
                    to={organization.onboardingPath}
                    className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
                  >
                    Set Up
                  </Link>
                ) : null}
                {!organization.archived && organization.settingsPath ? (
                  <Link
                    to={organization.settingsPath}
                    className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
                  >
                    Settings
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {restoring ? (
        <RestoreOrganizationDialog
          organization={restoring}
          onClose={(restored) => {
            setRestoring(null);
            if (restored) void navigate("/app/organizations?notice=restored", { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
