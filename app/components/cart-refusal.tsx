/**
 * The cart's refusal, 'Permission denied' in the spec's words (spec 01 §5, §8), and what to do:
 * in team mode, switch back to the account (the existing switch page, decision 029) where domains
 * are bought; otherwise a plan that includes domains (decisions 043, 053).
 */
import { isRouteErrorResponse, Link } from "react-router";
import { CART_REFUSAL_TEXTS, type CartRefusal } from "../../domain/domain-moves";
import { ORDER_MESSAGES } from "../../domain/orders";
import { NO_TEAM, SETTINGS_TEAMS_PATH } from "../../domain/teams";

/** The refusal carried by a 403 answer's data, or null when the error is something else. */
export function refusalOf(error: unknown): CartRefusal | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const body: unknown = error.data;
  return typeof body === "object" && body !== null && "refusal" in body && body.refusal === "team" ? "team" : "plan";
}

export function CartRefusalMessage({ refusal }: { refusal: CartRefusal }) {
  if (refusal === "team")
    return (
      <p className="mt-4 text-slate-600" data-testid="cart-refusal">
        {CART_REFUSAL_TEXTS.team}{" "}
        <Link to={`${SETTINGS_TEAMS_PATH}?confirm=${NO_TEAM}`} className="font-semibold text-indigo-700 hover:underline">
          {CART_REFUSAL_TEXTS.switchToAccount}
        </Link>
      </p>
    );
  return (
    <p className="mt-4 text-slate-600" data-testid="cart-refusal">
      {ORDER_MESSAGES.notInPlan}{" "}
      <Link to="/app/domain-upsell" className="font-semibold text-indigo-700 hover:underline">
        Get your own domain
      </Link>
    </p>
  );
}

/** A purchase page's error boundary: the refusal, or the generic error line. */
export function CartErrorPage({ error }: { error: unknown }) {
  const refusal = refusalOf(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">{refusal ? ORDER_MESSAGES.permissionDenied : "An error has occurred, please try again."}</h1>
      {refusal ? <CartRefusalMessage refusal={refusal} /> : null}
    </div>
  );
}
