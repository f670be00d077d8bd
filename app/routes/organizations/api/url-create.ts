/**
 * POST /app/api/organization/{o}/team/{t}/url/create (team.link.create) and
 * POST /app/api/organization/{o}/personal/url/create (organization.link.create): the creation
 * payload of spec 02 §3 into that workspace; the create response (a list of links with aliases).
 */
import { methodNotAllowed } from "../../../lib/api.server";
import { organizationCreateCall } from "../../../lib/organization-links.server";
import type { Route } from "./+types/url-create";

export const action = (args: Route.ActionArgs) => organizationCreateCall(args, args.params.team ? "team" : "personal");
export const loader = methodNotAllowed("POST");
