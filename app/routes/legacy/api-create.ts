/** GET /api-create.php: TinyURL's legacy create call (app/lib/legacy-create.server.ts). */
import { getCloudflare } from "../../context.server";
import { legacyCreate } from "../../lib/legacy-create.server";
import type { Route } from "./+types/api-create";

export function loader({ request, context }: Route.LoaderArgs) {
  return legacyCreate(getCloudflare(context), request);
}

export function action() {
  return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET", "content-type": "text/plain; charset=utf-8" } });
}
