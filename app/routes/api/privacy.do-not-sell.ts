import { redirect } from "react-router";
import { safeRedirectPath, serializeDoNotSell } from "../../cookies.server";
import type { Route } from "./+types/privacy.do-not-sell";
import { requestFormData } from "../../lib/form-body.server";

/** Saves the do-not-sell choice (true or false, never expires). */
export async function action({ request }: Route.ActionArgs) {
  const form = await requestFormData(request);
  const choice = form.get("doNotSell") === "true";
  const setCookie = await serializeDoNotSell(choice, request);
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "set-cookie": setCookie } });
}

export function loader() {
  return redirect("/");
}
