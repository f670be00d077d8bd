/**
 * Sessions as the settings pages see them: the user's own list, revocation by id only within
 * the user's own sessions, and the time the password was last entered again (spec 01 §8, 423).
 */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "./client.server";
import { sessions } from "./schema";

export interface SessionSummary {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The user's sessions that have not expired, most recently active first. */
export async function listUserSessions(db: Db, userId: string, now = new Date()): Promise<SessionSummary[]> {
  return db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends one of the user's sessions; false when the id is not one of theirs. */
export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length === 1;
}

/** Ends every session of the user except `keepSessionId`; returns how many ended. */
export async function deleteOtherUserSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Records that the password was just entered again in this session (by id or by token). */
export async function markSessionPasswordConfirmed(db: Db, by: { id: string } | { token: string }, at = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ passwordConfirmedAt: at })
    .where("id" in by ? eq(sessions.id, by.id) : eq(sessions.token, by.token));
}
