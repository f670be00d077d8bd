/**
 * Batches clicks per isolate and sends them off the response path. A queue write per
 * click costs the hot path most of its throughput (DESIGN.md; measured in
 * docs/decisions/002), so clicks are packed into messages of up to CLICKS_PER_MESSAGE
 * and sent once per flush.
 *
 * Local queues fail a few percent of sends under load: a failed send is retried with
 * backoff, and if it still fails its messages are kept, exactly as they were, for the next
 * flush, so a click is never dropped silently. A message is resent with its own id and
 * clicks, because the consumer counts a message id once (docs/decisions/017): a send that
 * failed after the queue took it must not come back as a different message. Only the
 * request that schedules a flush holds it in `waitUntil`; later requests just add to the
 * buffer.
 */
import { CLICK_MESSAGE_BUDGET, CLICKS_PER_MESSAGE, clickWeight, type ClickBatchMessage, type ClickEvent } from "../../../domain/events";

/**
 * How long a click waits for others to share its queue write. Each send has a cost of its own
 * besides its bytes (in production a queue operation, billed per write; locally, the broker's hop
 * to the consumer's runtime), and the bench measured it: at 50 ms the service spent 255 - 269 µs
 * of CPU a person's click against 245 at 500 ms and 232 with no clicks at all (decision 066).
 * Half a second is less than the consumer's own batching waits (up to a second), so the
 * analytics are hardly later, and the waiting clicks are held by the request that scheduled
 * the flush (waitUntil), which the runtime lets run for up to 30 seconds after the response.
 */
export const CLICK_FLUSH_DELAY_MS = 500;
export const CLICK_SEND_ATTEMPTS = 5;
export const CLICK_RETRY_BASE_MS = 50;
/** Upper bound of clicks held in memory while the queue refuses them. */
export const CLICK_BUFFER_MAX = 20_000;

interface Waiter {
  waitUntil(promise: Promise<unknown>): void;
}

export type ClickQueue = Queue<ClickBatchMessage>;

/** Each packed message's size, so grouping does not serialize its clicks again. */
const messageWeights = new WeakMap<ClickBatchMessage, number>();

function messageWeight(message: ClickBatchMessage): number {
  return messageWeights.get(message) ?? message.payload.clicks.reduce((sum, c) => sum + clickWeight(c), 0);
}

/** Packs clicks into messages within the per-message count and size budgets. */
export function packClicks(clicks: readonly ClickEvent[]): ClickBatchMessage[] {
  const messages: ClickBatchMessage[] = [];
  let current: ClickEvent[] = [];
  let weight = 0;
  const close = () => {
    const message: ClickBatchMessage = { type: "clicks", v: 1, id: crypto.randomUUID(), payload: { clicks: current } };
    messageWeights.set(message, weight);
    messages.push(message);
  };
  for (const click of clicks) {
    const w = clickWeight(click);
    if (current.length > 0 && (current.length >= CLICKS_PER_MESSAGE || weight + w > CLICK_MESSAGE_BUDGET)) {
      close();
      current = [];
      weight = 0;
    }
    current.push(click);
    weight += w;
  }
  if (current.length > 0) close();
  return messages;
}

/** A sendBatch carries at most 100 messages and 256 KB: group messages within both. */
export const SEND_BATCH_MAX_MESSAGES = 100;
export const SEND_BATCH_BUDGET = 200_000;

export function groupMessages(messages: readonly ClickBatchMessage[]): ClickBatchMessage[][] {
  const groups: ClickBatchMessage[][] = [];
  let current: ClickBatchMessage[] = [];
  let weight = 0;
  for (const message of messages) {
    const w = messageWeight(message);
    if (current.length > 0 && (current.length >= SEND_BATCH_MAX_MESSAGES || weight + w > SEND_BATCH_BUDGET)) {
      groups.push(current);
      current = [];
      weight = 0;
    }
    current.push(message);
    weight += w;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

export class ClickBatcher {
  #pending: ClickEvent[] = [];
  /** Messages the queue refused, kept as they were for the next flush. */
  #refused: ClickBatchMessage[] = [];
  #scheduled = false;

  /** `flushDelayMs`: the tests of what a visit sends choose a shorter wait than production's. */
  constructor(readonly flushDelayMs: number = CLICK_FLUSH_DELAY_MS) {}

  add(queue: ClickQueue, click: ClickEvent, ctx: Waiter): void {
    this.#pending.push(click);
    if (!this.#scheduled) {
      this.#scheduled = true;
      ctx.waitUntil(this.#flushLater(queue));
    }
  }

  async #flushLater(queue: ClickQueue): Promise<void> {
    await scheduler.wait(this.flushDelayMs);
    this.#scheduled = false;
    const messages = [...this.#refused.splice(0), ...packClicks(this.#pending.splice(0))];
    if (messages.length === 0) return;
    const groups = groupMessages(messages);
    const sent = (await Promise.all(groups.map((group) => this.#send(queue, group)))).every(Boolean);
    // Refused messages were kept: flush again rather than wait for the next visitor.
    if (!sent && !this.#scheduled) {
      this.#scheduled = true;
      await this.#flushLater(queue);
    }
  }

  /** Sends one group of messages (one sendBatch), retrying; on failure the messages are kept. */
  async #send(queue: ClickQueue, messages: ClickBatchMessage[]): Promise<boolean> {
    let lastError: unknown;
    for (let attempt = 0; attempt < CLICK_SEND_ATTEMPTS; attempt++) {
      try {
        if (messages.length === 1) await queue.send(messages[0]!, { contentType: "json" });
        else await queue.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
        return true;
      } catch (error) {
        lastError = error;
        await scheduler.wait(CLICK_RETRY_BASE_MS * 2 ** attempt);
      }
    }
    // Keep them for the next flush rather than lose them; past the bound, say so loudly.
    let held = this.#pending.length + this.#refused.reduce((sum, m) => sum + m.payload.clicks.length, 0);
    let kept = 0;
    let dropped = 0;
    for (const message of messages) {
      const clicks = message.payload.clicks.length;
      if (held + clicks <= CLICK_BUFFER_MAX) {
        this.#refused.push(message);
        held += clicks;
        kept += clicks;
      } else dropped += clicks;
    }
    if (dropped > 0) console.error(`clicks: dropped ${dropped} clicks, buffer full`, lastError);
    else console.warn(`clicks: queue refused ${kept} clicks; kept for the next flush`, lastError);
    return false;
  }
}
