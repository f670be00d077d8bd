/**
 * The purchase pages' guard (docs/decisions/043, 053): L, and a plan that may buy domains, else the
 * domain upsell. `inTeam`: the user works in a team now (team mode with a current team), where the
 * cart is refused 'Permission denied' (spec 01 §5): the page says so, and every change is refused.
 */
import { redirect } from "react-router";
import { cartRefusalFor, mayPurchaseDomains } from "../../lib/orders.server";
import { getCloudflare } from "../../context.server";
import { requireUser, type Viewer } from "../../session.server";

type Context = Parameters<typeof requireUser>[1];

export async function requirePurchaser(request: Request, context: Context): Promise<{ viewer: Viewer; inTeam: boolean }> {
  const viewer = requireUser(request, context);
  if (!mayPurchaseDomains(viewer.subject)) throw redirect("/app/domain-upsell");
  const refusal = await cartRefusalFor(getCloudflare(context).env, viewer, request);
  return { viewer, inTeam: refusal === "team" };
}
