/** /app/settings: the default child is the profile. */
import { redirect } from "react-router";
import { requireUser } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return redirect("/app/settings/profile");
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
