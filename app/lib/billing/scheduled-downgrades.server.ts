/**
 * The cron trigger's job (app/worker.ts `scheduled`, wrangler.toml `[triggers]`): applies at
 * Paddle the scheduled downgrades whose period ends within the lead time (docs/decisions/015).
 * Paddle cannot schedule an item change, so Snip applies it shortly before the renewal, without
 * billing, and the renewal bills the new price. Idempotent: the downgrade leaves Paddle's custom
 * data in the same call, and Paddle's event then ends the future row here; a failed call leaves
 * both, so the next run retries it.
 */
import { getDb } from "../../../db/client.server";
import { listDueScheduledDowngrades } from "../../../db/billing.server";
import { BILLING_TYPES } from "../../../domain/billing";
import type { AppEnv } from "../../env.server";
import { PaddleBilling } from "./paddle.server";

/** How long before the period's end a downgrade is applied: twelve runs of the 5-minute cron. */
export const SCHEDULED_DOWNGRADE_LEAD_MS = 60 * 60 * 1000;

export interface ScheduledDowngradeRun {
  applied: string[];
  unchanged: string[];
  failed: string[];
}

export async function applyDueScheduledDowngrades(
  env: AppEnv,
  now = new Date(),
  paddle: Pick<PaddleBilling, "applyScheduledDowngrade"> | null = env.PADDLE_API_KEY && env.PADDLE_WEBHOOK_SECRET
    ? new PaddleBilling(env)
    : null,
): Promise<ScheduledDowngradeRun> {
  const run: ScheduledDowngradeRun = { applied: [], unchanged: [], failed: [] };
  if (!paddle) return run;
  const due = await listDueScheduledDowngrades(getDb(env.DB), BILLING_TYPES.paddle, new Date(now.getTime() + SCHEDULED_DOWNGRADE_LEAD_MS));
  for (const { billingId } of due) {
    if (!billingId) continue;
    try {
      const outcome = await paddle.applyScheduledDowngrade(billingId);
      (outcome === "applied" ? run.applied : run.unchanged).push(billingId);
    } catch (error) {
      console.error("scheduled downgrade failed", billingId, error instanceof Error ? error.message : error);
      run.failed.push(billingId);
    }
  }
  return run;
}
