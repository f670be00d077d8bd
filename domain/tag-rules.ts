/**
 * Tag rules (spec 02 §5, §9): spaces are removed and the tag is lower-cased; 2 to 45 characters;
 * a list ignores empty tags and refuses duplicates. Browser-safe (no zod): the bounds, messages
 * and normalizing helpers; domain/tags.ts adds the schemas and re-exports all of it.
 */

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
