/**
 * /app/shopping-cart and /app/purchase/domain/cart (L; docs/decisions/043): the cart of spec 01
 * §3: items, quantity (years), price, discount, total. Plain forms change the years, remove a
 * line, refresh the prices at the registrar and check out. The cart is the personal account's:
 * in team mode (decision 053), or without a plan that may buy domains (decision 043), the page and
 * every change are refused 'Permission denied' (spec 01 §5, §8), whatever the form says.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getOrder, removeCartItem, setCartItemYears, updateCartItemPrice } from "../../../db/orders.server";
import { BILLING_TYPES } from "../../../domain/billing";
import { formatMoney, MAX_YEARS, ORDER_MESSAGES } from "../../../domain/orders";
import { CartErrorPage } from "../../components/cart-refusal";
import { FieldError, Notice } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { startOrderPayment } from "../../lib/billing/order-payments.server";
import { cartRefusalFor, checkoutCart, orderBillingType, pricedCart, purchaseSourceOf, registrarFor } from "../../lib/orders.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/shopping-cart";
import { requestFormData } from "../../lib/form-body.server";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Shopping cart | Snip" }];

/**
 * Spec 01 §5 and §8: the cart is refused 'Permission denied' (403) unless the domains data is the
 * base one: in team mode (decision 053), or to a plan that may not buy domains (decision 043).
 */
async function requireCartOwner(request: Request, context: Route.LoaderArgs["context"]) {
  const viewer = requireUser(request, context);
  const refusal = await cartRefusalFor(getCloudflare(context).env, viewer, request);
  if (refusal) throw data({ message: ORDER_MESSAGES.permissionDenied, refusal }, { status: 403 });
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireCartOwner(request, context);
  const { env } = getCloudflare(context);
  const cart = await pricedCart(env, viewer);
  return {
    lines: cart.lines.map((l) => ({
      domain: l.domain,
      years: l.years,
      price: formatMoney(l.price),
      amount: formatMoney(l.amount),
      discount: l.discount > 0 ? formatMoney(l.discount) : null,
      premium: l.premium,
    })),
    subtotal: formatMoney(cart.subtotal),
    discount: formatMoney(cart.discount),
    total: formatMoney(cart.total),
    canPay: orderBillingType(env) !== null,
  };
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), domain: z.string().max(253) }),
  z.object({
    intent: z.literal("years"),
    domain: z.string().max(253),
    // Not a whole number (years=abc, 1.5) is the field's message too, not the general one.
    years: z.coerce
      .number({ error: ORDER_MESSAGES.years })
      .int(ORDER_MESSAGES.years)
      .min(1, ORDER_MESSAGES.years)
      .max(MAX_YEARS, ORDER_MESSAGES.years),
  }),
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("checkout") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireCartOwner(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const fields = Object.fromEntries(await requestFormData(request));
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    // Bad years are shown next to that domain's years field (spec 01 §5: errors next to the field).
    if (parsed.error.issues[0]?.message === ORDER_MESSAGES.years) {
      const domain = typeof fields.domain === "string" ? fields.domain : "";
      return data({ message: null, notice: null, yearsError: { domain, error: ORDER_MESSAGES.years } }, { status: 422 });
    }
    return data({ message: "Something went wrong. Please try again or contact customer support.", notice: null }, { status: 422 });
  }
  const form = parsed.data;
  if (form.intent === "remove") {
    if (!(await removeCartItem(db, viewer.user.id, form.domain)))
      return data({ message: ORDER_MESSAGES.notInCart, notice: null }, { status: 404 });
    return { message: null, notice: `${form.domain} was removed from your cart.` };
  }
  if (form.intent === "years") {
    if (!(await setCartItemYears(db, viewer.user.id, form.domain, form.years)))
      return data({ message: ORDER_MESSAGES.notInCart, notice: null }, { status: 404 });
    return { message: null, notice: null };
  }
  if (form.intent === "checkout") {
    const billingType = orderBillingType(env);
    if (billingType === null || !registrarFor(env)) return data({ message: ORDER_MESSAGES.notConfigured, notice: null }, { status: 503 });
    // One open order per user: checking out again replaces it; a double-click lands on the same order.
    const orderId = await checkoutCart(env, viewer, billingType, purchaseSourceOf(request, viewer));
    if (!orderId) return data({ message: ORDER_MESSAGES.cartEmpty, notice: null }, { status: 422 });
    if (billingType === BILLING_TYPES.test) return redirect(`/app/shopping-cart/pay/${orderId}`);
    // Stripe or Paddle: straight to the provider's checkout, made from the order as stored (decision 049).
    const order = await getOrder(db, orderId);
    const started =
      order?.status === 0 ? await startOrderPayment(env, order, viewer.user, new URL(request.url).origin) : { ok: false as const };
    return redirect(started.ok ? started.url : `/app/shopping-cart/pay/${orderId}?failed=1`);
  }
  const cart = await pricedCart(env, viewer);
  if (cart.lines.length === 0) return data({ message: ORDER_MESSAGES.cartEmpty, notice: null }, { status: 422 });
  // The one intent left: refresh.
  const registrar = registrarFor(env);
  if (!registrar) return data({ message: ORDER_MESSAGES.notConfigured, notice: null }, { status: 503 });
  try {
    for (const line of cart.lines) {
      const quote = await registrar.quote(line.domain);
      if (!quote.available) await removeCartItem(db, viewer.user.id, line.domain);
      else if (quote.price !== line.price || quote.premium !== line.premium)
        await updateCartItemPrice(db, viewer.user.id, line.domain, quote.price, quote.premium);
    }
  } catch (error) {
    console.error("shopping cart: refresh failed", error);
    return data({ message: ORDER_MESSAGES.registrarFailed, notice: null }, { status: 502 });
  }
  return { message: null, notice: "Prices are up to date." };
}

