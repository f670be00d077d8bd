/**
 * The SHORT_DOMAINS configuration (docs/decisions/010): its schema and parser. The domain table's
 * rules (who may choose which, the messages, the form's options) are in domain/domain-rules.ts
 * (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import type { ShortDomain } from "./domain-rules";

export * from "./domain-rules";

/** One entry of SHORT_DOMAINS (JSON array); flags left out take the defaults below. */
export const shortDomainConfigSchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i),
  isDisabled: z.boolean().default(false),
  isDeleted: z.boolean().default(false),
  isBlocked: z.boolean().default(false),
  allowForGuests: z.boolean().default(false),
  guestCanUseCustomAlias: z.boolean().default(false),
  requireEmailVerification: z.boolean().default(false),
  subscribedOnly: z.boolean().default(false),
});
export type ShortDomainConfig = z.input<typeof shortDomainConfigSchema>;

/** Parses SHORT_DOMAINS; an empty value is no extra domains. Throws on a malformed value (a configuration error). */
export function parseShortDomains(raw: string): ShortDomain[] {
  if (raw.trim() === "") return [];
  const list = z.array(shortDomainConfigSchema).max(50).parse(JSON.parse(raw));
  return list.map((entry) => ({ ...entry, domain: entry.domain.toLowerCase(), type: "common" as const }));
}
