/** The shopping cart and domain orders (docs/decisions/043). */
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { ORDER_STATUS, type CartTotals } from "../domain/orders";
import { rawBatch, type Db } from "./client.server";
import type { NewMessage } from "./notifications.server";
import {
  brandedDomains,
  cartItems,
  domainOrderItems,
  domainOrders,
  notifications,
  type CartItem,
  type DomainOrder,
  type DomainOrderItem,
} from "./schema";

export type { CartItem, DomainOrder, DomainOrderItem };

export async function listCartItems(db: Db, userId: string): Promise<CartItem[]> {
  return db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.domain));
}

export async function countCartItems(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.n ?? 0);
}

/** Adds a line; false when the domain is already in the cart. */
export async function addCartItem(
  db: Db,
  item: { userId: string; domain: string; price: number; premium: boolean; currency: string },
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .insert(cartItems)
    .values({ id: crypto.randomUUID(), ...item, years: 1, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Whether the domain was in the user's cart (and is no longer). */
export async function removeCartItem(db: Db, userId: string, domain: string): Promise<boolean> {
  const result = await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.domain, domain)));
  return (result.meta.changes ?? 0) > 0;
}

/** Whether the domain is in the user's cart (its years set). */
export async function setCartItemYears(db: Db, userId: string, domain: string, years: number): Promise<boolean> {
  const result = await db
    .update(cartItems)
    .set({ years })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.domain, domain)));
  return (result.meta.changes ?? 0) > 0;
}

export async function updateCartItemPrice(db: Db, userId: string, domain: string, price: number, premium: boolean): Promise<void> {
  await db
    .update(cartItems)
    .set({ price, premium })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.domain, domain)));
}

/** The cart becomes an order (status 0 new) and empties, in one batch. */
export async function createOrderFromCart(
  db: Db,
  userId: string,
  totals: CartTotals,
  billingType: number,
  source: string | null,
  now = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(domainOrders).values({
      id,
      userId,
      status: ORDER_STATUS.new,
      subtotal: totals.subtotal,
      discount: totals.discount,
      total: totals.total,
      currency: "USD",
      billingType,
      source,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(domainOrderItems).values(
      totals.lines.map((l) => ({
        id: crypto.randomUUID(),
        orderId: id,
        domain: l.domain,
        price: l.price,
        years: l.years,
        discount: l.discount,
        premium: l.premium,
      })),
    ),
    db.delete(cartItems).where(
      and(
        eq(cartItems.userId, userId),
        inArray(
          cartItems.domain,
          totals.lines.map((l) => l.domain),
        ),
      ),
    ),
  ]);
  return id;
}

export async function getOrder(db: Db, id: string): Promise<DomainOrder | undefined> {
  const [row] = await db.select().from(domainOrders).where(eq(domainOrders.id, id));
  return row;
}

/** The order a provider's checkout was made for (decision 049): found by what Snip stored, never by what the event claims. */
export async function getOrderByCheckoutRef(db: Db, billingType: number, checkoutRef: string): Promise<DomainOrder | undefined> {
  const [row] = await db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.checkoutRef, checkoutRef), eq(domainOrders.billingType, billingType)));
  return row;
}

/**
 * Records the provider's checkout of a new order, only if the order still has `from` (null: none
 * yet): of two requests racing, the first one's checkout is kept. True when this one was stored.
 */
export async function setOrderCheckoutRef(db: Db, id: string, from: string | null, to: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(domainOrders)
    .set({ checkoutRef: to, updatedAt: now })
    .where(
      and(
        eq(domainOrders.id, id),
        eq(domainOrders.status, ORDER_STATUS.new),
        from === null ? isNull(domainOrders.checkoutRef) : eq(domainOrders.checkoutRef, from),
      ),
    )
    .returning({ id: domainOrders.id });
  return rows.length > 0;
}

/**
 * The provider's checkout `checkoutRef` ended unpaid (Stripe session expired, Paddle transaction
 * cancelled; decision 051): cleared from the order only while the order is new and still holds
 * that checkout, and kept as the order's expired one. False (nothing written) for a redelivered
 * event, a checkout the order no longer holds, or an order that is no longer new.
 */
export async function expireOrderCheckout(db: Db, billingType: number, checkoutRef: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(domainOrders)
    .set({ checkoutRef: null, expiredCheckoutRef: checkoutRef, updatedAt: now })
    .where(
      and(eq(domainOrders.checkoutRef, checkoutRef), eq(domainOrders.billingType, billingType), eq(domainOrders.status, ORDER_STATUS.new)),
    )
    .returning({ id: domainOrders.id });
  return rows.length > 0;
}

