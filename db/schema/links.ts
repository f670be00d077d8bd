import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { LINK_STATUSES, type LinkStatus } from "../../domain/link-status";
export { LINK_STATUSES, type LinkStatus };

export const links = sqliteTable(
  "links",
  {
    id: text("id").primaryKey(),
    domain: text("domain").notNull(),
    alias: text("alias").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: LINK_STATUSES }).notNull().default("active"),
    /** Owner when created by a signed-in user (accounts arrive with the accounts issue). */
    userId: text("user_id"),
    /** The guest browser that created it, for its recent-links list. */
    guestId: text("guest_id"),
    description: text("description"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("links_domain_alias").on(t.domain, t.alias),
    index("links_guest").on(t.guestId, t.createdAt),
    index("links_user").on(t.userId, t.createdAt),
  ],
);
