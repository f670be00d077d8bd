/** The shopping cart and domain orders (docs/decisions/043). */
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { ORDER_STATUS, type CartTotals } from "../domain/orders";
import type { Db } from "./client.server";
import { notificationInsert, type NewMessage } from "./notifications.server";
import { brandedDomains, cartItems, domainOrderItems, domainOrders, type CartItem, type DomainOrder, type DomainOrderItem } from "./schema";

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

export async function removeCartItem(db: Db, userId: string, domain: string): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.domain, domain)));
}

export async function setCartItemYears(db: Db, userId: string, domain: string, years: number): Promise<void> {
  await db
    .update(cartItems)
    .set({ years })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.domain, domain)));
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

/** First years already given free: discounted lines of orders not refused or refunded. */
export async function countDiscountedDomains(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(domainOrderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, domainOrderItems.orderId))
    .where(
      and(
        eq(domainOrders.userId, userId),
        gt(domainOrderItems.discount, 0),
        sql`${domainOrderItems.state} != 'failed'`,
        inArray(domainOrders.status, [17, 32, 33, 48]),
      ),
    );
  return Number(row?.n ?? 0);
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

export async function markOrderItem(
  db: Db,
  itemId: string,
  fields: Partial<Pick<DomainOrderItem, "state" | "registrationId">>,
): Promise<void> {
  await db.update(domainOrderItems).set(fields).where(eq(domainOrderItems.id, itemId));
}

export type BrandedDomainInsert = typeof brandedDomains.$inferInsert;

/**
 * The order's last step in one batch: its status (only if still `from`), the bought domains as
 * branded domains, and the owner's notification.
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
  await db.batch([
    db
      .update(domainOrders)
      .set({ status: to, ...fields, updatedAt: now })
      .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, from))),
    ...domains.map((d) => db.insert(brandedDomains).values(d).onConflictDoNothing()),
    notificationInsert(db, order.userId, notice, now),
  ]);
}
