/**
 * Trial reminders (spec 01 §4): only on a trial with no payment method, a hard modal when a day
 * or less remains, a soft banner up to seven days; closed, they come back 24 hours later.
 */
import { getDb } from "../../db/client.server";
import { hasPaymentMethod } from "../../db/billing.server";
import { PROMO_RESHOW_AFTER_MS } from "../../domain/promotion";
import { onTrial, trialReminder, type TrialReminder } from "../../domain/subscription";
import type { AppEnv } from "../env.server";
import type { Viewer } from "../session.server";

export interface TrialReminderState {
  kind: TrialReminder;
  daysLeft: number;
}

const DAY_MS = 86_400_000;

export async function trialReminderFor(
  env: AppEnv,
  viewer: Viewer | null,
  closedAt: number | null,
  now = new Date(),
): Promise<TrialReminderState | null> {
  const sub = viewer?.subscription;
  if (!viewer || !sub || !onTrial(sub, now) || sub.trialEndsAt === null) return null;
  if (closedAt !== null && now.getTime() - closedAt < PROMO_RESHOW_AFTER_MS) return null;
  const kind = trialReminder(sub, await hasPaymentMethod(getDb(env.DB), viewer.user.id), now);
  if (!kind) return null;
  return { kind, daysLeft: Math.max(0, Math.ceil((sub.trialEndsAt.getTime() - now.getTime()) / DAY_MS)) };
}
