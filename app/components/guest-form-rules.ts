/** Texts and timings of the creation forms' widgets, shared by the React components and the guest pages' island (no React here). */
import type { DomainLock } from "../../domain/domain-rules";

/** How long the locked-domain message shows before the redirect. */
export const LOCKED_DOMAIN_REDIRECT_DELAY_MS = 2_000;

export const LOCK_ACTION: Record<DomainLock, string> = { guest: "Register", verify: "Verify your email", subscribe: "Go to billing" };

/** URL field focus delay after "Shorten another" (spec 02 §9). */
export const URL_FOCUS_DELAY_MS = 300;
