/**
 * The overage switch of a team's or an organization's subscription (docs/decisions/052), with the
 * personal usage page's texts: its state, the projected charge of the workspace shown, and the
 * button for those who may change it (a plain form posting to the subscription page).
 */
import { Form, Link } from "react-router";
import { OVERAGE_BLOCK_PRICE, OVERAGE_BLOCK_UNITS } from "../../domain/overage";
import { SettingsCard } from "./settings";

export interface OveragesView {
  /** A paid subscription of this owner is in force: overages may be on. */
  available: boolean;
  on: boolean;
  /** Whose switch it is, when it is not the page's own (a team on its organization's plan). */
  setBy: "team" | "organization";
  /** The workspace's projected charge this period and its blocks over the limit; null when not counted here. */
  projected: { charge: string; blocks: number } | null;
  /** Where the switch posts (the owner's subscription page), or null when the viewer may not change it. */
  formAction: string | null;
  /** The page the post returns to (the team's usage page), when not the subscription page itself. */
  returnTo: "usage" | null;
  /** Where the switch is changed, for viewers who cannot change it here. */
  managedAt: string | null;
}

const button = "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50";

export function OveragesCard({
  view,
  error,
  scope,
  plansHere = false,
}: {
  view: OveragesView;
  error?: string | null;
  scope: "team" | "organization";
  /** On the subscription page the plans are listed above: no link to the (personal) pricing page. */
  plansHere?: boolean;
}) {
  const limitOwner = scope === "team" ? "the team's plan's" : "the organization's plan's";
  return (
    <SettingsCard
      id="overages"
      title="Overages"
      description={`Keep creating links past ${limitOwner} active-link limit for $${OVERAGE_BLOCK_PRICE / 100} per ${OVERAGE_BLOCK_UNITS} extra links, prorated for the rest of the billing period.`}
    >
      {error ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      {view.available ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p data-testid="overages-status">
            Overages are <strong>{view.on ? "on" : "off"}</strong>.
            {view.on && view.projected
              ? ` Projected charge this period: ${view.projected.charge} (${view.projected.blocks} blocks over the limit).`
              : ""}
          </p>
          {scope === "team" && view.setBy === "organization" ? (
            <p data-testid="overages-owner">The organization's subscription sets this switch for the team.</p>
          ) : null}
          {scope === "organization" ? (
            <p>Counted on each workspace of the organization that has no plan of its own, against the plan's limits.</p>
          ) : null}
          {view.formAction ? (
            <Form method="post" action={view.formAction}>
              <input type="hidden" name="intent" value="overages" />
              {view.returnTo ? <input type="hidden" name="return" value={view.returnTo} /> : null}
              <button name="overages" value={view.on ? "off" : "on"} className={button}>
                {view.on ? "Turn Overages Off" : "Turn Overages On"}
              </button>
            </Form>
          ) : view.managedAt ? (
            <Link to={view.managedAt} className="font-semibold text-indigo-700 hover:underline">
              Change it on the subscription page
            </Link>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Overages come with a paid plan.
          {plansHere ? null : (
            <>
              {" "}
              <Link to="/app/pricing" className="font-semibold text-indigo-700 hover:underline">
                See plans
              </Link>
            </>
          )}
        </p>
      )}
    </SettingsCard>
  );
}
