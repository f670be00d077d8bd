/** GET /app/api/state (spec 01 §7): who is signed in, their subscriptions and the app settings; guests get user null. */
import { json, methodNotAllowed } from "../../lib/api.server";
import { buildState } from "../../lib/state.server";
import { getViewer } from "../../session.server";
import type { Route } from "./+types/state";

export async function loader({ request, context }: Route.LoaderArgs) {
  return json({ data: await buildState(request, context, getViewer(context)) });
}

export const action = methodNotAllowed("GET");
