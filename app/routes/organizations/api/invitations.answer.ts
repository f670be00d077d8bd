/**
 * POST /app/api/organization/{o}/users/invite/{i}/accept|reject and
 * POST /app/api/organization/{o}/team/{t}/invite/{i}/accept|reject (spec 02 §7): the signed-in user
 * answers an invitation addressed to their verified email. Accepting an organization invitation
 * gives the offered role; a team invitation makes them a member with the team role. Expired,
 * revoked, answered, unknown or another address's invitations: a clear message, nothing written.
 *
 * The envelope's popover posts here from plain forms too (no JavaScript): those answers redirect
 * back to the page they came from with `?invitation=<notice>`, which the navigation bar shows.
 * No developer flag is asked: answering concerns the user's own account.
 */
import { redirect } from "react-router";
import { getDb } from "../../../../db/client.server";
import { API_MESSAGES } from "../../../../domain/api-messages";
import { INVITATION_NOTICE_PARAM, type InvitationNotice } from "../../../../domain/invitations";
import { getCloudflare } from "../../../context.server";
import { safeRedirectPath } from "../../../cookies.server";
import { apiError, isAjax, json, methodNotAllowed, readBody } from "../../../lib/api.server";
import { answerInvitation } from "../../../lib/organizations/invitations.server";
import { getViewer, loginRedirect } from "../../../session.server";
import type { Route } from "./+types/invitations.answer";

function backTo(path: string, notice: InvitationNotice): Response {
  const url = new URL(path, "http://x");
  url.searchParams.set(INVITATION_NOTICE_PARAM, notice);
  return redirect(`${url.pathname}${url.search}${url.hash}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  const answer = params.answer;
  if (answer !== "accept" && answer !== "reject") return apiError(404, API_MESSAGES.notFound);
  const plainForm = !isAjax(request) && (request.headers.get("content-type") ?? "").includes("form");
  const viewer = getViewer(context);
  if (!viewer) {
    if (plainForm) throw loginRedirect(request);
    return apiError(401, API_MESSAGES.notAuthorized);
  }
  const body = plainForm ? await readBody(request) : null;
  const returnTo = safeRedirectPath(
    typeof body === "object" && body !== null && typeof (body as Record<string, unknown>).redirect_to === "string"
      ? ((body as Record<string, unknown>).redirect_to as string)
      : null,
  );
  const db = getDb(getCloudflare(context).env.DB);
  const result = await answerInvitation(
    db,
    viewer,
    { id: params.invitation, organizationSlug: params.org, teamSlug: params.team ?? null },
    answer,
  );
  if (plainForm) return backTo(returnTo, result.notice);
  if (!result.ok) return apiError(result.status, result.message, { invitation: [result.message] });
  return json({
    data: { message: result.message, source: result.invitation.source, organization: { slug: result.invitation.organization.slug } },
  });
}

export const loader = methodNotAllowed("POST");
