/**
 * GET /app/api/invitations/organization and GET /app/api/invitations/team (spec 01 §7, spec 02 §3):
 * the signed-in user's pending invitations of that source, addressed to their verified email (the
 * client merges the two lists, each entry tagged with its source). Logged out: 401 'Not authorized'
 * (spec 01 §8). An unverified address has none to answer yet: an empty list.
 */
import { getDb } from "../../../db/client.server";
import { listPendingForEmail } from "../../../db/invitations.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import { invitationJson } from "../../lib/organizations/invitations.server";
import type { Route } from "./+types/invitations";

export async function loader({ context, params }: Route.LoaderArgs) {
  const source = params.source;
  if (source !== "organization" && source !== "team") return apiError(404, API_MESSAGES.notFound);
  const viewer = requireApiViewer(context);
  if (!viewer.user.emailVerified) return json({ data: [] });
  const all = await listPendingForEmail(getDb(getCloudflare(context).env.DB), viewer.user.email);
  return json({ data: all.filter((invitation) => invitation.source === source).map(invitationJson) });
}

export const action = methodNotAllowed("GET");
