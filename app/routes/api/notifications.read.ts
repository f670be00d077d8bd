/**
 * PUT /app/api/notifications/read (spec 01 §7) with {notifications: [ids]} as JSON or as a
 * form (notifications[]=id): marks those of the user's notifications read (ids of other
 * users' notifications are ignored) and answers 204. Bad input: 422 {message, errors}.
 */
import { z } from "zod";
import { API_MESSAGES } from "../../../domain/api-messages";
import { getDb } from "../../../db/client.server";
import { markNotificationsRead } from "../../../db/notifications.server";
import { getCloudflare } from "../../context.server";
import { apiError, methodNotAllowed, noContent, requireApiViewer, validateBody } from "../../lib/api.server";
import type { Route } from "./+types/notifications.read";

const MAX_IDS_PER_CALL = 100;

const idSchema = z
  .string({ error: "Each notification id must be a string." })
  .trim()
  .min(1, "Each notification id must be a string.")
  .max(64, "Each notification id must not be greater than 64 characters.");

const markReadSchema = z.object({
  notifications: z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z
      .array(idSchema, {
        error: (issue) => (issue.input === undefined ? "The notifications field is required." : "The notifications must be a list of ids."),
      })
      .min(1, "The notifications field is required.")
      .max(MAX_IDS_PER_CALL, `The notifications must not have more than ${MAX_IDS_PER_CALL} items.`),
  ),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "PUT" });
  const viewer = requireApiViewer(context);
  const { notifications } = await validateBody(request, markReadSchema);
  await markNotificationsRead(getDb(getCloudflare(context).env.DB), viewer.user.id, notifications);
  return noContent();
}

export const loader = methodNotAllowed("PUT");
