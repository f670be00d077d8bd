/**
 * /app/settings (L): the account sidebar of spec 01 §2 beside the page. On small screens the
 * sidebar is a horizontal, scrollable list above the page.
 */
import { NavLink, Outlet, useLocation } from "react-router";
import { getDb } from "../../../db/client.server";
import { can } from "../../../domain/entitlements";
import { hasPaymentMethod } from "../../../db/billing.server";
import { hasOrders, ownsPurchasedDomain } from "../../../db/orders.server";
import { invoicesHidden } from "../../../domain/billing";
import { teamsAllowed } from "../../../domain/teams";
import { mayUseBrandedDomains } from "../../../domain/branded-domains";
import { getCloudflare } from "../../context.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  // "Account Usage (only if usage is enabled)": the spec names no switch that turns usage off,
  // and every plan has usage limits, so it is enabled for every signed-in user.
  // "Payment Method (if subscribed or owns a domain)": until domains can be bought, owning one
  // is having a card on file (docs/decisions/013).
  const db = getDb(getCloudflare(context).env.DB);
  // Orders and "owns a domain" (docs/decisions/043): a domain bought here counts as owning one.
  const [hasCard, ownsDomain, anyOrders] = await Promise.all([
    hasPaymentMethod(db, viewer.user.id),
    ownsPurchasedDomain(db, viewer.user.id),
    hasOrders(db, viewer.user.id),
  ]);
  const paymentMethod = viewer.subscribed || ownsDomain || hasCard;
  return {
    usageEnabled: true,
    apiAllowed: can(viewer.subject, "use_api"),
    webhooksAllowed: can(viewer.subject, "use_webhooks"),
    paymentMethod,
    // "Orders (if subscribed or has orders)" (spec 01 §2)
    orders: viewer.subscribed || anyOrders,
    invoices: !invoicesHidden(viewer.user.status),
    // "teams: L and T" (spec 01 §2): the entry shows only when teams are allowed (docs/decisions/029).
    teamsAllowed: teamsAllowed(viewer.user),
    // "Branded Domains (if allowed)" (spec 01 §2, docs/decisions/035)
    brandedDomainsAllowed: mayUseBrandedDomains(viewer.subject),
  };
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition ${
    isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

const PIXEL_SCRIPTS_PATH = "/app/settings/pixel-scripts";

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const pathname = useLocation().pathname.replace(/\/+$/, "");
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-6 md:flex-row md:gap-10">
        <aside className="md:w-56 md:shrink-0">
          <nav aria-label="Account settings" className="md:sticky md:top-24">
            <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">Account</p>
            <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
              <li>
                <NavLink to="/app/settings/profile" className={linkClass}>
                  Profile
                </NavLink>
              </li>
              <li>
                <NavLink to="/app/settings/security" className={linkClass}>
                  Security
                </NavLink>
              </li>
              {loaderData.usageEnabled ? (
                <li>
                  <NavLink to="/app/settings/usage" className={linkClass}>
                    Account Usage
                  </NavLink>
                </li>
              ) : null}
              {/*
                "Custom Pixel Scripts (hidden)" (spec 01 §2, docs/decisions/047): not listed; the link
                editor leads there, and the entry shows while its page is open.
              */}
              {pathname === PIXEL_SCRIPTS_PATH ? (
                <li>
                  <NavLink to={PIXEL_SCRIPTS_PATH} className={linkClass}>
                    Custom Pixel Scripts
                  </NavLink>
                </li>
              ) : null}
              {loaderData.brandedDomainsAllowed ? (
                <li>
                  <NavLink to="/app/settings/branded-domains" className={linkClass}>
                    Branded Domains
                  </NavLink>
                </li>
              ) : null}
              {loaderData.apiAllowed ? (
                <li>
                  <NavLink to="/app/settings/api" className={linkClass}>
                    API
                  </NavLink>
                </li>
              ) : null}
              {loaderData.webhooksAllowed ? (
                <li>
                  <NavLink to="/app/settings/webhooks" className={linkClass}>
                    Webhooks
                  </NavLink>
                </li>
              ) : null}
              {loaderData.teamsAllowed ? (
                <li>
                  <NavLink to="/app/settings/teams" className={linkClass}>
                    Teams
                  </NavLink>
                </li>
              ) : null}
            </ul>
            <p className="mb-2 mt-6 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">Billing</p>
            <ul className="-mx-1 mt-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:mt-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
              <li>
                <NavLink to="/app/settings/subscription" className={linkClass}>
                  Subscription
                </NavLink>
              </li>
              {loaderData.orders ? (
                <li>
                  <NavLink to="/app/settings/orders" className={linkClass}>
                    Orders
                  </NavLink>
                </li>
              ) : null}
              {loaderData.paymentMethod ? (
                <li>
                  <NavLink to="/app/settings/payment-method" className={linkClass}>
                    Payment Method
                  </NavLink>
                </li>
              ) : null}
              {loaderData.invoices ? (
                <li>
                  <NavLink to="/app/settings/invoices" className={linkClass}>
                    Invoices
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
