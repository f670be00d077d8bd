/** What the navigation bar needs to know about the viewer (spec 02 §2), computed on the server. */
import type { RouterContextProvider } from "react-router";
import { getDb } from "../../db/client.server";
import { countUnreadAnnouncements, countUnreadNotifications } from "../../db/notifications.server";
import { can } from "../../domain/entitlements";
import { getCloudflare } from "../context.server";
import type { Viewer } from "../session.server";

export interface NavState {
  user: { id: string; name: string; photoUrl: string | null; isDeveloper: boolean } | null;
  subscribed: boolean;
  /** Users with the analytics capability get the dashboard instead of My URLs. */
  analytics: boolean;
  canCreate: boolean;
  pastDueTrial: boolean;
  impersonating: boolean;
  unread: boolean;
  cartCount: number;
  invitationsCount: number;
}

export function photoUrl(user: { id: string; image: string | null; updatedAt?: Date }): string | null {
  return user.image ? `/app/user-photo/${encodeURIComponent(user.id)}?v=${encodeURIComponent(user.image.split("/").pop() ?? "")}` : null;
}

export async function navState(context: Readonly<RouterContextProvider>, viewer: Viewer | null): Promise<NavState> {
  if (!viewer) {
    return {
      user: null,
      subscribed: false,
      analytics: false,
      canCreate: true,
      pastDueTrial: false,
      impersonating: false,
      unread: false,
      cartCount: 0,
      invitationsCount: 0,
    };
  }
  const db = getDb(getCloudflare(context).env.DB);
  const [notifications, announcements] = await Promise.all([
    countUnreadNotifications(db, viewer.user.id),
    countUnreadAnnouncements(db, viewer.user.lastReadAnnouncementsAt),
  ]);
  return {
    user: { id: viewer.user.id, name: viewer.user.name, photoUrl: photoUrl(viewer.user), isDeveloper: viewer.user.isDeveloper },
    subscribed: viewer.subscribed,
    analytics: can(viewer.subject, "use_analytics"),
    canCreate: can(viewer.subject, "create_snip_url") && !viewer.pastDueTrial,
    pastDueTrial: viewer.pastDueTrial,
    impersonating: viewer.session.impersonatedBy !== null,
    unread: notifications + announcements > 0,
    cartCount: 0,
    invitationsCount: 0,
  };
}
