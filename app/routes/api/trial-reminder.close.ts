/** POST /app/api/trial-reminder/close: hides the trial reminder for 24 hours (spec 01 §4). */
import { redirect } from "react-router";
import { isSecureRequest, safeRedirectPath, trialReminderClosedCookie } from "../../cookies.server";
import type { Route } from "./+types/trial-reminder.close";
import { requestFormData } from "../../lib/form-body.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await requestFormData(request);
  return redirect(safeRedirectPath(form.get("to")), {
    headers: { "set-cookie": await trialReminderClosedCookie.serialize(Date.now(), { secure: isSecureRequest(request) }) },
  });
}

export function loader() {
  return redirect("/");
}
