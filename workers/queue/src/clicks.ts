/**
 * The click job: a queue batch of click messages (each holding up to 100 clicks) becomes
 * one `db.batch` of rollup writes.
 * Duplicates (at-least-once delivery) are counted once: an event id already in the raw
 * log is acked without effect, and a duplicate racing in makes the batch fail on the
 * primary key, so it is retried and then found. If the combined batch fails, each
 * message is tried on its own, so one poison message is retried (and in the end
 * dead-lettered) while the others are acked. The newly counted clicks then become link.clicked
 * webhook deliveries (workers/queue/src/webhooks.ts).
 */
import { buildClickStatements, findCountedClickIds, type CountedClick } from "../../../db/clicks.server";
import { describeClick } from "../../../domain/click-facts";
import { isClickBatchMessage, type ClickBatchMessage, type ClickEvent } from "../../../domain/events";
import type { QueueEnv } from "./env";
import { enqueueClickEvents } from "./webhooks";

export const CLICK_RETRY_DELAY_SECONDS = 5;
const DEFAULT_SALT = "snip-local-visitor-salt";

export const CLICK_RETRY_MAX_DELAY_SECONDS = 300;

/** Backoff for a click message on its n-th attempt. */
export function clickRetryDelaySeconds(attempts: number): number {
  return Math.min(CLICK_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1), CLICK_RETRY_MAX_DELAY_SECONDS);
}

function retryDelay(message: Message): number {
  return clickRetryDelaySeconds(message.attempts);
}

async function countClicks(env: QueueEnv, messages: readonly Message<ClickBatchMessage>[]): Promise<void> {
  const unique = new Map<string, ClickEvent>();
  for (const m of messages) for (const click of m.body.payload.clicks) unique.set(click.id, click);
  const counted = await findCountedClickIds(env.DB, [...unique.keys()]);
  const fresh: CountedClick[] = [];
  for (const [id, event] of unique) {
    if (counted.has(id)) continue;
    fresh.push({ id, ...(await describeClick(event.payload, env.VISITOR_SALT || DEFAULT_SALT)) });
  }
  if (fresh.length === 0) return;
  await env.DB.batch(buildClickStatements(env.DB, fresh));
  // link.clicked webhooks for the clicks just counted. The clicks are in; a failure here must not
  // make the batch retry (its clicks would be found counted and notify no one), so it is logged.
  try {
    await enqueueClickEvents(env, fresh);
  } catch (error) {
    console.error("clicks: could not enqueue link.clicked webhooks", error);
  }
}

export async function handleClickBatch(batch: MessageBatch<unknown>, env: QueueEnv): Promise<void> {
  const valid: Message<ClickBatchMessage>[] = [];
  for (const message of batch.messages) {
    if (isClickBatchMessage(message.body)) valid.push(message as Message<ClickBatchMessage>);
    else {
      console.error("clicks: malformed message", message.id);
      message.retry({ delaySeconds: retryDelay(message) });
    }
  }
  if (valid.length === 0) return;
  try {
    await countClicks(env, valid);
    for (const m of valid) m.ack();
  } catch (error) {
    if (valid.length > 1) console.warn("clicks: batch failed, counting messages one by one", error);
    for (const m of valid) {
      try {
        await countClicks(env, [m]);
        m.ack();
      } catch (single) {
        console.error("clicks: message failed, will retry", m.id, single);
        m.retry({ delaySeconds: retryDelay(m) });
      }
    }
  }
}
