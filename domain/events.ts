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
}

export type ClickEvent = Envelope<"click", ClickPayload>;

export function isClickEvent(body: unknown): body is ClickEvent {
  if (typeof body !== "object" || body === null) return false;
  const e = body as Partial<ClickEvent>;
  return (
    e.type === "click" &&
    e.v === 1 &&
    typeof e.id === "string" &&
    typeof e.payload === "object" &&
    e.payload !== null &&
    typeof e.payload.linkId === "string" &&
    typeof e.payload.at === "number" &&
    Number.isFinite(e.payload.at)
  );
}
