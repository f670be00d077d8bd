/**
 * GET /app/api/organization/{o}/domains (spec 01 §7; `organization.domains`): the organization's
 * domains. Organization domains arrive with a later issue, so the list is empty until then; the
 * call and its guard are final.
 */
import { json, methodNotAllowed } from "../../../lib/api.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/domains";

export async function loader(args: Route.LoaderArgs) {
  await requireOrganizationAccess(args, "organization.domains", { json: true });
  return json({ data: [] });
}

export const action = methodNotAllowed("GET");
