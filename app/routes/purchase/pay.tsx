/**
 * /app/shopping-cart/pay/{orderId} (L, the order's owner; docs/decisions/043): the order's payment
 * in test mode, the local stand-in for the card provider (local runs only, like
 * /app/billing/test-checkout). Clearly labelled; 4242… pays, 4000 0000 0000 0002 is declined.
 * Paying authorizes the order once (a second post finds it authorized and takes nothing) and
 * queues its registration.
 */
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getUserOrder, listOrderItems } from "../../../db/orders.server";
import { TEST_CARDS } from "../../../domain/billing";
import { formatMoney, ORDER_MESSAGES, ORDER_STATUS } from "../../../domain/orders";
import { Notice, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { TestModeBilling } from "../../lib/billing/test-mode.server";
import { authorizeOrder, repriceOpenOrder } from "../../lib/orders.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/pay";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Test-mode payment | Snip" }, { name: "robots", content: "noindex" }];

async function openOrder(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  if (!new TestModeBilling(env).takesTestPayments) throw data("Not Found", { status: 404 });
  const order = await getUserOrder(getDb(env.DB), viewer.user.id, id);
  if (!order || order.billingType !== 0) throw data("Not Found", { status: 404 });
  if (order.status !== ORDER_STATUS.new) throw redirect(`/app/shopping-cart/success?order=${order.id}`);
  return { env, order, viewer };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env, order } = await openOrder(request, context, params.orderId);
  const items = await listOrderItems(getDb(env.DB), [order.id]);
  return { domains: items.map((i) => i.domain), total: formatMoney(order.total) };
}

const paySchema = z.object({
  name: z.string().trim().min(1, "Cardholder name is required.").max(100),
  card: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Enter a card number.")),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const { env, order: opened, viewer } = await openOrder(request, context, params.orderId);
  const parsed = paySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const errors: { name?: string[]; card?: string[] } = z.flattenError(parsed.error).fieldErrors;
    return data({ errors, message: null, name: "" }, { status: 422 });
  }
  if (parsed.data.card === TEST_CARDS.declined)
    return data(
      { errors: {} as { name?: string[]; card?: string[] }, message: ORDER_MESSAGES.paymentFailed, name: parsed.data.name },
      { status: 402 },
    );
  // The discount rechecked before the payment: a changed total is shown, not charged.
  const order = await repriceOpenOrder(env, viewer, opened);
  if (order.total !== opened.total)
    return data(
      { errors: {} as { name?: string[]; card?: string[] }, message: ORDER_MESSAGES.priceChanged, name: parsed.data.name },
      { status: 409 },
    );
  await authorizeOrder(env, order);
  return redirect(`/app/shopping-cart/success?order=${order.id}`);
}

export default function PayOrder({ loaderData, actionData }: Route.ComponentProps) {
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
          <TextField
            label="Cardholder name"
            name="name"
            autoComplete="cc-name"
            defaultValue={actionData?.name ?? ""}
            errors={actionData?.errors?.name}
            required
          />
          <TextField
            label="Card number"
            name="card"
            inputMode="numeric"
            autoComplete="cc-number"
            defaultValue="4242 4242 4242 4242"
            errors={actionData?.errors?.card}
            required
          />
          <SubmitButton>{`Pay ${loaderData.total}`}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
