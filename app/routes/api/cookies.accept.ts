import { redirect } from "react-router";
import { consentCookie, isSecureRequest, safeRedirectPath } from "../../cookies.server";
import type { Route } from "./+types/cookies.accept";
import { requestFormData } from "../../lib/form-body.server";

/** Records cookie consent; answers JSON to fetchers and a redirect back to plain forms. */
export async function action({ request }: Route.ActionArgs) {
  const form = await requestFormData(request);
  const setCookie = await consentCookie.serialize(true, { secure: isSecureRequest(request) });
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "set-cookie": setCookie } });
}

export function loader() {
  return redirect("/");
}
