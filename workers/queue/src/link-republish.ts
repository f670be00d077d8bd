/**
 * Republishes links' records to KV from D1 (domain/link-republish.ts, docs/decisions/060): the
 * retry of a write-through that failed after its change was committed. Idempotent; a failure
 * throws, and the jobs queue retries the message with backoff.
 */
import { getDb } from "../../../db/client.server";
import { republishLinks } from "../../../db/links.server";
import type { Envelope } from "../../../domain/events";
import { isRepublishLinksPayload } from "../../../domain/link-republish";
import type { QueueEnv } from "./env";

export async function republishLinksJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isRepublishLinksPayload(envelope.payload)) throw new Error("links.republish: malformed payload");
  const written = await republishLinks({ db: getDb(env.DB), kv: env.LINKS }, envelope.payload.linkIds);
  console.info(`links.republish: ${written} link record(s) written through to KV again`);
}
