/**
 * /app/settings/order/{orderId} and order/{orderId}/notification (L; spec 01 §2, docs/decisions/043):
 * one of the user's orders: its items (quantity, price, discount), total, status and, when its
 * domains could not all be registered, the cancellation reason and the registrar's words. The
 * notification page says what the owner was told about the order. Someone else's order is not found.
 */
import { data, Link } from "react-router";
import { getDb } from "../../../db/client.server";
import { getUserOrder, listOrderItems } from "../../../db/orders.server";
import { DateTime, SettingsCard, SettingsHeading, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { orderMessage, orderView } from "../../lib/order-view.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/order";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Order | Snip" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const order = await getUserOrder(db, viewer.user.id, params.orderId);
  if (!order) throw data("Order not found.", { status: 404 });
  const view = orderView(order, await listOrderItems(db, [order.id]));
  return { order: view, message: orderMessage(view), notification: new URL(request.url).pathname.endsWith("/notification") };
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order, message, notification } = loaderData;
  if (notification)
    return (
      <>
        <SettingsHeading title="Order notification" />
        <SettingsCard title={order.items.map((i) => i.domain).join(", ")}>
          <p className="text-sm text-slate-800" data-testid="order-notification">
            {message}
          </p>
          {order.reasonDetail ? <p className="mt-2 text-sm text-slate-600">{order.reasonDetail}</p> : null}
          <Link to={`/app/settings/order/${order.id}`} className={`mt-4 inline-block ${settingsSecondaryButton}`}>
            Order details
          </Link>
        </SettingsCard>
      </>
    );
  return (
    <>
      <SettingsHeading title="Order" lead={<DateTime iso={order.createdAt} />} />
      <div className="space-y-6">
        <SettingsCard title="Status">
          <p className="text-sm font-semibold text-slate-900" data-testid="order-status">
            {order.paymentStatus || order.statusName}
          </p>
          {order.reasonLabel ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="order-reason">
              Reason: {order.reasonLabel}
              {order.reasonDetail ? ` — ${order.reasonDetail}` : ""}
            </p>
          ) : null}
          <Link
            to={`/app/settings/order/${order.id}/notification`}
            className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline"
          >
            Notification
          </Link>
        </SettingsCard>
        <SettingsCard title="Items">
          <table className="w-full text-left text-sm" aria-label="Order items">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2">Domain</th>
                <th className="py-2">Quantity</th>
                <th className="py-2">Price</th>
                <th className="py-2">Discount</th>
                <th className="py-2">Registration</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.domain} className="border-t border-slate-100">
                  <td className="py-3 font-semibold text-slate-900">{item.domain}</td>
                  <td className="py-3">
                    {item.quantity} {item.quantity === 1 ? "year" : "years"}
                  </td>
                  <td className="py-3">{item.price} / year</td>
                  <td className="py-3">{item.discount}</td>
                  <td className="py-3">{item.state}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-200">
                <td colSpan={4} className="py-2 pr-3 text-right text-slate-600">
                  Discount
                </td>
                <td className="py-2">−{order.discount}</td>
              </tr>
              <tr>
                <td colSpan={4} className="py-2 pr-3 text-right font-bold">
                  Total
                </td>
                <td className="py-2 font-bold">{order.total}</td>
              </tr>
            </tfoot>
          </table>
        </SettingsCard>
      </div>
    </>
  );
}
