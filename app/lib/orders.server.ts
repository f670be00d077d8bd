/**
 * The shopping cart and domain orders on the server (issue 18, docs/decisions/043): who may buy,
 * the cart with its prices and discount, checkout into an order, its authorization once paid (test
 * mode, or Stripe and Paddle: lib/billing/order-payments.server.ts), and the queue job that registers it.
 */
import { getDb } from "../../db/client.server";
import { countDiscountedDomains, listCartItems, moveOrder, type DomainOrder } from "../../db/orders.server";
import { can, limitOf, type Subject } from "../../domain/entitlements";
import { DOMAIN_ORDER_JOB, discountsLeft, ORDER_STATUS, priceCart, type CartTotals, type DomainOrderJob } from "../../domain/orders";
import type { AppEnv } from "../env.server";
import { availableBillingTypes } from "./billing/select.server";
import { dnsimpleRegistrar } from "./registrar/dnsimple";
import type { Registrar } from "./registrar/registrar";
import type { Viewer } from "../session.server";

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

/** The cart priced for the viewer, with the plan's discounted first years left. */
export async function pricedCart(env: AppEnv, viewer: Viewer): Promise<CartTotals> {
  const db = getDb(env.DB);
  const [items, used] = await Promise.all([listCartItems(db, viewer.user.id), countDiscountedDomains(db, viewer.user.id)]);
  const left = discountsLeft(
    {
      interval: viewer.subscribed ? (viewer.subscription?.interval ?? null) : null,
      discountedDomainCount: limitOf(viewer.subject, "discounted_domain_count") ?? 0,
    },
    used,
  );
  return priceCart(
    items.map((i) => ({ domain: i.domain, price: i.price, years: i.years, premium: i.premium })),
    left,
  );
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
 * reference; null: nothing to charge): the order is authorized (once: a second call finds it
 * authorized and takes nothing) and queued for registration.
 */
export async function authorizeOrder(env: AppEnv, order: DomainOrder, paymentRef: string | null, now = new Date()): Promise<boolean> {
  const db = getDb(env.DB);
  const moved = await moveOrder(db, order.id, ORDER_STATUS.new, ORDER_STATUS.authorized, { paymentRef }, now);
  if (!moved) return false;
  const job: DomainOrderJob = { type: DOMAIN_ORDER_JOB, v: 1, id: `order-${order.id}`, payload: { orderId: order.id } };
  try {
    await env.JOBS.send(job);
  } catch {
    await env.JOBS.send(job); // local queues refuse a small share of sends under load
  }
  return true;
}

/** The purchase source remembered for the session (spec 01 §2: the free trial's goes to domain-purchase-verification). */
export const PURCHASE_SOURCE_COOKIE = "snip_purchase_source";

export function purchaseSourceOf(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${PURCHASE_SOURCE_COOKIE}=([a-z-]{1,20})`).exec(cookie);
  return match ? match[1]! : null;
}

export function purchaseSourceCookie(source: string): string {
  return `${PURCHASE_SOURCE_COOKIE}=${source}; Path=/app; HttpOnly; SameSite=Lax; Secure`;
}
