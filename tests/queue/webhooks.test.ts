import { createHmac } from "node:crypto";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClickBatchMessage, ClickEvent } from "../../domain/events";
import { LOCAL_DEV_AUTH_SECRET } from "../../domain/local-dev";
import {
  encryptWebhookSecret,
  newWebhookEvent,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  webhookDeliverJob,
  webhookRetryDelaySeconds,
  type WebhookDeliverJob,
  type WebhookEventType,
} from "../../domain/webhooks";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const baseEnv = env as unknown as QueueEnv;
const SECRET = "whsec_00112233445566778899aabbccddeeff0011223344556677";
const HOOK_URL = "https://hooks.example.com/snip";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

async function makeUser(features: string[] = ["use_webhooks"]): Promise<string> {
  const id = crypto.randomUUID();
  await baseEnv.DB.prepare("INSERT INTO users (id, name, email, features, created_at, updated_at) VALUES (?, 'T', ?, ?, 0, 0)")
    .bind(id, `${id}@example.com`, JSON.stringify(features))
    .run();
  return id;
}

async function makeEndpoint(userId: string, events: WebhookEventType[] = ["link.created"], url = HOOK_URL): Promise<string> {
  const id = crypto.randomUUID();
  // The queue worker in tests has no AUTH_SECRET and LOCAL_DEV "true": the development secret.
  const sealed = await encryptWebhookSecret(LOCAL_DEV_AUTH_SECRET, SECRET, id);
  await baseEnv.DB.prepare(
    "INSERT INTO webhook_endpoints (id, user_id, workspace_id, url, secret_encrypted, secret_hint, events, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
  )
    .bind(id, userId, userId, url, sealed, SECRET.slice(-4), JSON.stringify(events))
    .run();
  return id;
}

async function makeLink(userId: string, alias: string): Promise<string> {
  const id = crypto.randomUUID();
  await baseEnv.DB.prepare(
    "INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at) VALUES (?, 'snip.test', ?, 'https://example.com/', 'active', ?, ?, 0, 0)",
  )
    .bind(id, alias, userId, userId)
    .run();
  return id;
}

function job(endpointId: string, userId: string): WebhookDeliverJob {
  return webhookDeliverJob({ id: endpointId, userId }, newWebhookEvent("link.created", { link: { id: "l1", alias: "abc" } }));
}

let seq = 0;
async function deliver(bodies: unknown[], attempts = 1, testEnv: QueueEnv = baseEnv, queue = "snip-jobs") {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `hook${++seq}`, timestamp: new Date(), attempts, body })),
  );
  // The queue result names retried messages; the delay each asked for is read off retry().
  const delays: (number | undefined)[] = [];
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (options) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return { batch, delays, result: await getQueueResult(batch, ctx) };
}

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
  body: string;
}

/** Answers fetches with the given statuses in turn (the last one repeats). */
function receiver(...statuses: number[]): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    calls.push({ url: String(input), init: init ?? {}, headers: new Headers(init?.headers), body: String(init?.body) });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    const body = status === 204 ? null : status === 500 ? "Internal error at the receiver" : "ok";
    return new Response(body, { status });
  });
  return calls;
}

async function attempts(deliveryId: string) {
  const rows = await baseEnv.DB.prepare(
    "SELECT attempt, outcome, status_code AS statusCode, error, response_snippet AS snippet FROM webhook_deliveries WHERE delivery_id = ? ORDER BY attempt",
  )
    .bind(deliveryId)
    .all<{ attempt: number; outcome: string; statusCode: number | null; error: string | null; snippet: string | null }>();
  return rows.results;
}

afterEach(() => vi.restoreAllMocks());

