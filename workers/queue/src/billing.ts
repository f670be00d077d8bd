/**
 * The billing-event job: provider events (verified and enqueued by the app worker, or made by
 * the local test-mode checkout) update the subscription record in the same db.batch that
 * stores the event id. A redelivered event is a no-op; a failure is retried with backoff.
 */
import { getDb } from "../../../db/client.server";
import { applyBillingEvent } from "../../../db/billing.server";
import { isBillingEventPayload } from "../../../domain/billing";
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";

export async function billingEventJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isBillingEventPayload(envelope.payload)) throw new Error("billing.event: malformed payload");
  await applyBillingEvent(getDb(env.DB), envelope.id, envelope.payload);
}
