/**
 * Which billing provider: Stripe (billing type 1) when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, Paddle (2) when PADDLE_API_KEY and PADDLE_WEBHOOK_SECRET are,
 * and the labelled test mode (0) otherwise, in local runs only (docs/decisions/013, 024): a
 * deployment without a provider has no self-serve checkout, never a free upgrade.
 */
import { BILLING_TYPES, type BillingType } from "../../../domain/billing";
import { isLocalDev, type AppEnv } from "../../env.server";
import { PaddleBilling } from "./paddle.server";
import type { BillingProvider } from "./provider.server";
import { StripeBilling } from "./stripe.server";
import { TestModeBilling } from "./test-mode.server";

/** The billing types that can take a new subscription here, the preferred one first. */
export function availableBillingTypes(env: AppEnv): BillingType[] {
  const types: BillingType[] = [];
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) types.push(BILLING_TYPES.stripe);
  if (env.PADDLE_API_KEY && env.PADDLE_WEBHOOK_SECRET) types.push(BILLING_TYPES.paddle);
  if (types.length === 0 && isLocalDev(env)) types.push(BILLING_TYPES.test);
  return types;
}

/** Whether plans can be bought here without talking to sales: a provider (or a local run's test mode). */
export function selfServeCheckout(env: AppEnv): boolean {
  return availableBillingTypes(env).length > 0;
}

/**
 * The provider of a billing type (an existing subscription's, or the one chosen at checkout),
 * or the preferred one. A type that is not configured falls back to the preferred provider.
 */
export function billingFor(env: AppEnv, billingType?: BillingType | null): BillingProvider {
  const available = availableBillingTypes(env);
  // No provider outside a local run: test mode, which keeps Snip's own records (card-free
  // trials, cancel) but refuses every payment there (TestModeBilling).
  const type = billingType !== undefined && billingType !== null && available.includes(billingType) ? billingType : available[0];
  if (type === BILLING_TYPES.stripe) return new StripeBilling(env);
  if (type === BILLING_TYPES.paddle) return new PaddleBilling(env);
  return new TestModeBilling(env);
}

/**
 * The provider that holds a user's subscription: Stripe and Paddle subscriptions are changed
 * there; records made without a provider (a card-free trial, test mode, the seed) locally.
 */
export function billingForSubscription(env: AppEnv, billingType: number | null): BillingProvider {
  if (billingType === BILLING_TYPES.stripe || billingType === BILLING_TYPES.paddle) return billingFor(env, billingType);
  return new TestModeBilling(env);
}
