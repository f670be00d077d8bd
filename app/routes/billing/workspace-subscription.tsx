/**
 * A team's and an organization's subscription pages (issue 17, docs/decisions/033), plain forms
 * that work without JavaScript, one module told apart by the path:
 *
 *   team:         /app/organization/{org}/team/{team}/subscription, …/subscription/success,
 *                 …/subscription/cancel, …/subscription/update/{plan}/{interval}, …/payment-method, …/invoices
 *   organization: /app/organizations/{org}/settings/profile/subscription (same children), …/profile/payment
 *
 * Guard: `team.subscription` / `organization.subscription` (the owner, or the organization
 * permission "subscriptions"): 404 for strangers, 403 "Permission denied." for other participants.
 * The billing owner is the route's team or organization; the changes go through the same
 * provider calls as the user's settings pages (app/lib/billing). A new subscription takes the
 * coupon remembered for the session, by the rule of spec 01 §4, as the personal checkout does; the
 * overage switch of the owner's subscription is changed here too (docs/decisions/052).
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getCheckoutSession, getCurrentSubscriptionRow, listBillingCustomers } from "../../../db/billing.server";
import { getDb } from "../../../db/client.server";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { getPlan, PLAN_NAMES, PLANS, plansOffered, activePrice } from "../../../domain/plans";
import { onGracePeriod, onTrial, renewalDate, SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import { Notice } from "../../components/form-fields";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { changeSubscription } from "../../lib/billing/actions.server";
import { billingForSubscription } from "../../lib/billing/select.server";
import { planChangeTarget, purchasable, subscribe } from "../../lib/billing/subscribe.server";
import { requireWorkspaceBilling } from "../../lib/billing/workspace-access.server";
import { subscriptionPageOverages } from "../../lib/billing/overages.server";
import { OveragesCard } from "../../components/overages-card";
import { setOverageSwitch } from "../../../db/overages.server";
import { findCoupon } from "../../../domain/coupons";
import { couponApplies } from "../../../domain/promotion";
import { limitOf } from "../../../domain/entitlements";
import { readCouponCode } from "../../cookies.server";
import { currentPhase } from "../../lib/promotion.server";
import { WaitingRefresh } from "../../components/waiting-refresh";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/workspace-subscription";
import { requestFormData } from "../../lib/form-body.server";
import { pageUrl } from "../../lib/page-url";

export const handle: RouteHandle = { hydrate: false };

type Page = "subscription" | "success" | "cancel" | "update" | "payment-method" | "invoices";

function pageOf(pathname: string): Page {
  const path = decodeURIComponent(pathname).replace(/\/+$/, "");
  if (path.endsWith("/subscription/success")) return "success";
  if (path.endsWith("/subscription/cancel")) return "cancel";
  if (/\/subscription\/update\/[^/]+\/[^/]+$/.test(path)) return "update";
  if (path.endsWith("/payment-method") || path.endsWith("/profile/payment")) return "payment-method";
  if (path.endsWith("/invoices")) return "invoices";
  return "subscription";
}

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const scopeOf = (params: Route.LoaderArgs["params"]) => (params.team ? "team" : "organization");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Subscription"} | Snip` }];

export async function loader(args: Route.LoaderArgs) {
  const { access, billing, team } = await requireWorkspaceBilling(args, scopeOf(args.params), false);
  const { env } = getCloudflare(args.context);
  const url = pageUrl(args.request);
  const page = pageOf(url.pathname);
  const now = new Date();
  const sub = billing.subscription;
  const future = billing.futureSubscription;
  const name = team ? team.name : access.organization.name;
  const titles: Record<Page, string> = {
    subscription: team ? "Team Subscription" : "Organization Subscription",
    success: "Subscription Confirmed",
    cancel: "Cancel Subscription",
    update: "Change Subscription",
    "payment-method": "Payment Method",
    invoices: "Invoices",
  };
  let update: { plan: string; title: string; interval: "monthly" | "yearly"; amount: string; same: boolean } | null = null;
  if (page === "update") {
    const target = planChangeTarget(args.params);
    if (!target) throw data("Not Found", { status: 404 });
    const { plan, interval } = target;
    update = {
      plan: plan.name,
      title: plan.title,
      interval,
      amount: money(activePrice(plan, interval)!.amount),
      same: sub?.name === plan.name && sub.interval === interval,
    };
  }
  // The success page names the checkout only when it is this viewer's for this owner.
  const sessionId = url.searchParams.get("session");
  const pending = url.searchParams.has("pending");
  const session = page === "success" && sessionId ? await getCheckoutSession(access.db, access.viewer.user.id, sessionId) : undefined;
  const checkout =
    session && (session.ownerId ?? session.userId) === billing.ownerId
      ? { plan: getPlan(session.plan as never).title, status: session.status }
      : null;
  const cards = page === "payment-method" ? await listBillingCustomers(access.db, billing.ownerId) : [];
  // The invoices are the provider's that holds the owner's subscription.
  const row = page === "invoices" ? await getCurrentSubscriptionRow(access.db, billing.ownerId) : undefined;
  const invoices = row ? await billingForSubscription(env, row.billingType).listInvoices(billing.ownerId) : [];
  const owner = { kind: team ? ("team" as const) : ("organization" as const), id: billing.ownerId };
  const overages =
    page === "subscription"
      ? await subscriptionPageOverages(
          access.db,
          owner,
          billing.subscribed,
          billing.subscriptionPath,
          sub ? limitOf({ plan: sub.name }, "max_active_aliases") : null,
          now,
        )
      : null;
  // The coupon remembered for the session (spec 01 §2), for a new subscription only.
  const remembered = !billing.subscribed ? findCoupon(await readCouponCode(args.request)) : null;
  const phase = currentPhase(env);
  const coupon = remembered
    ? { code: remembered.coupon, monthly: couponApplies(phase, "monthly"), yearly: couponApplies(phase, "yearly") }
    : null;
  return {
    page,
    title: titles[page],
    name,
    scope: team ? ("team" as const) : ("organization" as const),
    pending,
    // Waiting for the provider's event (decision 064): after a change, the subscription page
    // again without ?pending; after a checkout, this success page until the subscription is in.
    refresh: pending
      ? { to: billing.subscriptionPath, seconds: SUBSCRIPTION_REFRESH_MS / 1000 }
      : page === "success" && !sub
        ? { to: `${url.pathname}${url.search}`, seconds: SUBSCRIPTION_REFRESH_MS / 1000 }
        : null,
    paths: { subscription: billing.subscriptionPath, paymentMethod: billing.paymentMethodPath },
    plans: plansOffered(PLANS, { billable: true, interval: "monthly" })
      .filter((p) => !p.custom)
      .map((p) => ({
        name: p.name,
        title: p.title,
        monthly: activePrice(p, "monthly") ? money(activePrice(p, "monthly")!.amount) : null,
        yearly: activePrice(p, "yearly") ? money(activePrice(p, "yearly")!.amount) : null,
      })),
    subscription: sub
      ? {
          name: sub.name,
          plan: getPlan(sub.name).title,
          interval: sub.interval,
          amount: money(sub.amount),
          onTrial: onTrial(sub, now),
          onGracePeriod: onGracePeriod(sub, now),
          endsAt: sub.endsAt ? DATE.format(sub.endsAt) : null,
          renewsAt: DATE.format(renewalDate(sub)),
        }
      : null,
    scheduled: future
      ? { plan: getPlan(future.name).title, startsAt: future.periodStartsAt ? DATE.format(future.periodStartsAt) : null }
      : null,
    update,
    checkout,
    overages,
    coupon,
    cards: cards.filter((c) => c.pmType).map((c) => ({ type: c.pmType!, lastFour: c.pmLastFour, expiration: c.pmExpiration })),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      date: DATE.format(new Date(i.date)),
      amount: money(i.amount),
      status: i.status,
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), plan: z.enum(PLAN_NAMES), interval: z.enum(["monthly", "yearly"]) }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("cancel-now") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("cancel-scheduled") }),
  z.object({ intent: z.literal("overages") }),
]);

/** The overage switch, with the personal usage page's validation (app/routes/settings/usage.tsx). */
const overagesSchema = z.object({ overages: z.enum(["on", "off"]), return: z.literal("usage").optional() });

