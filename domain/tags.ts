/**
 * Tag rules (spec 02 §5, §9): spaces are removed and the tag is lower-cased; 2 to 45 characters;
 * a list ignores empty tags and refuses duplicates. One schema per field, shared by the creation
 * form, the editor and any API. The bounds, messages and helpers are in domain/tag-rules.ts
 * (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { MAX_TAGS_PER_LINK, normalizeTag, TAG_MAX_LENGTH, TAG_MESSAGES, TAG_MIN_LENGTH } from "./tag-rules";

export * from "./tag-rules";

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
