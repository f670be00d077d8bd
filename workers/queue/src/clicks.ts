/**
 * The click job: a queue batch of click messages (each holding up to 100 clicks) becomes
 * one `db.batch` of rollup writes.
 * Duplicates (at-least-once delivery) are counted once: a message whose id is already recorded
 * as counted is acked without effect, and a copy racing in makes the batch fail on the primary
 * key, so it is retried and then found. The edge resends a refused message as it was (same id,
 * same clicks), so a message id stands for its clicks (docs/decisions/017). If the combined
 * batch fails, each message is tried on its own, so one poison message is retried (and in the
 * end dead-lettered) while the others are acked. Counted clicks then go to the raw click log
 * (Analytics Engine, when bound) and become link.clicked webhook deliveries
 * (workers/queue/src/webhooks.ts).
 * A link's clicks past its owner's max_trackable_clicks are not counted (docs/decisions/038):
 * each link keeps its counted total in `links.tracked_clicks`, raised in the same batch. A link
 * that used up its clicks is then marked in its KV record, so the edge stops sending them.
 */
import {
  buildClickStatements,
  buildTrackedClickStatements,
  findCountedMessageIds,
  getLinkClickStates,
  markMessagesCounted,
  type CountedClick,
} from "../../../db/clicks.server";
import { describeClick } from "../../../domain/click-facts";
import { capClicks } from "../../../domain/click-limits";
import { clickAllowances, markCappedLinks } from "./click-limits";
import { isClickBatchMessage, type ClickBatchMessage } from "../../../domain/events";
import type { QueueEnv } from "./env";
import { enqueueClickEvents } from "./webhooks";

export const CLICK_RETRY_DELAY_SECONDS = 5;
/** Below this many clicks left, a link's total is checked not to have moved (a consumer batch holds at most 1,000 clicks). */
const RACE_MARGIN = 10_000;
const LOCAL_DEV_SALT = "snip-local-visitor-salt";

/**
 * The visitor-hash salt: VISITOR_SALT, or in local runs a fixed development salt. A deployment
 * without it counts clicks but no unique visitors, and says so, rather than hashing addresses
 * with a public salt (docs/decisions/024).
 */
export function visitorSalt(env: Pick<QueueEnv, "VISITOR_SALT" | "LOCAL_DEV">): string | null {
  if (env.VISITOR_SALT) return env.VISITOR_SALT;
  if (env.LOCAL_DEV === "true") return LOCAL_DEV_SALT;
  console.error("clicks: VISITOR_SALT is not set: unique visitors are not counted (`wrangler secret put VISITOR_SALT`)");
  return null;
}

export const CLICK_RETRY_MAX_DELAY_SECONDS = 300;

/** Backoff for a click message on its n-th attempt. */
export function clickRetryDelaySeconds(attempts: number): number {
  return Math.min(CLICK_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1), CLICK_RETRY_MAX_DELAY_SECONDS);
}

function retryDelay(message: Message): number {
  return clickRetryDelaySeconds(message.attempts);
}

/**
 * One counted click as a raw-log data point: indexed (sampled) by link, the click id and its
 * facts as blobs, the time and the bot flag as doubles. The visitor hash stays out of the log.
 */
function logClick(log: AnalyticsEngineDataset, click: CountedClick): void {
  log.writeDataPoint({
    indexes: [click.linkId],
    blobs: [click.id, click.country, click.referrer, click.device, click.browser, click.os, click.language],
    doubles: [click.at, click.isBot ? 1 : 0],
  });
}

async function countClicks(env: QueueEnv, messages: readonly Message<ClickBatchMessage>[]): Promise<void> {
  const unique = new Map<string, ClickBatchMessage>();
  for (const m of messages) unique.set(m.body.id, m.body);
  const counted = await findCountedMessageIds(env.DB, [...unique.keys()]);
  const freshIds: string[] = [];
  const fresh: CountedClick[] = [];
  const salt = visitorSalt(env);
  for (const [id, body] of unique) {
    if (counted.has(id)) continue;
    freshIds.push(id);
    for (const event of body.payload.clicks) fresh.push({ id: event.id, ...describeClick(event.payload, salt) });
  }
  if (freshIds.length === 0) return;
  const states = await getLinkClickStates(env.DB, [...new Set(fresh.map((c) => c.linkId))]);
  const allowances = await clickAllowances(env.DB, states);
  const { kept, perLink } = capClicks(fresh, allowances);
  // Near a limit, the batch fails if another consumer counted the link's clicks meanwhile.
  const expected = new Map<string, number>();
  for (const [linkId, allowance] of allowances)
    if (allowance !== null && allowance < RACE_MARGIN) expected.set(linkId, states.get(linkId)!.tracked);
  await env.DB.batch([
    ...markMessagesCounted(env.DB, freshIds, Date.now()),
    ...buildTrackedClickStatements(env.DB, perLink, expected),
    ...buildClickStatements(env.DB, kept),
  ]);
  // After the commit, nothing here may fail the batch (its clicks would be found counted and go
  // nowhere): the raw log is best-effort by nature, and a webhook enqueue failure is logged.
  if (env.CLICK_LOG) {
    try {
      for (const click of kept) logClick(env.CLICK_LOG, click);
    } catch (error) {
      console.error("clicks: could not write the raw click log", error);
    }
  }
  try {
    await enqueueClickEvents(env, kept);
  } catch (error) {
    console.error("clicks: could not enqueue link.clicked webhooks", error);
  }
  // The links that used up their tracked clicks: the edge stops sending them (docs/decisions/038).
  const capped: { id: string; tracked: number; unlimited: boolean }[] = [];
  for (const [linkId, allowance] of allowances) {
    const used = perLink.get(linkId) ?? 0;
    if (allowance !== null && used >= allowance) {
      const state = states.get(linkId)!;
      capped.push({ id: linkId, tracked: state.tracked + used, unlimited: state.unlimited });
    }
  }
  try {
    await markCappedLinks(env, capped);
  } catch (error) {
    console.error("clicks: could not mark capped links", error);
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
