/**
 * /app/organizations/{org}/settings/subscription/success, …/subscription/cancel and
 * …/subscription/update/{subscription}/{interval}: the paths spec 01 §2 lists for the organization's
 * subscription (beside profile/subscription). The pages are under settings/profile/subscription
 * (app/routes/billing/workspace-subscription.tsx); these paths pass the same guard first
 * (organization.subscription: L, developer, 404 for a stranger, 403 for another participant), so
 * nobody learns more here than there, then redirect to that page with the query kept (a checkout's
 * `session`).
 */
import { redirect } from "react-router";
import { methodNotAllowed } from "../../../lib/api.server";
import { organizationBillingPaths } from "../../../lib/billing/context.server";
import { requireOrganizationAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/subscription-alias";
import { pageUrl } from "../../../lib/page-url";

/** The page under settings/profile/subscription this path names. */
function target(slug: string, request: Request, params: Route.LoaderArgs["params"]): string {
  const base = organizationBillingPaths(slug).subscriptionPath;
  const url = pageUrl(request);
  const page =
    params.subscription !== undefined && params.interval !== undefined
      ? `update/${encodeURIComponent(params.subscription)}/${encodeURIComponent(params.interval)}`
      : url.pathname.replace(/\/+$/, "").endsWith("/cancel")
        ? "cancel"
        : "success";
  return `${base}/${page}${url.search}`;
}

export async function loader(args: Route.LoaderArgs) {
  const access = await requireOrganizationAccess(args, "organization.subscription");
  return redirect(target(access.organization.slug, args.request, args.params));
}

/** GET only, after the guard: another method is 405 with Allow (the page's own forms post to settings/profile/subscription). */
export async function action(args: Route.ActionArgs) {
  await requireOrganizationAccess(args, "organization.subscription");
  return methodNotAllowed("GET")();
}
