/** What belongs to an account besides its credentials: subscriptions, usage, notifications, mail. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Spec 01 §3 Subscription. `slot` is current or future (a scheduled downgrade). */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
  (t) => [index("subscriptions_user").on(t.userId, t.slot)],
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
