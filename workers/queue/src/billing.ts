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
import { getOwnerSubscriptions, getUserSubscriptions } from "../../../db/accounts.server";
import { applyBillingEvent, findBillingOwner } from "../../../db/billing.server";
import { syncWorkspaceRoutes } from "../../../db/links.server";
import { organizations, teams, users, workspaces } from "../../../db/schema";
import { isBillingEventPayload } from "../../../domain/billing";
import { routesApplication, workspaceSubscription } from "../../../domain/entitlements";
import { FEATURE_FLAGS, type FeatureFlag } from "../../../domain/plans";
import { isActive } from "../../../domain/subscription";
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";
import { liftCappedMarks } from "./click-limits";

export async function billingEventJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isBillingEventPayload(envelope.payload)) throw new Error("billing.event: malformed payload");
  const db = getDb(env.DB);
  const owner = await findBillingOwner(db, envelope.payload.userId);
  if (!owner) {
    console.info(`billing.event: ${envelope.payload.type} for a deleted account, nothing to update`, envelope.id);
    return;
  }
  const applied = await applyBillingEvent(db, envelope.id, envelope.payload);
  // A plan change lifts the capped-link marks of the owner's links (docs/decisions/038): the
  // consumer marks again whatever is still past the new plan's max_trackable_clicks.
  if (applied === "applied" && envelope.payload.subscription) await liftCappedMarks(env, envelope.payload.userId);
  // A user's own links follow their plan; a team's links its plan in force (decision 033), and an
  // organization's plan every workspace of it that has no plan of its own (docs/decisions/037, 042).
  if (owner.userId !== null) {
    const user = await db.select({ features: users.features }).from(users).where(eq(users.id, owner.userId)).get();
    if (user) await syncRoutes(env, owner.userId, user.features);
  } else if (owner.organizationId !== null) {
    await syncOrganizationRoutes(env, owner.organizationId, owner.teamId);
  }
}

function parseFlags(json: string): FeatureFlag[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((f): f is FeatureFlag => (FEATURE_FLAGS as readonly string[]).includes(f)) : [];
  } catch {
    return [];
  }
}

/**
 * Redirect routes of an organization's workspaces after its or a team's plan changed: each
 * workspace (the team's, or with `teamId` null every team's and every member's inside it) applies
 * its rules as its plan in force decides (the team's subscription, else the organization's, else
 * Free: `workspaceSubscription`), with the team's or the organization's own flags, as the app does
 * when the link is made. Idempotent: only links whose state changes are rewritten.
 */
export async function syncOrganizationRoutes(
  env: QueueEnv,
  organizationId: string,
  teamId: string | null,
  now = new Date(),
): Promise<void> {
  const db = getDb(env.DB);
  const [all, organization, orgSubs] = await Promise.all([
    db
      .select({ id: workspaces.id, kind: workspaces.kind, teamId: workspaces.teamId })
      .from(workspaces)
      .where(eq(workspaces.organizationId, organizationId)),
    db.select({ features: organizations.features }).from(organizations).where(eq(organizations.id, organizationId)).get(),
    getOwnerSubscriptions(db, organizationId),
  ]);
  if (!organization) return;
  const targets = teamId === null ? all : all.filter((workspace) => workspace.teamId === teamId);
  for (const workspace of targets) {
    let teamSubscription = null;
    let flags = organization.features;
    if (workspace.kind === "team" && workspace.teamId !== null) {
      const [subs, team] = await Promise.all([
        getOwnerSubscriptions(db, workspace.teamId),
        db.select({ features: teams.features }).from(teams).where(eq(teams.id, workspace.teamId)).get(),
      ]);
      teamSubscription = subs.current;
      flags = team?.features ?? "[]";
    }
    const inForce = workspaceSubscription(teamSubscription, orgSubs.current, (s) => isActive(s, now));
    const application = routesApplication({ plan: inForce?.name ?? "free", userFeatures: parseFlags(flags) }, inForce?.endsAt ?? null);
    await syncWorkspaceRoutes({ db, kv: env.LINKS }, workspace.id, application, now);
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
  const application = routesApplication({ plan: inForce?.name ?? "free", userFeatures: parseFlags(featuresJson) }, inForce?.endsAt ?? null);
  await syncWorkspaceRoutes({ db, kv: env.LINKS }, userId, application, now);
}
