/** Snip's own writes to sessions (better-auth creates and deletes them on sign-in and sign-out). */
import { eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { sessions } from "./schema";

/** The password was entered again in this session (spec 01 §8: 423 then password confirmation). */
export async function confirmSessionPassword(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ passwordConfirmedAt: now }).where(eq(sessions.id, sessionId));
}