describe("webhook.deliver", () => {
  it("POSTs the event signed with the endpoint's secret (HMAC-SHA256 of `t.body`), without following redirects, and logs it", async () => {
    const userId = await makeUser();
    const endpointId = await makeEndpoint(userId);
    const calls = receiver(200);
    const message = job(endpointId, userId);
    const before = Math.floor(Date.now() / 1000);

    const { batch, result } = await deliver([message]);
    expect(result.explicitAcks).toEqual([batch.messages[0]!.id]);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe(HOOK_URL);
    expect(call.init.method).toBe("POST");
    expect(call.init.redirect).toBe("manual");
    expect(call.init.signal).toBeInstanceOf(AbortSignal);
    expect(call.headers.get("content-type")).toBe("application/json");
    expect(call.headers.get("snip-event")).toBe("link.created");
    expect(call.headers.get("snip-delivery")).toBe(message.id);
    expect(JSON.parse(call.body)).toEqual(message.payload.event);

    // Verified independently, as a receiver would: node:crypto, the documented scheme.
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.headers.get("snip-signature") ?? "");
    expect(match).not.toBeNull();
    const [, t, v1] = match!;
    expect(Number(t)).toBeGreaterThanOrEqual(before);
    expect(v1).toBe(createHmac("sha256", SECRET).update(`${t}.${call.body}`).digest("hex"));

    expect(await attempts(message.id)).toEqual([{ attempt: 1, outcome: "succeeded", statusCode: 200, error: null, snippet: "ok" }]);
  });

  it("a failed attempt is logged and retried with exponential backoff; the retry succeeds", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const userId = await makeUser();
    const endpointId = await makeEndpoint(userId);
    const calls = receiver(500, 204);
    const message = job(endpointId, userId);

    const first = await deliver([message], 1);
    expect(first.result.retryMessages).toEqual([{ msgId: first.batch.messages[0]!.id }]);
    // Local runs (LOCAL_DEV "true", as here): the first retry after 2 seconds.
    expect(first.delays).toEqual([webhookRetryDelaySeconds(1, 2)]);
    expect(first.result.explicitAcks).toEqual([]);
    const second = await deliver([message], 2);
    expect(second.result.explicitAcks).toEqual([second.batch.messages[0]!.id]);

    expect(calls).toHaveLength(2);
    expect(await attempts(message.id)).toEqual([
      { attempt: 1, outcome: "retrying", statusCode: 500, error: "The endpoint answered 500.", snippet: "Internal error at the receiver" },
      { attempt: 2, outcome: "succeeded", statusCode: 204, error: null, snippet: null },
    ]);
    // A retry is re-signed with its own timestamp, over the same body.
    expect(calls[1]!.body).toBe(calls[0]!.body);
    // A receiver's failure is the delivery log's business, not an error of the consumer.
    expect(errors).not.toHaveBeenCalled();
  });

  it("the backoff grows with each attempt, and the last failed attempt marks the delivery failed and acks", async () => {
    const userId = await makeUser();
    const endpointId = await makeEndpoint(userId);
    const calls = receiver(302);
    const message = job(endpointId, userId);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      const { result, delays: asked } = await deliver([message], attempt, { ...baseEnv, WEBHOOK_RETRY_BASE_SECONDS: "30" });
      delays.push(...asked.map((d) => d ?? -1));
      if (attempt === WEBHOOK_MAX_ATTEMPTS) expect(result.explicitAcks).toHaveLength(1);
    }
    expect(delays).toEqual([30, 120, 480, 1920]);
    expect(calls).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const log = await attempts(message.id);
    expect(log.map((a) => a.outcome)).toEqual(["retrying", "retrying", "retrying", "retrying", "failed"]);
    expect(log[0]!.error).toBe("The endpoint answered 302: redirects are not followed.");
  });

  it("a redelivered message never sends or logs a finished delivery again", async () => {
    const userId = await makeUser();
    const endpointId = await makeEndpoint(userId);
    const calls = receiver(200);
    const message = job(endpointId, userId);

    await deliver([message]);
    const again = await deliver([message, message]);
    expect(again.result.explicitAcks).toHaveLength(2);
    expect(calls).toHaveLength(1);
    expect(await attempts(message.id)).toHaveLength(1);
  });

  it("a network error or timeout is a failed attempt with its reason", async () => {
    const userId = await makeUser();
    const endpointId = await makeEndpoint(userId);
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new DOMException("The operation timed out.", "TimeoutError"));
    const message = job(endpointId, userId);
    const { result } = await deliver([message]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await attempts(message.id)).toEqual([
      { attempt: 1, outcome: "retrying", statusCode: null, error: "No answer within 10 seconds.", snippet: null },
    ]);
  });

  it("sends nothing for a deleted endpoint, an owner without use_webhooks, a URL the rules now refuse, or an unreadable secret", async () => {
    const calls = receiver(200);
    const userId = await makeUser();
    const gone = job(crypto.randomUUID(), userId);

    const lapsedUser = await makeUser([]);
    const lapsed = job(await makeEndpoint(lapsedUser), lapsedUser);

    const privateUrl = job(await makeEndpoint(userId, ["link.created"], "https://10.1.2.3/in"), userId);
    const loopbackInProduction = job(await makeEndpoint(userId, ["link.created"], "http://127.0.0.1:9/in"), userId);

    const { batch, result } = await deliver([gone, lapsed, privateUrl]);
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    const prod = await deliver([loopbackInProduction], 1, { ...baseEnv, LOCAL_DEV: undefined, AUTH_SECRET: LOCAL_DEV_AUTH_SECRET });
    expect(prod.result.explicitAcks).toHaveLength(1);
    // A secret sealed under another AUTH_SECRET cannot be read: failed, with the way out.
    const rotated = job(await makeEndpoint(userId), userId);
    const afterRotation = await deliver([rotated], 1, { ...baseEnv, AUTH_SECRET: "a-rotated-auth-secret-of-32-characters-or-more" });
    expect(afterRotation.result.explicitAcks).toHaveLength(1);
    expect(calls).toHaveLength(0);

    expect(await attempts(gone.id)).toEqual([]);
    expect(await attempts(lapsed.id)).toMatchObject([{ outcome: "failed", error: WEBHOOK_MESSAGES.notAllowed }]);
    expect(await attempts(privateUrl.id)).toMatchObject([{ outcome: "failed", error: WEBHOOK_MESSAGES.urlPrivate }]);
    expect(await attempts(loopbackInProduction.id)).toMatchObject([{ outcome: "failed", error: WEBHOOK_MESSAGES.urlHttps }]);
    expect(await attempts(rotated.id)).toMatchObject([{ outcome: "failed", error: WEBHOOK_MESSAGES.secretUnreadable }]);
  });
});

