/** Notifications (per user) and announcements (to everyone), spec 01 §4 and §7. */
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { announcements, notifications, users } from "./schema";

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .get();
  return row?.n ?? 0;
}

/**
 * Unread announcements: published after the user's last-read time (every published one when never
 * read). A draft, or an unpublished one, is never counted (decision 032).
 */
export async function countUnreadAnnouncements(db: Db, lastReadAt: Date | null): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(announcements)
    .where(lastReadAt ? gt(announcements.publishedAt, lastReadAt) : isNotNull(announcements.publishedAt))
    .get();
  return row?.n ?? 0;
}

export async function listRecentNotifications(db: Db, userId: string, limit = 20) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(limit);
}

/** The published announcements, newest publication first. */
export async function listRecentAnnouncements(db: Db, limit = 10) {
  const rows = await db
    .select()
    .from(announcements)
    .where(isNotNull(announcements.publishedAt))
    .orderBy(desc(announcements.publishedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt ?? row.createdAt }));
}

/**
 * Marks the user's own notifications read; ids of other users' notifications are ignored. The
 * ids are bound as one JSON array read with json_each, so the statement binds three parameters
 * however many ids there are (D1 allows 100 a statement; an IN list of the call's 100 ids bound 102).
 */
export async function markNotificationsRead(db: Db, userId: string, ids: readonly string[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        isNull(notifications.readAt),
      ),
    );
}

export async function markAnnouncementsRead(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ lastReadAnnouncementsAt: now }).where(eq(users.id, userId));
}

/**
 * "Mark all as read": every unread notification of the user, and the announcements up to now
 * (the user's last-read time), in one batch.
 */
export async function markAllRead(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.batch([
    db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    db.update(users).set({ lastReadAnnouncementsAt: now }).where(eq(users.id, userId)),
  ]);
}

export interface NewMessage {
  title: string;
  body?: string;
  url?: string | null;
}

export async function createNotification(db: Db, userId: string, message: NewMessage, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await notificationInsert(db, userId, message, now, id);
  return id;
}

/** The INSERT of a notification without running it, for a caller's `db.batch([...])`. */
export function notificationInsert(db: Db, userId: string, message: NewMessage, now = new Date(), id: string = crypto.randomUUID()) {
  return db
    .insert(notifications)
    .values({ id, userId, title: message.title, body: message.body ?? "", url: message.url ?? null, createdAt: now });
}

/** A published announcement at once (the dev fixture's); staff write drafts in the kiosk (db/announcements.server.ts). */
export async function createAnnouncement(db: Db, message: NewMessage, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insert(announcements)
    .values({ id, title: message.title, body: message.body ?? "", url: message.url ?? null, createdAt: now, publishedAt: now });
  return id;
}
