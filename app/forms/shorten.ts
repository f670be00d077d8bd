/**
 * The guest shorten form (spec 02 §2, §3, §5): the destination, the domain, an alias where the
 * domain lets guests choose one, the agreement when the region rule asks for it, and the bot
 * challenge's token. One schema, composed from the field schemas; checks only the server can
 * make (the domain table, the agreement, the challenge) are added by the action.
 */
import { z } from "zod";
import { checkCustomAlias } from "../../domain/alias";
import type { DomainOption } from "../../domain/domains";
import { destinationSchema, type DestinationContext } from "../../domain/url";

export const GUEST_MESSAGES = {
  agreementRequired: "Please agree to the Terms of Service, Privacy Policy and Cookie Policy.",
  antiRobotRequired: "Please confirm that you are not a robot.",
  /** spec 02 §8, verbatim */
  antiRobotError: "An error has occurred during turnstile validation, please try again. If the error persists, please contact us.",
} as const;

/** What the guest form needs to render. */
export interface GuestFormData {
  domains: DomainOption[];
  defaultDomain: string | null;
  siteHost: string;
  agreementRequired: boolean;
  /** The bot challenge's site key; null when the challenge is off. */
  turnstileSiteKey: string | null;
}

export function shortenSchema(context: DestinationContext) {
  return z.object({
    url: destinationSchema(context),
    domain: z.string().trim().optional(),
    alias: z
      .string()
      .trim()
      .optional()
      .superRefine((alias, ctx) => {
        const message = alias ? checkCustomAlias(alias) : null;
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    agreement: z.string().optional(),
  });
}