describe("link.clicked", () => {
  function click(linkId: string, userAgent = BROWSER): ClickEvent {
    return {
      id: crypto.randomUUID(),
      payload: { linkId, at: Date.now(), country: "DE", referrer: null, userAgent, acceptLanguage: "de", ip: "203.0.113.7" },
    };
  }
  function clicks(...events: ClickEvent[]): ClickBatchMessage {
    return { type: "clicks", v: 1, id: crypto.randomUUID(), payload: { clicks: events } };
  }

  it("one delivery per subscribed endpoint per click batch, with the new clicks counted per link", async () => {
    const owner = await makeUser();
    const clickedHook = await makeEndpoint(owner, ["link.clicked", "link.created"]);
    await makeEndpoint(owner, ["link.created"]); // not subscribed to clicks
    const a = await makeLink(owner, `wa${seq}`);
    const b = await makeLink(owner, `wb${seq}`);
    const stranger = await makeUser();
    const other = await makeLink(stranger, `wo${seq}`);

    const sent: WebhookDeliverJob[] = [];
    const jobs = {
      ...baseEnv.JOBS,
      sendBatch: vi.fn(async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body as WebhookDeliverJob))),
    };
    const testEnv = { ...baseEnv, JOBS: jobs as unknown as Queue };
    const first = clicks(click(a), click(a), click(b));
    const second = clicks(click(a, "Googlebot/2.1 (+http://www.google.com/bot.html)"), click(other));

    const { result } = await deliver([first, second], 1, testEnv, "snip-clicks");
    expect(result.explicitAcks).toHaveLength(2);
    expect(sent).toHaveLength(1);
    const delivery = sent[0]!;
    expect(delivery.payload.endpointId).toBe(clickedHook);
    expect(delivery.payload.event.type).toBe("link.clicked");
    const counts = (delivery.payload.event.data as { links: { link_id: string; clicks: number; bot_clicks: number }[] }).links;
    expect(counts.sort((x, y) => x.clicks - y.clicks)).toEqual([
      expect.objectContaining({ link_id: b, clicks: 1, bot_clicks: 0 }),
      expect.objectContaining({ link_id: a, clicks: 3, bot_clicks: 1 }),
    ]);

    // The same clicks delivered again are already counted: no second notification.
    await deliver([first, second], 2, testEnv, "snip-clicks");
    expect(sent).toHaveLength(1);
  });
});
