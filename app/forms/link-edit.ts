/**
 * The link editor's form: one schema composed from the field rules (alias, destination, tags),
 * plus the expiry and description bounds. Which fields may change is decided on the server from
 * the capabilities; a field that is not submitted (disabled) stays as it is. The bounds, messages
 * and helpers are in app/forms/link-edit-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { checkCustomAlias } from "../../domain/alias";
import { splitTagList, tagsSchema } from "../../domain/tags";
import { destinationSchema, type DestinationContext } from "../../domain/url";
import { DESCRIPTION_MAX_LENGTH, EDIT_MESSAGES } from "./link-edit-rules";

export * from "./link-edit-rules";

export function editLinkSchema(context: DestinationContext) {
  return z.object({
    alias: z
      .string()
      .trim()
      .optional()
      .superRefine((alias, ctx) => {
        const message = alias === undefined ? null : checkCustomAlias(alias);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    url: destinationSchema(context).optional(),
    tags: z
      .string()
      .optional()
      .transform((text) => splitTagList(text ?? ""))
      .pipe(tagsSchema),
    /** The datetime-local value, read as UTC when JavaScript did not fill `expiresAt`. */
    expiresLocal: z.string().optional(),
    /** The same moment as a UTC ISO string, filled in the browser from its time zone. */
    expiresAt: z.string().optional(),
    description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, EDIT_MESSAGES.descriptionMax).optional(),
    // Clicks options (issue 20, docs/decisions/038): the checkbox and its marker (an unticked box is not sent).
    clicksUnlimited: z.literal("on").optional(),
    clicksUnlimitedField: z.literal("1").optional(),
  });
}
