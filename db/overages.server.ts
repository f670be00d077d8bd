/**
 * Overages per workspace (spec 01 §9, docs/decisions/013, 052): whose overage switch and whose
 * subscription count in a workspace, the switch of a team's or organization's subscription, and
 * the blocks already reported to the card provider's meter, per workspace and subscription owner.
 * A personal workspace's switch is its user's (users.overages_enabled, db/users.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { workspaceSubscription } from "../domain/entitlements";
import { isActive, isSubscribed } from "../domain/subscription";
import { toSubscription } from "./accounts.server";
import { auditInsert } from "./audit.server";
import { getCurrentSubscriptionRow } from "./billing.server";
import type { Db } from "./client.server";
import { organizations, overageReports, teams, users } from "./schema";
import { getWorkspace } from "./workspaces.server";

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof getCurrentSubscriptionRow>>>;

/** A billing owner with an overage switch of its own: a team or an organization (a user's is on users). */
export type OverageOwner = { kind: "team" | "organization"; id: string };

/**
 * The paid subscription in force in a workspace and its owner's overage switch: a personal
 * workspace's is its user's; a team's is the team's while it is active, else the organization's
 * (the plan in force there, decision 033); an organization member's workspace is the
 * organization's. Null when no paid subscription is in force there (overages need one).
 */
export interface WorkspaceOverages {
  workspaceId: string;
  ownerId: string;
  ownerKind: "user" | "team" | "organization";
  subscription: SubscriptionRow;
  on: boolean;
}

export async function getWorkspaceOverages(db: Db, workspaceId: string, now = new Date()): Promise<WorkspaceOverages | null> {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) return null;
  const inForce = (row: SubscriptionRow | undefined) => (row && isActive(toSubscription(row), now) ? row : null);
  let chosen: { row: SubscriptionRow; kind: WorkspaceOverages["ownerKind"] } | null = null;
  if (workspace.kind === "personal") {
    const row = inForce(await getCurrentSubscriptionRow(db, workspace.id));
    chosen = row ? { row, kind: "user" } : null;
  } else {
    const [team, organization] = await Promise.all([
      workspace.kind === "team" && workspace.teamId ? getCurrentSubscriptionRow(db, workspace.teamId) : Promise.resolve(undefined),
      getCurrentSubscriptionRow(db, workspace.organizationId!),
    ]);
    const row = workspaceSubscription(inForce(team), inForce(organization), () => true);
    chosen = row ? { row, kind: row === team ? "team" : "organization" } : null;
  }
  if (!chosen || !isSubscribed(toSubscription(chosen.row))) return null;
  const ownerId = chosen.row.ownerId;
  const on = await getOwnerOveragesEnabled(db, chosen.kind, ownerId);
  return { workspaceId, ownerId, ownerKind: chosen.kind, subscription: chosen.row, on };
}

async function getOwnerOveragesEnabled(db: Db, kind: WorkspaceOverages["ownerKind"], ownerId: string): Promise<boolean> {
  const table = kind === "user" ? users : kind === "team" ? teams : organizations;
  const [row] = await db.select({ on: table.overagesEnabled }).from(table).where(eq(table.id, ownerId)).limit(1);
  return row?.on === true;
}

/** Whether a team's or an organization's overage switch is on (whatever its subscription). */
export async function getOverageSwitch(db: Db, owner: OverageOwner): Promise<boolean> {
  return getOwnerOveragesEnabled(db, owner.kind, owner.id);
}

/**
 * Turns a team's or an organization's overage switch on or off, audited in the organization as a
 * subscription change (the team's slug as its target) in the same batch.
 */
export async function setOverageSwitch(
  db: Db,
  owner: OverageOwner & { organizationId: string; target: string | null },
  on: boolean,
  actorUserId: string,
  now = new Date(),
): Promise<void> {
  const change =
    owner.kind === "team"
      ? db.update(teams).set({ overagesEnabled: on, updatedAt: now }).where(eq(teams.id, owner.id))
      : db.update(organizations).set({ overagesEnabled: on, updatedAt: now }).where(eq(organizations.id, owner.id));
  await db.batch([
    change,
    auditInsert(db, {
      organizationId: owner.organizationId,
      actorUserId,
      action: "subscription.changed",
      target: owner.target,
      details: { overages: on ? "on" : "off" },
      at: now,
    }),
  ]);
}

/** Whose blocks: a workspace's, reported for one owner's subscription. */
export interface OverageReportKey {
  workspaceId: string;
  ownerId: string;
}

/** Overage blocks already reported for the workspace, under the owner's billing period starting at `periodStartsAt`. */
export async function getReportedOverageBlocks(db: Db, key: OverageReportKey, periodStartsAt: Date): Promise<number> {
  const [row] = await db
    .select({ blocks: overageReports.blocks })
    .from(overageReports)
    .where(
      and(
        eq(overageReports.workspaceId, key.workspaceId),
        eq(overageReports.ownerId, key.ownerId),
        eq(overageReports.periodStartsAt, periodStartsAt),
      ),
    )
    .limit(1);
  return row?.blocks ?? 0;
}

/** Records the block count reached; never lowers it (reports may finish out of order). */
export async function recordOverageBlocks(
  db: Db,
  key: OverageReportKey,
  periodStartsAt: Date,
  blocks: number,
  now = new Date(),
): Promise<void> {
  await db
    .insert(overageReports)
    .values({ workspaceId: key.workspaceId, ownerId: key.ownerId, periodStartsAt, blocks, updatedAt: now })
    .onConflictDoUpdate({
      target: [overageReports.workspaceId, overageReports.ownerId, overageReports.periodStartsAt],
      set: { blocks: sql`MAX(${overageReports.blocks}, excluded.blocks)`, updatedAt: now },
    });
}
