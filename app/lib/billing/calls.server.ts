/**
 * The subscription calls of spec 01 §7 for one billing owner (docs/decisions/016, 033), served in
 * every context: the user's (`settings/subscription`, app/routes/api/settings.subscription.ts), a
 * team's (`organization/{o}/team/{t}/subscription`) and an organization's
 * (`organization/{o}/subscription`, app/routes/organizations/api/subscription.ts):
 *
 *   POST   …/new         subscribe: {billing_type, subscription, interval, currency, type, trial, coupon?}
 *   PUT    …/update      change plan or interval: {billing_type, subscription, interval, currency, type}
 *   DELETE …             cancel at the period's end ({billing_type})
 *   DELETE …/now         cancel at once
 *   PUT    …/resume      undo a cancel during the grace period
 *   DELETE …/scheduled   cancel the scheduled downgrade
 *   PATCH  …/reactivate  a cancelled subscription again (resume, or a new checkout once ended)
 *
 * A change is applied by the provider's event, so it answers 202 and the client refreshes its
 * state after 3 seconds (spec 01 §4). Subscribing answers the checkout data (spec 01 §7).
 * Errors per spec 01 §8: 402 declined (with the payment method page), 406 the server's
 * message, 422 field errors, otherwise the generic text. The caller's route has guarded the
 * owner before `dispatchSubscriptionCall` runs.
 */
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { findCoupon } from "../../../domain/coupons";
import { PLAN_NAMES } from "../../../domain/plans";
import { hasScheduledDowngrade, isActive, onGracePeriod, SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import type { RouterContextProvider } from "react-router";
import { getCloudflare } from "../../context.server";
import { readCouponCode } from "../../cookies.server";
import { apiError, json, validateBody } from "../api.server";
import { changeIsScheduled, changeSubscription } from "./actions.server";
import { billingTypeField, configuredBillingType } from "./api-fields.server";
import type { BillingContext } from "./context.server";
import type { BillingResult } from "./provider.server";
import { onCardFreeTrial, purchasable, reactivate, subscribe, type Subscribed } from "./subscribe.server";

type Context = Readonly<RouterContextProvider>;

/** Spec 01 §4: the state is refreshed this long after a change. */
const accepted = (extra: Record<string, unknown> = {}) =>
  json({ data: { pending: true, refresh_after_ms: SUBSCRIPTION_REFRESH_MS, ...extra } }, { status: 202 });

/** Messages of the plan fields (spec 01 §8: a 422 lists them), the same in the settings page's subscribe form. */
export const PLAN_FIELD_MESSAGES = {
  plan: "Choose one of the plans offered.",
  interval: "The interval must be monthly or yearly.",
  notPurchasable: "This plan cannot be bought at this interval.",
  alreadySubscribed: "You already have a subscription: change its plan instead.",
} as const;

const planFields = {
  billing_type: billingTypeField.optional(),
  subscription: z.enum(PLAN_NAMES, { error: PLAN_FIELD_MESSAGES.plan }),
  interval: z.enum(["monthly", "yearly"], { error: PLAN_FIELD_MESSAGES.interval }),
  currency: z
    .string({ error: "The currency must be USD." })
    .trim()
    .toUpperCase()
    .pipe(z.literal("USD", { error: "The currency must be USD." }))
    .optional(),
  type: z.literal("default", { error: "Only the default subscription type can be bought here." }).optional(),
};

/** Messages of the subscribe call's own fields, never zod's "Invalid input" (spec 01 §8: a 422 lists them). */
export const SUBSCRIBE_FIELD_MESSAGES = {
  trial: "The trial field must be true or false.",
  coupon: "This coupon is not valid.",
} as const;

const boolish = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on"]).transform((v) => v !== "false" && v !== "0")], {
  error: SUBSCRIBE_FIELD_MESSAGES.trial,
});

export const subscribeSchema = z.object({
  ...planFields,
  trial: boolish.optional().default(false),
  coupon: z
    .string({ error: SUBSCRIBE_FIELD_MESSAGES.coupon })
    .trim()
    .max(64, "The coupon may not be longer than 64 characters.")
    .optional(),
});
const updateSchema = z.object(planFields);
const cancelSchema = z.object({ billing_type: billingTypeField.optional() });

/** A provider's refusal as spec 01 §8 answers it. */
function refusal(billing: BillingContext, result: Extract<BillingResult, { ok: false }>, otherwise: string): Response {
  if (result.status === 402) return json({ message: BILLING_MESSAGES.declined, payment_url: billing.paymentMethodPath }, { status: 402 });
  if (result.status === 406) return apiError(406, result.message);
  if (result.status === 422 && result.fieldErrors) return apiError(422, otherwise, result.fieldErrors);
  return json({ message: otherwise, error: { message: otherwise } }, { status: result.status === 400 ? 400 : 500 });
}

/** The checkout data of spec 01 §7. */
function checkoutJson(checkout: Subscribed) {
  return {
    session_id: checkout.sessionId,
    transaction_id: checkout.transactionId,
    url: checkout.url,
    customer: { id: checkout.customerId, auth_token: null },
    prices: checkout.priceIds.map((price_id) => ({ price_id })),
    discount_code: checkout.appliedCoupon,
    allow_discounts: checkout.allowDiscounts,
    payment_method: null,
    payment_methods: checkout.paymentMethods,
    locale: "en",
    trial: checkout.withTrial,
  };
}

