/**
 * Notifications (per user) and announcements (to everyone) as the viewer sees them
 * (spec 01 §4): read or unread, newest first, with links that are safe to render.
 */
import {
  countUnreadAnnouncements,
  countUnreadNotifications,
  listRecentAnnouncements,
  listRecentNotifications,
} from "../../db/notifications.server";
import type { Db } from "../../db/client.server";
import type { Viewer } from "../session.server";

/** The recent lists of GET /app/api/notifications/recent and of the notifications page. */
export const RECENT_NOTIFICATIONS_LIMIT = 50;
export const RECENT_ANNOUNCEMENTS_LIMIT = 20;

/** A link a message may carry: a path on this site, or an http(s) address; anything else is dropped. */
export function safeMessageUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface InboxItem {
  kind: "notification" | "announcement";
  id: string;
  title: string;
  body: string;
  url: string | null;
  createdAt: string;
  unread: boolean;
}

export interface Inbox {
  notifications: InboxItem[];
  announcements: InboxItem[];
  unreadCount: number;
}

export async function loadInbox(db: Db, viewer: Viewer): Promise<Inbox> {
  const lastRead = viewer.user.lastReadAnnouncementsAt;
  const [notificationRows, announcementRows, unreadNotifications, unreadAnnouncements] = await Promise.all([
    listRecentNotifications(db, viewer.user.id, RECENT_NOTIFICATIONS_LIMIT),
    listRecentAnnouncements(db, RECENT_ANNOUNCEMENTS_LIMIT),
    countUnreadNotifications(db, viewer.user.id),
    countUnreadAnnouncements(db, lastRead),
  ]);
  return {
    notifications: notificationRows.map((row) => ({
      kind: "notification",
      id: row.id,
      title: row.title,
      body: row.body,
      url: safeMessageUrl(row.url),
      createdAt: row.createdAt.toISOString(),
      unread: row.readAt === null,
    })),
    announcements: announcementRows.map((row) => ({
      kind: "announcement",
      id: row.id,
      title: row.title,
      body: row.body,
      url: safeMessageUrl(row.url),
      // An announcement dates from its publication (decision 032).
      createdAt: row.publishedAt.toISOString(),
      unread: lastRead === null || row.publishedAt.getTime() > lastRead.getTime(),
    })),
    unreadCount: unreadNotifications + unreadAnnouncements,
  };
}

/** Both lists as one, newest first (announcements first on a tie). */
export function mergeInbox(inbox: Inbox): InboxItem[] {
  return [...inbox.announcements, ...inbox.notifications].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
