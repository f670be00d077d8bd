/** /app/organizations/{org}/settings: the default child is the profile (spec 01 §2). */
import { redirect } from "react-router";
import { methodNotAllowed } from "../../../lib/api.server";
import type { Route } from "./+types/index";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/app/organizations/${encodeURIComponent(params.org)}/settings/profile`);
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
