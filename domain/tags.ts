/**
 * Tag rules (spec 02 §5, §9): spaces are removed and the tag is lower-cased; 2 to 45 characters;
 * a list ignores empty tags and refuses duplicates. One schema per field, shared by the creation
 * form, the editor and any API.
 */
import { z } from "zod";

export const TAG_MIN_LENGTH = 2;
export const TAG_MAX_LENGTH = 45;
/** Snip's own bound on tags per link (the spec gives none). */
export const MAX_TAGS_PER_LINK = 20;

export const TAG_MESSAGES = {
  taken: "The tag has already been taken.",
  min: `The tag must be at least ${TAG_MIN_LENGTH} characters.`,
  max: `The tag must not be greater than ${TAG_MAX_LENGTH} characters.`,
  tooMany: `A link can have at most ${MAX_TAGS_PER_LINK} tags.`,
} as const;

/** Spaces (any whitespace) removed, lower-cased. */
export function normalizeTag(raw: string): string {
  return raw.replace(/\s+/g, "").toLowerCase();
}

/** Splits a comma-separated tag list as typed into one text field; empty entries dropped. */
export function splitTagList(text: string): string[] {
  return text
    .split(",")
    .map(normalizeTag)
    .filter((tag) => tag.length > 0);
}

/** One tag: normalized, then 2–45 characters. */
export const tagSchema = z
  .string()
  .transform(normalizeTag)
  .pipe(z.string().min(TAG_MIN_LENGTH, { error: TAG_MESSAGES.min }).max(TAG_MAX_LENGTH, { error: TAG_MESSAGES.max }));

/**
 * A list of tags: each normalized, empty ones ignored, each checked; a repeat of an earlier tag is
 * an error at its own index ("tags.N"); more than MAX_TAGS_PER_LINK is an error of the list.
 * The output is the normalized, distinct list.
 */
export const tagsSchema = z.array(z.string()).transform((list, ctx) => {
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
  if (out.length > MAX_TAGS_PER_LINK) ctx.addIssue({ code: "custom", message: TAG_MESSAGES.tooMany, path: [] });
  return out;
});
