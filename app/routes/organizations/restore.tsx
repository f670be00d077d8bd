/**
 * /app/organizations/{o}/restore (L and developer; the owner's, `organization.unarchive`): the
 * Restore Organization dialog as a page, for browsers without JavaScript: the counts of what
 * comes back and a plain form that restores, then "The organization has been restored.".
 */
import { Form, Link, redirect } from "react-router";
import { restoreCounts, setOrganizationArchived } from "../../../db/organizations.server";
import { SubmitButton } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { requireOrganizationAccess } from "../../lib/organizations/access.server";
import { requirePost } from "../../lib/form-body.server";
import type { Route } from "./+types/restore";

export const meta: Route.MetaFunction = () => [{ title: "Restore Organization | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.unarchive");
  const counts = await restoreCounts(access.db, access.organization.id);
  return {
    organization: { slug: access.organization.slug, name: access.organization.name, archived: access.organization.archived },
    counts,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireOrganizationAccess(args, "organization.unarchive");
  requirePost(args.request);
  if (access.organization.archived) await setOrganizationArchived(access.db, access.organization, access.actor.userId, false);
  return redirect("/app/organizations?notice=restored");
}

export default function Restore({ loaderData }: Route.ComponentProps) {
  const { organization, counts } = loaderData;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <SettingsHeading title="Restore Organization" />
      <SettingsCard
        title={organization.name}
        description={organization.archived ? "This organization is archived." : "This organization is not archived."}
      >
        <dl className="mb-5 grid grid-cols-3 gap-3 text-sm">
          {(
            [
              ["Admins", counts.admins],
              ["Teams", counts.teams],
              ["Members", counts.members],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="text-lg font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mb-5 text-sm text-slate-600">
          Restoring opens the organization again for everyone in it; its teams and links are as they were.
        </p>
        <div className="flex gap-3">
          {organization.archived ? (
            <Form method="post">
              <SubmitButton className={settingsButton}>Restore</SubmitButton>
            </Form>
          ) : null}
          <Link to="/app/organizations" className={settingsSecondaryButton}>
            Cancel
          </Link>
        </div>
      </SettingsCard>
    </div>
  );
}
