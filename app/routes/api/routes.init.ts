/**
 * GET /app/api/routes/init (spec 01 §3 "Alias routing data", §7; issue 20, docs/decisions/037):
 * what the routing editor offers: values, conditions, operations and urls_conditions.
 * Logged out: 401 'Not authorized'; without the redirect_routes capability: 403 with the reason.
 */
import { can } from "../../../domain/entitlements";
import { routesInitData } from "../../../domain/redirect-routes";
import { ROUTE_MESSAGES } from "../../forms/link-routes";
import { apiError, json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import type { Route } from "./+types/routes.init";

export function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  if (!can(viewer.subject, "redirect_routes")) return apiError(403, ROUTE_MESSAGES.notInPlan);
  return json({ data: routesInitData() });
}

export const action = methodNotAllowed("GET");