export async function action(args: Route.ActionArgs) {
  // The guard answers first: a refused viewer's form changes nothing.
  const { access, billing, team } = await requireWorkspaceBilling(args, scopeOf(args.params), false);
  const { env } = getCloudflare(args.context);
  const form = Object.fromEntries(await requestFormData(args.request));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) return data({ error: BILLING_MESSAGES.updateFailed }, { status: 422 });
  const input = parsed.data;
  if (input.intent === "overages") {
    const switched = overagesSchema.safeParse(form);
    if (!switched.success) return data({ error: "Something went wrong. Please try again or contact customer support." }, { status: 422 });
    // As on the personal usage page: overages need the owner's paid subscription in force.
    if (!billing.subscribed) return data({ error: "Permission denied." }, { status: 403 });
    await setOverageSwitch(
      access.db,
      { kind: team ? "team" : "organization", id: billing.ownerId, organizationId: access.organization.id, target: team?.slug ?? null },
      switched.data.overages === "on",
      access.viewer.user.id,
    );
    // Back to the team's usage page when the switch was used there (a path made here, never posted).
    const back =
      team && switched.data.return === "usage" ? billing.subscriptionPath.replace(/\/subscription$/, "/usage") : billing.subscriptionPath;
    return redirect(back);
  }
  if (input.intent === "subscribe") {
    const plan = purchasable(input.plan, input.interval);
    if (!plan) return data({ error: BILLING_MESSAGES.subscribeFailed }, { status: 422 });
    if (billing.subscribed) return redirect(`${billing.subscriptionPath}/update/${plan.name}/${input.interval}`);
    const checkout = await subscribe(env, getDb(env.DB), billing.viewer, {
      plan,
      interval: input.interval,
      trial: false,
      // The remembered coupon, as the personal checkout takes it (spec 01 §4 decides whether it applies).
      coupon: findCoupon(await readCouponCode(args.request)),
      origin: new URL(args.request.url).origin,
      owner: billing.owner!,
    });
    if (!checkout.ok) return data({ error: checkout.message }, { status: checkout.status });
    return redirect(checkout.value.url);
  }
  if (input.intent === "update") {
    // What the loader refuses, the action refuses the same way (an interval other than monthly or
    // yearly, a plan not sold): 404, nothing changed.
    const target = planChangeTarget(args.params);
    if (!target) throw data("Not Found", { status: 404 });
    const { plan, interval } = target;
    if (!billing.subscribed) return data({ error: "There is no subscription to change. Subscribe to a plan instead." }, { status: 406 });
    const result = await changeSubscription(env, billing.ownerId, { kind: "plan", plan: plan.name, interval });
    if (!result.ok)
      return data({ error: result.status === 406 ? result.message : BILLING_MESSAGES.updateFailed }, { status: result.status });
    return redirect(`${billing.subscriptionPath}?pending=1`);
  }
  if (!billing.subscription) return data({ error: "There is no subscription to change." }, { status: 406 });
  const result = await changeSubscription(
    env,
    billing.ownerId,
    input.intent === "resume" || input.intent === "cancel-scheduled"
      ? { kind: input.intent }
      : { kind: "cancel", immediately: input.intent === "cancel-now" },
  );
  if (!result.ok) return data({ error: result.message }, { status: result.status === 402 ? 402 : 422 });
  return redirect(`${billing.subscriptionPath}?pending=1`);
}

