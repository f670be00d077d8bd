/** POST /app/api/promo/close: closes the promo banner; it comes back 24 hours later (spec 01 §4). */
import { redirect } from "react-router";
import { isSecureRequest, promoClosedCookie, safeRedirectPath } from "../../cookies.server";
import type { Route } from "./+types/promo.close";
import { requestFormData } from "../../lib/form-body.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await requestFormData(request);
  return redirect(safeRedirectPath(form.get("to")), {
    headers: { "set-cookie": await promoClosedCookie.serialize(Date.now(), { secure: isSecureRequest(request) }) },
  });
}

export function loader() {
  return redirect("/");
}
