/**
 * The shopping cart and domain orders on the server (issue 18, docs/decisions/043): who may buy,
 * the cart with its prices and discount, checkout into an order, its authorization once paid (test
 * mode, or Stripe and Paddle: lib/billing/order-payments.server.ts), and the queue job that registers it.
 */
import { getDb } from "../../db/client.server";
import {
  authorizeNewOrder,
  countCartItems,
  countDiscountedDomains,
  createOrderFromCart,
  getOpenOrder,
  listCartItems,
  listOrderItems,
  repriceOrder,
  returnOpenOrderToCart,
  type DomainOrder,
} from "../../db/orders.server";
import { can, limitOf, type Subject } from "../../domain/entitlements";
import {
  DOMAIN_ORDER_JOB,
  discountsLeft,
  priceCart,
  usableDomainDiscounts,
  type CartTotals,
  type DomainOrderJob,
} from "../../domain/orders";
import type { AppEnv } from "../env.server";
import { availableBillingTypes } from "./billing/select.server";
import { dnsimpleRegistrar } from "./registrar/dnsimple";
import type { Registrar } from "./registrar/registrar";
import type { Viewer } from "../session.server";
import { cartRefusal, type CartRefusal } from "../../domain/domain-moves";
import { loadTeamMode } from "./teams/team-mode.server";

/** The registrar, or null (purchases refused) when it is not configured. */
export function registrarFor(env: AppEnv): Registrar | null {
  const registrar = dnsimpleRegistrar(env);
  if (!registrar)
    console.error("domain purchase: DNSIMPLE_TOKEN, DNSIMPLE_ACCOUNT_ID or DNSIMPLE_REGISTRANT_ID is not set; purchases are refused");
  return registrar;
}

/** Who may buy domains: the plan's purchase_branded_domains flag (spec 01 §3). */
export function mayPurchaseDomains(subject: Subject): boolean {
  return can(subject, "purchase_branded_domains");
}

/**
 * Why the cart is refused to this viewer now, or null (spec 01 §5, decision 053): in team mode with
 * a current team (read from D1 and the preference cookie, never the form) the domains are the
 * team's, not the base ones: "team"; a plan without purchase_branded_domains: "plan".
 */
export async function cartRefusalFor(env: AppEnv, viewer: Viewer, request: Request): Promise<CartRefusal | null> {
  const { teamMode } = await loadTeamMode(getDb(env.DB), viewer, request);
  return cartRefusal({ teamMode, mayPurchase: mayPurchaseDomains(viewer.subject) });
}

/** The plan's discounted first years (on a yearly paid plan), before those used. */
function discountPlan(viewer: Viewer) {
  return {
    interval: viewer.subscribed ? (viewer.subscription?.interval ?? null) : null,
    // Only a plan that may buy domains has free first years to use (decision 051).
    discountedDomainCount: usableDomainDiscounts(mayPurchaseDomains(viewer.subject), limitOf(viewer.subject, "discounted_domain_count")),
  };
}

/** The cart priced for the viewer, with the plan's discounted first years left (an open order's count as used). */
export async function pricedCart(env: AppEnv, viewer: Viewer): Promise<CartTotals> {
  const db = getDb(env.DB);
  const [items, used] = await Promise.all([listCartItems(db, viewer.user.id), countDiscountedDomains(db, viewer.user.id)]);
  const left = discountsLeft(discountPlan(viewer), used);
  return priceCart(
    items.map((i) => ({ domain: i.domain, price: i.price, years: i.years, premium: i.premium })),
    left,
  );
}

/**
 * Checkout: the cart becomes the user's one open (new) order. An order already open is replaced:
 * its lines go back to the cart first (it is cancelled), so the new order holds them all, priced
 * together; with nothing new in the cart, the open order is the one to pay. A second checkout at the same moment (a double-click) finds the one order the first
 * made. Returns the order to pay, or null when there is nothing to check out.
 */
