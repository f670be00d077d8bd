/**
 * GET subscriptions (spec 01 §7) in every context: the plans offered (spec 01 §4: active, not
 * hidden, billable, ascending price for the interval, yearly by default), each with its price
 * entries (spec 01 §3), and the billing owner's current and future subscription (the signed-in
 * user's, a team's or an organization's, docs/decisions/033).
 */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { API_MESSAGES } from "../../../domain/api-messages";
import { DEFAULT_BILLING_INTERVAL, PLANS, plansOffered, type Plan } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { apiError, json, zodFieldErrors } from "../api.server";
import { subscriptionJson } from "../state.server";
import { billingTypeField, configuredBillingType } from "./api-fields.server";
import type { BillingContext } from "./context.server";
import { availableBillingTypes } from "./select.server";

const querySchema = z.object({
  billing_type: billingTypeField.optional(),
  interval: z.enum(["monthly", "yearly"], { error: "The interval must be monthly or yearly." }).default(DEFAULT_BILLING_INTERVAL),
});

function planJson(plan: Plan) {
  return {
    name: plan.name,
    title: plan.title,
    group: plan.group,
    popular: plan.popular,
    custom: plan.custom,
    trialDays: plan.trialDays,
    trialDelay: plan.trialDelay,
    forcePaymentMethod: plan.forcePaymentMethod,
    allowIntervalDowngrade: plan.allowIntervalDowngrade,
    prices: plan.prices.map((price) => ({
      active: price.active,
      interval: price.interval,
      price: { amount: price.amount, currency: price.currency },
      features: plan.features,
      options: plan.options,
      // Usage past the limit is metered when overages are on (spec 01 §9).
      metered_by: "active_aliases",
    })),
  };
}

export function plansCall(request: Request, context: Readonly<RouterContextProvider>, billing: BillingContext | null): Response {
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return apiError(422, API_MESSAGES.invalidData, zodFieldErrors(parsed.error));
  const { billing_type, interval } = parsed.data;
  const { env } = getCloudflare(context);
  const available = availableBillingTypes(env);
  const chosen = configuredBillingType(env, billing_type);
  const now = new Date();
  return json({
    data: {
      interval,
      billing_type: chosen ?? available[0],
      billing_types: available,
      plans: plansOffered(PLANS, { billable: true, interval }).map(planJson),
      current: billing ? subscriptionJson(billing.subscription, now) : null,
      future: billing ? subscriptionJson(billing.futureSubscription, now) : null,
    },
  });
}
