/**
 * Analytics of links inside an organization (docs/decisions/062): whose workspace an
 * organization analytics address names, with the guard of its link list and the plan in force
 * there. A team's links (`…/team/{team}/analytics/{alias}`): everyone who may open the team
 * (team.open), with the team's plan. The user's own links in the organization
 * (`…/me/analytics/{alias}`): the user (organization.personal: a role, or admin or member of a team), with the organization's plan.
 */
import type { RouterContextProvider } from "react-router";
import { findMemberWorkspace } from "../../../db/workspaces.server";
import type { Subject } from "../../../domain/entitlements";
import { workspaceSubject } from "../organization-links.server";
import { requireOrganizationAccess, requireTeamAccess } from "./access.server";

type Args = {
  readonly request: Request;
  readonly context: Readonly<RouterContextProvider>;
  readonly params: Readonly<Record<string, string | undefined>>;
};

export interface WorkspaceAnalytics {
  /** The workspace whose links the address may name; null: the user has made none in the organization yet. */
  workspaceId: string | null;
  subject: Subject;
  /** Where the workspace's analytics pages are (analyticsPath's `base`). */
  base: string;
  /** The page's heading label, its way back and who reads it. */
  label: string;
  back: { to: string; text: string };
  readers: string;
  /** The refusal when the plan in force has no analytics. */
  notInPlan: string;
}

export const ANALYTICS_NOT_IN_PLAN = {
  team: "Analytics are not included in this team's plan.",
  organization: "Analytics are not included in this organization's plan.",
} as const;

/** The user's own links in an organization: where their analytics pages are. */
export function memberLinksPath(organizationSlug: string): string {
  return `/app/organizations/${encodeURIComponent(organizationSlug)}/me`;
}

/** A team's links: where their analytics pages are. */
export function teamLinksPath(organizationSlug: string, teamSlug: string): string {
  return `/app/organizations/${encodeURIComponent(organizationSlug)}/team/${encodeURIComponent(teamSlug)}`;
}

/** The guard (its refusal thrown) and the workspace of an organization analytics address. */
export async function requireWorkspaceAnalytics(args: Args): Promise<WorkspaceAnalytics> {
  if (args.params.team !== undefined) {
    const access = await requireTeamAccess(args, "team.open");
    const { subject } = await workspaceSubject(access.db, access.organization, access.team.id);
    const links = teamLinksPath(access.organization.slug, access.team.slug);
    return {
      workspaceId: access.team.id,
      subject,
      base: `${links}/analytics`,
      label: `Team ${access.team.name}`,
      back: { to: links, text: `${access.team.name}’s links` },
      readers: "Everyone in the team can read these analytics.",
      notInPlan: ANALYTICS_NOT_IN_PLAN.team,
    };
  }
  const access = await requireOrganizationAccess(args, "organization.personal");
  const [workspaceId, { subject }] = await Promise.all([
    findMemberWorkspace(access.db, access.organization.id, access.viewer.user.id),
    workspaceSubject(access.db, access.organization, null),
  ]);
  const links = memberLinksPath(access.organization.slug);
  return {
    workspaceId,
    subject,
    base: `${links}/analytics`,
    label: access.organization.name,
    back: { to: links, text: `Your links in ${access.organization.name}` },
    readers: "Only you can read these analytics.",
    notInPlan: ANALYTICS_NOT_IN_PLAN.organization,
  };
}
