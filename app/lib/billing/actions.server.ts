/**
 * The subscription actions of the settings pages, each sent to the provider that holds the
 * user's subscription (a Stripe subscription is changed at Stripe, a local record locally).
 */
import { getDb } from "../../../db/client.server";
import { getCurrentSubscriptionRow } from "../../../db/billing.server";
import type { BillingInterval, PlanName } from "../../../domain/plans";
import type { AppEnv } from "../../env.server";
import { updateFailed, type BillingResult } from "./provider.server";
import { billingForSubscription } from "./select.server";

export type SubscriptionChange =
  { kind: "cancel"; immediately: boolean } | { kind: "resume" } | { kind: "plan"; plan: PlanName; interval: BillingInterval };

export async function changeSubscription(env: AppEnv, userId: string, change: SubscriptionChange): Promise<BillingResult> {
  const row = await getCurrentSubscriptionRow(getDb(env.DB), userId);
  if (!row) return updateFailed;
  const billing = billingForSubscription(env, row.billingType);
  switch (change.kind) {
    case "cancel":
      return billing.cancel(userId, change.immediately);
    case "resume":
      return billing.resume(userId);
    case "plan":
      return billing.changePlan(userId, change.plan, change.interval);
  }
}