export async function checkoutCart(env: AppEnv, viewer: Viewer, billingType: number, source: string | null): Promise<string | null> {
  const db = getDb(env.DB);
  const open = await getOpenOrder(db, viewer.user.id);
  if (open) {
    // Nothing new in the cart (a second click, or back from the pay page): the open order is the one to pay.
    if ((await countCartItems(db, viewer.user.id)) === 0) return open.id;
    await returnOpenOrderToCart(db, open);
  }
  const cart = await pricedCart(env, viewer);
  if (cart.lines.length === 0) return (await getOpenOrder(db, viewer.user.id))?.id ?? null;
  try {
    return await createOrderFromCart(db, viewer.user.id, cart, billingType, source);
  } catch (error) {
    // At most one open order per user (a unique index): the one made a moment ago is the one to pay.
    const first = await getOpenOrder(db, viewer.user.id);
    if (first) return first.id;
    throw error;
  }
}

/**
 * A new order priced again just before its payment: the discount is rechecked against the plan and
 * every other order's (a changed plan, or a discount another order took, changes the total). Its
 * lines already discounted keep their discount first. Returns the order as it now is.
 */
export async function repriceOpenOrder(env: AppEnv, viewer: Viewer, order: DomainOrder): Promise<DomainOrder> {
  const db = getDb(env.DB);
  const [items, used] = await Promise.all([listOrderItems(db, [order.id]), countDiscountedDomains(db, viewer.user.id, order.id)]);
  const ordered = [...items].sort((a, b) => Number(b.discount > 0) - Number(a.discount > 0));
  const totals = priceCart(
    ordered.map((i) => ({ domain: i.domain, price: i.price, years: i.years, premium: i.premium })),
    discountsLeft(discountPlan(viewer), used),
  );
  if (totals.total === order.total && totals.discount === order.discount) return order;
  await repriceOrder(db, order, items, totals);
  return { ...order, subtotal: totals.subtotal, discount: totals.discount, total: totals.total };
}

/**
 * The billing type that takes an order's payment, or null when none can: the configured provider
 * (Stripe first, then Paddle: docs/decisions/049), or test mode in local runs without one. With
 * none, purchases are refused rather than given away.
 */
export function orderBillingType(env: AppEnv): number | null {
  const [preferred] = availableBillingTypes(env);
  return preferred ?? null;
}

/**
 * The payment went through (test mode's form, or the provider's verified webhook with its payment
 * reference; null: nothing to charge): the order is authorized (once, and only at the total just
 * checked: repriceOpenOrder; a second call finds it authorized and takes nothing) and queued for
 * registration.
 */
export async function authorizeOrder(env: AppEnv, order: DomainOrder, paymentRef: string | null, now = new Date()): Promise<boolean> {
  const db = getDb(env.DB);
  const moved = await authorizeNewOrder(db, order, { paymentRef }, now);
  if (!moved) return false;
  const job: DomainOrderJob = { type: DOMAIN_ORDER_JOB, v: 1, id: `order-${order.id}`, payload: { orderId: order.id } };
  try {
    await env.JOBS.send(job);
  } catch {
    await env.JOBS.send(job); // local queues refuse a small share of sends under load
  }
  return true;
}

/**
 * The purchase source remembered for the session (spec 01 §2: the free trial's order goes to
 * domain-purchase-verification). The cookie names the session it was set in, so it is nobody
 * else's: not the next account signed in on the same browser, nor this one's next session. The
 * order records it at checkout, and the order's success page reads it from the order.
 */
export const PURCHASE_SOURCE_COOKIE = "snip_purchase_source";

export function purchaseSourceOf(request: Request, viewer: Viewer): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${PURCHASE_SOURCE_COOKIE}=([a-z-]{1,20})\\.([A-Za-z0-9_-]{1,128})(?:;|$)`).exec(cookie);
  return match && match[2] === viewer.session.id ? match[1]! : null;
}

export function purchaseSourceCookie(source: string, viewer: Viewer): string {
  return `${PURCHASE_SOURCE_COOKIE}=${source}.${viewer.session.id}; Path=/app; HttpOnly; SameSite=Lax; Secure`;
}
