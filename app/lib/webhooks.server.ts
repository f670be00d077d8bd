/**
 * Outgoing webhooks on the app side: link events are enqueued as `webhook.deliver` jobs (one per
 * subscribed endpoint) right after the link store writes them; the queue consumer signs, sends,
 * retries and logs (workers/queue/src/webhooks.ts).
 */
import { getDb } from "../../db/client.server";
import type { Link } from "../../db/links.server";
import { createWebhookEndpoint, listSubscribedEndpoints, type WebhookEndpoint } from "../../db/webhooks.server";
import {
  encryptWebhookSecret,
  generateWebhookSecret,
  linkEventType,
  newWebhookEvent,
  toWebhookLink,
  webhookDeliverJob,
  type WebhookEvent,
  type WebhookEventType,
} from "../../domain/webhooks";
import type { AppEnv } from "../env.server";

async function enqueue(env: AppEnv, endpoints: readonly { id: string; userId: string }[], event: WebhookEvent): Promise<void> {
  if (endpoints.length === 0) return;
  await env.JOBS.sendBatch(endpoints.map((endpoint) => ({ body: webhookDeliverJob(endpoint, event) })));
}

/**
 * The LinkStores.onChange hook: for a user's link, one delivery job per endpoint subscribed to
 * the event. Guests' links have no owner and cost no query. A failure is logged, never thrown:
 * the link is already written.
 */
export async function enqueueLinkEvent(env: AppEnv, kind: "created" | "updated", link: Link): Promise<void> {
  if (!link.userId || !link.workspaceId) return;
  const type = linkEventType(kind, link.status);
  try {
    const endpoints = await listSubscribedEndpoints(getDb(env.DB), link.workspaceId, type);
    await enqueue(env, endpoints, newWebhookEvent(type, { link: toWebhookLink(link) }));
  } catch (error) {
    console.error(`webhooks: could not enqueue ${type} for link ${link.id}`, error);
  }
}

/** Registers an endpoint; returns the signing secret, which is shown once. */
export async function addWebhookEndpoint(
  env: AppEnv,
  userId: string,
  input: { url: string; events: WebhookEventType[] },
  now = new Date(),
): Promise<{ id: string; secret: string }> {
  const id = crypto.randomUUID();
  const secret = generateWebhookSecret();
  await createWebhookEndpoint(
    getDb(env.DB),
    {
      id,
      userId,
      // Endpoints registered in settings hear about the user's personal workspace (docs/decisions/027).
      workspaceId: userId,
      url: input.url,
      secretEncrypted: await encryptWebhookSecret(env.AUTH_SECRET, secret, id),
      secretHint: secret.slice(-4),
      events: input.events,
    },
    now,
  );
  return { id, secret };
}

/** The test button: a `ping` event to one endpoint, through the same queue, signing and log as every event. */
export async function sendTestEvent(env: AppEnv, endpoint: WebhookEndpoint, now = new Date()): Promise<void> {
  await enqueue(env, [endpoint], newWebhookEvent("ping", { message: "A test event from Snip.", endpoint_id: endpoint.id }, now));
}
