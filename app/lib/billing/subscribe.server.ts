/**
 * Subscribing, shared by the pricing form, /app/get-started and the JSON call of spec 01 §7
 * (POST settings/subscription/new): which plans may be bought, whether a trial comes with it,
 * which coupon applies (spec 01 §4), and the checkout the provider starts.
 */
import type { Db } from "../../../db/client.server";
import { getCurrentSubscriptionRow, listPayableCheckoutSessions, markCheckoutExpired } from "../../../db/billing.server";
import { skipPendingOnboardingSurvey } from "../../../db/surveys.server";
import { BILLING_MESSAGES, type BillingType } from "../../../domain/billing";
import type { Coupon } from "../../../domain/coupons";
import { activePrice, getPlan, PLAN_NAMES, type BillingInterval, type Plan, type PlanName } from "../../../domain/plans";
import { couponApplies } from "../../../domain/promotion";
import type { AppEnv } from "../../env.server";
import type { Viewer } from "../../session.server";
import { currentPhase } from "../promotion.server";
import type { BillingContext } from "./context.server";
import type { BillingResult, Checkout } from "./provider.server";
import { availableBillingTypes, billingFor } from "./select.server";
import { isCardFreeTrial } from "./test-mode.server";

const DAY_MS = 86_400_000;

export type TrialEligibility = { ok: true } | { ok: false; reason: string };

/** One trial per account, on a plan that offers one, once the plan's trialDelay has passed since sign-up. */
export async function trialEligibility(viewer: Viewer, db: Db, plan: Plan, now = Date.now()): Promise<TrialEligibility> {
  if (plan.trialDays <= 0) return { ok: false, reason: "This plan has no free trial." };
  if (viewer.subscribed) return { ok: false, reason: "You already have a subscription." };
  if (await getCurrentSubscriptionRow(db, viewer.user.id)) {
    return { ok: false, reason: "Your account has already had a trial or a subscription." };
  }
  const opensAt = viewer.user.createdAt.getTime() + plan.trialDelay * DAY_MS;
  if (opensAt > now) return { ok: false, reason: `Trials open ${Math.ceil((opensAt - now) / DAY_MS)} days after sign-up.` };
  return { ok: true };
}

/**
 * Whether the owner's subscription is a card-free trial (Snip's own record, nothing to charge): a
 * plan is then bought with a checkout, as by a user without a subscription, never by a plan change
 * (which has no card to charge, and in a deployment is refused as "Online checkout is not available").
 */
export async function onCardFreeTrial(db: Db, ownerId: string): Promise<boolean> {
  return isCardFreeTrial(await getCurrentSubscriptionRow(db, ownerId));
}

/** A plan that can be bought at this interval: billable, not a custom quote, with an active price. */
export function purchasable(name: PlanName, interval: BillingInterval): Plan | null {
  const plan = getPlan(name);
  return plan.billable && !plan.custom && activePrice(plan, interval) ? plan : null;
}

/**
 * The plan and interval a "Change Plan" address names (`…/subscription/update/{plan}/{interval}`):
 * a plan that can be bought, at "monthly" or "yearly" exactly. Null for anything else, which the
 * page's loader and its action both answer 404, changing nothing (one rule for both).
 */
export function planChangeTarget(params: { subscription?: string; interval?: string }): { plan: Plan; interval: BillingInterval } | null {
  const { subscription, interval } = params;
  if (interval !== "monthly" && interval !== "yearly") return null;
  if (!subscription || !(PLAN_NAMES as readonly string[]).includes(subscription)) return null;
  const plan = purchasable(subscription as PlanName, interval);
  return plan ? { plan, interval } : null;
}

export interface SubscribeRequest {
  plan: Plan;
  interval: BillingInterval;
  /** Absent: the preferred provider. */
  billingType?: BillingType;
  /** Start with the plan's trial when the account may have one (else the trial is simply left out). */
  trial: boolean;
  /** A coupon that validated; whether it applies is the promotion's rule. */
  coupon: Coupon | null;
  origin: string;
  /**
   * The team or organization subscribed (docs/decisions/033), as the route's guard found it;
   * absent: the viewer's own personal workspace. A workspace's checkout has no trial (one trial
   * per account).
   */
  owner?: { ownerId: string; subscriptionPath: string };
}

export interface Subscribed extends Checkout {
  withTrial: boolean;
  /** Whether a coupon may apply to this checkout at all (outside the sale, or a yearly plan during it). */
  allowDiscounts: boolean;
}

