/**
 * Tag rules (spec 02 §5, §9): spaces are removed and the tag lower-cased; 2 to 45 characters;
 * a duplicate is refused; empty tags are ignored. Shared by the creation form and the editor.
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

/** Spaces removed, lower-cased. */
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

export const tagSchema = z
  .string()
  .transform(normalizeTag)
  .pipe(z.string().min(TAG_MIN_LENGTH, TAG_MESSAGES.min).max(TAG_MAX_LENGTH, TAG_MESSAGES.max));

/** A list of tags: empty ones ignored, each normalized and checked, a duplicate refused at its index. */
export const tagsSchema = z
  .array(z.string())
  .transform((list) => list.filter((tag) => normalizeTag(tag) !== ""))
  .pipe(
    z
      .array(tagSchema)
      .max(MAX_TAGS_PER_LINK, TAG_MESSAGES.tooMany)
      .superRefine((tags, ctx) => {
        const seen = new Set<string>();
        tags.forEach((tag, index) => {
          if (seen.has(tag)) ctx.addIssue({ code: "custom", message: TAG_MESSAGES.taken, path: [index] });
          seen.add(tag);
        });
      }),
  );
