/**
 * Outgoing webhooks (the use_webhooks capability, spec 01 §3): the events, the endpoint URL
 * rules, the signature scheme, the encryption of stored signing secrets and the retry schedule.
 * Pure functions over WebCrypto, shared by the app, the queue consumer and the tests
 * (docs/decisions/012-outgoing-webhooks.md).
 */
import type { Envelope } from "./events";
import { isPrivateAddress } from "./url";
import { publicLinkStatus, type LinkStatus } from "./link-status";

export const WEBHOOK_EVENTS = ["link.created", "link.updated", "link.deleted", "link.clicked"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery can carry: a subscribed event, or the test event of the settings page. */
export type DeliveryEventType = WebhookEventType | "ping";

export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEventType, string>> = {
  "link.created": "A short link was created.",
  "link.updated": "A link's destination, alias, expiry or description changed, or it was archived or restored.",
  "link.deleted": "A link was deleted.",
  "link.clicked": "Clicks were counted: one delivery per batch, with the count per link.",
};

export const WEBHOOK_SIGNATURE_HEADER = "Snip-Signature";
export const WEBHOOK_EVENT_HEADER = "Snip-Event";
export const WEBHOOK_DELIVERY_HEADER = "Snip-Delivery";
/** How far a signature's timestamp may be from the receiver's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Attempts per delivery; the last failed one marks the delivery failed. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
/** The first retry's delay in production; each further one is four times longer. */
export const WEBHOOK_RETRY_BASE_SECONDS = 60;
/** The same in local runs, so a retry is seen within seconds. */
export const WEBHOOK_LOCAL_RETRY_BASE_SECONDS = 2;
/** Queues refuse delays above 12 hours. */
export const WEBHOOK_RETRY_MAX_DELAY_SECONDS = 12 * 60 * 60;
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Characters of the receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_SNIPPET_MAX = 200;
/** Delivery attempts listed on the settings page. */
export const WEBHOOK_LOG_LIMIT = 50;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the URL of your endpoint.",
  urlInvalid: "Enter a valid URL, such as https://example.com/webhooks.",
  urlHttps: "The endpoint must use https.",
  urlCredentials: "Put no user name or password in the URL; verify the signature instead.",
  urlPrivate: "The endpoint must be reachable on the public internet.",
  urlTooLong: `The URL may be at most ${WEBHOOK_URL_MAX_LENGTH} characters long.`,
  eventsRequired: "Choose at least one event.",
  tooMany: `You can register up to ${WEBHOOK_MAX_ENDPOINTS} endpoints.`,
  notAllowed: "Webhooks are not part of your plan.",
  endpointMissing: "This endpoint no longer exists.",
  secretUnreadable: "The endpoint's signing secret can no longer be read (the server key changed). Delete the endpoint and add it again.",
  created: "Endpoint added. Copy its signing secret now: it is shown only once.",
  deleted: "Endpoint deleted.",
  testQueued: "Test event queued. It appears in the delivery log within a few seconds.",
} as const;

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

export interface WebhookEvent<T extends DeliveryEventType = DeliveryEventType, D = unknown> {
  /** The event's id: the same for every endpoint it goes to (receivers de-duplicate by it). */
  id: string;
  type: T;
  /** Unix seconds. */
  created: number;
  data: D;
}

