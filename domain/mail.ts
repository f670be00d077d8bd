/** Outgoing mail: the job the app enqueues and the queue consumer delivers. */
import type { Envelope } from "./events";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailJob = Envelope<"mail.send", MailMessage>;

export function isMailMessage(value: unknown): value is MailMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return ["to", "subject", "text", "html"].every((key) => typeof m[key] === "string" && (m[key] as string).length > 0);
}