/** The user's own order, or undefined (someone else's order is "not found"). */
export async function getUserOrder(db: Db, userId: string, id: string): Promise<DomainOrder | undefined> {
  const [row] = await db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.id, id), eq(domainOrders.userId, userId)));
  return row;
}

export async function listOrders(db: Db, userId: string): Promise<DomainOrder[]> {
  return db.select().from(domainOrders).where(eq(domainOrders.userId, userId)).orderBy(desc(domainOrders.createdAt));
}

export async function hasOrders(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: domainOrders.id }).from(domainOrders).where(eq(domainOrders.userId, userId)).limit(1);
  return row !== undefined;
}

export async function listOrderItems(db: Db, orderIds: readonly string[]): Promise<DomainOrderItem[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(domainOrderItems)
    .where(inArray(domainOrderItems.orderId, [...orderIds]))
    .orderBy(asc(domainOrderItems.domain));
}

/** Statuses whose discounted first years are spent or held: every order but the failed and refunded ones (an open new order holds its discount). */
const DISCOUNT_RELEASED_STATUSES = [18, 49, 50, 51];

/**
 * First years already given free or held: discounted lines (not failed) of every order not failed
 * or refunded, the open new one included, so a second order cannot take the same discount again.
 * `exceptOrderId`: the order being repriced or replaced.
 */
export async function countDiscountedDomains(db: Db, userId: string, exceptOrderId?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(domainOrderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, domainOrderItems.orderId))
    .where(
      and(
        eq(domainOrders.userId, userId),
        gt(domainOrderItems.discount, 0),
        sql`${domainOrderItems.state} != 'failed'`,
        notInArray(domainOrders.status, DISCOUNT_RELEASED_STATUSES),
        exceptOrderId === undefined ? undefined : ne(domainOrders.id, exceptOrderId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The user's open new (unpaid, status 0) order: there is at most one (migration 0036). */
export async function getOpenOrder(db: Db, userId: string): Promise<DomainOrder | undefined> {
  const [row] = await db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.userId, userId), eq(domainOrders.status, ORDER_STATUS.new)));
  return row;
}

/**
 * Checking out again while an order is open replaces it: its lines go back to the cart (a line the
 * cart already has keeps the cart's) and it is cancelled (49), in one batch, only if it is still
 * new; an order paid meanwhile is left as it is. True when it was cancelled here.
 */
export async function returnOpenOrderToCart(db: Db, order: DomainOrder, now = new Date()): Promise<boolean> {
  const [, cancelled] = await rawBatch(db, [
    db.run(sql`INSERT INTO cart_items (id, user_id, domain, price, currency, premium, years, created_at)
      SELECT lower(hex(randomblob(16))), o.user_id, i.domain, i.price, o.currency, i.premium, i.years, ${now.getTime()}
      FROM domain_order_items i JOIN domain_orders o ON o.id = i.order_id
      WHERE o.id = ${order.id} AND o.status = ${ORDER_STATUS.new}
      ON CONFLICT DO NOTHING`),
    db
      .update(domainOrders)
      .set({ status: ORDER_STATUS.paymentCancelled, updatedAt: now })
      .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, ORDER_STATUS.new))),
  ]);
  return (cancelled?.meta.changes ?? 0) > 0;
}

/** A new order's lines and totals priced again (the discount rechecked before payment), only while it is new. */
export async function repriceOrder(
  db: Db,
  order: DomainOrder,
  items: readonly DomainOrderItem[],
  totals: CartTotals,
  now = new Date(),
): Promise<void> {
  const isNew = sql`EXISTS (SELECT 1 FROM domain_orders WHERE id = ${order.id} AND status = ${ORDER_STATUS.new})`;
  const byDomain = new Map(items.map((i) => [i.domain, i.id]));
  await db.batch([
    db
      .update(domainOrders)
      .set({ subtotal: totals.subtotal, discount: totals.discount, total: totals.total, updatedAt: now })
      .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, ORDER_STATUS.new))),
    ...totals.lines.map((l) =>
      db
        .update(domainOrderItems)
        .set({ discount: l.discount })
        .where(and(eq(domainOrderItems.id, byDomain.get(l.domain) ?? ""), isNew)),
    ),
  ]);
}