export async function subscribe(env: AppEnv, db: Db, viewer: Viewer, request: SubscribeRequest): Promise<BillingResult<Subscribed>> {
  const { plan, interval } = request;
  if (!purchasable(plan.name, interval)) {
    return { ok: false, status: 422, message: BILLING_MESSAGES.subscribeFailed };
  }
  const withTrial = !request.owner && request.trial && (await trialEligibility(viewer, db, plan)).ok;
  // The remembered coupon applies outside the sale, or to yearly plans during it (spec 01 §4).
  const allowDiscounts = couponApplies(currentPhase(env), interval);
  const coupon = allowDiscounts ? request.coupon : null;
  const ownerId = request.owner?.ownerId ?? viewer.user.id;
  // One payable checkout per owner: the ones started before are closed at their provider first, so
  // two can never both be paid (two live subscriptions, one of them Snip neither shows nor cancels).
  const closed = await closeOpenCheckouts(env, db, ownerId);
  if (!closed.ok) return closed;
  const checkout = await billingFor(env, request.billingType).startCheckout({
    user: { id: viewer.user.id, email: viewer.user.email, name: viewer.user.name },
    ownerId,
    subscriptionPath: request.owner?.subscriptionPath ?? "/app/settings/subscription",
    plan: plan.name,
    interval,
    withTrial,
    coupon,
    origin: request.origin,
  });
  if (!checkout.ok) {
    // Spec 01 §8: a card checkout redirect failure marks the onboarding survey skipped. Best effort:
    // the user sees the checkout's own message whatever happens here.
    try {
      await skipPendingOnboardingSurvey(db, viewer.user.id);
    } catch (error) {
      console.error("subscribe: could not mark the onboarding survey skipped", error);
    }
    return checkout;
  }
  // `appliedCoupon` is what the provider applies: none when its account lacks the coupon (013).
  return { ok: true, value: { ...checkout.value, withTrial, allowDiscounts } };
}

/**
 * Closes the owner's checkouts that could still be paid (open, or declined and so open for another
 * card), each at the provider that made it (Stripe expires the session, Paddle cancels the
 * transaction; test mode has nothing there), and marks them expired: the test-mode page refuses an
 * expired one. One the provider reports paid stops the new checkout (406): that payment's
 * subscription is on its way. A provider that cannot be asked fails it ("Payment failed…", logged),
 * rather than leaving a second payable checkout open.
 */
export async function closeOpenCheckouts(env: AppEnv, db: Db, ownerId: string): Promise<BillingResult> {
  const available = availableBillingTypes(env);
  for (const session of await listPayableCheckoutSessions(db, ownerId)) {
    try {
      // A provider no longer configured here cannot take the payment through Snip's pages either.
      const type = session.billingType as BillingType;
      const outcome = type !== 0 && available.includes(type) ? await billingFor(env, type).closeCheckout(session) : "closed";
      if (outcome === "paid") return { ok: false, status: 406, message: BILLING_MESSAGES.checkoutAlreadyPaid };
      await markCheckoutExpired(db, session.id);
    } catch (error) {
      console.error(`subscribe: could not close checkout ${session.id} of ${ownerId}`, error instanceof Error ? error.message : error);
      return { ok: false, status: 500, message: BILLING_MESSAGES.checkoutFailed };
    }
  }
  return { ok: true, value: undefined };
}

/**
 * The ended subscription a user may start again (reactivate, spec 01 §4): the last plan and
 * interval, while they are still sold. Null while a subscription is in force, or when none ended.
 */
export async function reactivatable(
  db: Db,
  billing: Pick<BillingContext, "subscription" | "ownerId">,
): Promise<{ plan: Plan; interval: BillingInterval; endedAt: Date | null } | null> {
  if (billing.subscription) return null;
  const row = await getCurrentSubscriptionRow(db, billing.ownerId);
  if (!row || row.name === "free") return null;
  const plan = purchasable(row.name as PlanName, row.interval);
  return plan ? { plan, interval: row.interval, endedAt: row.endsAt } : null;
}

/**
 * Reactivate (spec 01 §4) an ended subscription: a checkout for the same plan and interval,
 * without a trial or coupon. Null when there is nothing to reactivate.
 */
export async function reactivate(env: AppEnv, db: Db, billing: BillingContext, origin: string): Promise<BillingResult<Subscribed> | null> {
  const ended = await reactivatable(db, billing);
  if (!ended) return null;
  return subscribe(env, db, billing.viewer, {
    plan: ended.plan,
    interval: ended.interval,
    trial: false,
    coupon: null,
    origin,
    ...(billing.owner ? { owner: billing.owner } : {}),
  });
}
