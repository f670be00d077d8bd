/**
 * The pixel scripts form (docs/decisions/047): a kind, its id (strictly its kind's pattern,
 * never script text) and an optional name.
 */
import { z } from "zod";
import { isValidPixelId, normalizePixelId, PIXEL_KINDS, PIXEL_MESSAGES, PIXEL_NAME_MAX_LENGTH } from "../../domain/pixels";

export const PIXEL_INTENTS = ["add", "delete"] as const;

export const pixelSchema = z
  .object({
    kind: z.enum(PIXEL_KINDS, { error: PIXEL_MESSAGES.kindRequired }),
    pixelId: z.string({ error: PIXEL_MESSAGES.idRequired }).trim().min(1, PIXEL_MESSAGES.idRequired).max(40),
    name: z
      .string()
      .trim()
      .max(PIXEL_NAME_MAX_LENGTH, PIXEL_MESSAGES.nameMax)
      .optional()
      .transform((name) => name || null),
  })
  .transform((value, ctx) => {
    const pixelId = normalizePixelId(value.kind, value.pixelId);
    if (!isValidPixelId(value.kind, pixelId)) {
      ctx.addIssue({ code: "custom", path: ["pixelId"], message: PIXEL_MESSAGES.idInvalid(value.kind) });
      return z.NEVER;
    }
    return { ...value, pixelId };
  });

export const pixelIdSchema = z.object({ id: z.uuid() });
