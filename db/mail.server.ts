import type { Db } from "./client.server";
import { mailSuppressions } from "./schema";

/** Stops mailings to an address; idempotent. */
export async function suppressMailings(db: Db, email: string, now = new Date()): Promise<void> {
  await db.insert(mailSuppressions).values({ email: email.toLowerCase(), createdAt: now }).onConflictDoNothing();
}
