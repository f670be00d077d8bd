/**
 * GET /app/api/organization/{o}/users (spec 01 §7; `organization.users`): the organization's
 * users, the owner first, each with name, email, whether they own it, and their role.
 */
import { listOrganizationUsers } from "../../../../db/organizations.server";
import { json, methodNotAllowed } from "../../../lib/api.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/users";

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.users", { json: true });
  const users = await listOrganizationUsers(access.db, access.organization);
  return json({
    data: users.map((user) => ({
      id: user.userId,
      name: user.name,
      email: user.email,
      owner: user.owner,
      role: user.role ? { id: user.role.id, name: user.role.name } : null,
      created_at: user.since.toISOString(),
    })),
  });
}

export const action = methodNotAllowed("GET");
