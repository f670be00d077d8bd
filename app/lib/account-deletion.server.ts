/**
 * Closing an account, in the order that loses nothing and gives nothing away
 * (docs/decisions/024): the password is checked; a live subscription at Stripe or Paddle is
 * cancelled there at once (when the provider refuses, nothing is deleted); then the account is
 * deleted; then its links are marked deleted (KV written through, redirect caches purged), so
 * they stop redirecting at once. If that last step fails, a queue job repeats it until it holds.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { getCurrentSubscriptionRow } from "../../db/billing.server";
import { deleteUserLinks } from "../../db/links.server";
import { organizations } from "../../db/schema";
import { DELETE_ACCOUNT_LINKS_JOB, type DeleteAccountLinksJob } from "../../domain/account-deletion";
import { BILLING_TYPES } from "../../domain/billing";
import type { AppEnv } from "../env.server";
import { billingForSubscription } from "./billing/select.server";
import type { BillingResult } from "./billing/provider.server";
import { linkStores } from "./links.server";

/** Shown under the password when the account still owns an organization (docs/decisions/027). */
export const OWNS_ORGANIZATION_MESSAGE = "Transfer or delete your organizations before deleting your account.";

/**
 * Does the user own an organization? Such an account cannot be deleted (the organization would
 * lose its owner; D1 refuses it too): the delete page says so before anything is written.
 */
export async function ownsOrganization(env: AppEnv, userId: string): Promise<boolean> {
  const [row] = await getDb(env.DB)
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.ownerUserId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Cancels, at once, the subscription a user holds at a payment provider. Records kept only by
 * Snip (test mode, card-free trials) need nothing there; they go with the account.
 */
export async function cancelSubscriptionAtProvider(env: AppEnv, userId: string, now = new Date()): Promise<BillingResult> {
  const row = await getCurrentSubscriptionRow(getDb(env.DB), userId);
  if (!row || (row.billingType !== BILLING_TYPES.stripe && row.billingType !== BILLING_TYPES.paddle)) return { ok: true, value: undefined };
  if (row.endsAt !== null && row.endsAt.getTime() <= now.getTime()) return { ok: true, value: undefined }; // already over
  return billingForSubscription(env, row.billingType).cancel(userId, true);
}

/** Marks a deleted account's links deleted now; when that fails, the queue does it (and retries). */
export async function deleteClosedAccountLinks(env: AppEnv, userId: string): Promise<void> {
  try {
    await deleteUserLinks(linkStores(env), userId);
  } catch (error) {
    console.error("account deletion: links not marked deleted, queued", userId, error);
    const job: DeleteAccountLinksJob = { type: DELETE_ACCOUNT_LINKS_JOB, v: 1, id: `del_${userId}`, payload: { userId } };
    await env.JOBS.send(job);
  }
}
