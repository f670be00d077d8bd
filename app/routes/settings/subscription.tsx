/**
 * /app/settings/subscription (L): the current plan and its state (spec 01 §4: on trial, grace
 * period, past due, renewal date), and the subscription actions: subscribe (from pricing),
 * change plan, cancel at the period's end or now, resume. Each change goes to the billing
 * provider; its event updates the record, so the page refreshes after 3 seconds (spec §4).
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { findCoupon } from "../../../domain/coupons";
import { readCouponCode } from "../../cookies.server";
import { PLAN_NAMES, getPlan } from "../../../domain/plans";
import { isPastDue, onGracePeriod, onTrial, renewalDate, SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import { Notice } from "../../components/form-fields";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { changeSubscription } from "../../lib/billing/actions.server";
import { onCardFreeTrial, purchasable, reactivatable, reactivate, subscribe } from "../../lib/billing/subscribe.server";
import { personalBilling } from "../../lib/billing/context.server";
import { WaitingRefresh } from "../../components/waiting-refresh";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/subscription";
import { requestFormData } from "../../lib/form-body.server";
import { PLAN_FIELD_MESSAGES } from "../../lib/billing/calls.server";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [{ title: "Subscription | Snip" }];

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const now = new Date();
  const sub = viewer.subscription;
  const future = viewer.futureSubscription;
  const db = getDb(getCloudflare(context).env.DB);
  const ended = await reactivatable(db, personalBilling(viewer));
  const pending = new URL(request.url).searchParams.has("pending");
  // A card-free trial ends with its trial: not a cancelled subscription to resume, a plan to subscribe to.
  const cardFreeTrial = sub !== null && (await onCardFreeTrial(db, viewer.user.id));
  return {
    // A subscription that ended can be started again on the same plan (spec 01 §4 reactivate).
    ended: ended
      ? {
          plan: ended.plan.title,
          interval: ended.interval,
          endedAt: ended.endedAt ? DATE.format(ended.endedAt) : null,
        }
      : null,
    pending,
    refresh: pending ? { to: "/app/settings/subscription", seconds: SUBSCRIPTION_REFRESH_MS / 1000 } : null,
    // Spec 01 §4: a future subscription is a scheduled downgrade, starting when the current period ends.
    scheduled: future
      ? {
          plan: getPlan(future.name).title,
          interval: future.interval,
          startsAt: future.periodStartsAt ? DATE.format(future.periodStartsAt) : null,
        }
      : null,
    subscription: sub
      ? {
          plan: getPlan(sub.name).title,
          interval: sub.interval,
          amount: money(sub.amount),
          onTrial: onTrial(sub, now),
          trialEndsAt: sub.trialEndsAt ? DATE.format(sub.trialEndsAt) : null,
          onGracePeriod: !cardFreeTrial && onGracePeriod(sub, now),
          cardFreeTrial,
          endsAt: sub.endsAt ? DATE.format(sub.endsAt) : null,
          pastDue: isPastDue(sub),
          renewsAt: DATE.format(renewalDate(sub)),
        }
      : null,
  };
}

/** Subscribe (from pricing): its fields' errors are listed (spec 01 §8 Subscribe: "422: lists errors"), as the JSON call's. */
const subscribeSchema = z.object({
  intent: z.literal("subscribe"),
  plan: z.enum(PLAN_NAMES, { error: PLAN_FIELD_MESSAGES.plan }),
  interval: z.enum(["monthly", "yearly"], { error: PLAN_FIELD_MESSAGES.interval }),
  // Spec 01 §7: the subscribe call names its billing type (1 Stripe, 2 Paddle); absent = the preferred one.
  billing_type: z.coerce.number().int().optional(),
});

/** The changes of the current subscription: an unknown one is the update failure (spec 01 §8 Subscription update). */
const changeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("cancel-now") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("reactivate") }),
  // Spec 01 §7 DELETE settings/subscription/scheduled, as a plain form.
  z.object({ intent: z.literal("cancel-scheduled") }),
]);

type ActionReply = { error: string | null; errors: string[] };
const failed = (error: string): ActionReply => ({ error, errors: [] });
/** Each message once, in order. */
const listed = (errors: string[]): ActionReply => ({ error: null, errors: [...new Set(errors)] });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const form = Object.fromEntries(await requestFormData(request));

  if (form.intent === "subscribe") {
    const parsed = subscribeSchema.safeParse(form);
    if (!parsed.success) return data(listed(parsed.error.issues.map((issue) => issue.message)), { status: 422 });
    const input = parsed.data;
    const plan = purchasable(input.plan, input.interval);
    if (!plan) return data(listed([PLAN_FIELD_MESSAGES.notPurchasable]), { status: 422 });
    // A subscriber changes plan: the confirm page of the update (spec 01 §2).
    // (A card-free trial is bought with a checkout like no subscription: it has no card to charge.)
    if (viewer.subscribed && !(await onCardFreeTrial(getDb(env.DB), viewer.user.id))) {
      return redirect(`/app/settings/subscription/update/${plan.name}/${input.interval}`);
    }
    const checkout = await subscribe(env, getDb(env.DB), viewer, {
      plan,
      interval: input.interval,
      // Spec 01 §7: the subscribe call names its billing type (1 Stripe, 2 Paddle); absent = the preferred one.
      billingType: input.billing_type === 1 || input.billing_type === 2 ? input.billing_type : undefined,
      trial: true,
      coupon: findCoupon(await readCouponCode(request)),
      origin: new URL(request.url).origin,
    });
    if (!checkout.ok) return data(failed(checkout.message), { status: checkout.status });
    return redirect(checkout.value.url);
  }

  const parsed = changeSchema.safeParse(form);
  if (!parsed.success) return data(failed(BILLING_MESSAGES.updateFailed), { status: 422 });
  const input = parsed.data;

  if (input.intent === "reactivate") {
    const checkout = await reactivate(env, getDb(env.DB), personalBilling(viewer), new URL(request.url).origin);
    if (!checkout) return redirect("/app/settings/subscription");
    if (!checkout.ok) return data(failed(checkout.message), { status: checkout.status });
    return redirect(checkout.value.url);
  }

  const result = await changeSubscription(
    env,
    viewer.user.id,
    input.intent === "resume" || input.intent === "cancel-scheduled"
      ? { kind: input.intent }
      : { kind: "cancel", immediately: input.intent === "cancel-now" },
  );
  if (!result.ok) return data(failed(result.message), { status: result.status === 402 ? 402 : 422 });
  return redirect("/app/settings/subscription?pending=1");
}

