/**
 * POST /__dev/invitations (local runs and tests only; 404 unless LOCAL_DEV is "true"):
 *
 *   {"action": "expire", "id": "<invitation id>"}   (moves its expiry into the past; the next read turns it expired)
 *
 * Answers {data: {id}} or 404 {message}.
 */
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { expireInvitationNow } from "../../../db/invitations.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, validateBody } from "../../lib/api.server";
import type { Route } from "./+types/invitations";

const schema = z.object({ action: z.literal("expire"), id: z.string().min(1).max(64) });

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  if (env.LOCAL_DEV !== "true") return apiError(404, API_MESSAGES.notFound);
  const input = await validateBody(request, schema);
  if (!(await expireInvitationNow(getDb(env.DB), input.id))) return apiError(404, "No invitation with that id.");
  return json({ data: { id: input.id } });
}

export const loader = methodNotAllowed("POST");
