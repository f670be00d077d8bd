/** /app/organization/{org}/team with no team: the team-switch check's 'Team required.' (spec 01 §2, §8). */
import { redirect } from "react-router";
import { teamSwitchErrorPath } from "../../../domain/teams";
import { requireUser } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/required";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return redirect(teamSwitchErrorPath("team-required"));
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