/**
 * A new order authorized (0 → 17) only if its total is still the one just checked and paid: a
 * reprice in between takes nothing.
 */
export async function authorizeNewOrder(
  db: Db,
  order: DomainOrder,
  fields: Partial<Pick<DomainOrder, "paymentRef">>,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(domainOrders)
    .set({ status: ORDER_STATUS.authorized, ...fields, updatedAt: now })
    .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, ORDER_STATUS.new), eq(domainOrders.total, order.total)))
    .returning({ id: domainOrders.id });
  return rows.length > 0;
}

/** Statuses of an order paid for and not final: its names are being registered. */
const PAID_OPEN_STATUSES = [ORDER_STATUS.authorized, ORDER_STATUS.processing, ORDER_STATUS.processed];

/** Whether a name is on a paid order still being registered (anyone's): it cannot go into a cart. */
export async function isDomainOnPaidOpenOrder(db: Db, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domainOrderItems.id })
    .from(domainOrderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, domainOrderItems.orderId))
    .where(
      and(
        eq(domainOrderItems.domain, domain),
        sql`${domainOrderItems.state} != 'failed'`,
        inArray(domainOrders.status, PAID_OPEN_STATUSES),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a line's name is someone else's: registered for another order, or a branded domain of
 * another owner (not the buyer's personal workspace). Such a line is "not available" (reason 2).
 */
export async function isDomainTakenElsewhere(db: Db, order: DomainOrder, domain: string): Promise<boolean> {
  const [line] = await db
    .select({ id: domainOrderItems.id })
    .from(domainOrderItems)
    .where(and(eq(domainOrderItems.domain, domain), ne(domainOrderItems.orderId, order.id), isNotNull(domainOrderItems.registrationId)))
    .limit(1);
  if (line) return true;
  const [branded] = await db
    .select({ id: brandedDomains.id })
    .from(brandedDomains)
    .where(
      and(
        eq(brandedDomains.hostname, domain),
        or(isNull(brandedDomains.workspaceId), ne(brandedDomains.workspaceId, order.userId), isNotNull(brandedDomains.organizationId)),
      ),
    )
    .limit(1);
  return branded !== undefined;
}

/** Paid orders no job moved for a while (authorized, processing or processed before `before`), oldest first. */
export async function listStalledOrders(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: domainOrders.id })
    .from(domainOrders)
    .where(and(inArray(domainOrders.status, PAID_OPEN_STATUSES), lt(domainOrders.updatedAt, before)))
    .orderBy(asc(domainOrders.updatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether the user owns a domain bought here (spec 01 §2 "Payment Method (if subscribed or owns a domain)"). */
export async function ownsPurchasedDomain(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domainOrderItems.id })
    .from(domainOrderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, domainOrderItems.orderId))
    .where(and(eq(domainOrders.userId, userId), eq(domainOrderItems.state, "registered")))
    .limit(1);
  return row !== undefined;
}

/** Whether the user bought this domain: a registered line of one of their own orders names it (decision 053). */
export async function isDomainBoughtBy(db: Db, userId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domainOrderItems.id })
    .from(domainOrderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, domainOrderItems.orderId))
    .where(
      and(eq(domainOrders.userId, userId), eq(domainOrderItems.domain, domain.toLowerCase()), eq(domainOrderItems.state, "registered")),
    )
    .limit(1);
  return row !== undefined;
}

/** Which of these domains the user bought (registered lines of their own orders). */
export async function listDomainsBoughtBy(db: Db, userId: string, domains: readonly string[]): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const rows = await db
    .select({ domain: domainOrderItems.domain })
    .from(domainOrderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, domainOrderItems.orderId))
    .where(and(eq(domainOrders.userId, userId), inArray(domainOrderItems.domain, [...domains]), eq(domainOrderItems.state, "registered")));
  return new Set(rows.map((r) => r.domain));
}

/**
 * Moves an order from one status to the next only if it is still in the first: the step a retried
 * job or a second form post finds already taken answers false and does nothing.
 */
export async function moveOrder(
  db: Db,
  id: string,
  from: number,
  to: number,
  fields: Partial<Pick<DomainOrder, "paymentRef" | "refundRef" | "reason" | "reasonDetail">> = {},
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(domainOrders)
    .set({ status: to, ...fields, updatedAt: now })
    .where(and(eq(domainOrders.id, id), eq(domainOrders.status, from)))
    .returning({ id: domainOrders.id });
  return rows.length > 0;
}

