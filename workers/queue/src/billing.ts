/**
 * The billing-event job: provider events (verified and enqueued by the app worker, or made by
 * the local test-mode checkout) update the subscription record in the same db.batch that
 * stores the event id. A redelivered event is a no-op; a failure is retried with backoff. An
 * event for an account that was deleted (its subscription was cancelled at the provider just
 * before, docs/decisions/024), or for a team or organization deleted since, has nothing left to
 * update: it is acked, not retried.
 * `payload.userId` is the billing owner's id: a user's, a team's or an organization's (decision 033).
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { getUserSubscriptions } from "../../../db/accounts.server";
import { applyBillingEvent, findBillingOwner } from "../../../db/billing.server";
import { syncWorkspaceRoutes } from "../../../db/links.server";
import { users } from "../../../db/schema";
import { isBillingEventPayload } from "../../../domain/billing";
import { routesApplication } from "../../../domain/entitlements";
import { FEATURE_FLAGS, type FeatureFlag } from "../../../domain/plans";
import { isActive } from "../../../domain/subscription";
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";

export async function billingEventJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isBillingEventPayload(envelope.payload)) throw new Error("billing.event: malformed payload");
  const db = getDb(env.DB);
  const owner = await findBillingOwner(db, envelope.payload.userId);
  if (!owner) {
    console.info(`billing.event: ${envelope.payload.type} for a deleted account, nothing to update`, envelope.id);
    return;
  }
  await applyBillingEvent(db, envelope.id, envelope.payload);
  // A user's own links follow their plan; a team's or an organization's rules are not re-synced yet (docs/decisions/037).
  if (owner.userId !== null) {
    const user = await db.select({ features: users.features }).from(users).where(eq(users.id, owner.userId)).get();
    if (user) await syncRoutes(env, owner.userId, user.features);
  }
}

/**
 * Redirect routes (docs/decisions/037): the plan in force after the event decides whether the
 * rules of the user's own links apply; a redelivered event finds nothing left to change.
 */
async function syncRoutes(env: QueueEnv, userId: string, featuresJson: string): Promise<void> {
  const db = getDb(env.DB);
  const { current } = await getUserSubscriptions(db, userId);
  const now = new Date();
  const inForce = current && isActive(current, now) ? current : null;
  let features: FeatureFlag[] = [];
  try {
    const list = JSON.parse(featuresJson) as unknown;
    if (Array.isArray(list)) features = list.filter((f): f is FeatureFlag => (FEATURE_FLAGS as readonly string[]).includes(f));
  } catch {
    features = [];
  }
  const application = routesApplication({ plan: inForce?.name ?? "free", userFeatures: features }, inForce?.endsAt ?? null);
  await syncWorkspaceRoutes({ db, kv: env.LINKS }, userId, application, now);
}
