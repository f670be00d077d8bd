/**
 * Local runs only: a stand-in for the ad provider's loader (docs/decisions/041). It fills each
 * ad unit with a labelled box, so a developer and the tests see where ads go and when they load,
 * without reaching the network. 404 outside local development.
 */
import { getCloudflare } from "../../context.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/ads";

const SCRIPT = `for (const unit of document.querySelectorAll("ins.adsbygoogle:not([data-filled])")) { unit.setAttribute("data-filled", "local"); unit.textContent = "Advertisement (local stand-in)"; }`;

export function loader({ context }: Route.LoaderArgs) {
  if (getCloudflare(context).env.LOCAL_DEV !== "true") throw new Response("Not Found", { status: 404 });
  return new Response(SCRIPT, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" } });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
