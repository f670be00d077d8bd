/**
 * POST /app/logout: ends the session on the server (the row is deleted, so the cookie is dead
 * everywhere) and clears the cookie. Other tabs notice through the root's auth watcher.
 * A GET shows nothing to log out from and goes home: state changes only by POST.
 */
import { redirect } from "react-router";
import { attempt, redirectWithCookies } from "../../lib/auth-flow.server";
import { getAuth, getViewer } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // Another method (PUT, DELETE) logs nobody out.
  if (request.method !== "POST") return methodNotAllowed("GET, POST")();
  if (!getViewer(context)) return redirect("/");
  const result = await attempt(() => getAuth(request, context).api.signOut({ headers: request.headers, returnHeaders: true }));
  if (!result.ok) return redirect("/");
  return redirectWithCookies("/", result.value.headers);
}
