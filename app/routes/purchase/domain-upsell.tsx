/**
 * /app/domain-upsell (L; spec 01 §2 Trial and billing, docs/decisions/043): the offer of a domain
 * of one's own. A plan that may buy domains goes on to the search (on a free trial, with the trial
 * as the purchase source); any other plan is shown the plans that include one.
 */
import { Link } from "react-router";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { plansWithFreeDomains } from "../../../domain/orders";
import { PLANS } from "../../../domain/plans";
import { mayPurchaseDomains } from "../../lib/orders.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/domain-upsell";

export const handle: RouteHandle = { hydrate: false };

// Only plans that may buy domains have free first years (decision 051).
const FREE_DOMAIN_OFFER = `yearly ${plansWithFreeDomains(PLANS)
  .map((o) => o.title)
  .join(" or ")} billing includes the first year of its domains.`;
export const meta: Route.MetaFunction = () => [{ title: "Get your own domain | Snip" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const onTrial = viewer.subscription?.trialEndsAt ? viewer.subscription.trialEndsAt.getTime() > Date.now() : false;
  return { mayPurchase: mayPurchaseDomains(viewer.subject), onTrial };
}

export default function DomainUpsell({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <SettingsHeading
        title="Get your own domain"
        lead="Short links on your own domain are recognised and trusted. Snip registers the domain for you and sets it up as a branded domain."
      />
      <SettingsCard title={loaderData.mayPurchase ? "Find your domain" : "Included with a paid plan"}>
        {loaderData.mayPurchase ? (
          <Link to={loaderData.onTrial ? "/app/purchase/domain?source=trial" : "/app/purchase/domain"} className={settingsButton}>
            Search for a domain
          </Link>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Your plan does not include domain purchase. Upgrade to buy a domain; {FREE_DOMAIN_OFFER}
            </p>
            <div className="mt-4 flex gap-3">
              <Link to="/app/pricing" className={settingsButton}>
                See the plans
              </Link>
              <Link to="/app/features/free-domains" className={settingsSecondaryButton}>
                About free domains
              </Link>
            </div>
          </>
        )}
      </SettingsCard>
    </div>
  );
}
