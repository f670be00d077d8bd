/**
 * Who may pay for a billing owner (docs/decisions/033): the user for their own personal workspace;
 * for a team `team.subscription`, for an organization `organization.subscription` (the owner, or
 * the organization permission "subscriptions"), asked of domain/permissions.ts from D1 as it is now.
 * A checkout is started by someone allowed at the time; the test-mode checkout page asks again
 * when it is paid, so a permission taken away in between is taken away from the payment too.
 */
import { eq } from "drizzle-orm";
import { getOwnerSubscriptions } from "../../../db/accounts.server";
import { findBillingOwner, getCurrentSubscriptionRow, type CheckoutSession } from "../../../db/billing.server";
import type { Db } from "../../../db/client.server";
import { findTeamWithOrganization, loadStanding } from "../../../db/organizations.server";
import { organizations } from "../../../db/schema";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { API_MESSAGES } from "../../../domain/api-messages";
import { can, type Actor } from "../../../domain/permissions";
import { isActive, isSubscribed } from "../../../domain/subscription";
import { isCardFreeTrial } from "./test-mode.server";

export async function mayPayFor(db: Db, actor: Actor, ownerId: string): Promise<boolean> {
  const owner = await findBillingOwner(db, ownerId);
  if (!owner) return false;
  if (owner.userId !== null) return owner.userId === actor.userId;
  if (owner.teamId !== null) {
    const found = await findTeamWithOrganization(db, owner.teamId);
    if (!found) return false;
    const standing = await loadStanding(db, actor.userId, found.organization);
    return can(actor, "team.subscription", { kind: "team", standing, team: found.team });
  }
  const [organization] = await db
    .select({ id: organizations.id, ownerUserId: organizations.ownerUserId, archived: organizations.archived })
    .from(organizations)
    .where(eq(organizations.id, owner.organizationId!))
    .limit(1);
  if (!organization) return false;
  const standing = await loadStanding(db, actor.userId, organization);
  return can(actor, "organization.subscription", { kind: "organization", standing });
}

/** Why a checkout may not be paid now, with its status; null when it may. */
export type CheckoutRefusal = { status: 403 | 406; message: string } | null;

/**
 * Asked when a test-mode checkout is shown and again when it is paid (spec 01 §6, §8 texts where it
 * has them): the viewer must still be allowed to pay for its owner (403 "Permission denied."); the
 * checkout must not have been replaced by a newer one (406); and the owner must not already have a
 * paid subscription in force (406), which a second payment would duplicate. A card-free trial is
 * no paid subscription: it is bought with a checkout (decision 013).
 */
export async function checkoutRefusal(db: Db, actor: Actor, session: CheckoutSession, now = new Date()): Promise<CheckoutRefusal> {
  const ownerId = session.ownerId ?? session.userId;
  if (!(await mayPayFor(db, actor, ownerId))) return { status: 403, message: API_MESSAGES.permissionDenied };
  if (session.status === "expired") return { status: 406, message: BILLING_MESSAGES.checkoutReplaced };
  if (await paidSubscriptionInForce(db, ownerId, now)) return { status: 406, message: BILLING_MESSAGES.alreadySubscribed };
  return null;
}

/** Whether the owner has a paid subscription in force (not free, not a card-free trial, not ended). */
export async function paidSubscriptionInForce(db: Db, ownerId: string, now = new Date()): Promise<boolean> {
  const { current } = await getOwnerSubscriptions(db, ownerId);
  if (!current || !isActive(current, now) || !isSubscribed(current)) return false;
  return !isCardFreeTrial(await getCurrentSubscriptionRow(db, ownerId));
}
