/**
 * /app/settings/payment-method (L): the card on file (brand, last four digits, expiry, country
 * from billing_customers, as the provider's events told them) and the way to change it: the
 * Stripe Billing Portal, Paddle's payment-method transaction, or, in test mode, a labelled
 * form taking a test card. Shown to subscribers and to anyone with a card on file.
 */
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getCurrentSubscriptionRow, listBillingCustomers } from "../../../db/billing.server";
import { BILLING_MESSAGES, BILLING_TYPES, TEST_CARDS } from "../../../domain/billing";
import { SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import { Notice, SubmitButton } from "../../components/form-fields";
import { CardFields, TestModeCardNote } from "../../components/card-fields";
import { SettingsCard, SettingsHeading, settingsButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { billingForSubscription } from "../../lib/billing/select.server";
import { TestModeBilling } from "../../lib/billing/test-mode.server";
import { WaitingRefresh } from "../../components/waiting-refresh";
import type { RouteHandle } from "../../route-handle";
import { requireUser, type Viewer } from "../../session.server";
import type { Route } from "./+types/payment-method";
import { requestFormData } from "../../lib/form-body.server";
import { testCardOnFileSchema, type CardErrors } from "../../forms/payment-card";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Payment Method | Snip" }];

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  paypal: "PayPal",
};

async function load(request: Request, context: Route.LoaderArgs["context"]) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const [customers, row] = await Promise.all([listBillingCustomers(db, viewer.user.id), getCurrentSubscriptionRow(db, viewer.user.id)]);
  const card = customers.find((c) => c.pmType !== null) ?? null;
  if (!viewer.subscribed && !card) throw redirect("/app/settings/subscription");
  return { viewer, env, card, provider: billingForSubscription(env, row?.billingType ?? card?.billingType ?? null) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { card, provider } = await load(request, context);
  const updated = new URL(request.url).searchParams.has("updated");
  return {
    updated,
    refresh: updated ? { to: "/app/settings/payment-method", seconds: SUBSCRIPTION_REFRESH_MS / 1000 } : null,
    testMode: provider.billingType === BILLING_TYPES.test,
    card: card
      ? {
          brand: BRANDS[card.pmType ?? ""] ?? card.pmType ?? "Card",
          lastFour: card.pmLastFour,
          expiration: card.pmExpiration,
          country: card.pmCountry,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, env, provider } = await load(request, context);
  const form = Object.fromEntries(await requestFormData(request));
  if (provider.billingType === BILLING_TYPES.test) return updateTestCard(viewer, env, form);
  const result = await provider.paymentMethodUrl(viewer.user.id, new URL("/app/settings/payment-method?updated=1", request.url).toString());
  if (!result.ok || !result.value) {
    return data({ error: result.ok ? BILLING_MESSAGES.updateFailed : result.message, errors: {}, name: "" }, { status: 422 });
  }
  return redirect(result.value);
}

async function updateTestCard(viewer: Viewer, env: ReturnType<typeof getCloudflare>["env"], form: Record<string, unknown>) {
  // The cardholder name (spec 01 §5), the card and its expiry.
  const name = typeof form.name === "string" ? form.name : "";
  const parsed = testCardOnFileSchema.safeParse(form);
  if (!parsed.success) {
    const errors: CardErrors = z.flattenError(parsed.error).fieldErrors;
    return data({ error: null, errors, name }, { status: 422 });
  }
  const billing = new TestModeBilling(env);
  if (!billing.takesTestPayments) return data({ error: BILLING_MESSAGES.noSelfServe, errors: {}, name }, { status: 406 });
  if (parsed.data.card === TEST_CARDS.declined) return data({ error: BILLING_MESSAGES.declined, errors: {}, name }, { status: 402 });
  await billing.updatePaymentMethod(viewer.user.id, { number: parsed.data.card, expiration: parsed.data.expiration });
  return redirect("/app/settings/payment-method?updated=1");
}

export default function PaymentMethod({ loaderData, actionData }: Route.ComponentProps) {
  const { card, testMode, updated } = loaderData;
  const errors = actionData?.errors as CardErrors | undefined;
  return (
    <>
      <SettingsHeading title="Payment Method" lead="The card your subscription is charged to." />
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <WaitingRefresh refresh={loaderData.refresh} />
      {updated ? <Notice tone="info">Updating your payment method… this page refreshes in a moment.</Notice> : null}
      <div className="mt-4 space-y-6">
        <SettingsCard title="Card on file">
          {card ? (
            <p className="text-sm text-slate-700" data-testid="card-on-file">
              <span className="font-semibold text-slate-900">{card.brand}</span>
              {card.lastFour ? ` ending in ${card.lastFour}` : ""}
              {card.expiration ? `, expires ${card.expiration}` : ""}
              {card.country ? ` (${card.country})` : ""}
            </p>
          ) : (
            <p className="text-sm text-slate-700" data-testid="card-on-file">
              No payment method on file.
            </p>
          )}
          {testMode ? null : (
            <Form method="post" className="mt-5">
              <button type="submit" className={settingsButton}>
                {card ? "Update Payment Method" : "Add Payment Method"}
              </button>
            </Form>
          )}
        </SettingsCard>
        {testMode ? (
          <SettingsCard title="Update card">
            <TestModeCardNote className="mb-4" />
            <Form method="post" className="space-y-4" noValidate>
              <CardFields name={actionData?.name} errors={errors} expiration />
              <SubmitButton>Save Card</SubmitButton>
            </Form>
          </SettingsCard>
        ) : null}
      </div>
    </>
  );
}
