/**
 * The signed-in creation form (spec 02 §2, §3, §5): one schema composed from the field schemas
 * (destination, alias, tags, expiry); checks only the server can make (capabilities, the plan
 * limit, "alias taken") are added by the action. Paths, messages and the page's data types are in
 * app/forms/create-link-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { checkCustomAlias } from "../../domain/alias";
import { checkExpiry, parseExpiryInput } from "../../domain/expiry";
import { tagsSchema } from "../../domain/tags";
import { destinationSchema, type DestinationContext } from "../../domain/url";
import { UTM_PRESET_NAME_MAX_LENGTH, utmValuesSchema } from "../../domain/utm";
import { CREATE_MESSAGES, DESCRIPTION_MAX_LENGTH, splitTags } from "./create-link-rules";

export * from "./create-link-rules";

export function createLinkSchema(context: DestinationContext, now: Date) {
  return z
    .object({
      url: destinationSchema(context),
      domain: z.string().optional(),
      alias: z
        .string()
        .trim()
        .optional()
        .superRefine((alias, ctx) => {
          const message = alias ? checkCustomAlias(alias) : null;
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, { error: CREATE_MESSAGES.descriptionMax }).optional(),
      /** Comma-separated; checked in the transform below (form coercion would turn "" into [undefined]). */
      tags: z.union([z.string(), z.array(z.string())]).optional(),
      expires: z.string().optional(),
      /** The UTC ISO instant (written by the page's script) or the datetime-local value read as UTC. */
      expires_at: z.string().optional(),
      expires_local: z.string().optional(),
    })
    .transform((value, ctx) => {
      const tags = tagsSchema.safeParse(splitTags(value.tags));
      if (!tags.success) {
        for (const issue of tags.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["tags", ...issue.path] });
        return z.NEVER;
      }
      let expiresAt: Date | null = null;
      if (value.expires === "on") {
        const raw = value.expires_at || value.expires_local;
        if (!raw) {
          ctx.addIssue({ code: "custom", message: CREATE_MESSAGES.expiryRequired, path: ["expires_at"] });
          return z.NEVER;
        }
        expiresAt = parseExpiryInput(raw);
        const message = checkExpiry(expiresAt, now);
        if (message) {
          ctx.addIssue({ code: "custom", message, path: ["expires_at"] });
          return z.NEVER;
        }
      }
      return {
        url: value.url,
        domain: value.domain ?? null,
        alias: value.alias || null,
        description: value.description || null,
        tags: tags.data,
        expiresAt,
      };
    });
}

/** The UTM builder's post: the destination, the five values, and an optional preset to save. */
export function utmBuilderSchema(context: DestinationContext) {
  return utmValuesSchema
    .extend({
      url: destinationSchema(context),
      save_preset: z.string().optional(),
      preset_name: z.string().trim().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.save_preset !== "on") return;
      if (!value.preset_name) ctx.addIssue({ code: "custom", message: CREATE_MESSAGES.presetNameRequired, path: ["preset_name"] });
      else if (value.preset_name.length > UTM_PRESET_NAME_MAX_LENGTH)
        ctx.addIssue({ code: "custom", message: CREATE_MESSAGES.presetNameMax, path: ["preset_name"] });
    });
}
