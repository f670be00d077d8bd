/**
 * GET /app/api/organization/{o}/roles (spec 01 §7; `organization.roles`): the organization's roles,
 * each with its permissions ({name}, spec 02 §3) and how many users hold it, sorted by name.
 */
import { listRoles } from "../../../../db/organizations.server";
import { json, methodNotAllowed } from "../../../lib/api.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/roles";

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.roles", { json: true });
  const roles = await listRoles(access.db, access.organization.id);
  return json({
    data: roles.map((role) => ({
      id: role.id,
      name: role.name,
      permissions: role.permissions.map((name) => ({ name })),
      users_count: role.users,
    })),
  });
}

export const action = methodNotAllowed("GET");
