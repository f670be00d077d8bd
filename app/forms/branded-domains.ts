/** The branded-domain forms (Settings → Branded Domains): one schema each, shared by the page and the action. */
import { z } from "zod";
import { BRANDED_MESSAGES, isValidSubdomainLabel, normalizeHostname } from "../../domain/branded-domains";

const hostname = z.string({ error: BRANDED_MESSAGES.invalidDomain }).transform((value, ctx) => {
  const host = normalizeHostname(value);
  if (host === null) {
    ctx.addIssue({ code: "custom", message: BRANDED_MESSAGES.invalidDomain });
    return z.NEVER;
  }
  return host;
});

const label = z
  .string({ error: BRANDED_MESSAGES.subdomainRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: BRANDED_MESSAGES.subdomainRequired })
  .refine(isValidSubdomainLabel, { error: BRANDED_MESSAGES.invalidSubdomain });

/** spec 01 §5: a domain must be valid and confirmed as only for the product. */
export const createDomainSchema = z.object({
  domain: hostname,
  confirm: z.literal("on", { error: BRANDED_MESSAGES.confirmRequired }),
});

/** spec 01 §5: subdomain is required. */
export const createSubdomainSchema = z.object({
  base: z.string({ error: BRANDED_MESSAGES.notYourDomain }).trim().toLowerCase().min(1, { error: BRANDED_MESSAGES.notYourDomain }),
  subdomain: label,
});

export const createTinySchema = z.object({ subdomain: label });

const redirectUrl = z
  .string()
  .trim()
  .max(2048, { error: BRANDED_MESSAGES.invalidRedirect })
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { error: BRANDED_MESSAGES.invalidRedirect })
  .optional();

/** A domain's root and 404 redirects (empty: none). */
export const redirectsSchema = z.object({ intent: z.literal("redirects"), root: redirectUrl, notFound: redirectUrl });

export const editDomainSchema = z.discriminatedUnion("intent", [redirectsSchema, z.object({ intent: z.literal("delete") })]);
