/**
 * /app/billing/test-checkout/{session} (L, owner): the local stand-in for the card provider's
 * checkout, used when no provider key is configured. Clearly labelled; the test card numbers
 * are Stripe's (4242… succeeds, 4000 0000 0000 0002 is declined). Paying sends the same
 * billing event a provider webhook would.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getCheckoutSession } from "../../../db/billing.server";
import { BILLING_MESSAGES, TEST_CARDS } from "../../../domain/billing";
import { getPlan, type PlanName } from "../../../domain/plans";
import { Notice, SubmitButton } from "../../components/form-fields";
import { CardFields } from "../../components/card-fields";
import { getCloudflare } from "../../context.server";
import { subscriptionPathOf } from "../../lib/billing/context.server";
import { checkoutRefusal } from "../../lib/billing/payer.server";
import { TestModeBilling } from "../../lib/billing/test-mode.server";
import { actorOf } from "../../lib/organizations/access.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/test-checkout";
import { requestFormData } from "../../lib/form-body.server";
import { testPaymentSchema } from "../../forms/payment-card";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Test-mode checkout | Snip" }, { name: "robots", content: "noindex" }];

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

async function openSession(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  // The test-mode checkout exists in local runs only (docs/decisions/024).
  if (!new TestModeBilling(env).takesTestPayments) throw data("Not Found", { status: 404 });
  const session = await getCheckoutSession(getDb(env.DB), viewer.user.id, id);
  // Only test-mode sessions are paid here; a provider's checkout happens at the provider.
  if (!session || session.billingType !== 0) throw data("Not Found", { status: 404 });
  if (session.status === "paid")
    throw redirect(`${await subscriptionPathOf(getDb(env.DB), session.ownerId ?? session.userId)}/success?session=${session.id}`);
  // Asked on every view and again on paying: the viewer may still pay for the owner, the checkout
  // was not replaced by a newer one, and no paid subscription is in force there already.
  const refusal = await checkoutRefusal(getDb(env.DB), actorOf(viewer), session);
  return { session, refusal };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { session, refusal } = await openSession(request, context, params.session);
  return data(
    {
      plan: getPlan(session.plan as PlanName).title,
      interval: session.interval,
      amount: money(session.amount),
      firstAmount: session.firstAmount !== session.amount ? money(session.firstAmount) : null,
      coupon: session.coupon,
      trialDays: session.trialDays,
      declined: session.status === "declined",
      refused: refusal?.message ?? null,
    },
    refusal ? { status: refusal.status } : undefined,
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, refusal } = await openSession(request, context, params.session);
  if (refusal) return data({ errors: {} as { name?: string[]; card?: string[] }, message: refusal.message }, { status: refusal.status });
  const parsed = testPaymentSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  if (!parsed.success) {
    const errors: { name?: string[]; card?: string[] } = z.flattenError(parsed.error).fieldErrors;
    return data({ errors, message: null }, { status: 422 });
  }
  const billing = new TestModeBilling(getCloudflare(context).env);
  if (parsed.data.card === TEST_CARDS.declined) {
    await billing.decline(session);
    return data({ errors: {} as { name?: string[]; card?: string[] }, message: BILLING_MESSAGES.declined }, { status: 402 });
  }
  await billing.completeCheckout(session, parsed.data.card);
  // Back to the page of the owner subscribed (the user's, a team's or an organization's).
  const env = getCloudflare(context).env;
  return redirect(`${await subscriptionPathOf(getDb(env.DB), session.ownerId ?? session.userId)}/success?session=${session.id}`);
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <p className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-sm font-bold text-amber-900" role="note">
        TEST MODE — no payment provider is configured, so no real payment is taken. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002
        for a declined card.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold text-slate-900">
          {loaderData.plan}, {loaderData.interval === "yearly" ? "yearly" : "monthly"}
        </h1>
        <p className="mt-2 text-slate-600">
          {loaderData.trialDays > 0 ? `${loaderData.trialDays}-day free trial, then ${loaderData.amount}` : loaderData.amount}{" "}
          {loaderData.interval === "yearly" ? "a year" : "a month"}
        </p>
        {loaderData.coupon ? (
          <p className="mt-2 text-sm font-semibold text-emerald-700" data-testid="coupon">
            Coupon {loaderData.coupon}: the first payment is {loaderData.firstAmount ?? loaderData.amount}
          </p>
        ) : null}
        {loaderData.refused ? (
          <div className="mt-6" data-testid="checkout-refused">
            <Notice tone="error">{loaderData.refused}</Notice>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4" noValidate>
            {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
            <CardFields errors={actionData?.errors} card="4242 4242 4242 4242" />
            <SubmitButton>{loaderData.trialDays > 0 ? "Start Trial" : `Pay ${loaderData.amount}`}</SubmitButton>
          </Form>
        )}
        <Link to="/app/pricing" className="mt-4 inline-block text-sm font-semibold text-slate-600 hover:underline">
          Cancel and go back to the plans
        </Link>
      </div>
    </div>
  );
}
