/**
 * What the navigation bar needs to know about the viewer (spec 02 §2), computed on the server:
 * besides the account's entries, the pending invitations (the envelope and its popover), the
 * Organizations dropdown (developers) and the entries of the current organization (the route's
 * {org} param; docs/decisions/030).
 */
import { countCartItems } from "../../db/orders.server";
import { mayPurchaseDomains } from "./orders.server";
import type { RouterContextProvider } from "react-router";
import { getDb } from "../../db/client.server";
import { listPendingForEmail } from "../../db/invitations.server";
import { listNavOrganizations, type NavOrganizationFacts } from "../../db/organizations-nav.server";
import { listTeams } from "../../db/organizations.server";
import { INVITATION_NOTICE_PARAM, INVITATION_NOTICES, isInvitationNotice } from "../../domain/invitations";
import {
  can as canInOrganization,
  ORGANIZATION_SETTINGS_LINKS,
  organizationDestination,
  organizationSettingsLinks,
  TEAM_SETTINGS_LINKS,
  teamSettingsLinks,
  visibleTeams,
  type Actor,
} from "../../domain/permissions";
import { countUnreadAnnouncements, countUnreadNotifications } from "../../db/notifications.server";
import { can, mayCreateFromApp } from "../../domain/entitlements";
import { getCloudflare } from "../context.server";
import { CREATE_LINK_PATH } from "../forms/create-link-rules";
import type { Viewer } from "../session.server";
import { pageUrl } from "./page-url";

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
  archived?: boolean;
}

/** One pending invitation in the envelope's popover (spec 02 §3 Invitation, as shown). */
export interface NavInvitation {
  id: string;
  source: "organization" | "team";
  organizationName: string;
  teamName: string | null;
  inviterName: string | null;
  /** The organization role's name, or the team role. */
  role: string;
  message: string | null;
  /** The answer calls (spec 02 §7), without /accept or /reject. */
  answerPath: string;
}

/** The current organization's entries (spec 02 §2), by permission. */
export interface NavCurrentOrganization {
  name: string;
  slug: string;
  settingsHref: string | null;
  teamSettingsHref: string | null;
  auditHref: string | null;
  helpdeskHref: string | null;
  /** The link page whose form the bar's Create opens here; null when the user may not create links in it. */
  createHref: string | null;
}

export interface NavState {
  user: NavUser | null;
  subscribed: boolean;
  /** Users with the analytics capability get the dashboard instead of My URLs. */
  analytics: boolean;
  /**
   * The Create button (spec 02 §2 "shown when the user may create links"): users who may create
   * outside organizations (spec 01 §6: analytics), and, in an organization's pages, those who may
   * create links there (spec 02 §6: supervisor, or a team admin or member).
   */
  canCreate: boolean;
  /** Whose form Create opens: the organization's link page there, else /app/links/create. */
  createHref: string;
  pastDueTrial: boolean;
  impersonating: boolean;
  unread: boolean;
  /** The cart's line count; null when the viewer's plan may not buy domains (no Cart entry, docs/decisions/043). */
  cartCount: number | null;
  invitationsCount: number;
  invitations: NavInvitation[];
  /** The popover opens on load (the invitation mail's link lands with ?invitations=open). */
  invitationsOpen: boolean;
  /** The outcome of a plain-form answer (no JavaScript), shown under the bar. */
  invitationNotice: { tone: "success" | "error"; text: string } | null;
  /** Where a plain-form answer comes back to: this page. */
  returnTo: string;
  /** Developers only; sorted by name, case-insensitively. */
  organizations: NavOrganization[];
  /** The organization of the page ({org} of the route), when the user is in it (developers). */
  currentOrganization: NavCurrentOrganization | null;
}

/** Where the bar is rendered: the page's URL and route params. */
export interface NavWhere {
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
}

const ORGANIZATION_SETTINGS_PATHS: Record<(typeof ORGANIZATION_SETTINGS_LINKS)[number]["label"], string> = {
  Profile: "settings/profile",
  Users: "settings/profile/users",
  "Role Management": "settings/profile/roles",
  SSO: "settings/profile/sso",
  "Organization Domains": "settings/profile/domains",
};
const TEAM_SETTINGS_PATHS: Record<(typeof TEAM_SETTINGS_LINKS)[number]["label"], string> = {
  Teams: "settings/teams",
  Members: "settings/teams/members",
  "Team Domains": "settings/teams/domains",
  "API Tokens": "settings/teams/api",
};

