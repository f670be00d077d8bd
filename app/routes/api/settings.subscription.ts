/**
 * The subscription calls of spec 01 §7 in the user context (`settings/subscription…`), for the
 * browser's JSON client (the settings pages post the same changes as plain forms). The calls are
 * app/lib/billing/calls.server.ts, shared with the team and organization contexts
 * (docs/decisions/016, 033).
 */
import { requireApiViewer } from "../../lib/api.server";
import { dispatchSubscriptionCall } from "../../lib/billing/calls.server";
import { personalBilling } from "../../lib/billing/context.server";
import type { Route } from "./+types/settings.subscription";

const call = ({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) =>
  dispatchSubscriptionCall(request, context, params.op, () => personalBilling(requireApiViewer(context)));

export const loader = call;
export const action = call;
