/**
 * Batches click events per isolate and sends them with one `sendBatch` per flush,
 * off the response path. One queue send per click costs the hot path most of its
 * throughput (DESIGN.md); a batch of up to 100 costs one.
 *
 * Local queues fail a few percent of sends under load: a failed batch is retried with
 * backoff, and if it still fails it goes back to the buffer for the next flush, so a
 * click is never dropped silently. Only the request that schedules a flush holds it in
 * `waitUntil`; later requests just add to the buffer.
 */
import type { ClickEvent } from "../../../domain/events";

export const CLICK_BATCH_MAX = 100;
export const CLICK_FLUSH_DELAY_MS = 50;
export const CLICK_SEND_ATTEMPTS = 5;
export const CLICK_RETRY_BASE_MS = 50;
/** Upper bound of clicks held in memory while the queue refuses them. */
export const CLICK_BUFFER_MAX = 20_000;

interface Waiter {
  waitUntil(promise: Promise<unknown>): void;
}

export class ClickBatcher {
  #pending: ClickEvent[] = [];
  #scheduled = false;

  add(queue: Queue<ClickEvent>, event: ClickEvent, ctx: Waiter): void {
    this.#pending.push(event);
    if (this.#pending.length >= CLICK_BATCH_MAX) {
      ctx.waitUntil(
        this.#send(queue, this.#pending.splice(0, CLICK_BATCH_MAX)).then((sent) => {
          if (!sent && !this.#scheduled) {
            this.#scheduled = true;
            return this.#flushLater(queue);
          }
        }),
      );
      return;
    }
    if (!this.#scheduled) {
      this.#scheduled = true;
      ctx.waitUntil(this.#flushLater(queue));
    }
  }

  get pendingCount(): number {
    return this.#pending.length;
  }

  async #flushLater(queue: Queue<ClickEvent>): Promise<void> {
    await scheduler.wait(CLICK_FLUSH_DELAY_MS);
    this.#scheduled = false;
    const sends: Promise<boolean>[] = [];
    while (this.#pending.length > 0) sends.push(this.#send(queue, this.#pending.splice(0, CLICK_BATCH_MAX)));
    const sent = await Promise.all(sends);
    // A refused batch went back to the buffer: flush again rather than wait for the next visitor.
    if (sent.includes(false) && !this.#scheduled) {
      this.#scheduled = true;
      await this.#flushLater(queue);
    }
  }

  async #send(queue: Queue<ClickEvent>, batch: ClickEvent[]): Promise<boolean> {
    let lastError: unknown;
    for (let attempt = 0; attempt < CLICK_SEND_ATTEMPTS; attempt++) {
      try {
        await queue.sendBatch(batch.map((body) => ({ body, contentType: "json" as const })));
        return true;
      } catch (error) {
        lastError = error;
        await scheduler.wait(CLICK_RETRY_BASE_MS * 2 ** attempt);
      }
    }
    // Keep them for the next flush rather than lose them; past the bound, say so loudly.
    const room = CLICK_BUFFER_MAX - this.#pending.length;
    this.#pending.unshift(...batch.slice(0, Math.max(0, room)));
    if (room < batch.length) console.error(`clicks: dropped ${batch.length - room} events, buffer full`, lastError);
    else console.warn(`clicks: queue refused a batch of ${batch.length}; kept for the next flush`, lastError);
    return false;
  }
}
