/** /app/settings: the default child is the profile. */
import { redirect } from "react-router";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return redirect("/app/settings/profile");
}
