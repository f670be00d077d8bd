/**
 * GET /app/api/settings/payment-method?subscription=&subscription_type=&billing_type= (spec 01 §7):
 * where the user changes the card their subscription is charged to. The data's `url` opens the
 * provider's checkout for it (Stripe's Billing Portal, Paddle's payment-method transaction), or
 * the settings page's labelled form in test mode; `card` is the card on file.
 */
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getCurrentSubscriptionRow, listBillingCustomers } from "../../../db/billing.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { PLAN_NAMES } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, requireApiViewer, zodFieldErrors } from "../../lib/api.server";
import { billingTypeField } from "../../lib/billing/api-fields.server";
import { billingForSubscription } from "../../lib/billing/select.server";
import type { Route } from "./+types/settings.payment-method";

const PAGE = "/app/settings/payment-method";

const querySchema = z.object({
  subscription: z.enum(PLAN_NAMES, { error: "Choose one of the plans offered." }).optional(),
  subscription_type: z.literal("default", { error: "Only the default subscription type is paid here." }).optional(),
  billing_type: billingTypeField.optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return apiError(422, API_MESSAGES.invalidData, zodFieldErrors(parsed.error));
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const [customers, row] = await Promise.all([listBillingCustomers(db, viewer.user.id), getCurrentSubscriptionRow(db, viewer.user.id)]);
  const card = customers.find((c) => c.pmType !== null) ?? null;
  if (!row && !card) return apiError(406, "You have no subscription or card on file.");
  const provider = billingForSubscription(env, row?.billingType ?? card?.billingType ?? parsed.data.billing_type ?? null);
  const result = await provider.paymentMethodUrl(viewer.user.id, new URL(`${PAGE}?updated=1`, request.url).toString());
  if (!result.ok)
    return json({ message: BILLING_MESSAGES.checkoutFailed, error: { message: BILLING_MESSAGES.checkoutFailed } }, { status: 502 });
  return json({
    data: {
      billing_type: provider.billingType,
      url: result.value ?? PAGE,
      card: card ? { type: card.pmType, last_four: card.pmLastFour, expiration: card.pmExpiration, country: card.pmCountry } : null,
    },
  });
}

export const action = methodNotAllowed("GET");
