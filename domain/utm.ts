/**
 * The UTM builder's schema (spec 02 §5, §9). The fields, rules, messages, presets and URL helpers
 * are in domain/utm-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { checkUtmField, UTM_MESSAGES, type UtmField } from "./utm-rules";

export * from "./utm-rules";

function utmFieldSchema(field: UtmField) {
  return z
    .string({ error: UTM_MESSAGES.notAString(field) })
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? "").trim();
      const message = checkUtmField(field, text);
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    });
}

/** The builder's values: trimmed strings, the spec's message per field. */
export const utmValuesSchema = z.object({
  utm_source: utmFieldSchema("source"),
  utm_medium: utmFieldSchema("medium"),
  utm_campaign: utmFieldSchema("campaign"),
  utm_term: utmFieldSchema("term"),
  utm_content: utmFieldSchema("content"),
});
