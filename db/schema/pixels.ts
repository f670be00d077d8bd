/**
 * Pixel scripts (issue 20, docs/decisions/047): a workspace's retargeting pixels, kind and id
 * only (domain/pixels.ts checks both). A link that opts in carries a copy of its workspace's
 * pixels in `links.pixels`, rewritten whenever this table changes, so the redirect worker reads
 * them from the link's own record.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PIXEL_KINDS } from "../../domain/pixels";
import { users } from "./auth";
import { workspaces } from "./workspaces";

export const pixels = sqliteTable(
  "pixels",
  {
    id: text("id").primaryKey(),
    /** The owning workspace (docs/decisions/027): a user's personal workspace, a team's, or a member's. */
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who added it. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: PIXEL_KINDS }).notNull(),
    /** The pixel's id, checked against its kind's pattern (never script text). */
    pixelId: text("pixel_id").notNull(),
    /** The user's own label for it, shown on the settings page only. */
    name: text("name"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("pixels_workspace_kind_id").on(t.workspaceId, t.kind, t.pixelId),
    index("pixels_workspace").on(t.workspaceId, t.createdAt),
  ],
);
