/**
 * /app/login/sso/callback: where the organization's identity provider sends the browser back
 * (issue 17, docs/decisions/034). Every check is in app/lib/sso/flow.server.ts completeSso; this
 * answers only GET (the authorization response of the code flow).
 */
import { completeSso } from "../../lib/sso/flow.server";
import type { Route } from "./+types/login.sso.callback";

export function loader({ request, context }: Route.LoaderArgs) {
  return completeSso(request, context);
}
