/** /app/organization/{org}/team/{team}: the default child is the profile (after the team-switch check). */
import { redirect } from "react-router";
import { teamAreaPath } from "../../../domain/teams";
import { requireTeamArea } from "../../lib/teams/team-area.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  const { access, setCookie } = await requireTeamArea(args);
  const headers = setCookie ? { "set-cookie": setCookie } : undefined;
  return redirect(teamAreaPath(access.organization.slug, access.team.slug), { headers });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
