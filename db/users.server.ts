/** The profile fields the settings pages change directly: name and photo. */
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { users } from "./schema";

export async function updateUserName(db: Db, userId: string, name: string, now = new Date()): Promise<void> {
  await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
}

/** The R2 key of the user's photo; null when there is none (or no such user). */
export async function getUserImage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.image ?? null;
}

/** Sets (or with null, clears) the R2 key of the user's photo. */
export async function setUserImage(db: Db, userId: string, key: string | null, now = new Date()): Promise<void> {
  await db.update(users).set({ image: key, updatedAt: now }).where(eq(users.id, userId));
}

/** Marks the user's address verified, if it is still `email` (a link sent to it was opened). */
export async function markEmailVerified(db: Db, userId: string, email: string, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email), eq(users.emailVerified, false)));
}
