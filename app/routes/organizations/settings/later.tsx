/**
 * Organization settings pages that later issues fill (spec 01 §2: profile/domains; profile/sso and
 * the subscription pages have their own modules since issue 17). Each is guarded by its permission
 * like the finished pages and says what it will hold; none shows made-up data.
 */
import type { ActionOf } from "../../../../domain/permissions";
import { SettingsCard, SettingsHeading } from "../../../components/settings";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/later";

/** The one page left: profile/domains. */
const PAGE = {
  action: "organization.domains",
  title: "Organization Domains",
  lead: "Branded domains shared by the organization's teams.",
  holds:
    "Here the organization will add and verify its branded domains, choose which teams may use each one (or all teams), and see each domain's state. No domains can be added yet.",
} as const satisfies { action: ActionOf<"organization">; title: string; lead: string; holds: string };

export async function loader(args: Route.LoaderArgs) {
  await requireOrganizationAccess(args, PAGE.action);
  return { title: PAGE.title, lead: PAGE.lead, holds: PAGE.holds };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Organization"} | Snip` }];

export default function Later({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title={loaderData.title} lead={loaderData.lead} />
      <SettingsCard title="Coming soon" description="This part of the organization settings is not available yet.">
        <p className="text-sm leading-6 text-slate-700">{loaderData.holds}</p>
      </SettingsCard>
    </>
  );
}