export function organizationPath(slug: string, rest: string): string {
  return `/app/organizations/${encodeURIComponent(slug)}/${rest}`;
}

/** The dropdown's entry: archived → its restore; otherwise where organizationDestination says. */
function organizationHref(actor: Actor, facts: NavOrganizationFacts): string {
  const slug = facts.organization.slug;
  if (facts.organization.archived) return organizationPath(slug, "restore");
  const destination = organizationDestination(actor, facts.standing, visibleTeams(facts.teams));
  if (!destination || destination.route === "org.dashboard") return organizationPath(slug, "dashboard");
  if (destination.route !== "org.team") return organizationPath(slug, "me");
  const team = facts.teams.find((t) => t.id === destination.teamId);
  return organizationPath(slug, `team/${encodeURIComponent(team?.slug ?? "")}`);
}

/**
 * Where the bar's Create opens in an organization: the link page whose form may create here (the
 * team of the page when the user may create in it, the user's own links on that page, else the
 * organization dashboard, the user's own links, or the first team they may create in); null when
 * none may. A create there comes back to that page with the new link (spec 02 §4).
 */
function organizationCreateHref(
  actor: Actor,
  facts: NavOrganizationFacts,
  teams: Awaited<ReturnType<typeof listTeams>>,
  where: NavWhere | undefined,
): string | null {
  const teamParam = where?.params.team;
  const { organization, standing } = facts;
  if (organization.archived) return null;
  const resource = { kind: "organization", standing } as const;
  const creatable = visibleTeams(teams).filter((team) => canInOrganization(actor, "team.link.create", { kind: "team", standing, team }));
  const teamPage = (slug: string) => organizationPath(organization.slug, `team/${encodeURIComponent(slug)}`);
  const current = teamParam ? creatable.find((team) => team.slug === teamParam.toLowerCase()) : undefined;
  if (current) return teamPage(current.slug);
  const personal =
    canInOrganization(actor, "organization.link.create", resource) && canInOrganization(actor, "organization.personal", resource);
  const me = organizationPath(organization.slug, "me");
  if (personal && where?.url.pathname.toLowerCase().replace(/(\.data)?\/*$/, "") === me.toLowerCase()) return me;
  if (canInOrganization(actor, "organization.dashboard", resource) && (personal || creatable.length > 0)) {
    return organizationPath(organization.slug, "dashboard");
  }
  if (personal) return me;
  return creatable[0] ? teamPage(creatable[0].slug) : null;
}

async function currentOrganizationOf(
  db: ReturnType<typeof getDb>,
  actor: Actor,
  facts: NavOrganizationFacts,
  where: NavWhere | undefined,
): Promise<NavCurrentOrganization> {
  const { organization, standing } = facts;
  const teams = await listTeams(db, organization.id);
  const orgLinks = organizationSettingsLinks(actor, standing);
  const teamLinks = teamSettingsLinks(actor, standing, teams);
  const resource = { kind: "organization", standing } as const;
  return {
    name: organization.name,
    slug: organization.slug,
    settingsHref: orgLinks[0]
      ? organizationPath(organization.slug, ORGANIZATION_SETTINGS_PATHS[orgLinks[0] as keyof typeof ORGANIZATION_SETTINGS_PATHS])
      : null,
    teamSettingsHref: teamLinks[0]
      ? organizationPath(organization.slug, TEAM_SETTINGS_PATHS[teamLinks[0] as keyof typeof TEAM_SETTINGS_PATHS])
      : null,
    auditHref: canInOrganization(actor, "organization.audit", resource) ? organizationPath(organization.slug, "audit") : null,
    helpdeskHref: canInOrganization(actor, "organization.helpdesk", resource) ? organizationPath(organization.slug, "helpdesk") : null,
    createHref: organizationCreateHref(actor, facts, teams, where),
  };
}

function noticeOf(url: URL | undefined) {
  const code = url?.searchParams.get(INVITATION_NOTICE_PARAM) ?? null;
  return isInvitationNotice(code) ? INVITATION_NOTICES[code] : null;
}

/**
 * The page's own path and query: a client-side navigation or revalidation asks the loaders
 * through `{path}.data?_routes=…` (React Router's single fetch), which is not the page.
 */
export function returnToOf(url: URL | undefined): string {
  if (!url) return "/";
  // The page's own address, also when asked through a data request (`/app/kiosk/_.data` is /app/kiosk/).
  const page = pageUrl(url);
  const params = new URLSearchParams(page.search);
  for (const name of [INVITATION_NOTICE_PARAM, "invitations"]) params.delete(name);
  const query = params.toString();
  return `${page.pathname}${query ? `?${query}` : ""}`;
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

export async function navState(context: Readonly<RouterContextProvider>, viewer: Viewer | null, where?: NavWhere): Promise<NavState> {
  if (!viewer) {
    return {
      user: null,
      subscribed: false,
      analytics: false,
      canCreate: true,
      createHref: CREATE_LINK_PATH,
      pastDueTrial: false,
      impersonating: false,
      unread: false,
      cartCount: null,
      invitationsCount: 0,
      invitations: [],
      invitationsOpen: false,
      invitationNotice: null,
      returnTo: "/",
      organizations: [],
      currentOrganization: null,
    };
  }
  const db = getDb(getCloudflare(context).env.DB);
  const actor: Actor = { userId: viewer.user.id, isDeveloper: viewer.user.isDeveloper, subject: viewer.subject };
  const [notifications, announcements, pending, organizationFacts, cartCount] = await Promise.all([
    countUnreadNotifications(db, viewer.user.id),
    countUnreadAnnouncements(db, viewer.user.lastReadAnnouncementsAt),
    // Answering needs a verified address (docs/decisions/030); a past-due trial shows only the logo and Log out.
    viewer.user.emailVerified && !viewer.pastDueTrial ? listPendingForEmail(db, viewer.user.email, new Date(), false) : Promise.resolve([]),
    viewer.user.isDeveloper && !viewer.pastDueTrial ? listNavOrganizations(db, viewer.user.id) : Promise.resolve([]),
    // The navigation's Cart count (spec 02 §2, docs/decisions/043)
    mayPurchaseDomains(viewer.subject) ? countCartItems(db, viewer.user.id) : Promise.resolve(null),
  ]);
  const invitations: NavInvitation[] = pending.map((invitation) => ({
    id: invitation.id,
    source: invitation.source,
    organizationName: invitation.organization.name,
    teamName: invitation.team?.name ?? null,
    inviterName: invitation.inviterName,
    role: (invitation.source === "team" ? invitation.teamRole : invitation.roleName) ?? "",
    message: invitation.message,
    answerPath:
      invitation.source === "team" && invitation.team
        ? `/app/api/organization/${encodeURIComponent(invitation.organization.slug)}/team/${encodeURIComponent(invitation.team.slug)}/invite/${encodeURIComponent(invitation.id)}`
        : `/app/api/organization/${encodeURIComponent(invitation.organization.slug)}/users/invite/${encodeURIComponent(invitation.id)}`,
  }));
  const organizations = organizationFacts
    .map((facts) => ({ name: facts.organization.name, href: organizationHref(actor, facts), archived: facts.organization.archived }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
  const currentSlug = where?.params.org?.toLowerCase();
  const currentFacts = currentSlug ? organizationFacts.find((facts) => facts.organization.slug === currentSlug) : undefined;
  const currentOrganization = currentFacts ? await currentOrganizationOf(db, actor, currentFacts, where) : null;
  const organizationCreate = currentOrganization?.createHref ?? null;
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
    canCreate: organizationCreate !== null || (mayCreateFromApp(viewer.subject) && !viewer.pastDueTrial),
    createHref: organizationCreate ?? CREATE_LINK_PATH,
    pastDueTrial: viewer.pastDueTrial,
    impersonating: viewer.session.impersonatedBy !== null,
    unread: notifications + announcements > 0,
    cartCount,
    invitationsCount: invitations.length,
    invitations,
    invitationsOpen: where?.url.searchParams.get("invitations") === "open",
    invitationNotice: noticeOf(where?.url),
    returnTo: returnToOf(where?.url),
    organizations,
    currentOrganization,
  };
}
