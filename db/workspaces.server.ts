/**
 * Workspaces (docs/decisions/027): who owns links, tags, presets, tokens, webhooks, bulk imports
 * and usage. A personal workspace's id is its user's id and a team's workspace id is the team's
 * id (both rows are made by triggers with the user or team); a user's workspace inside an
 * organization ("member") is made on first use.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { workspaces, type WorkspaceKind } from "./schema";

/** What a row is written for: the owning workspace and the user who made it. */
export interface Owner {
  workspaceId: string;
  userId: string;
}

/** A user's own things outside organizations: their personal workspace (its id is theirs). */
export function personalOwner(userId: string): Owner {
  return { workspaceId: userId, userId };
}

export interface Workspace {
  id: string;
  kind: WorkspaceKind;
  userId: string | null;
  organizationId: string | null;
  teamId: string | null;
}

export async function getWorkspace(db: Db, id: string): Promise<Workspace | null> {
  const [row] = await db
    .select({
      id: workspaces.id,
      kind: workspaces.kind,
      userId: workspaces.userId,
      organizationId: workspaces.organizationId,
      teamId: workspaces.teamId,
    })
    .from(workspaces)
    .where(eq(workspaces.id, id));
  return row ?? null;
}

/** The team's workspace (id = team id), made if the trigger's row is missing. */
export async function ensureTeamWorkspace(db: Db, organizationId: string, teamId: string, now = new Date()): Promise<string> {
  await db.insert(workspaces).values({ id: teamId, kind: "team", organizationId, teamId, createdAt: now }).onConflictDoNothing();
  return teamId;
}

/** A user's personal workspace inside an organization, made on first use. */
export async function ensureMemberWorkspace(db: Db, organizationId: string, userId: string, now = new Date()): Promise<string> {
  const where = and(eq(workspaces.kind, "member"), eq(workspaces.organizationId, organizationId), eq(workspaces.userId, userId));
  const [found] = await db.select({ id: workspaces.id }).from(workspaces).where(where);
  if (found) return found.id;
  await db
    .insert(workspaces)
    .values({ id: crypto.randomUUID(), kind: "member", organizationId, userId, createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(where);
  if (!row) throw new Error("member workspace not created");
  return row.id;
}

/** The member workspace if it exists (reads never create one). */
export async function findMemberWorkspace(db: Db, organizationId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.kind, "member"), eq(workspaces.organizationId, organizationId), eq(workspaces.userId, userId)));
  return row?.id ?? null;
}
