/**
 * The organization's own invitations (spec 01 §7 "GET organization/{o}/users/invitations"; sending
 * and revoking as calls too, docs/decisions/030):
 * - GET    /app/api/organization/{o}/users/invitations: the pending ones (organization.invite or organization.users);
 * - POST   /app/api/organization/{o}/users/invitations: {email, role (the role's id), message?} (organization.invite);
 * - DELETE /app/api/organization/{o}/users/invitations/{i}: revoke (organization.invite).
 * Guards: app/lib/organizations/access.server.ts; a refused request writes nothing.
 */
import { listPendingForOrganization } from "../../../../db/invitations.server";
import { API_MESSAGES } from "../../../../domain/api-messages";
import { INVITATION_MESSAGES } from "../../../../domain/invitations";
import { organizationInviteSchema } from "../../../forms/invitations";
import { getCloudflare } from "../../../context.server";
import { apiError, json, validateBody } from "../../../lib/api.server";
import { allows, loadOrganizationAccess, requireOrganizationAccess } from "../../../lib/organizations/access.server";
import {
  invitationJson,
  revokeInvitation,
  sendOrganizationInvitation,
  sendRefusalResponse,
} from "../../../lib/organizations/invitations.server";
import type { Route } from "./+types/invitations.organization";

export async function loader(args: Route.LoaderArgs) {
  if (args.params.invitation) return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "DELETE" });
  const access = await loadOrganizationAccess(args, { json: true });
  if (!allows(access, "organization.invite") && !allows(access, "organization.users")) {
    return apiError(403, API_MESSAGES.permissionDenied);
  }
  const pending = await listPendingForOrganization(access.db, access.organization.id, { organizationLevel: true, teamIds: [] });
  return json({ data: pending.map(invitationJson) });
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const method = request.method;
  if (params.invitation) {
    if (method !== "DELETE") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "DELETE" });
    const access = await requireOrganizationAccess(args, "organization.invite", { json: true });
    const result = await revokeInvitation(access, params.invitation, { team: null });
    if (!result.ok) return apiError(result.status, result.message, { invitation: [result.message] });
    return json({ data: { message: INVITATION_MESSAGES.revokedDone } });
  }
  if (method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "GET, POST" });
  const access = await requireOrganizationAccess(args, "organization.invite", { json: true });
  const input = await validateBody(request, organizationInviteSchema);
  const result = await sendOrganizationInvitation({ access, env: getCloudflare(context).env, request }, input);
  if (!result.ok) return sendRefusalResponse(result);
  return json({ data: { id: result.id, message: INVITATION_MESSAGES.sent } }, { status: 201 });
}
