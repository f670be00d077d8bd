/**
 * /app/pricing: the plans offered (spec 01 §4: active, not hidden, billable, ascending price),
 * monthly or yearly (yearly by default), features per plan, popular and custom markers, the
 * viewer's current plan marked, and the call to subscribe, start a trial or ask for a quote.
 * A plain page: the interval switch is two links and the calls are forms.
 */
import { Form, Link } from "react-router";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { planHighlights } from "../../../domain/plan-highlights";
import { activePrice, DEFAULT_BILLING_INTERVAL, PLANS, plansOffered, type BillingInterval } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { availableBillingTypes, selfServeCheckout } from "../../lib/billing/select.server";
import { onCardFreeTrial, trialEligibility } from "../../lib/billing/subscribe.server";
import { getDb } from "../../../db/client.server";
import type { RouteHandle } from "../../route-handle";
import { getViewer, requireUser } from "../../session.server";
import type { Route } from "./+types/pricing";
import { pagePathname } from "../../lib/page-url";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Plans and pricing | Snip" }];

function money(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(
    cents / 100,
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const interval: BillingInterval = url.searchParams.get("interval") === "monthly" ? "monthly" : DEFAULT_BILLING_INTERVAL;
  // /app/pricing/old (L): signed-in users also see the plans no longer offered to new customers.
  const old = pagePathname(url) === "/app/pricing/old";
  const viewer = old ? requireUser(request, context) : getViewer(context);
  const { env } = getCloudflare(context);
  // A card-free trial is bought like no subscription: every plan, its own too, is a checkout.
  const cardFreeTrial = viewer?.subscribed ? await onCardFreeTrial(getDb(env.DB), viewer.user.id) : false;
  const paying = (viewer?.subscribed ?? false) && !cardFreeTrial;
  const currentPlan = paying ? viewer!.subject.plan : viewer && !viewer.subscribed ? "free" : null;
  // The plan at the other interval is a change to make (monthly ↔ yearly), not the current plan.
  const currentInterval = paying ? (viewer!.subscription?.interval ?? null) : null;
  const offered = plansOffered(PLANS, { billable: true, interval, includeHidden: old });
  // A signed-in user is offered a trial only when the checkout would give one: the same rule
  // (one per account, after trialDelay), so nobody whose subscription ended is promised one.
  const trialOffered = new Map<string, boolean>();
  if (viewer) {
    const db = getDb(env.DB);
    for (const plan of offered) trialOffered.set(plan.name, (await trialEligibility(viewer, db, plan)).ok);
  }
  const plans = offered.map((plan) => {
    const price = activePrice(plan, interval)!;
    const monthly = activePrice(plan, "monthly");
    const perMonth = interval === "yearly" ? Math.round(price.amount / 12) : price.amount;
    return {
      name: plan.name,
      title: plan.title,
      popular: plan.popular,
      custom: plan.custom,
      trialDays: plan.trialDays,
      /** Guests: the plan's trial, which a new account gets; signed in: whether this account may still have it. */
      trial: viewer ? (trialOffered.get(plan.name) ?? false) : plan.trialDays > 0,
      perMonth: money(perMonth),
      billed: interval === "yearly" ? `${money(price.amount)} billed yearly` : "billed monthly",
      saving: interval === "yearly" && monthly ? Math.round((1 - price.amount / (monthly.amount * 12)) * 100) : 0,
      highlights: planHighlights(plan),
      current: currentPlan === plan.name && (currentInterval === null || currentInterval === interval),
    };
  });
  // With both providers configured, the second one (Paddle: PayPal and other methods) is offered beside the card checkout.
  const [, secondProvider] = availableBillingTypes(env);
  return {
    interval,
    plans,
    old,
    signedIn: viewer !== null,
    onTrialOrPaid: paying,
    cardFreeTrial,
    secondProvider: secondProvider ?? null,
    // No payment provider outside a local run: plans are bought through sales (docs/decisions/024).
    selfServe: selfServeCheckout(env),
    noSelfServeNote: selfServeCheckout(env) ? null : BILLING_MESSAGES.noSelfServe,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { interval, plans, signedIn } = loaderData;
  const tab = (value: BillingInterval, label: string) => (
    <Link
      to={`${loaderData.old ? "/app/pricing/old" : "/app/pricing"}?interval=${value}`}
      aria-current={interval === value ? "page" : undefined}
      className={`rounded-full px-5 py-2 text-sm font-semibold ${interval === value ? "bg-white text-indigo-700 shadow" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="bg-gradient-to-b from-indigo-50 to-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <div className="text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Plans for every link</h1>
          <p className="mt-3 text-lg text-slate-600">
            Start free. Upgrade for analytics, custom links at scale, bulk creation and the API.
          </p>
          <nav aria-label="Billing period" className="mt-8 inline-flex rounded-full bg-slate-200/70 p-1">
            {tab("monthly", "Monthly")}
            {tab("yearly", "Yearly")}
          </nav>
        </div>
        <ul className={`mt-10 grid gap-6 md:grid-cols-2 ${loaderData.old ? "lg:grid-cols-3" : "lg:grid-cols-4"}`} aria-label="Plans">
          {plans.map((plan) => (
            <li
              key={plan.name}
              data-plan={plan.name}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.popular ? "border-indigo-500 ring-2 ring-indigo-500" : "border-slate-200"}`}
            >
              {plan.popular ? (
                <p className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
                  Most popular
                </p>
              ) : null}
              <h2 className="text-xl font-bold text-slate-900">{plan.title}</h2>
              {plan.custom ? (
                <p className="mt-4 text-3xl font-extrabold text-slate-900">Custom</p>
              ) : (
                <p className="mt-4">
                  <span className="text-3xl font-extrabold text-slate-900">{plan.perMonth}</span>
                  <span className="text-slate-500"> / month</span>
                </p>
              )}
              <p className="mt-1 text-sm text-slate-500">
                {plan.custom ? `from ${plan.perMonth} / month, ${plan.billed}` : plan.billed}
                {plan.saving > 0 ? <span className="ml-1 font-semibold text-emerald-700">save {plan.saving}%</span> : null}
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
                {plan.highlights.map((line) => (
                  <li key={line} className="flex gap-2">
                    <span aria-hidden="true" className="text-indigo-600">
                      ✓
                    </span>
                    {line}
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                {plan.current ? (
                  <p className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-2.5 text-center font-semibold text-emerald-800">
                    Current plan
                  </p>
                ) : plan.custom || !loaderData.selfServe ? (
                  <Link
                    to="/app/pricing/quote"
                    className="block rounded-lg border border-indigo-600 px-4 py-2.5 text-center font-semibold text-indigo-700 hover:bg-indigo-50"
                  >
                    {plan.custom ? "Request a Quote" : "Contact Sales"}
                  </Link>
                ) : signedIn ? (
                  <Form method="post" action="/app/settings/subscription">
                    <input type="hidden" name="intent" value="subscribe" />
                    <input type="hidden" name="plan" value={plan.name} />
                    <input type="hidden" name="interval" value={interval} />
                    <button
                      type="submit"
                      className="w-full rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700"
                    >
                      {loaderData.onTrialOrPaid
                        ? "Change to this plan"
                        : plan.trial
                          ? `Start ${plan.trialDays}-day free trial`
                          : "Subscribe"}
                    </button>
                    {loaderData.secondProvider !== null && !loaderData.onTrialOrPaid ? (
                      <button
                        type="submit"
                        name="billing_type"
                        value={loaderData.secondProvider}
                        className="mt-2 w-full text-center text-sm font-semibold text-indigo-700 hover:underline"
                      >
                        Other payment methods
                      </button>
                    ) : null}
                  </Form>
                ) : (
                  <Link
                    to={`/app/register?plan=${plan.name}&interval=${interval}`}
                    className="block rounded-lg bg-indigo-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-indigo-700"
                  >
                    {plan.trialDays > 0 ? `Start ${plan.trialDays}-day free trial` : "Get Started"}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
        {loaderData.noSelfServeNote ? (
          <p className="mt-8 text-center text-sm font-semibold text-slate-700" role="note">
            {loaderData.noSelfServeNote}
          </p>
        ) : null}
        <p className="mt-10 text-center text-sm text-slate-600">
          Prices in USD. Usage over a plan&apos;s limits with overages on costs $2 per 100 extra units, prorated.{" "}
          <Link to="/app/features/link-management" className="font-semibold text-indigo-700 hover:underline">
            Compare features
          </Link>
        </p>
      </div>
    </div>
  );
}
