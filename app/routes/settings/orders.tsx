/**
 * /app/settings/orders (L; spec 01 §2, §4 Orders, docs/decisions/043): the user's domain orders
 * with their payment-status labels and cancellation reasons. Only the user's own orders.
 */
import { Link } from "react-router";
import { getDb } from "../../../db/client.server";
import { listOrderItems, listOrders } from "../../../db/orders.server";
import { DateTime, SettingsCard, SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { orderView } from "../../lib/order-view.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/orders";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Orders | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const orders = await listOrders(db, viewer.user.id);
  const items = await listOrderItems(
    db,
    orders.map((o) => o.id),
  );
  return { orders: orders.map((o) => orderView(o, items)) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <SettingsHeading title="Orders" lead="Your domain purchases and where each one stands." />
      <SettingsCard title="Your orders">
        {orders.length === 0 ? (
          <p className="text-sm text-slate-700">
            No orders yet.{" "}
            <Link to="/app/purchase/domain" className="font-semibold text-indigo-700 hover:underline">
              Buy a domain
            </Link>
          </p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Orders">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2">Date</th>
                <th className="py-2">Domains</th>
                <th className="py-2">Total</th>
                <th className="py-2">Status</th>
                <th className="py-2">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t border-slate-100" data-testid="order-row">
                  <td className="py-3">
                    <DateTime iso={order.createdAt} />
                  </td>
                  <td className="py-3 font-semibold text-slate-900">{order.items.map((i) => i.domain).join(", ")}</td>
                  <td className="py-3">{order.total}</td>
                  <td className="py-3" data-testid="order-status">
                    {order.paymentStatus || order.statusName}
                    {order.reasonLabel ? <span className="block text-xs text-slate-500">{order.reasonLabel}</span> : null}
                  </td>
                  <td className="py-3 text-right">
                    <Link to={`/app/settings/order/${order.id}`} className="font-semibold text-indigo-700 hover:underline">
                      Details
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </SettingsCard>
    </>
  );
}