const button = "rounded-lg px-4 py-2 text-sm font-semibold";

export default function WorkspaceSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { page, title, name, subscription: sub, paths } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <SettingsHeading title={title} lead={name} />
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <WaitingRefresh refresh={loaderData.refresh} />
      {loaderData.pending ? <Notice tone="info">Updating the subscription… this page refreshes in a moment.</Notice> : null}
      <nav className="mt-4 flex flex-wrap gap-4 text-sm font-semibold text-indigo-700">
        <Link to={paths.subscription}>Subscription</Link>
        <Link to={paths.paymentMethod}>Payment Method</Link>
        {loaderData.scope === "team" ? <Link to={paths.subscription.replace(/\/subscription$/, "/invoices")}>Invoices</Link> : null}
      </nav>
      <div className="mt-4 space-y-6">
        {page === "subscription" ? (
          <SettingsCard title="Current plan">
            {sub ? (
              <div className="space-y-3 text-sm text-slate-700" data-testid="current-plan">
                <p className="text-lg font-bold text-slate-900">
                  {sub.plan}{" "}
                  <span className="font-normal text-slate-600">
                    · {sub.interval === "yearly" ? "Yearly" : "Monthly"}, {sub.amount}
                  </span>
                </p>
                {sub.onGracePeriod ? (
                  <p className="font-semibold text-amber-700">Cancelled: the plan stays active until {sub.endsAt}.</p>
                ) : (
                  <p>Renews on {sub.renewsAt}.</p>
                )}
                {loaderData.scheduled ? (
                  <Form method="post" className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3">
                    <p className="font-semibold text-amber-800">
                      The plan changes to {loaderData.scheduled.plan} on {loaderData.scheduled.startsAt}.
                    </p>
                    <button name="intent" value="cancel-scheduled" className={`${button} border border-amber-400 text-amber-900`}>
                      Cancel Scheduled Downgrade
                    </button>
                  </Form>
                ) : null}
                <div className="flex flex-wrap gap-3 pt-2">
                  {sub.onGracePeriod ? (
                    <Form method="post">
                      <button name="intent" value="resume" className={`${button} bg-indigo-600 text-white`}>
                        Resume Subscription
                      </button>
                    </Form>
                  ) : (
                    <Link to={`${paths.subscription}/cancel`} className={`${button} border border-red-300 text-red-700`}>
                      Cancel Subscription
                    </Link>
                  )}
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-700" data-testid="current-plan">
                {loaderData.scope === "team"
                  ? "This team is on its organization's plan, or the Free plan."
                  : "This organization is on the Free plan."}
              </p>
            )}
          </SettingsCard>
        ) : null}
        {page === "subscription" ? (
          <SettingsCard title={sub ? "Change plan" : "Choose a plan"}>
            {loaderData.coupon ? (
              <p className="mb-3 text-sm font-semibold text-emerald-700" data-testid="remembered-coupon">
                {loaderData.coupon.monthly
                  ? `Coupon ${loaderData.coupon.code} is applied to the first payment.`
                  : `Coupon ${loaderData.coupon.code} is applied to the first payment of a yearly plan during the sale.`}
              </p>
            ) : null}
            {!sub ? <p className="mb-3 text-sm text-slate-600">Team and organization plans start without a free trial.</p> : null}
            <ul className="space-y-3">
              {loaderData.plans.map((plan) => (
                <li key={plan.name} className="flex flex-wrap items-center gap-3 text-sm" data-testid={`plan-${plan.name}`}>
                  <span className="w-32 font-semibold text-slate-900">{plan.title}</span>
                  {(["monthly", "yearly"] as const).map((interval) =>
                    plan[interval] ? (
                      <Form method="post" key={interval}>
                        <input type="hidden" name="plan" value={plan.name} />
                        <input type="hidden" name="interval" value={interval} />
                        <button
                          name="intent"
                          value="subscribe"
                          disabled={sub?.name === plan.name && sub.interval === interval}
                          className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-50`}
                        >
                          {plan[interval]} {interval === "yearly" ? "a year" : "a month"}
                        </button>
                      </Form>
                    ) : null,
                  )}
                </li>
              ))}
            </ul>
          </SettingsCard>
        ) : null}
        {page === "subscription" && loaderData.overages ? (
          <OveragesCard view={loaderData.overages} scope={loaderData.scope} plansHere />
        ) : null}
        {page === "success" ? (
          <SettingsCard title="Thank you">
            <p role="status" className="text-sm text-slate-700" data-testid="subscription-success">
              {loaderData.checkout ? `${loaderData.checkout.plan}: payment received. ` : ""}
              {sub
                ? `${name} is on the ${sub.plan} plan.`
                : "The subscription is being confirmed… this page shows it once the payment is recorded."}
            </p>
            <Link to={paths.subscription} className="mt-3 inline-block text-sm font-semibold text-indigo-700">
              Back to the subscription
            </Link>
          </SettingsCard>
        ) : null}
        {page === "cancel" ? (
          <SettingsCard title="Cancel the subscription">
            {sub ? (
              <Form method="post" action={paths.subscription} className="flex flex-wrap gap-3">
                <button name="intent" value="cancel" className={`${button} border border-red-300 text-red-700`}>
                  Cancel at Period End
                </button>
                <button name="intent" value="cancel-now" className={`${button} text-red-700 underline`}>
                  Cancel Immediately
                </button>
              </Form>
            ) : (
              <p className="text-sm text-slate-700">There is no subscription to cancel.</p>
            )}
          </SettingsCard>
        ) : null}
        {page === "update" && loaderData.update ? (
          <SettingsCard title="Confirm the change">
            <p className="text-sm text-slate-700">
              {loaderData.update.title}, {loaderData.update.interval}: {loaderData.update.amount}.
            </p>
            <Form method="post" className="mt-3">
              <button
                name="intent"
                value="update"
                disabled={loaderData.update.same}
                className={`${button} bg-indigo-600 text-white disabled:opacity-50`}
              >
                Change Plan
              </button>
            </Form>
          </SettingsCard>
        ) : null}
        {page === "payment-method" ? (
          <SettingsCard title="Payment method on file">
            {loaderData.cards.length ? (
              <ul className="text-sm text-slate-700" data-testid="payment-methods">
                {loaderData.cards.map((card, i) => (
                  <li key={i}>
                    {card.type} ending in {card.lastFour ?? "—"}
                    {card.expiration ? `, expires ${card.expiration}` : ""}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">No payment method on file. One is added at the checkout.</p>
            )}
          </SettingsCard>
        ) : null}
        {page === "invoices" ? (
          <SettingsCard title="Invoices">
            {loaderData.invoices.length ? (
              <ul className="text-sm text-slate-700" data-testid="invoices">
                {loaderData.invoices.map((invoice) => (
                  <li key={invoice.id}>
                    {invoice.number} · {invoice.date} · {invoice.amount} · {invoice.status}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">No invoices yet.</p>
            )}
          </SettingsCard>
        ) : null}
      </div>
    </div>
  );
}
