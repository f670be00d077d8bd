/** Tags on links (spec 02 §5: 2–45 characters, lower-case, no spaces) and saved UTM presets. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { links } from "./links";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const tags = sqliteTable(
  "tags",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owning workspace (docs/decisions/027); `user_id` is who created the row. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("tags_workspace_name").on(t.workspaceId, t.name)],
);

export const linkTags = sqliteTable(
  "link_tags",
  {
    linkId: text("link_id")
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.tagId] }), index("link_tags_tag").on(t.tagId)],
);

export const utmPresets = sqliteTable(
  "utm_presets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owning workspace (docs/decisions/027); `user_id` is who created the row. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("utm_presets_workspace_name").on(t.workspaceId, t.name)],
);
