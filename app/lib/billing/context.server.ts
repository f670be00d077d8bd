/**
 * Whose subscription a billing page or call is about (docs/decisions/033): the viewer's own
 * (settings/subscription), a team's or an organization's. The route's guard decides the owner
 * (app/lib/organizations/access.server.ts); nothing here reads the request.
 */
import { eq } from "drizzle-orm";
import { getOwnerSubscriptions } from "../../../db/accounts.server";
import { findBillingOwner } from "../../../db/billing.server";
import { organizations, teams } from "../../../db/schema";
import type { Db } from "../../../db/client.server";
import { isActive, isSubscribed, type Subscription } from "../../../domain/subscription";
import type { Viewer } from "../../session.server";

export interface BillingContext {
  viewer: Viewer;
  /** The billing owner: the viewer's id, a team's or an organization's. */
  ownerId: string;
  /** The current subscription while it is active (in force), else null. */
  subscription: Subscription | null;
  futureSubscription: Subscription | null;
  subscribed: boolean;
  /** The owner's subscription page and payment-method page. */
  subscriptionPath: string;
  paymentMethodPath: string;
  /** Set for a team or organization: passed to subscribe (no trial there). */
  owner?: { ownerId: string; subscriptionPath: string };
}

/** The viewer's own personal workspace. */
export function personalBilling(viewer: Viewer): BillingContext {
  return {
    viewer,
    ownerId: viewer.user.id,
    subscription: viewer.subscription,
    futureSubscription: viewer.futureSubscription,
    subscribed: viewer.subscribed,
    subscriptionPath: "/app/settings/subscription",
    paymentMethodPath: "/app/settings/payment-method",
  };
}

export interface WorkspacePaths {
  subscriptionPath: string;
  paymentMethodPath: string;
}

/** The team's paths in the app (spec 01 §2 Team area). */
export function teamBillingPaths(orgSlug: string, teamSlug: string): WorkspacePaths {
  const base = `/app/organization/${encodeURIComponent(orgSlug)}/team/${encodeURIComponent(teamSlug)}`;
  return { subscriptionPath: `${base}/subscription`, paymentMethodPath: `${base}/payment-method` };
}

/** The organization's paths (spec 01 §2 Organizations: settings/profile/subscription and payment). */
export function organizationBillingPaths(orgSlug: string): WorkspacePaths {
  const base = `/app/organizations/${encodeURIComponent(orgSlug)}/settings/profile`;
  return { subscriptionPath: `${base}/subscription`, paymentMethodPath: `${base}/payment` };
}

/** A team's or an organization's billing, read from D1 for the guarded viewer. */
export async function workspaceBilling(
  db: Db,
  viewer: Viewer,
  ownerId: string,
  paths: WorkspacePaths,
  now = new Date(),
): Promise<BillingContext> {
  const { current, future } = await getOwnerSubscriptions(db, ownerId);
  const inForce = current && isActive(current, now) ? current : null;
  return {
    viewer,
    ownerId,
    subscription: inForce,
    futureSubscription: future,
    subscribed: isSubscribed(inForce),
    ...paths,
    owner: { ownerId, subscriptionPath: paths.subscriptionPath },
  };
}

/**
 * The subscription page of a billing owner, from D1 (a checkout returns there): the user's
 * settings, the team's page, or the organization's settings.
 */
export async function subscriptionPathOf(db: Db, ownerId: string): Promise<string> {
  const owner = await findBillingOwner(db, ownerId);
  if (owner?.organizationId) {
    const [org] = await db.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, owner.organizationId));
    if (org && owner.teamId) {
      const [team] = await db.select({ slug: teams.slug }).from(teams).where(eq(teams.id, owner.teamId));
      if (team) return teamBillingPaths(org.slug, team.slug).subscriptionPath;
    } else if (org) return organizationBillingPaths(org.slug).subscriptionPath;
  }
  return "/app/settings/subscription";
}
