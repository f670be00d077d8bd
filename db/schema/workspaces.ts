/**
 * Workspaces (issue 16, docs/decisions/027): what owns links, tags, UTM presets, API tokens,
 * webhooks, bulk imports and usage counters. A user's personal workspace (its id IS the user's id,
 * created by a trigger with the user), a team of an organization (its id IS the team's id), or a
 * user's personal workspace inside an organization ("member": one per organization and user).
 * The redirect path never reads this table.
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { organizations, teams } from "./organizations";

export const WORKSPACE_KINDS = ["personal", "team", "member"] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: WORKSPACE_KINDS }).notNull(),
    /** personal and member: the user whose workspace it is. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** team and member: the organization. */
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** team: the team (of that organization: the composite key below). */
    teamId: text("team_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("workspaces_personal")
      .on(t.userId)
      .where(sql`${t.kind} = 'personal'`),
    uniqueIndex("workspaces_team")
      .on(t.teamId)
      .where(sql`${t.kind} = 'team'`),
    uniqueIndex("workspaces_member")
      .on(t.organizationId, t.userId)
      .where(sql`${t.kind} = 'member'`),
    index("workspaces_org").on(t.organizationId),
    foreignKey({
      name: "workspaces_team_fk",
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete("cascade"),
    check(
      "workspaces_shape",
      sql`(${t.kind} = 'personal' and ${t.userId} is not null and ${t.organizationId} is null and ${t.teamId} is null and ${t.id} = ${t.userId})
        or (${t.kind} = 'team' and ${t.teamId} is not null and ${t.organizationId} is not null and ${t.userId} is null and ${t.id} = ${t.teamId})
        or (${t.kind} = 'member' and ${t.userId} is not null and ${t.organizationId} is not null and ${t.teamId} is null)`,
    ),
  ],
);
