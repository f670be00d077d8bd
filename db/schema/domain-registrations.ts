/**
 * Renewal of bought domains (issue 18, docs/decisions/050): a domain registered through an order,
 * its expiry as the registrar reports it, and its owner's auto-renew setting.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { domainOrders } from "./orders";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const domainRegistrations = sqliteTable(
  "domain_registrations",
  {
    /** Lower-case, punycode. */
    domain: text("domain").primaryKey(),
    /** The buyer: their personal workspace owns the branded domain and its subscription pays the renewal. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text("order_id").references(() => domainOrders.id, { onDelete: "set null" }),
    /** When the registration runs out, from the registrar's answer. */
    expiresAt: timestamp("expires_at").notNull(),
    autoRenew: integer("auto_renew", { mode: "boolean" }).notNull().default(true),
    /** Set by the daily pass once the expiry passed unrenewed: the domain stopped serving. */
    expired: integer("expired", { mode: "boolean" }).notNull().default(false),
    /** The last renewal's refusal: spec 01 §4 reason 3 and the registrar's words; cleared by a renewal. */
    reason: integer("reason"),
    reasonDetail: text("reason_detail"),
    renewedAt: timestamp("renewed_at"),
    // Automatic DNS and the pre-0033 backfill (decision 054, migration 0038).
    /** When expires_at was last read from the registrar; null: an estimate the daily pass confirms first. */
    expiryCheckedAt: timestamp("expiry_checked_at"),
    /** The records Snip publishes in the domain's DNSimple zone: null (not tried), published, failed. */
    dnsState: text("dns_state", { enum: ["published", "failed"] }),
    /** Why the last attempt did not publish: DNSimple's words, or the record found with another value. */
    dnsDetail: text("dns_detail"),
    dnsAt: timestamp("dns_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("domain_registrations_due").on(t.expiresAt), index("domain_registrations_user").on(t.userId)],
);

export type DomainRegistration = typeof domainRegistrations.$inferSelect;