export default function ShoppingCart({ loaderData, actionData }: Route.ComponentProps) {
  const { lines } = loaderData;
  const yearsError = actionData && "yearsError" in actionData ? actionData.yearsError : null;
  // A domain no longer in the cart has no field to show it next to: the page's notice says it.
  const fieldError = (domain: string) => (yearsError?.domain === domain ? [yearsError.error] : null);
  const orphanError = yearsError && !lines.some((line) => line.domain === yearsError.domain) ? yearsError.error : null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <SettingsHeading
        title="Shopping cart"
        lead="The domains you are about to buy. Each one is registered for you and added to your branded domains."
      />
      <div className="space-y-4">
        {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
        {orphanError ? <Notice tone="error">{orphanError}</Notice> : null}
        {actionData?.notice ? <Notice tone="success">{actionData.notice}</Notice> : null}
        <SettingsCard title="Items">
          {lines.length === 0 ? (
            <p className="text-sm text-slate-700">
              {ORDER_MESSAGES.cartEmpty}{" "}
              <Link to="/app/purchase/domain" className="font-semibold text-indigo-700 hover:underline">
                Search for a domain
              </Link>
            </p>
          ) : (
            <table className="w-full text-left text-sm" aria-label="Shopping cart">
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-2">Domain</th>
                  <th className="py-2">Quantity</th>
                  <th className="py-2">Price</th>
                  <th className="py-2">Discount</th>
                  <th className="py-2 text-right">Amount</th>
                  <th className="py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.domain} className="border-t border-slate-100">
                    <td className="py-3 font-semibold text-slate-900">{line.domain}</td>
                    <td className="py-3">
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="intent" value="years" />
                        <input type="hidden" name="domain" value={line.domain} />
                        <label className="sr-only" htmlFor={`years-${line.domain}`}>
                          Years for {line.domain}
                        </label>
                        <select
                          id={`years-${line.domain}`}
                          name="years"
                          defaultValue={line.years}
                          aria-invalid={fieldError(line.domain) ? true : undefined}
                          aria-describedby={fieldError(line.domain) ? `years-${line.domain}-error` : undefined}
                          className={`rounded border px-2 py-1 ${fieldError(line.domain) ? "border-red-500" : "border-slate-300"}`}
                        >
                          {Array.from({ length: MAX_YEARS }, (_, i) => i + 1).map((n) => (
                            <option key={n} value={n}>
                              {n} {n === 1 ? "year" : "years"}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="text-xs font-semibold text-indigo-700 hover:underline">
                          Update
                        </button>
                      </Form>
                      <FieldError id={`years-${line.domain}-error`} errors={fieldError(line.domain)} />
                    </td>
                    <td className="py-3">{line.price} / year</td>
                    <td className="py-3">{line.discount ? `−${line.discount}` : "—"}</td>
                    <td className="py-3 text-right">{line.amount}</td>
                    <td className="py-3 text-right">
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="domain" value={line.domain} />
                        <button type="submit" className="text-xs font-semibold text-red-700 hover:underline">
                          Remove
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-slate-200">
                  <td colSpan={4} className="py-2 text-right text-slate-600">
                    Subtotal
                  </td>
                  <td className="py-2 text-right">{loaderData.subtotal}</td>
                </tr>
                <tr>
                  <td colSpan={4} className="py-2 text-right text-slate-600">
                    Discount
                  </td>
                  <td className="py-2 text-right" data-testid="cart-discount">
                    −{loaderData.discount}
                  </td>
                </tr>
                <tr>
                  <td colSpan={4} className="py-2 text-right font-bold text-slate-900">
                    Total
                  </td>
                  <td className="py-2 text-right font-bold text-slate-900" data-testid="cart-total">
                    {loaderData.total}
                  </td>
                </tr>
              </tfoot>
            </table>
          )}
        </SettingsCard>
        {lines.length > 0 ? (
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="checkout" />
              <button type="submit" className={settingsButton} disabled={!loaderData.canPay}>
                Checkout
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="refresh" />
              <button type="submit" className={settingsSecondaryButton}>
                Refresh prices
              </button>
            </Form>
            <Link to="/app/purchase/domain" className={settingsSecondaryButton}>
              Add another domain
            </Link>
          </div>
        ) : null}
        {!loaderData.canPay && lines.length > 0 ? <Notice tone="info">{ORDER_MESSAGES.notConfigured}</Notice> : null}
      </div>
    </div>
  );
}

/** The refusal, in the spec's words, with the way out: back to the account, or a plan that includes domains. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CartErrorPage error={error} />;
}
