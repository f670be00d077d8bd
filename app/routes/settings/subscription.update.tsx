/**
 * /app/settings/subscription/update/{subscription}/{interval} (L): change the plan or the
 * billing period. The page confirms what changes; the action asks the provider (prorated at
 * Stripe and Paddle) and goes to the verification page, which waits for the provider's event.
 * Errors per spec 01 §8: 402 "Payment declined...", 406 the server's message, 422 field
 * errors, otherwise "We were unable to update your subscription...".
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { PLAN_NAMES, activePrice, getPlan } from "../../../domain/plans";
import { Notice } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { changeIsScheduled, changeSubscription } from "../../lib/billing/actions.server";
import { onCardFreeTrial } from "../../lib/billing/subscribe.server";
import { getDb } from "../../../db/client.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import { requirePost } from "../../lib/form-body.server";
import type { Route } from "./+types/subscription.update";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Change plan | Snip" }];

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const paramsSchema = z.object({ subscription: z.enum(PLAN_NAMES), interval: z.enum(["monthly", "yearly"]) });

function target(params: Route.LoaderArgs["params"]) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data("Not Found", { status: 404 });
  const plan = getPlan(parsed.data.subscription);
  const price = activePrice(plan, parsed.data.interval);
  if (!plan.billable || plan.custom || !price) throw data("Not Found", { status: 404 });
  return { plan, interval: parsed.data.interval, price };
}

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { plan, interval, price } = target(params);
  const sub = viewer.subscription;
  // A card-free trial has nothing to change: its plans are bought with a checkout from the plans page.
  const db = getDb(getCloudflare(context).env.DB);
  if (!viewer.subscribed || !sub || (await onCardFreeTrial(db, viewer.user.id))) throw redirect(`/app/pricing?interval=${interval}`);
  const scheduled = await changeIsScheduled(getCloudflare(context).env, viewer.user.id, sub, { name: plan.name, interval });
  return {
    // A downgrade starts when the current period ends (spec 01 §4).
    startsAt: scheduled && sub.periodEndsAt ? DATE.format(sub.periodEndsAt) : null,
    from: { plan: getPlan(sub.name).title, interval: sub.interval, amount: money(sub.amount) },
    to: { plan: plan.title, interval, amount: money(price.amount) },
    unchanged: sub.name === plan.name && sub.interval === interval,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  requirePost(request);
  const { plan, interval } = target(params);
  const sub = viewer.subscription;
  const { env } = getCloudflare(context);
  if (!viewer.subscribed || !sub || (await onCardFreeTrial(getDb(env.DB), viewer.user.id))) {
    return data({ error: BILLING_MESSAGES.updateFailed, fieldErrors: null }, { status: 422 });
  }
  const scheduled = await changeIsScheduled(env, viewer.user.id, sub, { name: plan.name, interval });
  const result = await changeSubscription(env, viewer.user.id, { kind: "plan", plan: plan.name, interval });
  // A scheduled downgrade leaves the plan as it is: the subscription page shows it once recorded.
  if (result.ok && scheduled) return redirect("/app/settings/subscription?pending=1");
  if (result.ok) return redirect(`/app/settings/subscription/update/verification?plan=${plan.name}&interval=${interval}`);
  const message =
    result.status === 402 ? BILLING_MESSAGES.declined : result.status === 406 ? result.message : BILLING_MESSAGES.updateFailed;
  return data({ error: message, fieldErrors: result.status === 422 ? (result.fieldErrors ?? null) : null }, { status: result.status });
}

export default function UpdateSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { from, to, unchanged, startsAt } = loaderData;
  const period = (interval: string) => (interval === "yearly" ? "a year" : "a month");
  return (
    <>
      <SettingsHeading title="Change plan" />
      {actionData?.error ? (
        <Notice tone="error">
          {actionData.error}
          {actionData.error === BILLING_MESSAGES.declined ? (
            <>
              {" "}
              <Link to="/app/settings/payment-method" className="font-semibold underline">
                Update payment method
              </Link>
            </>
          ) : null}
        </Notice>
      ) : null}
      {actionData?.fieldErrors ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-red-700">
          {Object.values(actionData.fieldErrors)
            .flat()
            .map((m) => (
              <li key={m}>{m}</li>
            ))}
        </ul>
      ) : null}
      <div className="mt-4">
        <SettingsCard title="Your new plan">
          <dl className="grid gap-2 text-sm text-slate-700 sm:grid-cols-[8rem_1fr]" data-testid="plan-change">
            <dt className="font-semibold">Now</dt>
            <dd>
              {from.plan}, {from.amount} {period(from.interval)}
            </dd>
            <dt className="font-semibold">New</dt>
            <dd>
              {to.plan}, {to.amount} {period(to.interval)}
            </dd>
          </dl>
          {unchanged ? (
            <p className="mt-4 text-sm text-slate-600">This is your current plan.</p>
          ) : startsAt ? (
            <p className="mt-4 text-sm text-slate-600">
              The change takes effect at the end of your current period, on {startsAt}. Until then you keep your current plan.
            </p>
          ) : (
            <p className="mt-4 text-sm text-slate-600">
              The change takes effect now. The unused part of your current period is credited against the new price.
            </p>
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            {unchanged ? null : (
              <Form method="post">
                <button type="submit" className={settingsButton}>
                  Confirm Change
                </button>
              </Form>
            )}
            <Link to="/app/settings/subscription" className={settingsSecondaryButton}>
              Back
            </Link>
          </div>
        </SettingsCard>
      </div>
    </>
  );
}
