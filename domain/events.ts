/**
 * Queue messages: a typed envelope `{type, v, id, payload}` (STYLE.md habit 9).
 * `id` is the event id consumers de-duplicate by.
 */
export interface Envelope<T extends string, P> {
  type: T;
  v: 1;
  id: string;
  payload: P;
}

/** One click as the edge saw it. Raw request facts only; the consumer derives the rest. */
export interface ClickPayload {
  linkId: string;
  /** epoch milliseconds */
  at: number;
  country: string | null;
  referrer: string | null;
  userAgent: string | null;
  acceptLanguage: string | null;
  /** Client address; the consumer turns it into an hourly visitor hash and drops it. */
  ip: string | null;
  /** Redirect routes (docs/decisions/037): the id of the rule that answered, or "fallback"; absent for a link without rules. */
  route?: string;
}

/** One click, with the id that makes a redelivery count once. */
export interface ClickEvent {
  id: string;
  payload: ClickPayload;
}

/**
 * The clicks queue carries batches: one message holds up to CLICKS_PER_MESSAGE clicks
 * (and stays well under the 128 KB message limit), so the edge pays one queue write per
 * batch, not per click.
 */
export type ClickBatchMessage = Envelope<"clicks", { clicks: ClickEvent[] }>;

export const CLICKS_PER_MESSAGE = 100;
/** Budget for one message's clicks, in bytes of their JSON (the queue's limit is 128 KB a message). */
export const CLICK_MESSAGE_BUDGET = 96_000;
/** Variable fields are clipped at the edge so a click has a bounded size. */
export const CLICK_FIELD_MAX = { userAgent: 512, referrer: 1024, acceptLanguage: 128, country: 8, ip: 64, route: 16 } as const;

/** UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2; // 3 bytes (a lone surrogate is written as U+FFFD, also 3)
  }
  return bytes;
}

/** Printable ASCII that JSON writes as it is (no quote, no backslash): one byte a character. */
const PLAIN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** The UTF-8 bytes of a value in JSON: a plain string is its length and two quotes; anything else is serialized. */
function jsonBytes(value: string | null): number {
  if (value === null) return 4; // null
  return PLAIN_JSON.test(value) ? value.length + 2 : utf8Length(JSON.stringify(value));
}

/** A click's JSON without its values: the keys and punctuation (the optional route is counted apart). */
const CLICK_JSON_FRAME = '{"id":,"payload":{"linkId":,"at":,"country":,"referrer":,"userAgent":,"acceptLanguage":,"ip":}}'.length;
const ROUTE_JSON_KEY = ',"route":'.length;

/**
 * Serialized size of a click in bytes (JSON, UTF-8, plus a separator), for packing messages within
 * the queue's limits. Counted field by field rather than by serializing the click: the edge does it
 * for every click, and the queue serializes the message anyway (equal to
 * `utf8Length(JSON.stringify(click)) + 1`, which tests/unit/events.test.ts checks).
 */
export function clickWeight(click: ClickEvent): number {
  const p = click.payload;
  return (
    CLICK_JSON_FRAME +
    jsonBytes(click.id) +
    jsonBytes(p.linkId) +
    String(p.at).length +
    jsonBytes(p.country) +
    jsonBytes(p.referrer) +
    jsonBytes(p.userAgent) +
    jsonBytes(p.acceptLanguage) +
    jsonBytes(p.ip) +
    (p.route === undefined ? 0 : ROUTE_JSON_KEY + jsonBytes(p.route)) +
    1
  );
}

function isClickPayload(p: unknown): p is ClickPayload {
  if (typeof p !== "object" || p === null) return false;
  const c = p as Partial<ClickPayload>;
  const optionalString = (v: unknown) => v === null || v === undefined || typeof v === "string";
  return (
    typeof c.linkId === "string" &&
    typeof c.at === "number" &&
    Number.isFinite(c.at) &&
    optionalString(c.country) &&
    optionalString(c.referrer) &&
    optionalString(c.userAgent) &&
    optionalString(c.acceptLanguage) &&
    optionalString(c.ip) &&
    (c.route === undefined || (typeof c.route === "string" && c.route.length <= CLICK_FIELD_MAX.route))
  );
}

export function isClickBatchMessage(body: unknown): body is ClickBatchMessage {
  if (typeof body !== "object" || body === null) return false;
  const m = body as Partial<ClickBatchMessage>;
  return (
    m.type === "clicks" &&
    m.v === 1 &&
    typeof m.id === "string" &&
    typeof m.payload === "object" &&
    m.payload !== null &&
    Array.isArray(m.payload.clicks) &&
    m.payload.clicks.every(
      (c) => typeof c === "object" && c !== null && typeof c.id === "string" && c.id.length <= 64 && isClickPayload(c.payload),
    )
  );
}
