/** What the navigation bar needs to know about the viewer (spec 02 §2), computed on the server. */
import type { RouterContextProvider } from "react-router";
import { getDb } from "../../db/client.server";
import { countUnreadAnnouncements, countUnreadNotifications } from "../../db/notifications.server";
import { can, mayCreateFromApp } from "../../domain/entitlements";
import { getCloudflare } from "../context.server";
import type { Viewer } from "../session.server";

export interface NavUser {
  id: string;
  name: string;
  email: string;
  photoUrl: string | null;
  /** Shown in place of a photo: up to two letters of the name. */
  initials: string;
  isDeveloper: boolean;
}

/** An entry of the Organizations dropdown (developers): where the user goes for that organization. */
export interface NavOrganization {
  name: string;
  href: string;
}

export interface NavState {
  user: NavUser | null;
  subscribed: boolean;
  /** Users with the analytics capability get the dashboard instead of My URLs. */
  analytics: boolean;
  /** The Create button (spec 02 §2): users who may create outside organizations (spec 01 §6: analytics). */
  canCreate: boolean;
  pastDueTrial: boolean;
  impersonating: boolean;
  unread: boolean;
  cartCount: number;
  invitationsCount: number;
  /** Developers only; sorted by name, case-insensitively. Empty until organizations exist. */
  organizations: NavOrganization[];
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : "";
  return (first + last).toUpperCase();
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
      organizations: [],
    };
  }
  const db = getDb(getCloudflare(context).env.DB);
  const [notifications, announcements] = await Promise.all([
    countUnreadNotifications(db, viewer.user.id),
    countUnreadAnnouncements(db, viewer.user.lastReadAnnouncementsAt),
  ]);
  return {
    user: {
      id: viewer.user.id,
      name: viewer.user.name,
      email: viewer.user.email,
      photoUrl: photoUrl(viewer.user),
      initials: initialsOf(viewer.user.name),
      isDeveloper: viewer.user.isDeveloper,
    },
    subscribed: viewer.subscribed,
    analytics: can(viewer.subject, "use_analytics"),
    canCreate: mayCreateFromApp(viewer.subject) && !viewer.pastDueTrial,
    pastDueTrial: viewer.pastDueTrial,
    impersonating: viewer.session.impersonatedBy !== null,
    unread: notifications + announcements > 0,
    cartCount: 0,
    invitationsCount: 0,
    organizations: [],
  };
}
