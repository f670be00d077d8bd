/**
 * /app/subscribe (L): where a user whose trial is past due is sent (route subscription.past_due).
 * The plan choice and payment come with the billing work (issue 6); this page states the
 * situation and offers the way out. Anyone not past due is sent on to the homepage.
 */
import { Form, Link, redirect } from "react-router";
import { getPlan } from "../../domain/plans";
import { requireUser } from "../session.server";
import type { RouteHandle } from "../route-handle";
import type { Route } from "./+types/subscribe";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Your trial has ended | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  if (!viewer.pastDueTrial) throw redirect("/");
  return { plan: getPlan(viewer.subject.plan).title };
}

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-amber-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-extrabold text-slate-900">Your {loaderData.plan} trial has ended</h1>
        <p className="mt-3 leading-7 text-slate-600">
          The payment for your subscription did not go through, so your account is paused. Your links keep redirecting; to manage them
          again, choose a plan and add a payment method.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/app/pricing" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
            Choose a plan
          </Link>
          <Form method="post" action="/app/logout">
            <button type="submit" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
              Log out
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
