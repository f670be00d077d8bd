/** Messages that exhausted their retries are kept in D1 for inspection, then acked. */
import type { QueueEnv } from "./env";

export async function handleDeadLetters(batch: MessageBatch<unknown>, env: QueueEnv): Promise<void> {
  const now = Date.now();
  const statements = batch.messages.map((m) =>
    env.DB.prepare("INSERT OR IGNORE INTO dead_letters (id, queue, body, received_at) VALUES (?, ?, ?, ?)").bind(
      m.id,
      batch.queue,
      JSON.stringify(m.body ?? null).slice(0, 100_000),
      now,
    ),
  );
  await env.DB.batch(statements);
  batch.ackAll();
}
