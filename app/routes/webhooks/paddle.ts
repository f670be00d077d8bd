/** POST /paddle/webhook: Paddle's notification endpoint (app/lib/billing/webhooks.server.ts). */
import { getCloudflare } from "../../context.server";
import { handlePaddleWebhook } from "../../lib/billing/webhooks.server";
import type { Route } from "./+types/paddle";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePaddleWebhook(request, getCloudflare(context).env);
}
