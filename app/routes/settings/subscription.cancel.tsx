/**
 * /app/settings/subscription/cancel and /cancel/now (L): confirm, then cancel at the period's
 * end (a grace period until then) or at once (spec 01 §4: the immediate cancel appends /now).
 * The provider's event changes the record, so the subscription page refreshes after 3 seconds.
 */
import { data, Form, Link, redirect } from "react-router";
import { getPlan } from "../../../domain/plans";
import { Notice } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsDangerButton, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { changeSubscription } from "../../lib/billing/actions.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import { requirePost } from "../../lib/form-body.server";
import type { Route } from "./+types/subscription.cancel";
import { pagePathname } from "../../lib/page-url";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Cancel subscription | Snip" }];

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
export const immediate = (request: Request) => pagePathname(request).endsWith("/now");

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const sub = viewer.subscription;
  if (!viewer.subscribed || !sub) throw redirect("/app/settings/subscription");
  return {
    immediately: immediate(request),
    plan: getPlan(sub.name).title,
    endsAt: DATE.format(sub.trialEndsAt && sub.trialEndsAt > new Date() ? sub.trialEndsAt : (sub.periodEndsAt ?? new Date())),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  requirePost(request);
  const result = await changeSubscription(getCloudflare(context).env, viewer.user.id, { kind: "cancel", immediately: immediate(request) });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect("/app/settings/subscription?pending=1");
}

export default function CancelSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { immediately, plan, endsAt } = loaderData;
  return (
    <>
      <SettingsHeading title="Cancel subscription" />
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <SettingsCard title={immediately ? `Cancel ${plan} now` : `Cancel ${plan} at the end of the period`} tone="danger">
        <p className="text-sm leading-6 text-slate-700">
          {immediately
            ? "Your plan ends at once and your account returns to the Free plan. Paid features stop now."
            : `Your plan stays active until ${endsAt}, then your account returns to the Free plan. You can resume it until then.`}
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Form method="post">
            <button type="submit" className={settingsDangerButton}>
              {immediately ? "Cancel Immediately" : "Cancel at Period End"}
            </button>
          </Form>
          <Link to="/app/settings/subscription" className={settingsSecondaryButton}>
            Keep my plan
          </Link>
        </div>
      </SettingsCard>
    </>
  );
}
