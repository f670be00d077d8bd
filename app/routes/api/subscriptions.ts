/**
 * GET /app/api/subscriptions?billing_type= (spec 01 §7): the plans offered (spec 01 §4: active,
 * not hidden, billable, ascending price for the interval, yearly by default), each with its
 * price entries (spec 01 §3), and the signed-in user's current and future subscription.
 */
import { z } from "zod";
import { API_MESSAGES } from "../../../domain/api-messages";
import { DEFAULT_BILLING_INTERVAL, PLANS, plansOffered, type Plan } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, zodFieldErrors } from "../../lib/api.server";
import { billingTypeField, configuredBillingType } from "../../lib/billing/api-fields.server";
import { availableBillingTypes } from "../../lib/billing/select.server";
import { subscriptionJson } from "../../lib/state.server";
import { getViewer } from "../../session.server";
import type { Route } from "./+types/subscriptions";

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

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return apiError(422, API_MESSAGES.invalidData, zodFieldErrors(parsed.error));
  const { billing_type, interval } = parsed.data;
  const { env } = getCloudflare(context);
  const available = availableBillingTypes(env);
  const chosen = configuredBillingType(env, billing_type);
  const viewer = getViewer(context);
  const now = new Date();
  return json({
    data: {
      interval,
      billing_type: chosen ?? available[0],
      billing_types: available,
      plans: plansOffered(PLANS, { billable: true, interval }).map(planJson),
      current: viewer ? subscriptionJson(viewer.subscription, now) : null,
      future: viewer ? subscriptionJson(viewer.futureSubscription, now) : null,
    },
  });
}

export const action = methodNotAllowed("GET");
