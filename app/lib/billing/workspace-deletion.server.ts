/**
 * Deleting an organization ends what its workspaces pay for first (issue 17, docs/decisions/042),
 * the same order as closing an account (decision 024): the organization's subscription and each of
 * its teams' (archived ones too) that is live at Stripe or Paddle is cancelled there at once,
 * through the provider interface; only when every one is cancelled is the organization deleted
 * (its subscription rows and customers go with it, ON DELETE CASCADE). When a provider refuses,
 * nothing is deleted and the page says so; asking again cancels the rest (a subscription already
 * cancelled at the provider counts as cancelled, so a retry is safe).
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { teams } from "../../../db/schema";
import type { AppEnv } from "../../env.server";
import { cancelSubscriptionAtProvider } from "../account-deletion.server";
import type { BillingResult } from "./provider.server";

/** The billing owners inside an organization: the organization itself and every team of it. */
export async function organizationBillingOwners(env: AppEnv, organizationId: string): Promise<string[]> {
  const rows = await getDb(env.DB).select({ id: teams.id }).from(teams).where(eq(teams.organizationId, organizationId));
  return [organizationId, ...rows.map((row) => row.id)];
}

/** Cancels at once every live provider subscription of the organization and its teams; the first refusal stops. */
export async function cancelOrganizationSubscriptions(env: AppEnv, organizationId: string, now = new Date()): Promise<BillingResult> {
  for (const ownerId of await organizationBillingOwners(env, organizationId)) {
    const result = await cancelSubscriptionAtProvider(env, ownerId, now);
    if (!result.ok) {
      console.error("organization deletion: a subscription was not cancelled at its provider", ownerId, result.message);
      return result;
    }
  }
  return { ok: true, value: undefined };
}
