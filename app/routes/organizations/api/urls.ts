/**
 * GET /app/api/organization/{o}/urls/{state} (organization.dashboard),
 * .../team/{t}/urls/{state} (team.open) and .../personal/urls/{state} (organization.personal):
 * the paged link lists of spec 01 §7 ({data, next}; ?page=, ?search=type:query).
 */
import { methodNotAllowed } from "../../../lib/api.server";
import { organizationUrlsCall } from "../../../lib/organization-links.server";
import type { Route } from "./+types/urls";

export const loader = (args: Route.LoaderArgs) =>
  organizationUrlsCall(
    args,
    args.params.team ? "team" : new URL(args.request.url).pathname.includes("/personal/urls") ? "personal" : "organization",
  );
export const action = methodNotAllowed("GET");
