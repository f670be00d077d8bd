import { eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { mailSuppressions } from "./schema";

/** Stops mailings to an address; idempotent. */
export async function suppressMailings(db: Db, email: string, now = new Date()): Promise<void> {
  await db.insert(mailSuppressions).values({ email: email.toLowerCase(), createdAt: now }).onConflictDoNothing();
}

export async function isMailingSuppressed(db: Db, email: string): Promise<boolean> {
  const row = await db.query.mailSuppressions.findFirst({ where: eq(mailSuppressions.email, email.toLowerCase()) });
  return row !== undefined;
}
