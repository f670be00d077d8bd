/** What belongs to an account besides its credentials: subscriptions, usage, notifications, mail. */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { organizations, teams } from "./organizations";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * The billing owner's shape (docs/decisions/033): a user (personal workspace), a team of an
 * organization (team workspace), or an organization; `owner_id` is the user's, team's or
 * organization's id.
 */
export function billingOwnerShape(t: Record<"ownerId" | "userId" | "organizationId" | "teamId", AnySQLiteColumn>) {
  return sql`(${t.userId} is not null and ${t.ownerId} = ${t.userId} and ${t.organizationId} is null and ${t.teamId} is null)
        or (${t.teamId} is not null and ${t.organizationId} is not null and ${t.userId} is null and ${t.ownerId} = ${t.teamId})
        or (${t.organizationId} is not null and ${t.teamId} is null and ${t.userId} is null and ${t.ownerId} = ${t.organizationId})`;
}

/**
 * Spec 01 §3 Subscription. `slot` is current or future (a scheduled downgrade). Owned by a
 * billing owner (docs/decisions/033): a user's personal workspace (`owner_id` = `user_id` = the
 * user's id), a team's workspace (`owner_id` = `team_id`) or an organization (`owner_id` =
 * `organization_id`); `user_id` is set for a personal subscription only.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    teamId: text("team_id"),
    slot: text("slot", { enum: ["current", "future"] })
      .notNull()
      .default("current"),
    name: text("name").notNull(),
    interval: text("interval", { enum: ["monthly", "yearly"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("USD"),
    quantity: integer("quantity").notNull().default(1),
    endsAt: timestamp("ends_at"),
    trialEndsAt: timestamp("trial_ends_at"),
    periodStartsAt: timestamp("period_starts_at"),
    periodEndsAt: timestamp("period_ends_at"),
    billingStatus: text("billing_status", { enum: ["past_due", "incomplete"] }),
    type: text("type", { enum: ["default", "addon", "shopping-cart"] })
      .notNull()
      .default("default"),
    /** 1 Stripe, 2 Paddle; null for records made without a provider (seed, test mode). */
    billingType: integer("billing_type"),
    billingId: text("billing_id"),
    /** When the provider's newest applied event happened: older events arriving later change nothing. */
    eventAt: timestamp("event_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    index("subscriptions_user").on(t.userId, t.slot),
    index("subscriptions_owner").on(t.ownerId, t.slot),
    foreignKey({
      name: "subscriptions_team_fk",
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete("cascade"),
    check("subscriptions_owner_shape", billingOwnerShape(t)),
  ],
);

/**
 * Metered usage per workspace and period (`all` or a `YYYY-MM` month): API credits and the like.
 * A personal workspace's id is its user's id (docs/decisions/027).
 */
export const usageCounters = sqliteTable(
  "usage_counters",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    counter: text("counter").notNull(),
    period: text("period").notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.counter, t.period] })],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    url: text("url"),
    readAt: timestamp("read_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("notifications_user").on(t.userId, t.createdAt)],
);

/**
 * Announcements to every user, written and published by staff in the kiosk (decision 032). A draft
 * (no publish time) is never shown; unread are those published after the user's last-read time.
 */
export const announcements = sqliteTable(
  "announcements",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    url: text("url"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at"),
    /** When it was (last) published; null while a draft or after unpublishing. */
    publishedAt: timestamp("published_at"),
  },
  (t) => [index("announcements_published").on(t.publishedAt)],
);

/** The local dev mailbox: mail "sent" when no mail API is configured (never used in production). */
export const devMail = sqliteTable(
  "dev_mail",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("dev_mail_created").on(t.createdAt)],
);
