/**
 * GET /app/api/heartbeat (spec 01 §7): 204 while the session lives, 401 once it has expired.
 * The browser calls it every 2 minutes when loading notifications fails.
 */
import { API_MESSAGES } from "../../../domain/api-messages";
import { methodNotAllowed, noContent, requireApiViewer } from "../../lib/api.server";
import type { Route } from "./+types/heartbeat";

export function loader({ context }: Route.LoaderArgs) {
  requireApiViewer(context, API_MESSAGES.sessionExpired);
  return noContent();
}

export const action = methodNotAllowed("GET");
