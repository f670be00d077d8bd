/**
 * The shopping cart and domain orders (issue 18, spec 01 §3 Shopping cart, §4 Orders;
 * docs/decisions/043). A cart line is a domain the user means to buy; checking out turns the
 * cart into an order whose status follows the spec's codes as the queue registers its domains.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower-case, punycode. */
    domain: text("domain").notNull(),
    /** The registrar's yearly registration price when it was added, minor units. */
    price: integer("price").notNull(),
    currency: text("currency").notNull().default("USD"),
    premium: integer("premium", { mode: "boolean" }).notNull().default(false),
    /** The quantity: years of registration. */
    years: integer("years").notNull().default(1),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("cart_items_user_domain").on(t.userId, t.domain)],
);

export const domainOrders = sqliteTable(
  "domain_orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Spec 01 §4 status code (domain/orders.ts ORDER_STATUS). */
    status: integer("status").notNull(),
    /** Spec 01 §4 cancellation reason (1 price changed, 2 not available, 3 registration or renewal failed). */
    reason: integer("reason"),
    /** What the registrar said, shown beside the reason. */
    reasonDetail: text("reason_detail"),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull(),
    total: integer("total").notNull(),
    currency: text("currency").notNull().default("USD"),
    /** 0 test mode, 1 Stripe, 2 Paddle. */
    billingType: integer("billing_type").notNull(),
    /** The provider's payment reference (set when authorized) and its refund (set when refunded): one each, never two. */
    paymentRef: text("payment_ref"),
    refundRef: text("refund_ref"),
    /** The provider's checkout made for the order (Stripe Checkout Session, Paddle transaction; decision 049): its webhook finds the order by it. */
    checkoutRef: text("checkout_ref"),
    /** The order's last checkout that expired or was cancelled unpaid (decision 051): checkoutRef is cleared, this says why. */
    expiredCheckoutRef: text("expired_checkout_ref"),
    /** Where the purchase started ("trial" goes to domain-purchase-verification on success). */
    source: text("source"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    index("domain_orders_user").on(t.userId, t.createdAt),
    uniqueIndex("domain_orders_payment").on(t.paymentRef),
    uniqueIndex("domain_orders_checkout").on(t.checkoutRef),
    // Order integrity (migration 0036): at most one new (status 0) order per user; the cron's sweep.
    uniqueIndex("domain_orders_one_open")
      .on(t.userId)
      .where(sql`${t.status} = 0`),
    index("domain_orders_status").on(t.status, t.updatedAt),
  ],
);

export const DOMAIN_ORDER_ITEM_STATES = ["pending", "registered", "failed"] as const;

export const domainOrderItems = sqliteTable(
  "domain_order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => domainOrders.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    price: integer("price").notNull(),
    years: integer("years").notNull(),
    discount: integer("discount").notNull(),
    premium: integer("premium", { mode: "boolean" }).notNull().default(false),
    state: text("state", { enum: DOMAIN_ORDER_ITEM_STATES }).notNull().default("pending"),
    /** The registrar's registration id, once it took the order. */
    registrationId: text("registration_id"),
    /** This line's custom hostname at Cloudflare, stored as soon as it is created (migration 0036). */
    cfHostnameId: text("cf_hostname_id"),
    /** When a delivery of the job took this line to register it: a lease another delivery respects. */
    claimedAt: timestamp("claimed_at"),
  },
  (t) => [index("domain_order_items_order").on(t.orderId), index("domain_order_items_domain").on(t.domain)],
);

export type CartItem = typeof cartItems.$inferSelect;
export type DomainOrder = typeof domainOrders.$inferSelect;
export type DomainOrderItem = typeof domainOrderItems.$inferSelect;
