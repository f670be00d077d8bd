/**
 * Clicks options (issue 20, docs/decisions/038): each link's remaining tracked clicks, from its
 * running total, its exemption and the plan in force in its workspace (docs/decisions/033: a
 * personal workspace its user's plan; a team its subscription, else its organization's; a
 * member's workspace in an organization the organization's; else Free). A guest's link has no
 * owner and gets the free plan's limit; a link not found is not limited. An exempt link counts
 * without limit while its plan allows exempt links at all.
 */
import { getOwnerSubscriptions, getUserSubscriptions } from "../../../db/accounts.server";
import type { LinkClickState } from "../../../db/clicks.server";
import { getDb, type Db } from "../../../db/client.server";
import { clickAllowance } from "../../../domain/click-limits";
import { limitOf, workspaceSubscription } from "../../../domain/entitlements";
import type { PlanName } from "../../../domain/plans";
import { isActive, type Subscription } from "../../../domain/subscription";

async function workspacePlan(db: Db, workspace: NonNullable<LinkClickState["workspace"]>, now: Date): Promise<PlanName> {
  const active = (s: Subscription) => isActive(s, now);
  if (workspace.kind === "personal" && workspace.userId !== null) {
    const { current } = await getUserSubscriptions(db, workspace.userId);
    return current && active(current) ? current.name : "free";
  }
  const [team, org] = await Promise.all([
    workspace.kind === "team" && workspace.teamId !== null
      ? getOwnerSubscriptions(db, workspace.teamId)
      : Promise.resolve({ current: null }),
    workspace.organizationId !== null ? getOwnerSubscriptions(db, workspace.organizationId) : Promise.resolve({ current: null }),
  ]);
  return workspaceSubscription(team.current, org.current, active)?.name ?? "free";
}

/** Remaining tracked clicks per link (null: not limited). */
export async function clickAllowances(
  d1: D1Database,
  states: ReadonlyMap<string, LinkClickState>,
  now = new Date(),
): Promise<Map<string, number | null>> {
  const db = getDb(d1);
  const plans = new Map<string, Promise<PlanName>>();
  const allowances = new Map<string, number | null>();
  for (const [linkId, state] of states) {
    let plan: PlanName = "free";
    if (state.workspace !== null) {
      const key = `${state.workspace.kind}|${state.workspace.userId}|${state.workspace.organizationId}|${state.workspace.teamId}`;
      if (!plans.has(key)) plans.set(key, workspacePlan(db, state.workspace, now));
      plan = await plans.get(key)!;
    }
    // An exemption holds while the plan allows exempt links (a plan without them counts none past the limit).
    const exempt = state.unlimited && limitOf({ plan }, "links_with_unlimited_clicks") !== 0;
    allowances.set(linkId, clickAllowance(limitOf({ plan }, "max_trackable_clicks"), state.tracked, exempt));
  }
  return allowances;
}
