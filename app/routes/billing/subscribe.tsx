/**
 * /app/subscribe (L): where a user whose trial is past due is sent (route subscription.past_due),
 * and where any past-due subscription (a failed renewal too, issue 20) is paid.
 * The way out is a working payment method: at Stripe (its Billing Portal, where the unpaid
 * invoice is retried with the new card) or Paddle (its payment-method transaction); in test
 * mode a labelled form takes a test card. The provider's event clears the past-due state, so
 * the page refreshes every 3 seconds after the return; anyone not past due goes to the homepage.
 * Only a past-due trial is kept on this page (the past-due rule of root.tsx); a past-due
 * subscription after a failed renewal keeps the service and may come here to pay.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getCurrentSubscriptionRow } from "../../../db/billing.server";
import { BILLING_MESSAGES, BILLING_TYPES, TEST_CARDS } from "../../../domain/billing";
import { getPlan } from "../../../domain/plans";
import { isPastDue, SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import { Notice, SubmitButton } from "../../components/form-fields";
import { CardFields, TestModeCardNote } from "../../components/card-fields";
import { getCloudflare } from "../../context.server";
import { billingForSubscription } from "../../lib/billing/select.server";
import { TestModeBilling } from "../../lib/billing/test-mode.server";
import { requireUser } from "../../session.server";
import { WaitingRefresh } from "../../components/waiting-refresh";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/subscribe";
import { requestFormData } from "../../lib/form-body.server";
import { testPaymentSchema, type CardErrors } from "../../forms/payment-card";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.trial === false ? "Your payment is past due" : "Your trial has ended"} | Snip` },
];

async function pastDue(request: Request, context: Route.LoaderArgs["context"]) {
  const viewer = requireUser(request, context);
  if (!viewer.pastDueTrial && !(viewer.subscription && isPastDue(viewer.subscription))) throw redirect("/");
  const { env } = getCloudflare(context);
  const row = await getCurrentSubscriptionRow(getDb(env.DB), viewer.user.id);
  return { viewer, env, provider: billingForSubscription(env, row?.billingType ?? null) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, provider } = await pastDue(request, context);
  const updated = new URL(request.url).searchParams.has("updated");
  return {
    plan: getPlan(viewer.subject.plan).title,
    trial: viewer.pastDueTrial,
    testMode: provider.billingType === BILLING_TYPES.test,
    updated,
    // Until the payment is recorded: this page then sends its visitor on (pastDue's redirect).
    refresh: updated ? { to: "/app/subscribe?updated=1", seconds: SUBSCRIPTION_REFRESH_MS / 1000 } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, env, provider } = await pastDue(request, context);
  if (provider.billingType === BILLING_TYPES.test) {
    // The cardholder name (spec 01 §5) and the card, as the test checkout takes them.
    const form = Object.fromEntries(await requestFormData(request));
    const name = typeof form.name === "string" ? form.name : "";
    const parsed = testPaymentSchema.safeParse(form);
    if (!parsed.success) {
      const errors: CardErrors = z.flattenError(parsed.error).fieldErrors;
      return data({ error: null, errors, name }, { status: 422 });
    }
    if (parsed.data.card === TEST_CARDS.declined) return data({ error: BILLING_MESSAGES.declined, errors: {}, name }, { status: 402 });
    const paid = await new TestModeBilling(env).settlePastDue(viewer.user.id, parsed.data.card);
    if (!paid.ok) {
      const refused = paid.status === 406; // no self-serve payment outside a local run (docs/decisions/024)
      return data({ error: refused ? paid.message : BILLING_MESSAGES.checkoutFailed, errors: {}, name }, { status: refused ? 406 : 500 });
    }
    return redirect("/app/subscribe?updated=1");
  }
  const result = await provider.paymentMethodUrl(viewer.user.id, new URL("/app/subscribe?updated=1", request.url).toString());
  if (!result.ok || !result.value) return data({ error: BILLING_MESSAGES.checkoutFailed, errors: {}, name: "" }, { status: 500 });
  return redirect(result.value);
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-amber-200 bg-white p-8 shadow-sm">
        {loaderData.trial ? (
          <>
            <h1 className="text-2xl font-extrabold text-slate-900">Your {loaderData.plan} trial has ended</h1>
            <p className="mt-3 leading-7 text-slate-600">
              The payment for your subscription did not go through, so your account is paused. Your links keep redirecting; to manage them
              again, update your payment method.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold text-slate-900">Your {loaderData.plan} payment is past due</h1>
            <p className="mt-3 leading-7 text-slate-600">
              The renewal payment for your subscription did not go through. Your links keep redirecting; update your payment method to pay
              it and keep your plan.
            </p>
          </>
        )}
        <div className="mt-4 space-y-3">
          {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
          <WaitingRefresh refresh={loaderData.refresh} />
          {loaderData.updated ? <Notice tone="info">Checking your payment… this page refreshes by itself.</Notice> : null}
        </div>
        {loaderData.testMode ? (
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <TestModeCardNote />
            <CardFields name={actionData?.name} errors={actionData?.errors as CardErrors | undefined} />
            <SubmitButton>Pay and Continue</SubmitButton>
          </Form>
        ) : (
          <Form method="post" className="mt-6">
            <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
              Update Payment Method
            </button>
          </Form>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/app/pricing" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
            See the plans
          </Link>
          <Form method="post" action="/app/logout">
            <button type="submit" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
              Log out
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
