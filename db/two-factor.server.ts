/**
 * Two-factor state outside the sign-in flow: what the security page shows (on or off, backup
 * codes left) and the changes made there after the password was confirmed (spec 01 §8, 423):
 * turning it off and replacing the backup codes. Backup codes are stored as a JSON list of
 * keyed hashes (app/auth.server.ts), so counting them needs no secret.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { twoFactors, users } from "./schema";

function countCodes(stored: string): number {
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** Backup codes left for a user whose two-factor setup is confirmed; null when there is none. */
export async function countBackupCodes(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ backupCodes: twoFactors.backupCodes })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)))
    .limit(1);
  return row ? countCodes(row.backupCodes) : null;
}

/** Replaces the backup codes of a confirmed setup with `stored` (already hashed); false when there is none. */
export async function replaceBackupCodes(db: Db, userId: string, stored: string): Promise<boolean> {
  const updated = await db
    .update(twoFactors)
    .set({ backupCodes: stored })
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)))
    .returning({ id: twoFactors.id });
  return updated.length > 0;
}

/** Turns two-factor sign-in off: the flag and the secret with its backup codes go in one batch. */
export async function disableTwoFactor(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.batch([
    db.update(users).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(users.id, userId)),
    db.delete(twoFactors).where(eq(twoFactors.userId, userId)),
  ]);
}
