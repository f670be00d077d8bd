/**
 * GET /app/api/coupon/{code} (spec 01 §7): the coupon's amount_off and percent_off, or 404.
 * A valid code is also remembered for the session, as a `coupon` query value would be.
 */
import { findCoupon } from "../../../domain/coupons";
import { couponCookie, isSecureRequest } from "../../cookies.server";
import { apiError, json, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/coupon";

export async function loader({ request, params }: Route.LoaderArgs) {
  const coupon = findCoupon(params.code);
  if (!coupon) return apiError(404, "Not Found");
  return json(
    { data: { coupon: coupon.coupon, amount_off: coupon.amount_off, percent_off: coupon.percent_off } },
    { headers: { "set-cookie": await couponCookie.serialize(coupon.coupon, { secure: isSecureRequest(request) }) } },
  );
}

export const action = methodNotAllowed("GET");
