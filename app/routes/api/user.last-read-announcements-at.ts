/**
 * PUT /app/api/user/last-read-announcements-at (spec 01 §7): every announcement up to now
 * counts as read for the user. Answers the new time.
 */
import { drainUnreadBody } from "../../security.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { getDb } from "../../../db/client.server";
import { markAnnouncementsRead } from "../../../db/notifications.server";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import type { Route } from "./+types/user.last-read-announcements-at";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "PUT" });
  const viewer = requireApiViewer(context);
  await drainUnreadBody(request);
  const now = new Date();
  await markAnnouncementsRead(getDb(getCloudflare(context).env.DB), viewer.user.id, now);
  return json({ data: { last_read_announcements_at: now.toISOString() } });
}

export const loader = methodNotAllowed("PUT");
