/**
 * POST /app/api/stop-impersonating: "Back To My Account" (spec 02 §2). Impersonation started
 * in the kiosk (better-auth's admin plugin) kept the staff member's own session in a signed
 * cookie; stopping deletes the impersonation session and restores that one, back at the kiosk.
 * When it cannot be restored (the staff session expired, or the impersonation was made some
 * other way), the impersonation session still ends and the staff member signs in again.
 */
import { redirect } from "react-router";
import { attempt, redirectWithCookies } from "../../lib/auth-flow.server";
import { getAuth, getViewer } from "../../session.server";
import type { Route } from "./+types/stop-impersonating";

const KIOSK_PATH = "/app/kiosk/users";
const STAFF_LOGIN_PATH = `/app/login?to=${encodeURIComponent(KIOSK_PATH)}`;

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer?.session.impersonatedBy) return redirect("/");
  const auth = getAuth(request, context);
  const restored = await attempt(() => auth.api.stopImpersonating({ headers: request.headers, returnHeaders: true }));
  if (restored.ok) return redirectWithCookies(KIOSK_PATH, restored.value.headers);
  // The library answers an error when no staff session is left to restore; end this one anyway.
  const signedOut = await attempt(() => auth.api.signOut({ headers: request.headers, returnHeaders: true }));
  if (!signedOut.ok) return redirect(STAFF_LOGIN_PATH);
  return redirectWithCookies(STAFF_LOGIN_PATH, signedOut.value.headers);
}
