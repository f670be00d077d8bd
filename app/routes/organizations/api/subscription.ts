/**
 * The subscription calls of spec 01 §7 in the team and organization contexts (docs/decisions/033):
 *
 *   GET organization/{o}/team/{t}/subscriptions, organization/{o}/subscriptions: plans and the
 *       team's or organization's current and future subscription
 *   organization/{o}/team/{t}/subscription…, organization/{o}/subscription…: subscribe (POST new),
 *       update (PUT), cancel (DELETE, /now), resume, reactivate, cancel-scheduled
 *
 * The same calls as the user context (app/lib/billing/calls.server.ts), for the route's team or
 * organization, behind `team.subscription` / `organization.subscription`.
 */
import { methodNotAllowed } from "../../../lib/api.server";
import { dispatchSubscriptionCall } from "../../../lib/billing/calls.server";
import { plansCall } from "../../../lib/billing/plans-call.server";
import { requireWorkspaceBilling } from "../../../lib/billing/workspace-access.server";
import type { Route } from "./+types/subscription";

type Args = Route.LoaderArgs | Route.ActionArgs;

const scopeOf = (args: Args) => (args.params.team ? "team" : "organization");
const isPlansList = (request: Request) => new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/subscriptions");

async function call(args: Args): Promise<Response> {
  if (isPlansList(args.request)) {
    if (args.request.method !== "GET") return methodNotAllowed("GET")();
    const { billing } = await requireWorkspaceBilling(args, scopeOf(args), true);
    return plansCall(args.request, args.context, billing);
  }
  return dispatchSubscriptionCall(args.request, args.context, args.params.op, async () => {
    return (await requireWorkspaceBilling(args, scopeOf(args), true)).billing;
  });
}

export const loader = call;
export const action = call;
