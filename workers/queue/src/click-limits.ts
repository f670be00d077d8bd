/**
 * Clicks options (issue 20, docs/decisions/038): each link's remaining tracked clicks, from its
 * running total, its exemption and the plan in force in its workspace (docs/decisions/033: a
 * personal workspace its user's plan; a team its subscription, else its organization's; a
 * member's workspace in an organization the organization's; else Free). A guest's link has no
 * owner and gets the free plan's limit; a link not found is not limited. An exempt link counts
 * without limit while its plan allows exempt links at all.
 */
import { and, eq, gte, inArray, isNotNull, or } from "drizzle-orm";
import { getOwnerSubscriptions, getUserSubscriptions } from "../../../db/accounts.server";
import { changeFeedStatements, toLinkRecord } from "../../../db/links.server";
import { links, workspaces } from "../../../db/schema";
import { linkKey } from "../../../domain/link-record";
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

/**
 * How long a capped link's mark holds: the redirect worker sends none of its clicks until then,
 * then sends again, and the consumer decides anew under the plan then in force (an upgrade the
 * write-through below did not see is thus noticed within this time at most).
 */
export const CAPPED_MARK_MS = 60 * 60 * 1000;

/**
 * Marks the links that used up their tracked clicks (docs/decisions/038): `clicks_capped_until`
 * in D1, written through to each link's KV record and the change feed, so every redirect isolate
 * stops sending their clicks. A link is marked only if it is still as this batch saw it: its total
 * at least what was counted and its exemption unchanged (an "Unlimited click tracking" tick since
 * then wins). Best effort: a failure only means the clicks keep coming and are dropped.
 */
export async function markCappedLinks(
  env: { DB: D1Database; LINKS: KVNamespace },
  capped: readonly { id: string; tracked: number; unlimited: boolean }[],
  now = Date.now(),
): Promise<void> {
  if (capped.length === 0) return;
  const db = getDb(env.DB);
  const until = new Date(now + CAPPED_MARK_MS);
  const updates = capped.map((link) =>
    db
      .update(links)
      .set({ clicksCappedUntil: until })
      .where(and(eq(links.id, link.id), gte(links.trackedClicks, link.tracked), eq(links.clicksUnlimited, link.unlimited)))
      .returning(),
  );
  const results = await db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  const rows = results.flat();
  if (rows.length === 0) return;
  const changes = rows.map((row) => ({ key: linkKey(row.domain, row.alias), record: JSON.stringify(toLinkRecord(row)) }));
  await Promise.all(changes.map((c) => env.LINKS.put(c.key, c.record)));
  const feed = changeFeedStatements(db, changes, now);
  await db.batch(feed as [(typeof feed)[number], ...(typeof feed)[number][]]);
}

/**
 * Lifts the capped marks of the links whose plan in force just changed (docs/decisions/038): the
 * owner's own workspace (a user's personal one, or a team's: its id is the owner's) and, for an
 * organization, every workspace inside it. Their clicks flow again; a link still past the new
 * plan's limit is marked again by the consumer on its next clicks. Written through like the mark.
 */
export async function liftCappedMarks(env: { DB: D1Database; LINKS: KVNamespace }, ownerId: string, now = Date.now()): Promise<number> {
  const db = getDb(env.DB);
  const rows = await db
    .update(links)
    .set({ clicksCappedUntil: null })
    .where(
      and(
        isNotNull(links.clicksCappedUntil),
        inArray(
          links.workspaceId,
          db
            .select({ id: workspaces.id })
            .from(workspaces)
            .where(or(eq(workspaces.id, ownerId), eq(workspaces.organizationId, ownerId))),
        ),
      ),
    )
    .returning();
  if (rows.length === 0) return 0;
  const changes = rows.map((row) => ({ key: linkKey(row.domain, row.alias), record: JSON.stringify(toLinkRecord(row)) }));
  await Promise.all(changes.map((c) => env.LINKS.put(c.key, c.record)));
  const feed = changeFeedStatements(db, changes, now);
  await db.batch(feed as [(typeof feed)[number], ...(typeof feed)[number][]]);
  return rows.length;
}
