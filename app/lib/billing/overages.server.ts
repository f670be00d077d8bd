/**
 * What the overage card of a team's usage page and of a team's or organization's subscription
 * page shows (docs/decisions/052), read from D1 for the guarded viewer: the switch of the paid
 * subscription in force, the workspace's projected charge, and whether this viewer may change it
 * (the owner or the "subscriptions" permission: `team.subscription`, `organization.subscription`).
 */
import type { Db } from "../../../db/client.server";
import { getOverageSwitch, getWorkspaceOverages } from "../../../db/overages.server";
import { getUsage } from "../../../db/usage.server";
import { overageBlocks, proratedOverageCharge } from "../../../domain/overage";
import type { OveragesView } from "../../components/overages-card";
import { allows, type OrganizationAccess } from "../organizations/access.server";
import type { TeamRecord } from "../../../db/organizations.server";
import { organizationBillingPaths, teamBillingPaths } from "./context.server";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** The projected charge of the workspace's blocks over `activeLimit` in the subscription's period, when overages are on. */
async function projection(
  db: Db,
  workspaceId: string,
  activeLimit: number | null,
  period: { periodStartsAt: Date | null; periodEndsAt: Date | null },
  now: Date,
): Promise<OveragesView["projected"]> {
  const usage = await getUsage(db, workspaceId, now);
  const charge =
    period.periodStartsAt && period.periodEndsAt
      ? proratedOverageCharge(usage.activeAliases, activeLimit, { startsAt: period.periodStartsAt, endsAt: period.periodEndsAt }, now)
      : 0;
  return { charge: money(charge), blocks: overageBlocks(usage.activeAliases, activeLimit) };
}

/**
 * A team's usage page: the switch of the subscription in force in the team's workspace (the
 * team's, else the organization's). The team's own switch posts to the team's subscription page
 * and comes back; the organization's is changed on the organization's page.
 */
export async function teamUsageOverages(
  access: OrganizationAccess,
  team: TeamRecord,
  activeLimit: number | null,
  now = new Date(),
): Promise<OveragesView> {
  const overages = await getWorkspaceOverages(access.db, team.id, now);
  const setBy = overages?.ownerKind === "organization" ? "organization" : "team";
  const mayChange = setBy === "team" ? allows(access, "team.subscription", team) : allows(access, "organization.subscription");
  const page =
    setBy === "team"
      ? teamBillingPaths(access.organization.slug, team.slug).subscriptionPath
      : organizationBillingPaths(access.organization.slug).subscriptionPath;
  return {
    available: overages !== null,
    on: overages?.on ?? false,
    setBy,
    projected: overages?.on ? await projection(access.db, team.id, activeLimit, overages.subscription, now) : null,
    formAction: overages && mayChange && setBy === "team" ? page : null,
    returnTo: setBy === "team" ? "usage" : null,
    managedAt: overages && mayChange && setBy === "organization" ? page : null,
  };
}

/**
 * A team's or an organization's subscription page (the viewer passed its guard): the owner's own
 * switch, available while its paid subscription is in force. A team's page also shows the team
 * workspace's projected charge while the team's own plan is the one in force there.
 */
export async function subscriptionPageOverages(
  db: Db,
  owner: { kind: "team" | "organization"; id: string },
  subscribed: boolean,
  subscriptionPath: string,
  activeLimit: number | null,
  now = new Date(),
): Promise<OveragesView> {
  const on = await getOverageSwitch(db, owner);
  const inForce = owner.kind === "team" ? await getWorkspaceOverages(db, owner.id, now) : null;
  return {
    available: subscribed,
    on,
    setBy: owner.kind,
    projected: on && inForce?.ownerId === owner.id ? await projection(db, owner.id, activeLimit, inForce.subscription, now) : null,
    formAction: subscribed ? subscriptionPath : null,
    returnTo: null,
    managedAt: null,
  };
}
