/**
 * GET /app/api/settings/branded-domains and GET /app/api/settings/vanity-subdomains (spec 01 §7):
 * the signed-in user's branded domains (and subdomains) or vanity subdomains, with their state. A
 * saved root or 404 redirect to a domain banned since is held (decision 036): the redirect worker
 * does not follow it, and `root_redirect_held` / `not_found_redirect_held` say so, as the edit page does.
 */
import { listBrandedDomains } from "../../../db/branded-domains.server";
import { getDb } from "../../../db/client.server";
import { bannedDomainsFor } from "../../../db/trust-safety.server";
import { isRedirectHeld } from "../../../domain/trust-safety";
import { getCloudflare } from "../../context.server";
import { json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import type { Route } from "./+types/settings.branded-domains";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  const vanity = new URL(request.url).pathname.endsWith("/vanity-subdomains");
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const domains = await listBrandedDomains(db, viewer.user.id);
  const banned = domains.some((d) => d.rootRedirect !== null || d.notFoundRedirect !== null) ? await bannedDomainsFor(db, env) : [];
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
        root_redirect_held: isRedirectHeld(d.rootRedirect, banned),
        not_found_redirect_held: isRedirectHeld(d.notFoundRedirect, banned),
      })),
  });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
