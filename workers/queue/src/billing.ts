/**
 * The billing-event job: provider events (verified and enqueued by the app worker, or made by
 * the local test-mode checkout) update the subscription record in the same db.batch that
 * stores the event id. A redelivered event is a no-op; a failure is retried with backoff. An
 * event for an account that was deleted (its subscription was cancelled at the provider just
 * before, docs/decisions/024) has nothing left to update: it is acked, not retried.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { applyBillingEvent } from "../../../db/billing.server";
import { users } from "../../../db/schema";
import { isBillingEventPayload } from "../../../domain/billing";
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";

export async function billingEventJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isBillingEventPayload(envelope.payload)) throw new Error("billing.event: malformed payload");
  const db = getDb(env.DB);
  const owner = await db.select({ id: users.id }).from(users).where(eq(users.id, envelope.payload.userId)).get();
  if (!owner) {
    console.info(`billing.event: ${envelope.payload.type} for a deleted account, nothing to update`, envelope.id);
    return;
  }
  await applyBillingEvent(db, envelope.id, envelope.payload);
}
