/**
 * The overage-report job (docs/decisions/013, 052): after a link is created past the plan's
 * active-alias limit with overages on, each newly started block of 100 is reported to Stripe's
 * billing meter as its charge prorated over the rest of the billing period. Blocks are counted on
 * the workspace the link went to (a user's own, a team's, or a member's inside an organization)
 * and reported for the subscription in force there, to its owner's Stripe customer: the user's,
 * the team's, or the organization's. One meter event a block, named by workspace, payer, period
 * and block number, so a retried or concurrent report of the same block is dropped by Stripe; the
 * blocks reported are recorded after Stripe took them.
 */
import { z } from "zod";
import type { Db } from "../../../db/client.server";
import { getDb } from "../../../db/client.server";
import { getBillingCustomer } from "../../../db/billing.server";
import { getReportedOverageBlocks, getWorkspaceOverages, recordOverageBlocks } from "../../../db/overages.server";
import { getUsage } from "../../../db/usage.server";
import { BILLING_TYPES } from "../../../domain/billing";
import type { Envelope } from "../../../domain/events";
import {
  OVERAGE_METER_EVENT,
  OVERAGE_REPORT_JOB,
  overageBlocks,
  overageMeterIdentifier,
  proratedBlocksCharge,
} from "../../../domain/overage";
import { stripeClient } from "../../../app/lib/billing/stripe.server";
import type { QueueEnv } from "./env";

/** `workspaceId`; messages queued before workspaces had overages name the user (their personal workspace). */
const payloadSchema = z
  .object({ workspaceId: z.string().min(1).optional(), userId: z.string().min(1).optional(), activeLimit: z.number().int().min(0) })
  .refine((p) => p.workspaceId !== undefined || p.userId !== undefined);

/** The provider's billing meter: one event a block (Stripe's `billing.meterEvents.create`). */
export interface OverageMeter {
  report(event: { identifier: string; customerId: string; value: number; timestamp: number }): Promise<void>;
}

export function stripeOverageMeter(env: QueueEnv): OverageMeter {
  const stripe = stripeClient(env);
  return {
    async report({ identifier, customerId, value, timestamp }) {
      await stripe.billing.meterEvents.create({
        event_name: OVERAGE_METER_EVENT,
        identifier,
        timestamp,
        payload: { stripe_customer_id: customerId, value: String(value) },
      });
    },
  };
}

export async function reportOverageJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const parsed = payloadSchema.safeParse(envelope.payload);
  if (!parsed.success) throw new Error(`${OVERAGE_REPORT_JOB}: malformed payload`);
  if (!env.STRIPE_SECRET_KEY) return; // no card provider: nothing to meter
  const { workspaceId, userId, activeLimit } = parsed.data;
  await reportWorkspaceOverage(getDb(env.DB), stripeOverageMeter(env), workspaceId ?? userId!, activeLimit);
}

/**
 * Reports the workspace's blocks started since the last report, for the Stripe subscription in
 * force there with overages on; anything else (no paid plan there, the switch off, another
 * provider, no customer) reports nothing. Returns the blocks reported by this call.
 */
export async function reportWorkspaceOverage(db: Db, meter: OverageMeter, workspaceId: string, activeLimit: number, now = new Date()) {
  const overages = await getWorkspaceOverages(db, workspaceId, now);
  if (!overages?.on || overages.subscription.billingType !== BILLING_TYPES.stripe) return 0;
  const { periodStartsAt, periodEndsAt } = overages.subscription;
  if (!periodStartsAt || !periodEndsAt) return 0;
  const key = { workspaceId, ownerId: overages.ownerId };
  const [customer, usage, reported] = await Promise.all([
    getBillingCustomer(db, overages.ownerId, BILLING_TYPES.stripe),
    getUsage(db, workspaceId, now),
    getReportedOverageBlocks(db, key, periodStartsAt),
  ]);
  if (!customer) return 0;
  const blocks = overageBlocks(usage.activeAliases, activeLimit);
  if (blocks <= reported) return 0;
  const value = proratedBlocksCharge(1, { startsAt: periodStartsAt, endsAt: periodEndsAt }, now);
  for (let block = reported + 1; block <= blocks; block++) {
    if (value > 0) {
      await meter.report({
        identifier: overageMeterIdentifier(key, periodStartsAt, block),
        customerId: customer.billingId,
        value,
        timestamp: Math.floor(now.getTime() / 1000),
      });
    }
    await recordOverageBlocks(db, key, periodStartsAt, block, now);
  }
  return blocks - reported;
}
