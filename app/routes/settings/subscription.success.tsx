/**
 * /app/settings/subscription/success (L): after the checkout, wait for the provider's event to
 * activate the subscription, looking again every 3 seconds (components/waiting-refresh.tsx);
 * after a minute say it takes longer.
 */
import { Link } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { getCheckoutSession } from "../../../db/billing.server";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { getPlan, type PlanName } from "../../../domain/plans";
import { SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import { Notice } from "../../components/form-fields";
import { SettingsHeading } from "../../components/settings";
import { WaitingRefresh } from "../../components/waiting-refresh";
import { getCloudflare } from "../../context.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/subscription.success";

export const handle: RouteHandle = { hydrate: false };
/** Refreshes before "takes longer than expected": 20 × 3 s. */
const MAX_TRIES = 20;

const querySchema = z.object({ session: z.string().max(100).catch(""), try: z.coerce.number().int().min(0).max(1000).catch(0) });

export const meta: Route.MetaFunction = () => [{ title: "Subscription | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const q = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const session = q.session ? await getCheckoutSession(getDb(getCloudflare(context).env.DB), viewer.user.id, q.session) : undefined;
  const plan = session ? getPlan(session.plan as PlanName).title : null;
  const paid = session?.status === "paid" && viewer.subscribed;
  const state = !session ? "unknown" : paid ? "active" : q.try >= MAX_TRIES ? "slow" : "waiting";
  const next = `/app/settings/subscription/success?session=${encodeURIComponent(q.session)}&try=${q.try + 1}`;
  return { state, plan, refresh: state === "waiting" ? { to: next, seconds: SUBSCRIPTION_REFRESH_MS / 1000 } : null };
}

export default function SubscriptionSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Subscription" />
      <WaitingRefresh refresh={loaderData.refresh} />
      {loaderData.state === "active" ? (
        <Notice tone="success">You are subscribed to {loaderData.plan}. Thank you!</Notice>
      ) : loaderData.state === "waiting" ? (
        <Notice tone="info">Confirming your payment… this page refreshes by itself.</Notice>
      ) : loaderData.state === "slow" ? (
        <Notice tone="error">{BILLING_MESSAGES.verificationSlow}</Notice>
      ) : (
        <Notice tone="error">{BILLING_MESSAGES.subscribeFailed}</Notice>
      )}
      <p className="mt-6">
        <Link to="/app/settings/subscription" className="font-semibold text-indigo-700 hover:underline">
          Go to your subscription
        </Link>
      </p>
    </>
  );
}
