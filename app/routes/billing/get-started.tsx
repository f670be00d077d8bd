/**
 * /app/get-started (L): start a free trial where the plan offers one (spec 01 §2, §3: trialDays,
 * trialDelay, forcePaymentMethod). A plan that forces a payment method goes through the
 * checkout; one that does not starts at once. One trial per account.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { getPlan, PLANS, type PlanName } from "../../../domain/plans";
import { Notice } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { subscribe, trialEligibility } from "../../lib/billing/subscribe.server";
import { TestModeBilling } from "../../lib/billing/test-mode.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/get-started";
import { requestFormData } from "../../lib/form-body.server";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Start your free trial | Snip" }];

const TRIAL_PLANS = PLANS.filter((p) => p.billable && !p.hidden && p.trialDays > 0);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const plans = await Promise.all(
    TRIAL_PLANS.map(async (plan) => ({
      name: plan.name,
      title: plan.title,
      trialDays: plan.trialDays,
      card: plan.forcePaymentMethod,
      eligibility: await trialEligibility(viewer, db, plan),
    })),
  );
  return { plans };
}

const schema = z.object({ plan: z.enum(TRIAL_PLANS.map((p) => p.name) as [PlanName, ...PlanName[]]) });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const parsed = schema.safeParse(Object.fromEntries(await requestFormData(request)));
  if (!parsed.success) return data({ error: BILLING_MESSAGES.subscribeFailed }, { status: 422 });
  const plan = getPlan(parsed.data.plan);
  const db = getDb(env.DB);
  const allowed = await trialEligibility(viewer, db, plan);
  if (!allowed.ok) return data({ error: allowed.reason }, { status: 422 });
  if (plan.forcePaymentMethod) {
    const checkout = await subscribe(env, db, viewer, {
      plan,
      interval: "monthly",
      trial: true,
      coupon: null,
      origin: new URL(request.url).origin,
    });
    if (!checkout.ok) return data({ error: checkout.message }, { status: checkout.status });
    return redirect(checkout.value.url);
  }
  // A card-free trial is Snip's own record, whichever provider is configured (docs/decisions/013).
  await new TestModeBilling(env).startTrialWithoutCard(viewer.user.id, plan.name);
  return redirect("/app/settings/subscription?pending=1");
}

export default function GetStarted({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Start your free trial</h1>
      <p className="mt-3 text-slate-600">Try a paid plan for free. Cancel any time before the trial ends and you pay nothing.</p>
      {actionData?.error ? (
        <div className="mt-6">
          <Notice tone="error">{actionData.error}</Notice>
        </div>
      ) : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-label="Trials">
        {loaderData.plans.map((plan) => (
          <li key={plan.name} data-plan={plan.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold text-slate-900">{plan.title}</h2>
            <p className="mt-1 text-sm text-slate-600">
              {plan.trialDays} days free{plan.card ? ", card required" : ", no card needed"}
            </p>
            {plan.eligibility.ok ? (
              <Form method="post" className="mt-4">
                <button
                  name="plan"
                  value={plan.name}
                  className="w-full rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700"
                >
                  Start {plan.trialDays}-day trial
                </button>
              </Form>
            ) : (
              <p className="mt-4 text-sm font-medium text-slate-600">{plan.eligibility.reason}</p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm">
        <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
          Compare all plans
        </Link>
      </p>
    </div>
  );
}
