/** /app/purchase (default child domain) and /app/purchase-domains (L): to the domain search. */
import { redirect } from "react-router";
import { requireUser } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const search = new URL(request.url).search;
  return redirect(`/app/purchase/domain${search}`);
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
