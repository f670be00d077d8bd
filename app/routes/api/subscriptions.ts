/**
 * GET /app/api/subscriptions?billing_type= (spec 01 §7): the plans offered and the signed-in
 * user's current and future subscription (app/lib/billing/plans-call.server.ts, shared with the
 * team and organization contexts).
 */
import { methodNotAllowed } from "../../lib/api.server";
import { personalBilling } from "../../lib/billing/context.server";
import { plansCall } from "../../lib/billing/plans-call.server";
import { getViewer } from "../../session.server";
import type { Route } from "./+types/subscriptions";

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  return plansCall(request, context, viewer ? personalBilling(viewer) : null);
}

export const action = methodNotAllowed("GET");
