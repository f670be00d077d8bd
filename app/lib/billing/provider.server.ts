/**
 * The billing provider behind subscribe, change, cancel, resume, the payment method and the
 * invoices (docs/decisions/013): the interface its implementations share (select.server.ts
 * picks one). Every implementation changes a subscription only through billing events
 * (docs/decisions/007).
 */
import type { Db } from "../../../db/client.server";
import { getBillingCustomer, getCurrentSubscriptionRow, saveBillingCustomer, type CheckoutSession } from "../../../db/billing.server";
import { BILLING_MESSAGES, type BillingType } from "../../../domain/billing";
import type { Coupon } from "../../../domain/coupons";
import type { BillingInterval, PlanName } from "../../../domain/plans";

export interface CheckoutRequest {
  /** Who checks out (the provider's customer contact). */
  user: { id: string; email: string; name: string };
  /**
   * The billing owner subscribed (docs/decisions/033): the user's own id, a team's or an
   * organization's id, decided by the server from the route, never by the client.
   */
  ownerId: string;
  /** The owner's subscription page (`/app/settings/subscription` for a user): success and cancel return there. */
  subscriptionPath: string;
  plan: PlanName;
  interval: BillingInterval;
  withTrial: boolean;
  coupon: Coupon | null;
  /** The app's origin, for the provider's return URLs. */
  origin: string;
}

/** The outcome of a call to the provider, with the spec 01 §8 status it maps to. */
export type BillingResult<T = undefined> =
  { ok: true; value: T } | { ok: false; status: 400 | 402 | 406 | 422 | 500; message: string; fieldErrors?: Record<string, string[]> };

export interface Invoice {
  id: string;
  number: string;
  /** epoch ms */
  date: number;
  /** minor units */
  amount: number;
  currency: string;
  status: string;
  /** The provider's page or PDF of the invoice, if any. */
  url: string | null;
}

/** A checkout that was started: where the browser goes to pay, and what the provider calls it. */
export interface Checkout {
  /** The page that takes the payment (the provider's, or Snip's for Paddle.js and test mode). */
  url: string;
  /** Snip's checkout session (the provider's for Stripe). */
  sessionId: string;
  customerId: string | null;
  priceIds: string[];
  /** Paddle's transaction, which Paddle.js opens. */
  transactionId: string | null;
  /** The payment methods the checkout offers. */
  paymentMethods: string[];
  /** Snip's coupon code the provider applies to the first payment, if any (docs/decisions/013). */
  appliedCoupon: string | null;
}

export interface BillingProvider {
  readonly billingType: BillingType;
  /** Starts a checkout. */
  startCheckout(request: CheckoutRequest): Promise<BillingResult<Checkout>>;
  /**
   * Closes a checkout of this provider that was started but not paid, so it can no longer be paid
   * (a newer checkout of the same owner replaces it): "closed", or "paid" when the provider says it
   * was paid before it could be closed. Throws when the provider cannot tell.
   */
  closeCheckout(session: CheckoutSession): Promise<"closed" | "paid">;
  changePlan(userId: string, plan: PlanName, interval: BillingInterval): Promise<BillingResult>;
  cancel(userId: string, immediately: boolean): Promise<BillingResult>;
  resume(userId: string): Promise<BillingResult>;
  /**
   * Drops the scheduled downgrade (spec 01 §4: the current plan renews). A downgrade waits for
   * the period's end with every provider: a Stripe subscription schedule (decision 014), Paddle
   * custom data applied by the cron (015), the future row in test mode (013).
   */
  cancelScheduledChange(userId: string): Promise<BillingResult>;
  /**
   * Where the user updates the payment method (the provider's portal or checkout), coming back
   * to `returnUrl` (absolute), or null when the provider has no page for it.
   */
  paymentMethodUrl(userId: string, returnUrl: string): Promise<BillingResult<string | null>>;
  listInvoices(userId: string): Promise<Invoice[]>;
}

export const ok = <T = undefined>(value?: T): BillingResult<T> => ({ ok: true, value: value as T });
export const updateFailed: BillingResult<never> = { ok: false, status: 500, message: BILLING_MESSAGES.updateFailed };

/** The provider's id of the owner's current subscription, when that provider holds it. */
export async function providerSubscriptionId(db: Db, ownerId: string, billingType: BillingType): Promise<string | null> {
  const row = await getCurrentSubscriptionRow(db, ownerId);
  return row?.billingType === billingType && row.billingId ? row.billingId : null;
}

/**
 * The owner's customer id at a provider (one per paying workspace): the stored one, or one made
 * by `create` and stored. When another request stored one first, that one is used.
 */
export async function billingCustomerId(db: Db, ownerId: string, billingType: BillingType, create: () => Promise<string>): Promise<string> {
  const known = await getBillingCustomer(db, ownerId, billingType);
  if (known) return known.billingId;
  const created = await create();
  await saveBillingCustomer(db, ownerId, billingType, created);
  return (await getBillingCustomer(db, ownerId, billingType))?.billingId ?? created;
}
