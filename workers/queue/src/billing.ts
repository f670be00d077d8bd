/**
 * The billing-event job: provider events (verified and enqueued by the app worker, or made by
 * the local test-mode checkout) update the subscription record in the same db.batch that
 * stores the event id. A redelivered event is a no-op; a failure is retried with backoff. An
 * event for an account that was deleted (its subscription was cancelled at the provider just
 * before, docs/decisions/024), or for a team or organization deleted since, has nothing left to
 * update: it is acked, not retried.
 * `payload.userId` is the billing owner's id: a user's, a team's or an organization's (decision 033).
 */
import { getDb } from "../../../db/client.server";
import { applyBillingEvent, findBillingOwner } from "../../../db/billing.server";
import { isBillingEventPayload } from "../../../domain/billing";
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";

export async function billingEventJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isBillingEventPayload(envelope.payload)) throw new Error("billing.event: malformed payload");
  const db = getDb(env.DB);
  if (!(await findBillingOwner(db, envelope.payload.userId))) {
    console.info(`billing.event: ${envelope.payload.type} for a deleted account, nothing to update`, envelope.id);
    return;
  }
  await applyBillingEvent(db, envelope.id, envelope.payload);
}
