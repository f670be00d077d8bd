/**
 * The links of a closed account, marked deleted from the queue when the request could not
 * (domain/account-deletion.ts). Idempotent: links already deleted are left alone. KV is written
 * through and the change feed tells every redirect isolate within seconds.
 */
import { getDb } from "../../../db/client.server";
import { deleteUserLinks } from "../../../db/links.server";
import { isDeleteAccountLinksPayload } from "../../../domain/account-deletion";
import type { Envelope } from "../../../domain/events";
import type { QueueEnv } from "./env";

export async function deleteAccountLinksJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isDeleteAccountLinksPayload(envelope.payload)) throw new Error("account.delete-links: malformed payload");
  const deleted = await deleteUserLinks({ db: getDb(env.DB), kv: env.LINKS }, envelope.payload.userId);
  if (deleted > 0) console.info(`account.delete-links: ${deleted} links of a closed account marked deleted`);
}
