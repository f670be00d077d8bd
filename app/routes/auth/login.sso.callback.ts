/**
 * /app/login/sso/callback: where the organization's identity provider sends the browser back
 * (issue 17, docs/decisions/034). Every check is in app/lib/sso/flow.server.ts completeSso; this
 * answers only GET (the authorization response of the code flow).
 */
import { completeSso } from "../../lib/sso/flow.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/login.sso.callback";

export function loader({ request, context }: Route.LoaderArgs) {
  return completeSso(request, context);
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
