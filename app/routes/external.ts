import { redirect } from "react-router";
import { getCloudflare } from "../context.server";
import { methodNotAllowed } from "../lib/api.server";
import type { Route } from "./+types/external";
import { pagePathname } from "../lib/page-url";

/** /app/help, /app/helpdesk, /app/freescout and /app/blog: external redirects to configured addresses. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const targets: Record<string, string> = {
    "/app/help": env.HELP_URL,
    "/app/helpdesk": env.HELPDESK_URL,
    "/app/freescout": env.FREESCOUT_URL,
    "/app/blog": env.BLOG_URL,
  };
  const path = pagePathname(request).replace(/\/+$/, "");
  return redirect(targets[path] ?? "/", 302);
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
