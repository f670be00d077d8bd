/**
 * Jobs on the jobs queue: typed envelopes `{type, v, id, payload}` dispatched to a
 * registry. Each job acks or retries its own message. Job types are added by the
 * features that need them (bulk imports, mail, billing events).
 */
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";

/** `attempts` is the queue's count of deliveries of this message, 1 on the first. */
export type JobHandler = (envelope: Envelope<string, unknown>, env: QueueEnv, message: { attempts: number }) => Promise<void>;

export const JOB_RETRY_DELAY_SECONDS = 10;

/** Thrown by a job that failed in an expected way (it has logged why) and sets its own backoff. */
export class RetryJob extends Error {
  constructor(readonly delaySeconds: number) {
    super(`retry in ${delaySeconds} s`);
  }
}

export async function handleJobBatch(
  batch: MessageBatch<unknown>,
  env: QueueEnv,
  registry: Readonly<Record<string, JobHandler>>,
): Promise<void> {
  for (const message of batch.messages) {
    const envelope = message.body as Partial<Envelope<string, unknown>> | null;
    const handler = envelope && typeof envelope.type === "string" ? registry[envelope.type] : undefined;
    if (!handler || envelope?.v !== 1 || typeof envelope.id !== "string") {
      console.error("jobs: unknown or malformed job", message.id);
      message.retry({ delaySeconds: JOB_RETRY_DELAY_SECONDS });
      continue;
    }
    try {
      await handler(envelope as Envelope<string, unknown>, env, { attempts: message.attempts });
      message.ack();
    } catch (error) {
      if (error instanceof RetryJob) {
        message.retry({ delaySeconds: error.delaySeconds });
        continue;
      }
      console.error(`jobs: ${envelope.type} failed, will retry`, message.id, error);
      message.retry({ delaySeconds: Math.min(JOB_RETRY_DELAY_SECONDS * 2 ** (message.attempts - 1), 600) });
    }
  }
}
