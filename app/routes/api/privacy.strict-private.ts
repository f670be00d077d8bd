import { redirect } from "react-router";
import { safeRedirectPath, serializeStrictPrivate } from "../../cookies.server";
import type { Route } from "./+types/privacy.strict-private";
import { requestFormData } from "../../lib/form-body.server";

/** Saves the strict-private choice of the privacy manager (true or false, never expires). */
export async function action({ request }: Route.ActionArgs) {
  const form = await requestFormData(request);
  const choice = form.get("strictPrivate") === "true";
  const setCookie = await serializeStrictPrivate(choice, request);
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "set-cookie": setCookie } });
}

export function loader() {
  return redirect("/");
}
