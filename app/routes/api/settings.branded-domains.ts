/**
 * GET /app/api/settings/branded-domains and GET /app/api/settings/vanity-subdomains (spec 01 §7):
 * the signed-in user's branded domains (and subdomains) or vanity subdomains, with their state.
 */
import { listBrandedDomains } from "../../../db/branded-domains.server";
import { getDb } from "../../../db/client.server";
import { getCloudflare } from "../../context.server";
import { json, requireApiViewer } from "../../lib/api.server";
import type { Route } from "./+types/settings.branded-domains";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  const vanity = new URL(request.url).pathname.endsWith("/vanity-subdomains");
  const domains = await listBrandedDomains(getDb(getCloudflare(context).env.DB), viewer.user.id);
  return json({
    data: domains
      .filter((d) => (d.kind === "vanity") === vanity)
      .map((d) => ({
        domain: d.hostname,
        type: d.kind,
        status: d.status,
        isBranded: d.kind !== "vanity",
        isDeleted: false,
        created_at: d.createdAt.toISOString(),
        root_redirect: d.rootRedirect,
        not_found_redirect: d.notFoundRedirect,
      })),
  });
}
