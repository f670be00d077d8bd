/**
 * POST /app/api/preset/create (spec 02 §7) with {name, utm_source, utm_medium, utm_campaign,
 * utm_term, utm_content}: saves a UTM preset of the signed-in user, as the UTM Parameters
 * Builder's "save preset" does (routes/links/utm.tsx), under the same capability. The values
 * follow spec 02 §5's UTM table: a refusal is 422 {message, errors} with the field's message
 * ("The utm source field is required.", "The utm medium must not be greater than 50."). The answer
 * is the saved preset: {data: {id, name, utm_source, utm_medium, utm_campaign, utm_term, utm_content}}.
 */
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { createUtmPreset, PresetNameTakenError } from "../../../db/utm-presets.server";
import { personalOwner } from "../../../db/workspaces.server";
import { can } from "../../../domain/entitlements";
import { MESSAGES } from "../../../domain/messages";
import { UTM_PRESET_NAME_MAX_LENGTH, utmValuesSchema } from "../../../domain/utm";
import { getCloudflare } from "../../context.server";
import { CREATE_MESSAGES } from "../../forms/create-link-rules";
import { apiError, json, methodNotAllowed, requireApiViewer, validateBody } from "../../lib/api.server";
import type { Route } from "./+types/preset.create";

const presetSchema = utmValuesSchema.extend({
  name: z
    .string({ error: CREATE_MESSAGES.presetNameRequired })
    .trim()
    .min(1, CREATE_MESSAGES.presetNameRequired)
    .max(UTM_PRESET_NAME_MAX_LENGTH, CREATE_MESSAGES.presetNameMax),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST")();
  const viewer = requireApiViewer(context);
  // The builder sits in the advanced options, which need the expiration capability (spec 02 §5).
  // Asked before the body is read: a user without it learns nothing of the field rules.
  if (!can(viewer.subject, "manage_expiration")) return apiError(403, MESSAGES.permissionDenied);
  const { name, ...values } = await validateBody(request, presetSchema);
  try {
    const preset = await createUtmPreset(getDb(getCloudflare(context).env.DB), personalOwner(viewer.user.id), name, values);
    return json({ data: preset }, { status: 201 });
  } catch (error) {
    if (error instanceof PresetNameTakenError)
      return apiError(422, CREATE_MESSAGES.presetNameTaken, { name: [CREATE_MESSAGES.presetNameTaken] });
    throw error;
  }
}

export const loader = methodNotAllowed("POST");
