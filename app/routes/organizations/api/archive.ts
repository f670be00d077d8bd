/**
 * /app/api/organization/{o}/archive (spec 01 §7 Organizations; spec 02 §4):
 * - PATCH {archive: true|false}: archives (`organization.archive`) or restores
 *   (`organization.unarchive`) the organization; the owner's alone. Answers the new status.
 * - GET: the counts the Restore Organization dialog shows besides the link count: admins
 *   (organization users), teams (not archived) and members (distinct team members); the owner's.
 * Each change writes its audit row in the same batch.
 */
import { z } from "zod";
import { restoreCounts, setOrganizationArchived } from "../../../../db/organizations.server";
import { API_MESSAGES } from "../../../../domain/api-messages";
import { apiError, json, methodNotAllowed, validateBody } from "../../../lib/api.server";
import { allows, loadOrganizationAccess, requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/archive";

const archiveSchema = z.object({
  archive: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
});

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.unarchive", { json: true });
  return json({ data: await restoreCounts(access.db, access.organization.id) });
}

export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "PATCH") return methodNotAllowed("GET, PATCH")();
  const access = await loadOrganizationAccess(args, { json: true });
  const { archive } = await validateBody(args.request, archiveSchema);
  if (!allows(access, archive ? "organization.archive" : "organization.unarchive")) return apiError(403, API_MESSAGES.permissionDenied);
  // Restoring an organization that is not archived changes nothing and records nothing.
  if (archive !== access.organization.archived) await setOrganizationArchived(access.db, access.organization, access.actor.userId, archive);
  return json({ data: { slug: access.organization.slug, status: { archived: archive } } });
}
