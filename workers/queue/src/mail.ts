/**
 * The mail job: delivers through the HTTP mail API when MAIL_API_URL is set, otherwise (local
 * runs only) into the dev mailbox shown at /__dev/mailbox. A failed delivery throws, so the
 * message is retried with backoff and ends in the dead-letter queue.
 */
import { getDb } from "../../../db/client.server";
import { storeDevMail } from "../../../db/dev-mail.server";
import type { Envelope } from "../../../domain/events";
import { isMailMessage } from "../../../domain/mail";
import type { QueueEnv } from "./env";

export async function sendMailJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const message = envelope.payload;
  if (!isMailMessage(message)) throw new Error("mail.send: malformed payload");
  if (env.MAIL_API_URL) {
    // A mail API without its key is a half-configured deployment: stop, and say so (docs/decisions/024).
    if (!env.MAIL_API_KEY && env.LOCAL_DEV !== "true")
      throw new Error("mail.send: MAIL_API_KEY is not set (`wrangler secret put MAIL_API_KEY`)");
    const response = await fetch(env.MAIL_API_URL, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${env.MAIL_API_KEY ?? ""}`,
        "idempotency-key": envelope.id,
      },
      body: JSON.stringify({ from: env.MAIL_FROM ?? "Snip <no-reply@snip.example>", ...message }),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`mail API answered ${response.status}`);
    return;
  }
  // Outside local runs there is no dev mailbox: the message is retried, then dead-lettered, and
  // each attempt logs why (docs/decisions/024).
  if (env.LOCAL_DEV !== "true")
    throw new Error("mail.send: MAIL_API_URL is not configured (set it and `wrangler secret put MAIL_API_KEY`)");
  await storeDevMail(getDb(env.DB), envelope.id, message);
}
