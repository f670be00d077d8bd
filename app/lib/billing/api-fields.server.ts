/**
 * The billing_type field of the subscription calls (spec 01 §7), shared by their routes: a
 * number (from JSON or a query string) that names a billing type, and the check that the
 * provider it names is configured here.
 */
import { z } from "zod";
import { API_MESSAGES } from "../../../domain/api-messages";
import type { BillingType } from "../../../domain/billing";
import type { AppEnv } from "../../env.server";
import { apiError } from "../api.server";
import { availableBillingTypes } from "./select.server";

const BILLING_TYPE_MESSAGE = "The billing type must be 1 (card) or 2 (Paddle).";

/** 0 (the preferred provider), 1 Stripe or 2 Paddle. */
export const billingTypeField = z.coerce
  .number({ error: BILLING_TYPE_MESSAGE })
  .int(BILLING_TYPE_MESSAGE)
  .min(0, BILLING_TYPE_MESSAGE)
  .max(2, BILLING_TYPE_MESSAGE);

/** The billing type asked for (undefined: the preferred one), or a thrown 422 when that provider is not configured. */
export function configuredBillingType(env: AppEnv, asked: number | undefined): BillingType | undefined {
  if (asked === undefined || asked === 0) return undefined;
  if (!availableBillingTypes(env).includes(asked as BillingType)) {
    throw apiError(422, API_MESSAGES.invalidData, { billing_type: ["This payment provider is not available."] });
  }
  return asked as BillingType;
}
