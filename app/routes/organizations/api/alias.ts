/**
 * GET /app/api/organization/{o}/team/{t}/alias/{alias} (team.open) and
 * .../personal/alias/{alias} (organization.personal): one link of that workspace (404 otherwise).
 */
import { methodNotAllowed } from "../../../lib/api.server";
import { organizationAliasCall } from "../../../lib/organization-links.server";
import type { Route } from "./+types/alias";

export const loader = (args: Route.LoaderArgs) => organizationAliasCall(args, args.params.team ? "team" : "personal");
export const action = methodNotAllowed("GET");