export default function SubscriptionSettings({ loaderData, actionData }: Route.ComponentProps) {
  const sub = loaderData.subscription;
  const scheduled = loaderData.scheduled;
  return (
    <>
      <SettingsHeading title="Subscription" lead="Your plan, its billing period, and changes to it." />
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {actionData?.errors.length ? (
        <div
          role="alert"
          data-testid="form-errors"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          <ul className="list-disc space-y-1 pl-5">
            {actionData.errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <WaitingRefresh refresh={loaderData.refresh} />
      {loaderData.pending ? <Notice tone="info">Updating your subscription… this page refreshes in a moment.</Notice> : null}
      <div className="mt-4 space-y-6">
        <SettingsCard title="Current plan">
          {sub ? (
            <div className="space-y-3 text-sm text-slate-700" data-testid="current-plan">
              <p className="text-lg font-bold text-slate-900">
                {sub.plan}{" "}
                <span className="font-normal text-slate-600">
                  · {sub.interval === "yearly" ? "Yearly" : "Monthly"}, {sub.amount}
                </span>
              </p>
              {sub.onTrial ? <p>On trial until {sub.trialEndsAt}.</p> : null}
              {sub.cardFreeTrial ? (
                <p data-testid="card-free-trial">No card is on file: the plan ends with the trial unless you subscribe to it.</p>
              ) : null}
              {sub.pastDue ? (
                <p className="font-semibold text-red-700">Your last payment failed. Please update your payment method.</p>
              ) : null}
              {sub.cardFreeTrial ? null : sub.onGracePeriod ? (
                <p className="font-semibold text-amber-700">Cancelled: your plan stays active until {sub.endsAt}.</p>
              ) : (
                <p>Renews on {sub.renewsAt}.</p>
              )}
              {scheduled ? (
                <div className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3" data-testid="scheduled-downgrade">
                  <p className="font-semibold text-amber-800">
                    Your plan changes to {scheduled.plan} ({scheduled.interval === "yearly" ? "Yearly" : "Monthly"}) on {scheduled.startsAt}
                    .
                  </p>
                  <Form method="post">
                    <button
                      name="intent"
                      value="cancel-scheduled"
                      className="rounded-lg border border-amber-400 px-4 py-2 font-semibold text-amber-900 hover:bg-amber-100"
                    >
                      Cancel Scheduled Downgrade
                    </button>
                  </Form>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-3 pt-2">
                <Link
                  to="/app/pricing"
                  className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
                >
                  {sub.cardFreeTrial ? "Subscribe" : "Change Plan"}
                </Link>
                {sub.cardFreeTrial ? null : sub.onGracePeriod ? (
                  <Form method="post">
                    <button
                      name="intent"
                      value="resume"
                      className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
                    >
                      Resume Subscription
                    </button>
                  </Form>
                ) : (
                  <Form method="post">
                    <button
                      name="intent"
                      value="cancel"
                      className="rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
                    >
                      Cancel at Period End
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <button
                    name="intent"
                    value="cancel-now"
                    className="rounded-lg px-4 py-2 font-semibold text-red-700 underline hover:bg-red-50"
                  >
                    Cancel Immediately
                  </button>
                </Form>
              </div>
            </div>
          ) : (
            <div className="text-sm text-slate-700">
              <p>You are on the Free plan.</p>
              {loaderData.ended ? (
                <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3" data-testid="ended-subscription">
                  <p>
                    Your {loaderData.ended.plan} plan ({loaderData.ended.interval === "yearly" ? "Yearly" : "Monthly"})
                    {loaderData.ended.endedAt ? ` ended on ${loaderData.ended.endedAt}` : " has ended"}.
                  </p>
                  <Form method="post">
                    <button
                      name="intent"
                      value="reactivate"
                      className="rounded-lg border border-indigo-300 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50"
                    >
                      Reactivate
                    </button>
                  </Form>
                </div>
              ) : null}
              <Link
                to="/app/pricing"
                className="mt-3 inline-block rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
              >
                See Plans
              </Link>
            </div>
          )}
        </SettingsCard>
      </div>
    </>
  );
}
