/**
 * GET /app/api/logout (spec 01 §7): ends the session on the server and clears the cookie, then
 * answers 204 (the browser refreshes its state). A GET that changes state is only taken with
 * the ajax marker header, which a cross-site page cannot send without a CORS preflight (never
 * allowed here); without it the answer is 405. POST works too, behind the worker's Origin check.
 * Signed out already: 204 all the same.
 */
import { API_MESSAGES } from "../../../domain/api-messages";
import { apiError, isAjax, noContent } from "../../lib/api.server";
import { attempt, forwardCookies } from "../../lib/auth-flow.server";
import { getAuth, getViewer } from "../../session.server";
import type { Route } from "./+types/logout";

async function logout(request: Request, context: Route.LoaderArgs["context"]): Promise<Response> {
  if (!getViewer(context)) return noContent();
  const result = await attempt(() => getAuth(request, context).api.signOut({ headers: request.headers, returnHeaders: true }));
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`sign-out failed: ${result.error.code}`);
    return noContent();
  }
  return noContent(forwardCookies(result.value.headers));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isAjax(request)) return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  return logout(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "GET, POST" });
  return logout(request, context);
}
