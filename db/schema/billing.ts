/** Billing: checkout sessions and provider events (de-duplicated by event id). */
import { check, foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { billingOwnerShape } from "./account-data";
import { users } from "./auth";
import { organizations, teams } from "./organizations";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** A checkout started from the pricing page: test mode keeps its own; Stripe's mirror theirs. */
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    /** Who started the checkout. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The billing owner the checkout subscribes (docs/decisions/033): the user's id for a personal
     * checkout, a team's or an organization's id. Null on rows made before migration 0019 (= user_id).
     */
    ownerId: text("owner_id"),
    /** 0 test mode, 1 Stripe, 2 Paddle */
    billingType: integer("billing_type").notNull(),
    plan: text("plan").notNull(),
    interval: text("interval", { enum: ["monthly", "yearly"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("USD"),
    trialDays: integer("trial_days").notNull().default(0),
    /** The coupon applied to the first payment (by the coupon rule), and that payment. */
    coupon: text("coupon"),
    firstAmount: integer("first_amount").notNull(),
    /** "expired": closed unpaid because a newer checkout was started for the same owner. */
    status: text("status", { enum: ["open", "paid", "declined", "expired"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("checkout_sessions_user").on(t.userId)],
);

/** Every provider event handled, by its id: a redelivery finds its id here and changes nothing. */
export const billingEvents = sqliteTable("billing_events", {
  id: text("id").primaryKey(),
  billingType: integer("billing_type").notNull(),
  type: text("type").notNull(),
  occurredAt: timestamp("occurred_at").notNull(),
  handledAt: timestamp("handled_at").notNull(),
});

/**
 * A billing owner's customer record at a billing provider (spec 01 §3 billing_customers): the
 * provider's customer id, made once per paying workspace and reused for every checkout, and the
 * payment method on file as the provider's newest event told it. The owner is a user (personal
 * workspace), a team or an organization, as for subscriptions (docs/decisions/033); webhooks find
 * a subscription's owner here, by the provider's customer id.
 */
export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    ownerId: text("owner_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    teamId: text("team_id"),
    /** 0 test mode, 1 Stripe, 2 Paddle */
    billingType: integer("billing_type").notNull(),
    /** The provider's customer id (cus_..., ctm_...). */
    billingId: text("billing_id").notNull(),
    pmType: text("pm_type"),
    pmLastFour: text("pm_last_four"),
    /** "MM/YYYY" */
    pmExpiration: text("pm_expiration"),
    pmCountry: text("pm_country"),
    /** When the provider's newest applied payment-method event happened. */
    pmEventAt: timestamp("pm_event_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.billingType] }),
    uniqueIndex("billing_customers_billing_id").on(t.billingType, t.billingId),
    foreignKey({
      name: "billing_customers_team_fk",
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete("cascade"),
    check("billing_customers_owner_shape", billingOwnerShape(t)),
  ],
);

/**
 * Overage blocks already reported to the card provider's meter, per workspace, subscription owner
 * and billing period (docs/decisions/013, 052): a report covers only the blocks started since the
 * last one. A personal workspace's owner is its user (both ids are the user's); a team's workspace
 * is paid by the team or by its organization, an organization member's workspace by the
 * organization, whichever subscription is in force there.
 */
export const overageReports = sqliteTable(
  "overage_reports",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The billing owner whose subscription the blocks are reported for (a user's, team's or organization's id). */
    ownerId: text("owner_id").notNull(),
    periodStartsAt: timestamp("period_starts_at").notNull(),
    blocks: integer("blocks").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.ownerId, t.periodStartsAt] })],
);

/**
 * The tax id a billing customer gave on the no-login tax-id form (/user/vatinfo/{encrypted},
 * docs/decisions/046), after the provider took it (Stripe customer tax id, Paddle business);
 * in test mode this row is the only record. One per customer; the newest replaces the last.
 * `customer_id` is the provider's customer id, or the billing owner's id in test mode.
 */
export const billingTaxIds = sqliteTable(
  "billing_tax_ids",
  {
    billingType: integer("billing_type").notNull(),
    customerId: text("customer_id").notNull(),
    ownerId: text("owner_id").notNull(),
    /** Stripe's tax id type (eu_vat, gb_vat, ...). */
    type: text("type").notNull(),
    value: text("value").notNull(),
    businessName: text("business_name").notNull(),
    /** The provider's id of what was made (txi_..., biz_...); null in test mode. */
    providerId: text("provider_id"),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.billingType, t.customerId] })],
);
