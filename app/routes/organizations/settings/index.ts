/** /app/organizations/{org}/settings: the default child is the profile (spec 01 §2). */
import { redirect } from "react-router";
import type { Route } from "./+types/index";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/app/organizations/${encodeURIComponent(params.org)}/settings/profile`);
}