async function subscribeCall(request: Request, context: Context, billing: BillingContext): Promise<Response> {
  const { env } = getCloudflare(context);
  const input = await validateBody(request, subscribeSchema);
  const plan = purchasable(input.subscription, input.interval);
  if (!plan) throw apiError(422, API_MESSAGES.invalidData, { subscription: [PLAN_FIELD_MESSAGES.notPurchasable] });
  // A card-free trial is bought with a checkout like no subscription (it has no card to charge).
  if (billing.subscribed && !(await onCardFreeTrial(getDb(env.DB), billing.ownerId))) {
    throw apiError(422, API_MESSAGES.invalidData, { subscription: [PLAN_FIELD_MESSAGES.alreadySubscribed] });
  }
  // The coupon sent, or the one remembered for the session; a code that does not validate is refused.
  const code = input.coupon ?? (await readCouponCode(request));
  const coupon = findCoupon(code);
  if (input.coupon && !coupon) throw apiError(422, API_MESSAGES.invalidData, { coupon: ["This coupon is not valid."] });
  const result = await subscribe(env, getDb(env.DB), billing.viewer, {
    plan,
    interval: input.interval,
    billingType: configuredBillingType(env, input.billing_type),
    trial: input.trial,
    coupon,
    origin: new URL(request.url).origin,
    ...(billing.owner ? { owner: billing.owner } : {}),
  });
  if (!result.ok) return refusal(billing, result, BILLING_MESSAGES.subscribeFailed);
  return json({ data: checkoutJson(result.value) });
}

async function updateCall(request: Request, context: Context, billing: BillingContext): Promise<Response> {
  const { env } = getCloudflare(context);
  const input = await validateBody(request, updateSchema);
  const sub = billing.subscription;
  if (!billing.subscribed || !sub) return apiError(406, "You have no subscription to change. Subscribe to a plan instead.");
  const plan = purchasable(input.subscription, input.interval);
  if (!plan) throw apiError(422, API_MESSAGES.invalidData, { subscription: [PLAN_FIELD_MESSAGES.notPurchasable] });
  if (sub.name === plan.name && sub.interval === input.interval) return apiError(406, "You are already on this plan.");
  const to = { name: plan.name, interval: input.interval };
  const scheduled = await changeIsScheduled(env, billing.ownerId, sub, to);
  const result = await changeSubscription(env, billing.ownerId, { kind: "plan", plan: plan.name, interval: input.interval });
  if (!result.ok) return refusal(billing, result, BILLING_MESSAGES.updateFailed);
  return accepted({ scheduled, starts_at: scheduled ? (sub.periodEndsAt?.toISOString() ?? null) : null });
}

async function changeCall(context: Context, billing: BillingContext, change: Parameters<typeof changeSubscription>[2]): Promise<Response> {
  const result = await changeSubscription(getCloudflare(context).env, billing.ownerId, change);
  return result.ok ? accepted() : refusal(billing, result, BILLING_MESSAGES.updateFailed);
}

/** Reactivate: during the grace period the cancel is undone; once ended, a new checkout for the same plan. */
async function reactivateCall(request: Request, context: Context, billing: BillingContext): Promise<Response> {
  const now = new Date();
  const sub = billing.subscription;
  if (sub && onGracePeriod(sub, now)) return changeCall(context, billing, { kind: "resume" });
  if (sub && isActive(sub, now)) return apiError(406, "Your subscription is active.");
  const { env } = getCloudflare(context);
  const result = await reactivate(env, getDb(env.DB), billing, new URL(request.url).origin);
  if (!result) return apiError(406, "You have no cancelled subscription to reactivate.");
  if (!result.ok) return refusal(billing, result, BILLING_MESSAGES.subscribeFailed);
  return json({ data: checkoutJson(result.value) });
}

type Handler = (request: Request, context: Context, billing: BillingContext) => Promise<Response>;

/** What each method does at each path (op = the segment after settings/subscription). */
const CALLS: Record<string, Partial<Record<string, Handler>>> = {
  "": {
    DELETE: async (request, context, billing) => {
      await validateBody(request, cancelSchema);
      const sub = billing.subscription;
      if (!billing.subscribed || !sub) return apiError(406, "You have no subscription to cancel.");
      if (onGracePeriod(sub, new Date())) return apiError(406, "Your subscription is already cancelled.");
      return changeCall(context, billing, { kind: "cancel", immediately: false });
    },
  },
  now: {
    DELETE: async (request, context, billing) => {
      await validateBody(request, cancelSchema);
      if (!billing.subscribed) return apiError(406, "You have no subscription to cancel.");
      return changeCall(context, billing, { kind: "cancel", immediately: true });
    },
  },
  new: { POST: subscribeCall },
  update: { PUT: updateCall },
  resume: {
    PUT: async (_request, context, billing) => {
      const sub = billing.subscription;
      if (!sub || !onGracePeriod(sub, new Date())) return apiError(406, "Your subscription is not cancelled.");
      return changeCall(context, billing, { kind: "resume" });
    },
  },
  scheduled: {
    DELETE: async (_request, context, billing) => {
      if (!hasScheduledDowngrade(billing.futureSubscription)) return apiError(406, "There is no scheduled downgrade.");
      return changeCall(context, billing, { kind: "cancel-scheduled" });
    },
  },
  reactivate: { PATCH: reactivateCall },
};

/**
 * The method and path checked first (an unknown one is 404/405 before any guard), then `guard`
 * (signed in, and for a team or organization the route's permission) gives the billing owner.
 */
export async function dispatchSubscriptionCall(
  request: Request,
  context: Context,
  op: string | undefined,
  guard: () => Promise<BillingContext> | BillingContext,
): Promise<Response> {
  const calls = CALLS[op ?? ""];
  if (!calls) return apiError(404, API_MESSAGES.notFound);
  const handler = calls[request.method];
  if (!handler) return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: Object.keys(calls).join(", ") });
  return handler(request, context, await guard());
}
