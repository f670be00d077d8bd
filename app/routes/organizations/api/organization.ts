/**
 * GET /app/api/organization/{o} (spec 01 §7 Organizations; spec 02 §3 Organization): the
 * organization as the signed-in participant sees it: slug, name, photo_url, whether they own it,
 * their role with its permissions, the teams they may open (archived hidden, sorted by name, each
 * with their membership role), features and status.archived. A stranger gets 404, a user without
 * the developer flag 403 (app/lib/organizations/access.server.ts). DELETE: the owner deletes it.
 */
import { deleteOrganization, findUserRole, listTeams } from "../../../../db/organizations.server";
import { can, parsePermissionList, visibleTeams } from "../../../../domain/permissions";
import { organizationPhotoUrl } from "../../../components/organizations/photo-url";
import { apiError, json, methodNotAllowed } from "../../../lib/api.server";
import { getCloudflare } from "../../../context.server";
import { loadOrganizationAccess, requireOrganizationAccess } from "../../../lib/organizations/access.server";
import { cancelOrganizationSubscriptions } from "../../../lib/billing/workspace-deletion.server";
import { deleteOrganizationPhotos } from "../../../lib/profile-photo.server";
import { listDomainsGoingWith } from "../../../../db/branded-domains.server";
import { releaseDomains } from "../../../lib/branded-domains.server";
import type { Route } from "./+types/organization";

function parseList(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export async function loader(args: Route.LoaderArgs) {
  const access = await loadOrganizationAccess(args, { json: true });
  const { db, organization, standing, actor } = access;
  const [role, allTeams] = await Promise.all([findUserRole(db, organization.id, actor.userId), listTeams(db, organization.id)]);
  const teams = visibleTeams(allTeams).filter((team) => can(actor, "team.open", { kind: "team", standing, team }));
  return json({
    data: {
      slug: organization.slug,
      name: organization.name,
      photo_url: organizationPhotoUrl(organization),
      owner: access.isOwner,
      role: role ? { name: role.name, permissions: parsePermissionList(role.permissions).map((name) => ({ name })) } : null,
      teams: teams.map((team) => ({
        slug: team.slug,
        name: team.name,
        features: parseList(team.features),
        membership: { role: standing.teams.find((m) => m.teamId === team.id)?.role ?? null },
      })),
      features: parseList(organization.features),
      status: { archived: organization.archived },
    },
  });
}

/**
 * DELETE /app/api/organization/{o} (spec 01 §7): the owner deletes the organization (an archived
 * one too), with its roles, users, teams, invitations, support requests, audit trail and photo.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "DELETE") return methodNotAllowed("GET, DELETE")();
  const access = await requireOrganizationAccess(args, "organization.delete", { json: true });
  // Issue 17 (docs/decisions/042): the organization's and its teams' subscriptions are cancelled at the provider first.
  const { env } = getCloudflare(args.context);
  const cancelled = await cancelOrganizationSubscriptions(env, access.organization.id);
  if (!cancelled.ok) return apiError(cancelled.status, cancelled.message);
  const domains = await listDomainsGoingWith(access.db, { organizationId: access.organization.id });
  await deleteOrganization(access.db, access.organization.id);
  // Its domains' custom hostnames and host records (decision 044; the queue retries what fails).
  await releaseDomains(env, domains);
  try {
    await deleteOrganizationPhotos(env.UPLOADS, access.organization.id);
  } catch (error) {
    console.warn("organization photo: removing objects failed", error);
  }
  return json({ data: { slug: access.organization.slug, deleted: true } });
}
