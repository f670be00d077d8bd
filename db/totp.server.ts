import { and, eq, lt } from "drizzle-orm";
import type { Db } from "./client.server";
import { usedTotpCodes } from "./schema";

/**
 * Claims an accepted TOTP code for the user. False when it was claimed before: the same code
 * must not work twice (RFC 6238 §5.2). Expired claims are swept first.
 */
export async function claimTotpCode(db: Db, userId: string, code: string, validForMs: number, now = Date.now()): Promise<boolean> {
  const [, inserted] = await db.batch([
    db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), lt(usedTotpCodes.expiresAt, new Date(now)))),
    db
      .insert(usedTotpCodes)
      .values({ userId, code, expiresAt: new Date(now + validForMs) })
      .onConflictDoNothing()
      .returning({ code: usedTotpCodes.code }),
  ]);
  return inserted.length === 1;
}
