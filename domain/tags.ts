/**
 * Tag rules (spec 02 §5, §9): spaces are removed and the tag is lower-cased; 2 to 45 characters;
 * a list ignores empty tags and refuses duplicates. One schema per field, shared by the form,
 * the action and any API.
 */
import { z } from "zod";

const TAG_MIN_LENGTH = 2;
const TAG_MAX_LENGTH = 45;

export const TAG_MESSAGES = {
  taken: "The tag has already been taken.",
  min: `The tag must be at least ${TAG_MIN_LENGTH} characters.`,
  max: `The tag must not be greater than ${TAG_MAX_LENGTH} characters.`,
} as const;

/** Spaces (any whitespace) removed, lower-cased. */
export function normalizeTag(raw: string): string {
  return raw.replace(/\s+/g, "").toLowerCase();
}

/** One tag: normalized, then 2–45 characters. */
export const tagSchema = z
  .string()
  .transform(normalizeTag)
  .pipe(z.string().min(TAG_MIN_LENGTH, { error: TAG_MESSAGES.min }).max(TAG_MAX_LENGTH, { error: TAG_MESSAGES.max }));

/**
 * A list of tags: each normalized, empty ones ignored, each checked; a repeat of an earlier tag is
 * an error at its own index ("tags.N"). The output is the normalized, distinct list.
 */
export const tagsSchema = z
  .array(z.string())
  .default([])
  .transform((list, ctx) => {
    const seen = new Set<string>();
    const out: string[] = [];
    list.forEach((raw, index) => {
      const tag = normalizeTag(raw);
      if (tag === "") return;
      const result = tagSchema.safeParse(tag);
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? TAG_MESSAGES.min, path: [index] });
        return;
      }
      if (seen.has(tag)) {
        ctx.addIssue({ code: "custom", message: TAG_MESSAGES.taken, path: [index] });
        return;
      }
      seen.add(tag);
      out.push(tag);
    });
    return out;
  });
