import { desc } from "drizzle-orm";
import type { MailMessage } from "../domain/mail";
import type { Db } from "./client.server";
import { devMail } from "./schema";

/** Keeps a message in the local dev mailbox; the id makes a redelivered job land once. */
export async function storeDevMail(db: Db, id: string, message: MailMessage, now = new Date()): Promise<void> {
  await db
    .insert(devMail)
    .values({ id, ...message, createdAt: now })
    .onConflictDoNothing();
}

export async function listDevMail(db: Db, limit = 50) {
  return db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(limit);
}
