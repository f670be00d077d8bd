/**
 * POST /app/api/bulk/csv (spec 02 §7 bulk/csv): the bulk upload as a JSON call. Multipart:
 * file, domain, withHeader. Answers {total} (200), or {message, errors} with 422 for a bad
 * file or domain, 403 without the create and bulk capabilities, 401 for guests.
 */
import { API_MESSAGES } from "../../../domain/api-messages";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import { bulkUploadAction } from "../../lib/bulk.server";
import type { Route } from "./+types/bulk.csv";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  const viewer = requireApiViewer(context);
  const { status, reply } = await bulkUploadAction(getCloudflare(context).env, request, viewer);
  if (reply.errors) {
    const errors = Object.fromEntries(Object.entries(reply.errors).filter(([key]) => key !== "form"));
    return apiError(
      status,
      reply.errors.form?.[0] ?? Object.values(reply.errors)[0]?.[0] ?? API_MESSAGES.generic,
      Object.keys(errors).length ? errors : undefined,
    );
  }
  return json({ total: reply.total });
}

export const loader = methodNotAllowed("POST");
