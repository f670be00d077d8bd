/**
 * /app/shopping-cart/pay/{orderId} (L, the order's owner; docs/decisions/043, 049): the payment of
 * a new order.
 *
 * - Stripe or Paddle (the order's provider, configured): "Pay" goes to the provider's checkout,
 *   made by the server from the order as stored (lib/billing/order-payments.server.ts); the
 *   provider's verified webhook authorizes the order. Stripe's cancel link comes back here.
 * - Test mode, the local stand-in for the card provider (local runs only, like
 *   /app/billing/test-checkout). Clearly labelled; 4242… pays, 4000 0000 0000 0002 is declined.
 *   Paying authorizes the order once (a second post finds it authorized and takes nothing) and
 *   queues its registration.
 */
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getUserOrder, listOrderItems } from "../../../db/orders.server";
import { BILLING_TYPES, TEST_CARDS } from "../../../domain/billing";
import { formatMoney, ORDER_MESSAGES, ORDER_STATUS } from "../../../domain/orders";
import { CartErrorPage } from "../../components/cart-refusal";
import { Notice, SubmitButton } from "../../components/form-fields";
import { CardFields } from "../../components/card-fields";
import { getCloudflare } from "../../context.server";
import { startOrderPayment } from "../../lib/billing/order-payments.server";
import { availableBillingTypes } from "../../lib/billing/select.server";
import { TestModeBilling } from "../../lib/billing/test-mode.server";
import { authorizeOrder, cartRefusalFor, repriceOpenOrder } from "../../lib/orders.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/pay";
import { requestFormData } from "../../lib/form-body.server";
import { testPaymentSchema } from "../../forms/payment-card";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.provider ? "Pay your order | Snip" : "Test-mode payment | Snip" },
  { name: "robots", content: "noindex" },
];

const PROVIDER_NAMES: Record<number, string> = { [BILLING_TYPES.stripe]: "Stripe", [BILLING_TYPES.paddle]: "Paddle" };

/** The viewer's own new order, payable here: by its provider when that is configured, in test mode in local runs. */
async function openOrder(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  // Paying is a cart change: refused 'Permission denied' in a team (spec 01 §5, decision 053).
  if ((await cartRefusalFor(env, viewer, request)) === "team")
    throw data({ message: ORDER_MESSAGES.permissionDenied, refusal: "team" }, { status: 403 });
  const order = await getUserOrder(getDb(env.DB), viewer.user.id, id);
  if (!order) throw data("Not Found", { status: 404 });
  const payable =
    order.billingType === BILLING_TYPES.test
      ? new TestModeBilling(env).takesTestPayments
      : order.billingType in PROVIDER_NAMES && availableBillingTypes(env).includes(order.billingType as 1 | 2);
  if (!payable) throw data("Not Found", { status: 404 });
  if (order.status !== ORDER_STATUS.new) throw redirect(`/app/shopping-cart/success?order=${order.id}`);
  return { env, order, viewer };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env, order } = await openOrder(request, context, params.orderId);
  const items = await listOrderItems(getDb(env.DB), [order.id]);
  const failed = new URL(request.url).searchParams.get("failed") === "1";
  return {
    domains: items.map((i) => i.domain),
    total: formatMoney(order.total),
    provider: PROVIDER_NAMES[order.billingType] ?? null,
    message: failed ? ORDER_MESSAGES.paymentFailed : null,
    // The previous checkout expired unpaid (decision 051): "Pay" makes a new one.
    expired: order.checkoutRef === null && order.expiredCheckoutRef !== null ? ORDER_MESSAGES.checkoutExpired : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { env, order: opened, viewer } = await openOrder(request, context, params.orderId);
  // The discount rechecked before any payment: a changed total is shown, not charged.
  const order = await repriceOpenOrder(env, viewer, opened);
  const priceChanged = order.total !== opened.total;
  if (order.billingType !== BILLING_TYPES.test) {
    if (priceChanged)
      return data({ errors: {} as { name?: string[]; card?: string[] }, message: ORDER_MESSAGES.priceChanged, name: "" }, { status: 409 });
    // The provider's checkout, made from the order as stored: nothing in the form counts.
    const started = await startOrderPayment(env, order, viewer.user, new URL(request.url).origin);
    if (!started.ok)
      return data({ errors: {} as { name?: string[]; card?: string[] }, message: ORDER_MESSAGES.paymentFailed, name: "" }, { status: 502 });
    return redirect(started.url);
  }
  const parsed = testPaymentSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  if (!parsed.success) {
    const errors: { name?: string[]; card?: string[] } = z.flattenError(parsed.error).fieldErrors;
    return data({ errors, message: null, name: "" }, { status: 422 });
  }
  if (parsed.data.card === TEST_CARDS.declined)
    return data(
      { errors: {} as { name?: string[]; card?: string[] }, message: ORDER_MESSAGES.paymentFailed, name: parsed.data.name },
      { status: 402 },
    );
  if (priceChanged)
    return data(
      { errors: {} as { name?: string[]; card?: string[] }, message: ORDER_MESSAGES.priceChanged, name: parsed.data.name },
      { status: 409 },
    );
  await authorizeOrder(env, order, `pi_test_${order.id.replaceAll("-", "")}`);
  return redirect(`/app/shopping-cart/success?order=${order.id}`);
}

export default function PayOrder({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.provider) {
    const message = actionData?.message ?? loaderData.message;
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-extrabold text-slate-900">Domain order</h1>
          <p className="mt-2 text-slate-600">{loaderData.domains.join(", ")}</p>
          <p className="mt-2 text-sm text-slate-600">You pay on {loaderData.provider}&apos;s secure checkout.</p>
          <Form method="post" className="mt-6 space-y-4">
            {message ? <Notice tone="error">{message}</Notice> : null}
            {!message && loaderData.expired ? <Notice tone="info">{loaderData.expired}</Notice> : null}
            <SubmitButton>{`Pay ${loaderData.total}`}</SubmitButton>
          </Form>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <p className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-sm font-bold text-amber-900" role="note">
        TEST MODE — no payment provider is configured, so no real payment is taken. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002
        for a declined card.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold text-slate-900">Domain order</h1>
        <p className="mt-2 text-slate-600">{loaderData.domains.join(", ")}</p>
        <Form method="post" className="mt-6 space-y-4" noValidate>
          {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
          <CardFields name={actionData?.name ?? ""} errors={actionData?.errors} card="4242 4242 4242 4242" />
          <SubmitButton>{`Pay ${loaderData.total}`}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}

/** Paying refused in a team: 'Permission denied', and the way back to the account (decision 053). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CartErrorPage error={error} />;
}
