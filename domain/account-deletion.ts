/**
 * Closing an account (docs/decisions/024): its paid subscription is cancelled at the provider
 * first, then the account is deleted, then its links are marked deleted so they stop
 * redirecting at once. When marking the links fails in the request, this job does it again
 * from the queue until it succeeds.
 */
import type { Envelope } from "./events";

export const DELETE_ACCOUNT_LINKS_JOB = "account.delete-links";

export type DeleteAccountLinksJob = Envelope<typeof DELETE_ACCOUNT_LINKS_JOB, { userId: string }>;

export function isDeleteAccountLinksPayload(payload: unknown): payload is DeleteAccountLinksJob["payload"] {
  return typeof payload === "object" && payload !== null && typeof (payload as { userId?: unknown }).userId === "string";
}
