/**
 * /app/settings (L): the account sidebar of spec 01 §2 beside the page. On small screens the
 * sidebar is a horizontal, scrollable list above the page.
 */
import { Outlet, useLocation } from "react-router";
import { SideNavFrame, SideNavGroup, type SideNavLink } from "../../components/side-nav";
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

const PIXEL_SCRIPTS_PATH = "/app/settings/pixel-scripts";

/** The account group's links this user may see, in spec 01 §2's order. */
function accountLinks(data: Route.ComponentProps["loaderData"], pathname: string): SideNavLink[] {
  const links: (SideNavLink | false)[] = [
    { label: "Profile", to: "/app/settings/profile" },
    { label: "Security", to: "/app/settings/security" },
    data.usageEnabled && { label: "Account Usage", to: "/app/settings/usage" },
    // "Custom Pixel Scripts (hidden)" (spec 01 §2, docs/decisions/047): not listed; the link
    // editor leads there, and the entry shows while its page is open.
    pathname === PIXEL_SCRIPTS_PATH && { label: "Custom Pixel Scripts", to: PIXEL_SCRIPTS_PATH },
    data.brandedDomainsAllowed && { label: "Branded Domains", to: "/app/settings/branded-domains" },
    data.apiAllowed && { label: "API", to: "/app/settings/api" },
    data.webhooksAllowed && { label: "Webhooks", to: "/app/settings/webhooks" },
    data.teamsAllowed && { label: "Teams", to: "/app/settings/teams" },
  ];
  return links.filter((link) => link !== false);
}

function billingLinks(data: Route.ComponentProps["loaderData"]): SideNavLink[] {
  const links: (SideNavLink | false)[] = [
    { label: "Subscription", to: "/app/settings/subscription" },
    data.orders && { label: "Orders", to: "/app/settings/orders" },
    data.paymentMethod && { label: "Payment Method", to: "/app/settings/payment-method" },
    data.invoices && { label: "Invoices", to: "/app/settings/invoices" },
  ];
  return links.filter((link) => link !== false);
}

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const pathname = useLocation().pathname.replace(/\/+$/, "");
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <SideNavFrame
        label="Account settings"
        nav={
          <>
            <SideNavGroup heading="Account" links={accountLinks(loaderData, pathname)} />
            <SideNavGroup heading="Billing" spaced links={billingLinks(loaderData)} />
          </>
        }
      >
        <Outlet />
      </SideNavFrame>
    </div>
  );
}
