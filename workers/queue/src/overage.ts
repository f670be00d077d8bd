/**
 * The overage-report job (docs/decisions/013): after a link is created past the plan's
 * active-alias limit with overages on, each newly started block of 100 is reported to
 * Stripe's billing meter as its charge prorated over the rest of the billing period. One meter
 * event a block, named by user, period and block number, so a retried or concurrent report of
 * the same block is dropped by Stripe; the blocks reported are recorded after Stripe took them.
 */
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getBillingCustomer, getCurrentSubscriptionRow, getReportedOverageBlocks, recordOverageBlocks } from "../../../db/billing.server";
import { getUsage } from "../../../db/usage.server";
import { getOveragesEnabled } from "../../../db/users.server";
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

const payloadSchema = z.object({ userId: z.string().min(1), activeLimit: z.number().int().min(0) });

export async function reportOverageJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const parsed = payloadSchema.safeParse(envelope.payload);
  if (!parsed.success) throw new Error(`${OVERAGE_REPORT_JOB}: malformed payload`);
  const { userId, activeLimit } = parsed.data;
  if (!env.STRIPE_SECRET_KEY) return; // no card provider: nothing to meter
  const db = getDb(env.DB);
  const now = new Date();
  const [subscription, customer, usage, overagesOn] = await Promise.all([
    getCurrentSubscriptionRow(db, userId),
    getBillingCustomer(db, userId, BILLING_TYPES.stripe),
    getUsage(db, userId, now),
    getOveragesEnabled(db, userId),
  ]);
  if (!overagesOn || !customer || subscription?.billingType !== BILLING_TYPES.stripe) return;
  const { periodStartsAt, periodEndsAt } = subscription;
  if (!periodStartsAt || !periodEndsAt) return;

  const blocks = overageBlocks(usage.activeAliases, activeLimit);
  const reported = await getReportedOverageBlocks(db, userId, periodStartsAt);
  if (blocks <= reported) return;
  const stripe = stripeClient(env);
  const value = proratedBlocksCharge(1, { startsAt: periodStartsAt, endsAt: periodEndsAt }, now);
  for (let block = reported + 1; block <= blocks; block++) {
    if (value > 0) {
      await stripe.billing.meterEvents.create({
        event_name: OVERAGE_METER_EVENT,
        identifier: overageMeterIdentifier(userId, periodStartsAt, block),
        timestamp: Math.floor(now.getTime() / 1000),
        payload: { stripe_customer_id: customer.billingId, value: String(value) },
      });
    }
    await recordOverageBlocks(db, userId, periodStartsAt, block, now);
  }
}
