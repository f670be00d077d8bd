import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { LINK_STATUSES, type LinkStatus } from "../../domain/link-status";
import { workspaces } from "./workspaces";
export { LINK_STATUSES, type LinkStatus };

export const links = sqliteTable(
  "links",
  {
    id: text("id").primaryKey(),
    domain: text("domain").notNull(),
    alias: text("alias").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: LINK_STATUSES }).notNull().default("active"),
    /** Who created it, when a signed-in user did (a team's links keep their creator). */
    userId: text("user_id"),
    /**
     * The workspace that owns it (docs/decisions/027): a user's personal workspace (id = user id),
     * a team, or a user's workspace in an organization. Null for a guest's link, and once the
     * workspace is gone (the link stays, deleted, so its alias is never reused).
     */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    /** The guest browser that created it, for its recent-links list. */
    guestId: text("guest_id"),
    description: text("description"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    // Redirect routes (issue 20, docs/decisions/037)
    /** The link's routing rules, as CompactRoute[] JSON (domain/redirect-routes.ts); null for none. Kept when the plan loses the flag. */
    routes: text("routes"),
    /** Whether the rules are applied: the owner's plan had redirect_routes when they were last written. */
    routesOn: integer("routes_on", { mode: "boolean" }).notNull().default(false),
    /** Applied until then (the end of a cancelled plan that grants the flag); null for no end. */
    routesUntil: integer("routes_until", { mode: "timestamp_ms" }),
    /**
     * Why the link does not redirect although its status says it would (docs/decisions/036):
     * `link` (staff terminated it), `account` (its creator's account is terminated), `domain` (its
     * destination's domain is banned); null when nothing holds it. Its KV record says "terminated".
     */
    blocked: text("blocked", { enum: ["link", "account", "domain"] }),
    /** Set while staff have terminated this link itself, with their reason. */
    terminatedAt: integer("terminated_at", { mode: "timestamp_ms" }),
    terminationReason: text("termination_reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Plan options (issue 20): its owner shares its analytics page publicly (share_analytics). */
    analyticsShared: integer("analytics_shared", { mode: "boolean" }).notNull().default(false),
    /**
     * Pixel scripts (issue 20, docs/decisions/047): null when the link does not fire pixels; when it
     * opts in, a copy of its workspace's pixels (JSON of [kind, id] pairs), rewritten on every change
     * of them, so the redirect worker reads them from the link's record.
     */
    pixels: text("pixels"),
    // Clicks options (issue 20, docs/decisions/038)
    /** Clicks counted so far (human and bot), kept by the clicks consumer beside click_hourly. */
    trackedClicks: integer("tracked_clicks").notNull().default(0),
    /** Exempt from max_trackable_clicks (links_with_unlimited_clicks). */
    clicksUnlimited: integer("clicks_unlimited", { mode: "boolean" }).notNull().default(false),
    /**
     * Capped links (docs/decisions/038): until when the redirect worker sends none of its clicks,
     * set by the clicks consumer when the link reached max_trackable_clicks; carried in the KV record.
     */
    clicksCappedUntil: integer("clicks_capped_until", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("links_domain_alias").on(t.domain, t.alias),
    index("links_guest").on(t.guestId, t.createdAt),
    index("links_user").on(t.userId, t.createdAt),
    index("links_workspace").on(t.workspaceId, t.createdAt),
    // Plan options (issue 20): links per destination URL
    index("links_workspace_url").on(t.workspaceId, t.url),
  ],
);

/**
 * The change feed of link records: every write-through appends the new record here, and each
 * redirect isolate polls it every few seconds to update the records it has cached, so an edit
 * reaches every isolate within seconds while cached records can stay fresh for minutes.
 * Rows older than a day are pruned on write.
 */
export const linkChanges = sqliteTable(
  "link_changes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    /** linkKey(domain, alias) */
    key: text("key").notNull(),
    /** The LinkRecord as stored in KV (JSON). */
    record: text("record").notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("link_changes_changed").on(t.changedAt)],
);
