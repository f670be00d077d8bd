/** Users by email, and staff views of users (the kiosk). */
import { and, count, desc, eq, or } from "drizzle-orm";
import type { Db } from "./client.server";
import { containsText } from "./text-search.server";
import { sessions, subscriptions, twoFactors, users } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

export const KIOSK_PAGE_SIZE = 50;

/** The account with this email (stored lower-cased), or null. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row?.id ?? null;
}

export async function listUsers(db: Db, { query, page }: { query: string; page: number }) {
  const where = query ? or(containsText(users.email, query), containsText(users.name, query)) : undefined;
  const [rows, total] = await db.batch([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        isDeveloper: users.isDeveloper,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(KIOSK_PAGE_SIZE)
      .offset((page - 1) * KIOSK_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function getUserDetails(db: Db, userId: string) {
  const [user, subs, sessionCount, twoFactor] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)),
    db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1),
  ]);
  const row = user[0];
  if (!row) return null;
  return {
    user: row,
    subscriptions: subs,
    sessions: sessionCount[0]?.n ?? 0,
    twoFactor: twoFactor[0]?.verified === true && row.twoFactorEnabled === true,
  };
}

/**
 * Gives or removes the developer flag (the kiosk and the organization pages, spec 01 §2 and §6),
 * with its staff log row in the same batch. The viewer is read from D1 on every request, so the
 * change holds from the user's next page. The role goes with it: "Log in as this user" is also checked
 * by better-auth's admin plugin, which asks for role "admin" (app/auth.server.ts), so a developer
 * the kiosk shows that button to can use it, and one who loses the flag loses that too.
 */
export async function setUserDeveloperFlag(
  db: Db,
  staff: StaffActor,
  user: { id: string; email: string },
  isDeveloper: boolean,
  now = new Date(),
): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ isDeveloper, role: isDeveloper ? "admin" : "user", updatedAt: now })
      .where(eq(users.id, user.id)),
    staffAuditInsert(db, {
      staff,
      action: isDeveloper ? "account.developer-on" : "account.developer-off",
      target: user.email,
      details: { userId: user.id },
      at: now,
    }),
  ]);
}

// Profile fields the settings pages change directly: name and photo.

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

export async function getOveragesEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.overagesEnabled }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.on === true;
}

export async function setOveragesEnabled(db: Db, userId: string, on: boolean, now = new Date()): Promise<void> {
  await db.update(users).set({ overagesEnabled: on, updatedAt: now }).where(eq(users.id, userId));
}

/** What the entitlements of a user without a session (an API token's owner) are derived from. */
export async function getUserEntitlementFields(db: Db, userId: string): Promise<{ emailVerified: boolean; features: string } | undefined> {
  return db.select({ emailVerified: users.emailVerified, features: users.features }).from(users).where(eq(users.id, userId)).get();
}
