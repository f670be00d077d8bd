/**
 * /app/settings/order/{orderId} and order/{orderId}/notification (L; spec 01 §2, docs/decisions/043):
 * one of the user's orders: its items (quantity, price, discount), total, status and, when its
 * domains could not all be registered, the cancellation reason and the registrar's words. The
 * notification page says what the owner was told about the order. Someone else's order is not found.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { setAutoRenew } from "../../../db/domain-registrations.server";
import { getDb } from "../../../db/client.server";
import { getUserOrder, listOrderItems } from "../../../db/orders.server";
import { RENEWAL_MESSAGES, RENEWAL_PLAN } from "../../../domain/domain-renewals";
import { formatMoney } from "../../../domain/orders";
import { activePrice, getPlan } from "../../../domain/plans";
import { Notice } from "../../components/form-fields";
import { DateTime, SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { registrationsView } from "../../lib/domain-renewals.server";
import { orderMessage, orderView } from "../../lib/order-view.server";
import type { RouteHandle } from "../../route-handle";
import { listBrandedDomains } from "../../../db/branded-domains.server";
import { listDomainsBoughtBy } from "../../../db/orders.server";
import { MoveDomainCard } from "../../components/move-domain";
import { organizationsTakingDomains } from "../../lib/organizations/domain-moves.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/order";
import { requestFormData } from "../../lib/form-body.server";
import { pagePathname } from "../../lib/page-url";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Order | Snip" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const order = await getUserOrder(db, viewer.user.id, params.orderId);
  if (!order) throw data("Order not found.", { status: 404 });
  const view = orderView(order, await listOrderItems(db, [order.id]));
  // Renewal of the bought domains (decision 050): the viewer's own registrations of this order's domains.
  const renewals = await registrationsView(
    getCloudflare(context).env,
    viewer.user.id,
    view.items.filter((i) => i.state === "registered").map((i) => i.domain),
  );
  const renewalPlan = getPlan(RENEWAL_PLAN);
  const url = new URL(request.url);
  // Its bought domains still the viewer's personal ones may move to an organization (decision 053).
  const personal = new Set((await listBrandedDomains(db, viewer.user.id)).map((d) => d.hostname));
  const registered = view.items.filter((i) => i.state === "registered" && personal.has(i.domain)).map((i) => i.domain);
  const bought = await listDomainsBoughtBy(db, viewer.user.id, registered);
  const movable = registered.filter((d) => bought.has(d));
  const moveTo = movable.length > 0 ? await organizationsTakingDomains(db, viewer) : [];
  return {
    movable: moveTo.length > 0 ? movable : [],
    moveTo,
    order: view,
    message: orderMessage(view),
    notification: pagePathname(url).endsWith("/notification"),
    renewals,
    // A workspace with no paid plan is offered the domain-renewal-service plan (yearly) through the subscribe flow.
    renewalOffer:
      !viewer.subscribed && renewals.some((r) => r.notPaid === RENEWAL_MESSAGES.noPlan)
        ? { plan: renewalPlan.name, title: renewalPlan.title, price: formatMoney(activePrice(renewalPlan, "yearly")?.amount ?? 0) }
        : null,
    saved: url.searchParams.get("renewal"),
  };
}

const autoRenewSchema = z.object({
  intent: z.literal("auto-renew"),
  domain: z.string().trim().toLowerCase().min(1).max(253),
  autoRenew: z.enum(["on", "off"]),
});

/** Turns a bought domain's auto-renew on or off: the viewer's own order, a domain of it, and the viewer's registration. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const order = await getUserOrder(db, viewer.user.id, params.orderId);
  if (!order) throw data("Order not found.", { status: 404 });
  const parsed = autoRenewSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  if (!parsed.success) return data({ error: "Choose whether the domain renews." }, { status: 422 });
  const items = await listOrderItems(db, [order.id]);
  const inOrder = items.some((i) => i.domain === parsed.data.domain && i.state === "registered");
  if (!inOrder || !(await setAutoRenew(db, viewer.user.id, parsed.data.domain, parsed.data.autoRenew === "on")))
    return data({ error: RENEWAL_MESSAGES.notFound }, { status: 404 });
  return redirect(`/app/settings/order/${order.id}?renewal=${parsed.data.autoRenew}`);
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, message, notification, renewals, renewalOffer, saved, movable, moveTo } = loaderData;
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
          {order.refunded ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="order-refunded">
              Refunded: {order.refunded}
            </p>
          ) : null}
          {order.status === 0 ? (
            <div className="mt-3 space-y-3">
              {order.checkoutExpired ? (
                <p className="text-sm text-amber-800" data-testid="order-checkout-expired">
                  {message}
                </p>
              ) : null}
              <Link to={`/app/shopping-cart/pay/${order.id}`} className={settingsButton}>
                Pay {order.total}
              </Link>
            </div>
          ) : null}
          <Link
            to={`/app/settings/order/${order.id}/notification`}
            className="mt-3 block text-sm font-semibold text-indigo-700 hover:underline"
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
        {movable.map((hostname) => (
          <MoveDomainCard key={hostname} hostname={hostname} organizations={moveTo} />
        ))}
        {renewals.length > 0 ? (
          <SettingsCard title="DNS records" description="Snip publishes the records a bought domain needs in its DNS at DNSimple.">
            <ul className="divide-y divide-slate-100">
              {renewals.map((r) => (
                <li key={r.domain} className="py-3 text-sm" data-testid="dns-row" data-domain={r.domain}>
                  <p className="font-semibold text-slate-900">{r.domain}</p>
                  <p data-testid="dns-state" className={r.dnsState === "failed" ? "text-red-700" : "text-slate-700"}>
                    {r.dnsState === "published"
                      ? "Published: the domain verifies without anything to do on your side."
                      : r.dnsState === "failed"
                        ? `Not published: ${r.dnsDetail ?? "no reason given."}`
                        : "Not published yet."}
                  </p>
                  <Link
                    to={`/app/settings/branded-domains/verify?domain=${encodeURIComponent(r.domain)}`}
                    className="mt-1 inline-block font-semibold text-indigo-700 hover:underline"
                  >
                    {r.dnsState === "published" ? "Verification" : "The records to publish"}
                  </Link>
                </li>
              ))}
            </ul>
          </SettingsCard>
        ) : null}
        {renewals.length > 0 ? (
          <SettingsCard title="Renewal" description="Bought domains renew a year at a time, within 30 days of their expiry.">
            <div className="space-y-3">
              {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
              {saved === "on" ? <Notice tone="success">{RENEWAL_MESSAGES.autoRenewOn}</Notice> : null}
              {saved === "off" ? <Notice tone="success">{RENEWAL_MESSAGES.autoRenewOff}</Notice> : null}
            </div>
            <ul className="divide-y divide-slate-100">
              {renewals.map((r) => (
                <li key={r.domain} className="py-3" data-testid="renewal-row" data-domain={r.domain}>
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div>
                      <p className="font-semibold text-slate-900">{r.domain}</p>
                      <p className="text-sm text-slate-700" data-testid="renewal-expiry">
                        <time dateTime={r.expiresAt}>{r.line}</time>
                      </p>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="intent" value="auto-renew" />
                      <input type="hidden" name="domain" value={r.domain} />
                      <input type="hidden" name="autoRenew" value={r.autoRenew ? "off" : "on"} />
                      <button type="submit" className={settingsSecondaryButton}>
                        {r.autoRenew ? "Turn auto-renew off" : "Turn auto-renew on"}
                      </button>
                    </Form>
                  </div>
                  {r.expired ? (
                    <p className="mt-2 text-sm text-red-700">Its registration ran out: its short links have stopped redirecting.</p>
                  ) : null}
                  {r.notPaid ? <p className="mt-2 text-sm text-amber-800">{r.notPaid}</p> : null}
                  {r.reasonLabel ? (
                    <p className="mt-2 text-sm text-red-700" data-testid="renewal-reason">
                      Last renewal failed: {r.reasonLabel}
                      {r.reasonDetail ? ` — ${r.reasonDetail}` : ""}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            {renewalOffer ? (
              <Form method="post" action="/app/settings/subscription" className="mt-4 rounded-xl bg-indigo-50 p-4">
                <p className="text-sm text-slate-800">
                  The {renewalOffer.title} plan renews your bought domains for {renewalOffer.price} a year. Any other paid plan includes
                  renewal too.
                </p>
                <input type="hidden" name="intent" value="subscribe" />
                <input type="hidden" name="plan" value={renewalOffer.plan} />
                <input type="hidden" name="interval" value="yearly" />
                <button type="submit" className={`mt-3 ${settingsButton}`}>
                  Subscribe to the {renewalOffer.title}
                </button>
              </Form>
            ) : null}
          </SettingsCard>
        ) : null}
      </div>
    </>
  );
}
