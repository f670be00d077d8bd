/**
 * GET /app/api/notifications/recent (spec 01 §7): the recent announcements and notifications,
 * each with its unread flag, and how many are unread in all (the navigation bar's dot).
 * Logged out: 401 'Not authorized' (spec 01 §8).
 */
import { getDb } from "../../../db/client.server";
import { getCloudflare } from "../../context.server";
import { json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import { loadInbox, type InboxItem } from "../../lib/inbox.server";
import type { Route } from "./+types/notifications.recent";

function itemJson(item: InboxItem) {
  return { id: item.id, title: item.title, body: item.body, url: item.url, created_at: item.createdAt, unread: item.unread };
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  const inbox = await loadInbox(getDb(getCloudflare(context).env.DB), viewer);
  return json({
    data: {
      announcements: inbox.announcements.map(itemJson),
      notifications: inbox.notifications.map(itemJson),
      unread_count: inbox.unreadCount,
    },
  });
}

export const action = methodNotAllowed("GET");
