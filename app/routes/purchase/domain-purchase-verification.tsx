/**
 * /app/domain-purchase-verification (L; spec 01 §2, docs/decisions/043): where a purchase started
 * from the free trial ends: the order's state while its payment is verified and its domain is
 * registered; looks again every 3 seconds until the order is final (components/waiting-refresh.tsx).
 */
import { Link } from "react-router";
import { getDb } from "../../../db/client.server";
import { getUserOrder, listOrderItems, listOrders } from "../../../db/orders.server";
import { SettingsCard, SettingsHeading, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { orderWaitingPage } from "../../lib/order-view.server";
import { WaitingRefresh } from "../../components/waiting-refresh";
import { pageUrl } from "../../lib/page-url";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/domain-purchase-verification";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Verifying your domain purchase | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const url = pageUrl(request);
  const id = url.searchParams.get("order");
  const order = id ? await getUserOrder(db, viewer.user.id, id) : (await listOrders(db, viewer.user.id))[0];
  if (!order) return { order: null, message: null, finalized: true, refresh: null };
  return orderWaitingPage(order, await listOrderItems(db, [order.id]), url, 3);
}

export default function DomainPurchaseVerification({ loaderData }: Route.ComponentProps) {
  const { order, message, finalized } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <SettingsHeading title="Domain purchase verification" />
      <WaitingRefresh refresh={loaderData.refresh} />
      <SettingsCard title={order ? order.items.map((i) => i.domain).join(", ") : "No domain purchase"}>
        {order ? (
          <>
            <p role="status" className="text-sm font-semibold text-slate-800" data-testid="order-status">
              {finalized ? order.paymentStatus : "We are verifying your purchase…"}
            </p>
            <p className="mt-2 text-sm text-slate-600">{message}</p>
            <Link to={`/app/settings/order/${order.id}`} className={`mt-4 inline-block ${settingsSecondaryButton}`}>
              Order details
            </Link>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            You have no domain purchase to verify.{" "}
            <Link to="/app/domain-upsell" className="font-semibold text-indigo-700 hover:underline">
              Get your own domain
            </Link>
          </p>
        )}
      </SettingsCard>
    </div>
  );
}
