/**
 * POST /app/api/stop-impersonating: "Back To My Account" (spec 02 §2). An impersonation
 * session belongs to the impersonated user; the staff member's own session is not kept beside
 * it, so it cannot be restored. Ending impersonation therefore deletes the current session
 * (server side, so the cookie is dead everywhere), clears the cookie, and sends the staff
 * member to sign in again, back to the kiosk afterwards. Outside impersonation nothing changes.
 */
import { redirect } from "react-router";
import { attempt, redirectWithCookies } from "../lib/auth-flow.server";
import { getAuth, getViewer } from "../session.server";
import type { Route } from "./+types/api.stop-impersonating";

const STAFF_LOGIN_PATH = `/app/login?to=${encodeURIComponent("/app/kiosk")}`;

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer?.session.impersonatedBy) return redirect("/");
  const result = await attempt(() => getAuth(request, context).api.signOut({ headers: request.headers, returnHeaders: true }));
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`ending impersonation failed: ${result.error.code}`);
    return redirect(STAFF_LOGIN_PATH);
  }
  return redirectWithCookies(STAFF_LOGIN_PATH, result.value.headers);
}
