/**
 * The guard of a team's or an organization's billing pages and calls (docs/decisions/033): the
 * organization guard (L, D, the organization by slug, 404 for strangers, 403 "Permission
 * denied." for a participant without the rule) with `team.subscription` or
 * `organization.subscription` (the owner, or the organization permission "subscriptions"), then
 * the owner's subscriptions from D1. The billing owner is the route's team or organization only.
 */
import type { RouterContextProvider } from "react-router";
import { ensureTeamWorkspace } from "../../../db/workspaces.server";
import { requireOrganizationAccess, requireTeamAccess, type OrganizationAccess } from "../organizations/access.server";
import { organizationBillingPaths, teamBillingPaths, workspaceBilling, type BillingContext } from "./context.server";

type Args = {
  readonly request: Request;
  readonly context: Readonly<RouterContextProvider>;
  readonly params: Readonly<Record<string, string | undefined>>;
};

export type WorkspaceBillingAccess = {
  access: OrganizationAccess;
  billing: BillingContext;
  team: { id: string; name: string; slug: string } | null;
};

export async function requireWorkspaceBilling(args: Args, scope: "team" | "organization", json: boolean): Promise<WorkspaceBillingAccess> {
  if (scope === "team") {
    const access = await requireTeamAccess(args, "team.subscription", { json });
    // The team's workspace is its billing owner (its row made by the trigger; here if missing).
    await ensureTeamWorkspace(access.db, access.organization.id, access.team.id);
    const paths = teamBillingPaths(access.organization.slug, access.team.slug);
    return { access, billing: await workspaceBilling(access.db, access.viewer, access.team.id, paths), team: access.team };
  }
  const access = await requireOrganizationAccess(args, "organization.subscription", { json });
  const paths = organizationBillingPaths(access.organization.slug);
  return { access, billing: await workspaceBilling(access.db, access.viewer, access.organization.id, paths), team: null };
}
