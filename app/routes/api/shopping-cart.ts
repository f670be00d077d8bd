/**
 * GET /app/api/shopping-cart (data) and GET /app/api/shopping-cart/orders (orders) (spec 01 §7,
 * docs/decisions/043, 053). The cart is the account's, for a plan that may buy domains: in team mode
 * or without that plan it is refused 403 'Permission denied' (spec 01 §5, §8); the orders are the user's own.
 */
import { getDb } from "../../../db/client.server";
import { listOrderItems, listOrders } from "../../../db/orders.server";
import { ORDER_MESSAGES } from "../../../domain/orders";
import { getCloudflare } from "../../context.server";
import { json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import { orderView } from "../../lib/order-view.server";
import { cartRefusalFor, pricedCart } from "../../lib/orders.server";
import type { Route } from "./+types/shopping-cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  const { env } = getCloudflare(context);
  if (new URL(request.url).pathname.endsWith("/orders")) {
    const db = getDb(env.DB);
    const orders = await listOrders(db, viewer.user.id);
    const items = await listOrderItems(
      db,
      orders.map((o) => o.id),
    );
    return json({ orders: orders.map((o) => orderView(o, items)) });
  }
  // Refused in a team (the domains are not the base ones) and to a plan that may not buy (decisions 043, 053).
  if (await cartRefusalFor(env, viewer, request)) return json({ message: ORDER_MESSAGES.permissionDenied }, { status: 403 });
  const cart = await pricedCart(env, viewer);
  return json({
    data: {
      items: cart.lines.map((l) => ({ domain: l.domain, quantity: l.years, price: l.price, discount: l.discount, premium: l.premium })),
      discount: cart.discount,
      total: cart.total,
      currency: "USD",
    },
  });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
