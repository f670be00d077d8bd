/** POST /app/webhooks/stripe: Stripe's webhook endpoint (app/lib/billing/webhooks.server.ts). */
import { getCloudflare } from "../../context.server";
import { handleStripeWebhook } from "../../lib/billing/webhooks.server";
import type { Route } from "./+types/stripe";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleStripeWebhook(request, getCloudflare(context).env);
}
