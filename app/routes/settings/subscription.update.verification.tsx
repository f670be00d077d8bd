/**
 * /app/settings/subscription/update/verification (L): after a plan change, wait for the
 * provider's event to show the new plan, refreshing every 3 seconds; after a minute say
 * "The subscription verification takes longer than expected." (spec 01 §8).
 */
import { Link } from "react-router";
import { z } from "zod";
import { BILLING_MESSAGES } from "../../../domain/billing";
import { PLAN_NAMES, getPlan } from "../../../domain/plans";
import { SUBSCRIPTION_REFRESH_MS } from "../../../domain/subscription";
import { Notice } from "../../components/form-fields";
import { SettingsHeading } from "../../components/settings";
import { WaitingRefresh } from "../../components/waiting-refresh";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/subscription.update.verification";

export const handle: RouteHandle = { hydrate: false };
/** Refreshes before "takes longer than expected": 20 × 3 s. */
const MAX_TRIES = 20;
const querySchema = z.object({
  plan: z.enum(PLAN_NAMES).catch("free"),
  interval: z.enum(["monthly", "yearly"]).catch("monthly"),
  try: z.coerce.number().int().min(0).max(1000).catch(0),
});

export const meta: Route.MetaFunction = () => [{ title: "Subscription | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const q = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const sub = viewer.subscription;
  const done = sub !== null && sub.name === q.plan && sub.interval === q.interval;
  const state = done ? "done" : q.try >= MAX_TRIES ? "slow" : "waiting";
  const next = `/app/settings/subscription/update/verification?plan=${q.plan}&interval=${q.interval}&try=${q.try + 1}`;
  return {
    state,
    plan: getPlan(q.plan).title,
    refresh: state === "waiting" ? { to: next, seconds: SUBSCRIPTION_REFRESH_MS / 1000 } : null,
  };
}

export default function UpdateVerification({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading title="Subscription" />
      <WaitingRefresh refresh={loaderData.refresh} />
      {loaderData.state === "done" ? (
        <Notice tone="success">Your plan is now {loaderData.plan}.</Notice>
      ) : loaderData.state === "waiting" ? (
        <Notice tone="info">Confirming the change… this page refreshes by itself.</Notice>
      ) : (
        <Notice tone="error">{BILLING_MESSAGES.verificationSlow}</Notice>
      )}
      <p className="mt-6">
        <Link to="/app/settings/subscription" className="font-semibold text-indigo-700 hover:underline">
          Go to your subscription
        </Link>
      </p>
    </>
  );
}
