/**
 * Login throttling: failures are counted per key (the email address, and the client address)
 * in a fixed window; past the limit the key is locked for a while. Unknown emails count like
 * known ones, so the throttle tells nothing about which accounts exist.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { loginThrottles } from "./schema";

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** Milliseconds until the key may try again, or 0 when it is not locked. */
export async function getLockRemaining(db: Db, key: string, now = Date.now()): Promise<number> {
  const row = await db.select({ lockedUntil: loginThrottles.lockedUntil }).from(loginThrottles).where(eq(loginThrottles.key, key)).get();
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > now ? until - now : 0;
}

/** Counts one failure; one upsert, so concurrent failures are all counted. */
export async function recordLoginFailure(db: Db, key: string, rule: ThrottleRule, now = Date.now()): Promise<void> {
  const windowStart = now - rule.windowMs;
  await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: new Date(now), lockedUntil: rule.maxFailures <= 1 ? new Date(now + rule.lockMs) : null })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN ${now} ELSE ${loginThrottles.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${loginThrottles.windowStartedAt} >= ${windowStart} AND ${loginThrottles.failures} + 1 >= ${rule.maxFailures} THEN ${now + rule.lockMs} ELSE ${loginThrottles.lockedUntil} END`,
      },
    });
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
