/**
 * Outgoing webhooks in the queue consumer.
 *
 * `webhook.deliver` (one event to one endpoint; the message id is the delivery id): signs the
 * body (`Snip-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`), POSTs it with a 10-second
 * timeout and without following redirects, and logs the attempt. A 2xx answer succeeds; any
 * other answer or a network error is logged as "retrying" and retried with exponential backoff,
 * and the last allowed attempt is logged as "failed". A delivery that has finished is never
 * sent again, and an attempt is logged at most once, however often the message is redelivered.
 *
 * `link.clicked`: after a click batch is counted, one delivery per subscribed endpoint with the
 * number of new clicks per link (enqueueClickEvents, called by the click consumer).
 */
import { getDb } from "../../../db/client.server";
import {
  canUseWebhooks,
  findClickSubscriptions,
  getDeliveryProgress,
  getWebhookEndpoint,
  recordWebhookAttempt,
  type WebhookAttempt,
} from "../../../db/webhooks.server";
import type { Envelope } from "../../../domain/events";
import { LOCAL_DEV_AUTH_SECRET } from "../../../domain/local-dev";
import {
  checkWebhookUrl,
  decryptWebhookSecret,
  isWebhookDeliverPayload,
  newWebhookEvent,
  signatureHeader,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_LOCAL_RETRY_BASE_SECONDS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESPONSE_SNIPPET_MAX,
  WEBHOOK_RETRY_BASE_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  webhookDeliverJob,
  webhookRetryDelaySeconds,
  type ClickCount,
  type WebhookDeliverJob,
} from "../../../domain/webhooks";
import type { QueueEnv } from "./env";
import { RetryJob } from "./jobs";

export const WEBHOOK_USER_AGENT = "Snip-Webhooks/1.0";

function authSecret(env: QueueEnv): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.LOCAL_DEV === "true") return LOCAL_DEV_AUTH_SECRET;
  throw new Error("webhooks: AUTH_SECRET is not set on the queue worker (`wrangler secret put AUTH_SECRET`)");
}

function retryBaseSeconds(env: QueueEnv): number {
  const configured = Number(env.WEBHOOK_RETRY_BASE_SECONDS);
  if (env.WEBHOOK_RETRY_BASE_SECONDS && Number.isFinite(configured) && configured >= 0) return configured;
  return env.LOCAL_DEV === "true" ? WEBHOOK_LOCAL_RETRY_BASE_SECONDS : WEBHOOK_RETRY_BASE_SECONDS;
}

/** Reads at most a few hundred bytes of the answer, then drops the rest. */
async function readSnippet(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < WEBHOOK_RESPONSE_SNIPPET_MAX * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = new TextDecoder().decode(bytes).trim().slice(0, WEBHOOK_RESPONSE_SNIPPET_MAX);
  return text === "" ? null : text;
}

interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseSnippet: string | null;
}

