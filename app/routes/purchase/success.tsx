/**
 * /app/shopping-cart/success (L; docs/decisions/043): the order just paid and where it stands.
 * While the queue registers it, the page looks again every 2 seconds
 * (components/waiting-refresh.tsx). When the purchase source remembered for the session is the
 * free trial, it goes to /app/domain-purchase-verification instead (spec 01 §2).
 */
import { data, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { getUserOrder, listOrderItems } from "../../../db/orders.server";
import { SettingsCard, SettingsHeading, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { orderWaitingPage } from "../../lib/order-view.server";
import { WaitingRefresh } from "../../components/waiting-refresh";
import { pageUrl } from "../../lib/page-url";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/success";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [{ title: "Order received | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const url = pageUrl(request);
  const id = url.searchParams.get("order");
  const db = getDb(getCloudflare(context).env.DB);
  const order = id ? await getUserOrder(db, viewer.user.id, id) : undefined;
  if (!order) throw data("Order not found.", { status: 404 });
  // An order made from the free trial (its source, recorded at checkout) goes to the verification page.
  if (order.source === "trial") throw redirect(`/app/domain-purchase-verification?order=${encodeURIComponent(order.id)}`);
  return orderWaitingPage(order, await listOrderItems(db, [order.id]), url, 2);
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, message } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <SettingsHeading title="Thank you for your order" />
      <WaitingRefresh refresh={loaderData.refresh} />
      <SettingsCard title={order.items.map((i) => i.domain).join(", ")}>
        <p role="status" className="text-sm text-slate-800" data-testid="order-status">
          {order.paymentStatus || order.statusName}
        </p>
        <p className="mt-2 text-sm text-slate-600">{message}</p>
        <div className="mt-4 flex gap-3">
          <Link to={`/app/settings/order/${order.id}`} className={settingsSecondaryButton}>
            Order details
          </Link>
          <Link to="/app/settings/branded-domains" className={settingsSecondaryButton}>
            Branded Domains
          </Link>
        </div>
      </SettingsCard>
    </div>
  );
}
