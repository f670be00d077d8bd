/**
 * A team's invitations (spec 01 §7 "GET organization/{o}/team/{t}/invitations"; sending and
 * revoking as calls too, docs/decisions/030):
 * - GET    /app/api/organization/{o}/team/{t}/invitations: the pending ones (team.invite or team.members);
 * - POST   /app/api/organization/{o}/team/{t}/invitations: {email, team_role, message?} (team.invite);
 * - DELETE /app/api/organization/{o}/team/{t}/invitations/{i}: revoke (team.invite).
 * The team is the route's, found within the organization: a team of another organization is a 404.
 */
import { findTeamBySlug } from "../../../../db/organizations.server";
import { listPendingForOrganization } from "../../../../db/invitations.server";
import { API_MESSAGES } from "../../../../domain/api-messages";
import { INVITATION_MESSAGES } from "../../../../domain/invitations";
import { teamInviteSchema } from "../../../forms/invitations";
import { getCloudflare } from "../../../context.server";
import { apiError, json, validateBody } from "../../../lib/api.server";
import { allows, loadOrganizationAccess, requireTeamAccess } from "../../../lib/organizations/access.server";
import { invitationJson, revokeInvitation, sendTeamInvitation, sendRefusalResponse } from "../../../lib/organizations/invitations.server";
import type { Route } from "./+types/invitations.team";

export async function loader(args: Route.LoaderArgs) {
  if (args.params.invitation) return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "DELETE" });
  const access = await loadOrganizationAccess(args, { json: true });
  const team = await findTeamBySlug(access.db, access.organization.id, args.params.team);
  if (!team) return apiError(404, API_MESSAGES.notFound);
  if (!allows(access, "team.invite", team) && !allows(access, "team.members", team)) return apiError(403, API_MESSAGES.permissionDenied);
  const pending = await listPendingForOrganization(access.db, access.organization.id, { organizationLevel: false, teamIds: [team.id] });
  return json({ data: pending.map(invitationJson) });
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const method = request.method;
  if (params.invitation) {
    if (method !== "DELETE") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "DELETE" });
    const access = await requireTeamAccess(args, "team.invite", { json: true });
    const result = await revokeInvitation(access, params.invitation, { team: access.team });
    if (!result.ok) return apiError(result.status, result.message, { invitation: [result.message] });
    return json({ data: { message: INVITATION_MESSAGES.revokedDone } });
  }
  if (method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "GET, POST" });
  const access = await requireTeamAccess(args, "team.invite", { json: true });
  const input = await validateBody(request, teamInviteSchema);
  const result = await sendTeamInvitation({ access, env: getCloudflare(context).env, request }, access.team, input);
  if (!result.ok) return sendRefusalResponse(result);
  return json({ data: { id: result.id, message: INVITATION_MESSAGES.sent } }, { status: 201 });
}
