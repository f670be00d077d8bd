/**
 * POST /app/api/organization/{o}/team/{t}/bulk/csv (team.link.create) and
 * POST /app/api/organization/{o}/personal/bulk/csv (organization.link.create): the bulk upload
 * (multipart: file, domain, withHeader) into that workspace; answers {total}.
 */
import { methodNotAllowed } from "../../../lib/api.server";
import { organizationBulkCall } from "../../../lib/organization-links.server";
import type { Route } from "./+types/bulk-csv";

export const action = (args: Route.ActionArgs) => organizationBulkCall(args, args.params.team ? "team" : "personal");
export const loader = methodNotAllowed("POST");
