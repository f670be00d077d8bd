/**
 * The guest shorten form's messages and what its page renders (spec 02 §2, §5, §8). Browser-safe
 * (no zod): the form and the bot challenge import it directly; app/forms/shorten.ts adds the
 * schema and re-exports all of it.
 */
import type { DomainOption } from "../../domain/domain-rules";

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
