/**
 * GET /app/api/organization/{o}/domains (spec 01 §7; `organization.domains`): the organization's
 * branded domains (decision 044) in the Domain shape of spec 02 §3, with `for_all_teams` and the
 * teams (by slug) each one is assigned to, and `status` (pending, active, failed, lapsed).
 */
import { listDomainTeams, listOrganizationDomains } from "../../../../db/branded-domains.server";
import { listTeams } from "../../../../db/organizations.server";
import { json, methodNotAllowed } from "../../../lib/api.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/domains";

export async function loader(args: Route.LoaderArgs) {
  const { db, organization } = await requireOrganizationAccess(args, "organization.domains", { json: true });
  const [domains, assigned, teams] = await Promise.all([
    listOrganizationDomains(db, organization.id),
    listDomainTeams(db, organization.id),
    listTeams(db, organization.id),
  ]);
  const slugOf = new Map(teams.map((t) => [t.id, t.slug]));
  return json({
    data: domains.map((d) => ({
      domain: d.hostname,
      type: "organization",
      status: d.status,
      isDisabled: d.status !== "active",
      isDeleted: false,
      isBlocked: false,
      allowForGuests: false,
      guestCanUseCustomAlias: false,
      requireEmailVerification: false,
      subscribedOnly: false,
      for_all_teams: d.forAllTeams,
      teams: (assigned.get(d.id) ?? []).flatMap((id) => (slugOf.has(id) ? [{ slug: slugOf.get(id)! }] : [])),
      created_at: d.createdAt.toISOString(),
    })),
  });
}

export const action = methodNotAllowed("GET");
