/**
 * /paddle/payment (L): Paddle's default payment link. With `?_ptxn=txn_...` Paddle.js opens its
 * checkout for that transaction (a new subscription, or a payment-method change); once paid,
 * Paddle's webhook activates the subscription and the browser goes to the success page.
 * Closing the checkout goes back to where the payment was started (pricing or payment method).
 * Paddle.js comes from PADDLE_JS_URL (Paddle's CDN; the local stub's stand-in in tests).
 * Without Paddle configured, a test-mode session is handed to the test-mode checkout.
 * With `&order=` it pays a domain order (docs/decisions/049): the viewer's own new Paddle order,
 * whose transaction is the one Snip stored when it made it (the query's must be that one); paid,
 * it goes to the order's page, closed, back to the order's payment page.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { getCheckoutSession } from "../../../db/billing.server";
import { getDb } from "../../../db/client.server";
import { getUserOrder } from "../../../db/orders.server";
import { BILLING_TYPES } from "../../../domain/billing";
import { ORDER_STATUS } from "../../../domain/orders";
import { getCloudflare } from "../../context.server";
import { subscriptionPathOf } from "../../lib/billing/context.server";
import { useNonce } from "../../nonce";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/paddle.payment";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Payment | Snip" }, { name: "robots", content: "noindex" }];

const querySchema = z.object({
  _ptxn: z
    .string()
    .regex(/^txn_[a-z0-9]+$/)
    .optional()
    .catch(undefined),
  session: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]+$/)
    .optional()
    .catch(undefined),
  order: z.uuid().optional().catch(undefined),
  // A card change started from the past-due page goes back there (the only pages it may name).
  from: z.enum(["subscribe", "payment-method"]).optional().catch(undefined),
});

const CARD_CHANGE_PAGES = { subscribe: "/app/subscribe", "payment-method": "/app/settings/payment-method" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const q = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const configured = Boolean(env.PADDLE_API_KEY && env.PADDLE_CLIENT_TOKEN);
  if (!configured) {
    if (q.session?.startsWith("cs_test_")) throw redirect(`/app/billing/test-checkout/${q.session}`);
    throw data("Not Found", { status: 404 });
  }
  if (!q._ptxn) throw data("Not Found", { status: 404 });
  if (q.order) {
    const order = await getUserOrder(getDb(env.DB), viewer.user.id, q.order);
    if (!order || order.billingType !== BILLING_TYPES.paddle || order.checkoutRef !== q._ptxn) throw data("Not Found", { status: 404 });
    if (order.status !== ORDER_STATUS.new) throw redirect(`/app/shopping-cart/success?order=${order.id}`);
    return {
      scriptUrl: env.PADDLE_JS_URL,
      backUrl: `/app/shopping-cart/pay/${order.id}`,
      transactionId: order.checkoutRef,
      token: env.PADDLE_CLIENT_TOKEN!,
      sandbox: env.PADDLE_ENVIRONMENT === "sandbox",
      successUrl: new URL(`/app/shopping-cart/success?order=${order.id}`, request.url).toString(),
    };
  }
  const cardPage = CARD_CHANGE_PAGES[q.from ?? "payment-method"];
  // A checkout returns to its owner's subscription page (a team's or an organization's: decision
  // 033), read from the viewer's own checkout session in D1, never from the query.
  const checkout = q.session ? await getCheckoutSession(getDb(env.DB), viewer.user.id, q.session) : undefined;
  const workspacePath =
    checkout?.ownerId && checkout.ownerId !== viewer.user.id ? await subscriptionPathOf(getDb(env.DB), checkout.ownerId) : null;
  const success = q.session ? `${workspacePath ?? "/app/settings/subscription"}/success?session=${q.session}` : `${cardPage}?updated=1`;
  const back = q.session ? (workspacePath ?? "/app/pricing") : cardPage;
  return {
    scriptUrl: env.PADDLE_JS_URL,
    backUrl: back,
    transactionId: q._ptxn,
    token: env.PADDLE_CLIENT_TOKEN!,
    sandbox: env.PADDLE_ENVIRONMENT === "sandbox",
    successUrl: new URL(success, request.url).toString(),
  };
}

export default function PaddlePayment({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  // Paddle.js is Paddle's own script (no package): it opens the checkout overlay for the transaction.
  const setup = `Paddle.Environment.set(${JSON.stringify(loaderData.sandbox ? "sandbox" : "production")});
Paddle.Initialize({
  token: ${JSON.stringify(loaderData.token)},
  checkout: { settings: { successUrl: ${JSON.stringify(loaderData.successUrl)} } },
  eventCallback: function (event) { if (event.name === "checkout.closed") location.assign(${JSON.stringify(loaderData.backUrl)}); },
});
Paddle.Checkout.open({ transactionId: ${JSON.stringify(loaderData.transactionId)} });`;
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">Complete your payment</h1>
      <p className="mt-3 text-slate-600">The secure checkout opens in a moment. It needs JavaScript.</p>
      <script nonce={nonce} src={loaderData.scriptUrl} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: setup.replaceAll("<", "\\u003c") }} />
    </div>
  );
}