async function send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const responseSnippet = await readSnippet(response);
    const status = response.status;
    let error: string | null = null;
    if (status >= 300 && status < 400) error = `The endpoint answered ${status}: redirects are not followed.`;
    else if (status < 200 || status >= 300) error = `The endpoint answered ${status}.`;
    return { statusCode: status, durationMs: Date.now() - started, error, responseSnippet };
  } catch (failure) {
    const name = (failure as { name?: string }).name;
    const error =
      name === "TimeoutError" || name === "AbortError"
        ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`
        : `Could not connect: ${String((failure as Error).message ?? failure).slice(0, 160)}`;
    return { statusCode: null, durationMs: Date.now() - started, error, responseSnippet: null };
  }
}

export async function deliverWebhookJob(envelope: Envelope<string, unknown>, env: QueueEnv, message: { attempts: number }): Promise<void> {
  if (!isWebhookDeliverPayload(envelope.payload)) throw new Error("webhook.deliver: malformed payload");
  const { endpointId, event } = envelope.payload;
  const db = getDb(env.DB);
  const endpoint = await getWebhookEndpoint(db, endpointId);
  if (!endpoint) return; // deleted since: nothing to deliver, and its log is gone with it
  const progress = await getDeliveryProgress(db, envelope.id);
  if (progress.finished) return; // a redelivered message: this delivery is done
  const attempt = Math.max(message.attempts, progress.lastAttempt + 1);
  const startedAt = new Date();
  const log = (fields: Pick<WebhookAttempt, "outcome" | "statusCode" | "durationMs" | "error" | "responseSnippet">) =>
    recordWebhookAttempt(db, {
      deliveryId: envelope.id,
      attempt,
      endpointId: endpoint.id,
      userId: endpoint.userId,
      event: event.type,
      createdAt: startedAt,
      ...fields,
    });

  if (!(await canUseWebhooks(db, endpoint.userId, startedAt))) {
    await log({ outcome: "failed", statusCode: null, durationMs: 0, error: WEBHOOK_MESSAGES.notAllowed, responseSnippet: null });
    return;
  }
  // The rules again at delivery time, with this worker's own LOCAL_DEV.
  const target = checkWebhookUrl(endpoint.url, { localDev: env.LOCAL_DEV === "true" });
  if (!target.ok) {
    await log({ outcome: "failed", statusCode: null, durationMs: 0, error: target.message, responseSnippet: null });
    return;
  }

  const key = authSecret(env);
  let secret: string;
  try {
    secret = await decryptWebhookSecret(key, endpoint.secretEncrypted, endpoint.id);
  } catch {
    // Sealed under another AUTH_SECRET (rotated, or the app's and this worker's differ): no retry helps.
    await log({ outcome: "failed", statusCode: null, durationMs: 0, error: WEBHOOK_MESSAGES.secretUnreadable, responseSnippet: null });
    return;
  }
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const result = await send(
    target.url,
    {
      "content-type": "application/json",
      "user-agent": WEBHOOK_USER_AGENT,
      [WEBHOOK_SIGNATURE_HEADER]: await signatureHeader(secret, timestamp, body),
      [WEBHOOK_EVENT_HEADER]: event.type,
      [WEBHOOK_DELIVERY_HEADER]: envelope.id,
    },
    body,
  );
  if (result.error === null) {
    await log({ outcome: "succeeded", ...result });
    return;
  }
  const last = attempt >= WEBHOOK_MAX_ATTEMPTS;
  await log({ outcome: last ? "failed" : "retrying", ...result });
  if (!last) throw new RetryJob(webhookRetryDelaySeconds(attempt, retryBaseSeconds(env)));
}

/** What the click consumer hands over: the clicks it has just counted for the first time. */
export interface CountedClickRef {
  linkId: string;
  isBot: boolean;
}

/** Messages per sendBatch call (the queue's limit). */
const SEND_BATCH_MAX = 100;

/**
 * link.clicked: one delivery per endpoint for this batch of newly counted clicks, with the count
 * per link of the endpoint owner's links. Links without a subscribed endpoint cost nothing
 * beyond one lookup for the whole batch.
 */
export async function enqueueClickEvents(env: QueueEnv, clicks: readonly CountedClickRef[], now = new Date()): Promise<number> {
  const perLink = new Map<string, { clicks: number; bots: number }>();
  for (const click of clicks) {
    const counts = perLink.get(click.linkId) ?? { clicks: 0, bots: 0 };
    counts.clicks++;
    if (click.isBot) counts.bots++;
    perLink.set(click.linkId, counts);
  }
  if (perLink.size === 0) return 0;
  const subscriptions = await findClickSubscriptions(env.DB, [...perLink.keys()]);
  const perEndpoint = new Map<string, { userId: string; links: ClickCount[] }>();
  for (const s of subscriptions) {
    const counts = perLink.get(s.linkId)!;
    const entry = perEndpoint.get(s.endpointId) ?? { userId: s.userId, links: [] };
    entry.links.push({ link_id: s.linkId, domain: s.domain, alias: s.alias, clicks: counts.clicks, bot_clicks: counts.bots });
    perEndpoint.set(s.endpointId, entry);
  }
  const jobs: WebhookDeliverJob[] = [...perEndpoint].map(([endpointId, { userId, links }]) =>
    webhookDeliverJob({ id: endpointId, userId }, newWebhookEvent("link.clicked", { links }, now)),
  );
  for (let start = 0; start < jobs.length; start += SEND_BATCH_MAX) {
    await env.JOBS.sendBatch(jobs.slice(start, start + SEND_BATCH_MAX).map((body) => ({ body })));
  }
  return jobs.length;
}
