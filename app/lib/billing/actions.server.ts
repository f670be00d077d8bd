/**
 * The subscription actions of the settings pages, each sent to the provider that holds the
 * user's subscription (a Stripe subscription is changed at Stripe, a local record locally).
 */
import { getDb } from "../../../db/client.server";
import { getCurrentSubscriptionRow } from "../../../db/billing.server";
import { isScheduledDowngrade } from "../../../domain/billing";
import type { BillingInterval, PlanName } from "../../../domain/plans";
import type { AppEnv } from "../../env.server";
import { updateFailed, type BillingResult } from "./provider.server";
import { billingForSubscription } from "./select.server";

export type SubscriptionChange =
  | { kind: "cancel"; immediately: boolean }
  | { kind: "resume" }
  | { kind: "cancel-scheduled" }
  | { kind: "plan"; plan: PlanName; interval: BillingInterval };

export async function changeSubscription(env: AppEnv, userId: string, change: SubscriptionChange): Promise<BillingResult> {
  const row = await getCurrentSubscriptionRow(getDb(env.DB), userId);
  if (!row) return updateFailed;
  const billing = billingForSubscription(env, row.billingType);
  switch (change.kind) {
    case "cancel":
      return billing.cancel(userId, change.immediately);
    case "resume":
      return billing.resume(userId);
    case "cancel-scheduled":
      return billing.cancelScheduledChange(userId);
    case "plan":
      return billing.changePlan(userId, change.plan, change.interval);
  }
}

/** Whether changing to this plan waits for the end of the current period (a scheduled downgrade). */
export async function changeIsScheduled(
  env: AppEnv,
  userId: string,
  from: { name: PlanName; interval: BillingInterval },
  to: { name: PlanName; interval: BillingInterval },
): Promise<boolean> {
  if (!isScheduledDowngrade(from, to)) return false;
  return (await getCurrentSubscriptionRow(getDb(env.DB), userId)) !== undefined;
}