/**
 * A delivery of the job takes a pending line to register it: a lease of `leaseMs`, so a second
 * delivery running at the same time leaves it alone; one that died lets the next take it after.
 */
export async function claimOrderItem(db: Db, itemId: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(domainOrderItems)
    .set({ claimedAt: now })
    .where(
      and(
        eq(domainOrderItems.id, itemId),
        eq(domainOrderItems.state, "pending"),
        or(isNull(domainOrderItems.claimedAt), lt(domainOrderItems.claimedAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .returning({ id: domainOrderItems.id });
  return rows.length > 0;
}

/** The lease given back: the delivery failed before the registrar answered, so its retry may take the line at once. */
export async function releaseOrderItem(db: Db, itemId: string): Promise<void> {
  await db
    .update(domainOrderItems)
    .set({ claimedAt: null })
    .where(and(eq(domainOrderItems.id, itemId), eq(domainOrderItems.state, "pending")));
}

/** The registrar's registration id, stored the moment it answers: only then does the line count as registered by this order. */
export async function storeRegistration(db: Db, itemId: string, registrationId: string): Promise<void> {
  await db
    .update(domainOrderItems)
    .set({ registrationId })
    .where(and(eq(domainOrderItems.id, itemId), isNull(domainOrderItems.registrationId)));
}

/** The line's custom hostname at Cloudflare, stored as soon as it is created (a retry does not create it again). */
export async function storeItemHostname(db: Db, itemId: string, cfHostnameId: string | null): Promise<void> {
  await db.update(domainOrderItems).set({ cfHostnameId }).where(eq(domainOrderItems.id, itemId));
}

/**
 * A pending line marked registered or failed; false when it no longer was pending. A line with
 * its registration id is never marked failed (its domain is registered for this order).
 */
export async function markOrderItem(db: Db, itemId: string, state: "registered" | "failed"): Promise<boolean> {
  const rows = await orderItemMarkStatement(db, itemId, state);
  return rows.length > 0;
}

/** The statement of markOrderItem, for a batch (decision 050: a registered line and its registration together). */
export function orderItemMarkStatement(db: Db, itemId: string, state: "registered" | "failed") {
  return db
    .update(domainOrderItems)
    .set({ state })
    .where(
      and(
        eq(domainOrderItems.id, itemId),
        eq(domainOrderItems.state, "pending"),
        state === "failed" ? isNull(domainOrderItems.registrationId) : undefined,
      ),
    )
    .returning({ id: domainOrderItems.id });
}

export type BrandedDomainInsert = typeof brandedDomains.$inferInsert;

/** A row inserted only if the order is (now) in `status`: a batch's inserts that follow its status move. */
function insertIfOrderIn(db: Db, table: SQLiteTable, row: Record<string, unknown>, orderId: string, status: number) {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const entries = Object.entries(row).filter(([, v]) => v !== undefined);
  const names = sql.join(
    entries.map(([key]) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const values = sql.join(
    entries.map(([key, value]) => sql`${value === null ? null : columns[key]!.mapToDriverValue(value)}`),
    sql`, `,
  );
  return db.run(
    sql`INSERT INTO ${table} (${names}) SELECT ${values} WHERE EXISTS (SELECT 1 FROM domain_orders WHERE id = ${orderId} AND status = ${status}) ON CONFLICT DO NOTHING`,
  );
}

/**
 * The order's last step in one batch: its status (only if still `from`), the bought domains as
 * branded domains, and the owner's notification. The inserts follow the status move: nothing is
 * added unless the order is then in `to`, and the notification's id is the order's and status's,
 * so a redelivered or concurrent job notifies once.
 */
export async function finishOrder(
  db: Db,
  order: DomainOrder,
  from: number,
  to: number,
  fields: Partial<Pick<DomainOrder, "refundRef" | "reason" | "reasonDetail">>,
  domains: BrandedDomainInsert[],
  notice: NewMessage,
  now = new Date(),
): Promise<void> {
  const noticeRow = {
    id: `order-${order.id}-${to}`,
    userId: order.userId,
    title: notice.title,
    body: notice.body ?? "",
    url: notice.url ?? null,
    createdAt: now,
  };
  await rawBatch(db, [
    db
      .update(domainOrders)
      .set({ status: to, ...fields, updatedAt: now })
      .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, from))),
    ...domains.map((d) => insertIfOrderIn(db, brandedDomains, d, order.id, to)),
    insertIfOrderIn(db, notifications, noticeRow, order.id, to),
  ]);
}
