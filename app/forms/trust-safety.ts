/**
 * The kiosk's trust-and-safety forms (issue 19, decision 036): banned domains, terminations,
 * moves and access invitations. Messages are shown next to their field.
 */
import { z } from "zod";
import { normalizeDomain } from "../../domain/trust-safety";

export const SAFETY_MESSAGES = {
  domainInvalid: "Enter a domain name such as example.com (a subdomain bans only itself and below).",
  domainTaken: "This domain is already banned.",
  reasonRequired: "Enter the reason.",
  reasonMax: "The reason must be at most 200 characters.",
  emailInvalid: "Enter an email address.",
  noSuchUser: "No user has this email address.",
  noWorkspace: "This user has no workspace to move the link to.",
  sameWorkspace: "The link is already in this user's workspace.",
  usesInvalid: "Enter a number of uses from 1 to 10,000.",
  expiryInvalid: "Enter a date in the future, or leave it empty for no expiry.",
  notFound: "It no longer exists: someone may have changed it.",
  destinationRequired: "Choose a destination.",
} as const;

const reason = z
  .string({ error: SAFETY_MESSAGES.reasonRequired })
  .trim()
  .min(1, SAFETY_MESSAGES.reasonRequired)
  .max(200, SAFETY_MESSAGES.reasonMax);

export const banDomainSchema = z.object({
  domain: z.string({ error: SAFETY_MESSAGES.domainInvalid }).transform((text, ctx) => {
    const domain = normalizeDomain(text);
    if (domain) return domain;
    ctx.addIssue({ code: "custom", message: SAFETY_MESSAGES.domainInvalid });
    return z.NEVER;
  }),
  reason,
});

export const terminateSchema = z.object({ reason });

export const moveLinkSchema = z.object({
  email: z
    .string({ error: SAFETY_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: SAFETY_MESSAGES.emailInvalid }).max(254, SAFETY_MESSAGES.emailInvalid)),
});

export const INVITATION_MAX_USES = 10_000;

export function issueInvitationSchema(now: Date) {
  return z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: SAFETY_MESSAGES.emailInvalid }).max(254, SAFETY_MESSAGES.emailInvalid))
      .optional(),
    uses: z.coerce
      .number({ error: SAFETY_MESSAGES.usesInvalid })
      .int(SAFETY_MESSAGES.usesInvalid)
      .min(1, SAFETY_MESSAGES.usesInvalid)
      .max(INVITATION_MAX_USES, SAFETY_MESSAGES.usesInvalid),
    expires: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        const at = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59.999Z`) : null;
        // The parser rolls a day past the month's end over ("2027-02-30" is March 2nd): that is no date.
        const real = at !== null && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
        if (real && at.getTime() > now.getTime()) return at;
        ctx.addIssue({ code: "custom", message: SAFETY_MESSAGES.expiryInvalid });
        return z.NEVER;
      }),
  });
}
