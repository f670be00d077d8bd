/** The purchase pages' guard (docs/decisions/043): L, and a plan that may buy domains, else the domain upsell. */
import { redirect } from "react-router";
import { mayPurchaseDomains } from "../../lib/orders.server";
import { requireUser, type Viewer } from "../../session.server";

type Context = Parameters<typeof requireUser>[1];

export function requirePurchaser(request: Request, context: Context): Viewer {
  const viewer = requireUser(request, context);
  if (!mayPurchaseDomains(viewer.subject)) throw redirect("/app/domain-upsell");
  return viewer;
}