export interface WebhookLink {
  id: string;
  domain: string;
  alias: string;
  url: string;
  status: LinkStatus;
  description: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LinkEventData {
  link: WebhookLink;
}

export interface ClickCount {
  link_id: string;
  domain: string;
  alias: string;
  /** Every click counted in this batch, bots included. */
  clicks: number;
  bot_clicks: number;
}

export interface ClickedEventData {
  links: ClickCount[];
}

export interface LinkLike {
  id: string;
  domain: string;
  alias: string;
  url: string;
  status: string;
  /** Why staff hold it (decision 036), or null: a held link is named "terminated" whatever its own status. */
  blocked: string | null;
  description: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toWebhookLink(link: LinkLike): WebhookLink {
  return {
    id: link.id,
    domain: link.domain,
    alias: link.alias,
    url: link.url,
    status: publicLinkStatus(link),
    description: link.description,
    expires_at: link.expiresAt ? link.expiresAt.toISOString() : null,
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}

/** Which event a link write is: a create, a change of status to deleted, or any other change. */
export function linkEventType(kind: "created" | "updated", status: string): WebhookEventType {
  if (kind === "created") return "link.created";
  return status === "deleted" ? "link.deleted" : "link.updated";
}

export function newWebhookEvent<T extends DeliveryEventType, D>(type: T, data: D, now = new Date()): WebhookEvent<T, D> {
  return { id: `evt_${crypto.randomUUID().replace(/-/g, "")}`, type, created: Math.floor(now.getTime() / 1000), data };
}

/** The jobs-queue message of one delivery: one event to one endpoint. Its id is the delivery id. */
export type WebhookDeliverJob = Envelope<"webhook.deliver", { endpointId: string; userId: string; event: WebhookEvent }>;

export function webhookDeliverJob(endpoint: { id: string; userId: string }, event: WebhookEvent): WebhookDeliverJob {
  return {
    type: "webhook.deliver",
    v: 1,
    id: `dlv_${crypto.randomUUID().replace(/-/g, "")}`,
    payload: { endpointId: endpoint.id, userId: endpoint.userId, event },
  };
}

export function isWebhookDeliverPayload(payload: unknown): payload is WebhookDeliverJob["payload"] {
  if (typeof payload !== "object" || payload === null) return false;
  const p = payload as Partial<WebhookDeliverJob["payload"]>;
  const event = p.event as Partial<WebhookEvent> | undefined;
  return (
    typeof p.endpointId === "string" &&
    typeof p.userId === "string" &&
    typeof event === "object" &&
    event !== null &&
    typeof event.id === "string" &&
    (event.type === "ping" || (WEBHOOK_EVENTS as readonly unknown[]).includes(event.type)) &&
    typeof event.created === "number"
  );
}

/** The subscribed events as stored (a JSON list), keeping only known event types. */
export function parseWebhookEvents(json: string): WebhookEventType[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? WEBHOOK_EVENTS.filter((event) => list.includes(event)) : [];
  } catch {
    return [];
  }
}

/** Delay before the next attempt after `attempt` failed: base, then four times longer each time. */
export function webhookRetryDelaySeconds(attempt: number, baseSeconds = WEBHOOK_RETRY_BASE_SECONDS): number {
  return Math.min(baseSeconds * 4 ** Math.max(0, attempt - 1), WEBHOOK_RETRY_MAX_DELAY_SECONDS);
}

// ---------------------------------------------------------------------------------------------
// Endpoint URLs
// ---------------------------------------------------------------------------------------------

export type WebhookUrlResult = { ok: true; url: string } | { ok: false; message: string };

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Names that never resolve to a public address. */
function isInternalName(host: string): boolean {
  return (
    !host.includes(".") || /\.(localhost|local|internal|intranet|lan|home\.arpa|corp)$/.test(host) || host === "metadata.google.internal"
  );
}

/**
 * Whether a URL's host (`URL.hostname`) is one a server-side request must not reach: private,
 * loopback, link-local and internal addresses and names. In local runs (`localDev`) loopback
 * hosts are allowed, so a receiver or provider on the developer's machine can be used. The same
 * rule for every address Snip's servers fetch on a user's word (webhook endpoints, SSO issuers).
 */
export function isNonPublicHost(hostname: string, options: { localDev: boolean }): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (host === "" || host.split(".").some((label) => label === "")) return true;
  if (options.localDev && isLoopback(host)) return false;
  return isIpHost(host) ? isPrivateAddress(host) : isInternalName(host);
}

/** A dotted IPv4 address or a bracketed IPv6 literal, as `URL.hostname` spells them. */
function isIpHost(host: string): boolean {
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith("[");
}

/**
 * An endpoint URL: https to a public host. In local runs (`localDev`), loopback hosts are
 * allowed too, over http or https, so a receiver on the developer's machine can be used.
 * Private, link-local and internal addresses are refused (no requests into a private network).
 */
export function checkWebhookUrl(raw: string, options: { localDev: boolean }): WebhookUrlResult {
  const input = raw.trim();
  if (input === "") return { ok: false, message: WEBHOOK_MESSAGES.urlRequired };
  if (input.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, message: WEBHOOK_MESSAGES.urlTooLong };
  if (/\s/.test(input)) return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: WEBHOOK_MESSAGES.urlHttps };
  if (url.username !== "" || url.password !== "") return { ok: false, message: WEBHOOK_MESSAGES.urlCredentials };
  // The URL parser has normalized numeric, hex and octal IPv4 forms to dotted decimal.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (host === "" || host.split(".").some((label) => label === "")) return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  const loopbackAllowed = options.localDev && isLoopback(host);
  if (url.protocol === "http:" && !loopbackAllowed) return { ok: false, message: WEBHOOK_MESSAGES.urlHttps };
  if (isNonPublicHost(host, options)) return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate };
  if (!loopbackAllowed && !isIpHost(host) && !/^[a-z0-9.-]+$/.test(host)) return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  url.hash = "";
  return { ok: true, url: url.toString() };
}

// ---------------------------------------------------------------------------------------------
// Signatures: HMAC-SHA256 over `${timestamp}.${body}`, header `Snip-Signature: t=<unix>,v1=<hex>`
// ---------------------------------------------------------------------------------------------

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh signing secret: `whsec_` and 48 hex digits (192 random bits). */
export function generateWebhookSecret(): string {
  return `whsec_${toHex(crypto.getRandomValues(new Uint8Array(24)))}`;
}

/** The hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the secret's UTF-8 bytes. */
export async function signWebhookPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)));
}

export async function signatureHeader(secret: string, timestamp: number, body: string): Promise<string> {
  return `t=${timestamp},v1=${await signWebhookPayload(secret, timestamp, body)}`;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Verifies a `Snip-Signature` header against the raw body: a v1 signature must match and the
 * timestamp must be within the tolerance of `nowSeconds`. Several v1 values are allowed.
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string | null,
  body: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Promise<boolean> {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && value) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = await signWebhookPayload(secret, timestamp, body);
  return signatures.some((signature) => constantTimeEqual(signature, expected));
}

// ---------------------------------------------------------------------------------------------
// Stored secrets: AES-GCM under a key derived (HKDF-SHA256) from AUTH_SECRET, bound to the endpoint id
// ---------------------------------------------------------------------------------------------

const SECRET_FORMAT = "v1";

async function secretKey(authSecret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(authSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("snip"), info: encoder.encode("snip webhook endpoint secrets v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** `v1.<iv>.<ciphertext>`; the endpoint id is authenticated data, so a secret cannot be moved to another row. */
export async function encryptWebhookSecret(authSecret: string, secret: string, endpointId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(endpointId) },
    await secretKey(authSecret),
    encoder.encode(secret),
  );
  return `${SECRET_FORMAT}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The secret back; throws when the text was not sealed with this key for this endpoint. */
export async function decryptWebhookSecret(authSecret: string, sealed: string, endpointId: string): Promise<string> {
  const [format, iv, data] = sealed.split(".");
  if (format !== SECRET_FORMAT || !iv || !data) throw new Error("webhook secret: unknown format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(endpointId) },
    await secretKey(authSecret),
    fromBase64Url(data),
  );
  return new TextDecoder().decode(plain);
}
