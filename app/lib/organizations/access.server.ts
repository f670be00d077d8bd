/**
 * The one guard of every organization and team page, action and JSON call (issue 16,
 * docs/decisions/025 and 026): signed in (L), the developer flag (D), the organization by its
 * slug, where the user stands in it (loaded from D1, never from the request), the team by its
 * slug when the route has one, and `can(actor, action, resource)`. It throws, so loaders read
 * top to bottom:
 *
 *   const access = await requireOrganizationAccess({ request, context, params }, "organization.users");
 *   const access = await requireTeamAccess({ request, context, params }, "team.members");
 *   const access = await requireOrganizationAccess(args, "organization.users", { json: true });
 *
 * Answers, decided once (decision 026):
 * - not signed in: pages go to login with `to`; JSON calls answer 401 "Not authorized".
 * - no developer flag: pages go to the homepage (guard D); JSON calls answer 403.
 * - an unknown organization, or one the user has no part in (not owner, no role, no team): 404
 *   "Not Found", so a stranger cannot tell which slugs exist; an unknown team likewise.
 * - a participant the rule refuses (a missing permission, a viewer, an archived organization): 403
 *   "Permission denied." (spec 01 §8).
 * Nothing is written before the guard has answered.
 */
import { data, type RouterContextProvider } from "react-router";
import { flashRedirect } from "../flash.server";
import { getDb, type Db } from "../../../db/client.server";
import {
  findOrganizationBySlug,
  findTeamBySlug,
  loadStanding,
  type OrganizationRecord,
  type TeamRecord,
} from "../../../db/organizations.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { can, isOrganizationOwner, type Action, type ActionOf, type Actor, type OrganizationStanding } from "../../../domain/permissions";
import { getCloudflare } from "../../context.server";
import { getViewer, loginRedirect, type Viewer } from "../../session.server";
import { apiError } from "../api.server";

type Args = {
  readonly request: Request;
  readonly context: Readonly<RouterContextProvider>;
  readonly params: Readonly<Record<string, string | undefined>>;
};
type Options = {
  /** A JSON call: answers are JSON errors ({message}) instead of pages and redirects. */
  readonly json?: boolean;
  /** The route param holding the organization slug (default "org"). */
  readonly orgParam?: string;
  /** The route param holding the team slug (default "team"). */
  readonly teamParam?: string;
};

export type OrganizationAccess = {
  readonly db: Db;
  readonly viewer: Viewer;
  readonly actor: Actor;
  readonly organization: OrganizationRecord;
  readonly standing: OrganizationStanding;
  readonly isOwner: boolean;
};
export type TeamAccess = OrganizationAccess & { readonly team: TeamRecord };

/** The actor of domain/permissions.ts for a signed-in viewer. */
export function actorOf(viewer: Viewer): Actor {
  return { userId: viewer.user.id, isDeveloper: viewer.user.isDeveloper, subject: viewer.subject };
}

/** Has the user any part in the organization: owner, a role, or a team membership. */
export function participates(actor: Actor, standing: OrganizationStanding): boolean {
  return isOrganizationOwner(actor, standing.organization) || standing.permissions !== null || standing.teams.length > 0;
}

function refuse(status: 401 | 403 | 404, json: boolean): never {
  const message = status === 401 ? API_MESSAGES.notAuthorized : status === 403 ? API_MESSAGES.permissionDenied : API_MESSAGES.notFound;
  if (json) throw apiError(status, message);
  throw data(message, { status });
}

/** L, then D, then the organization (unknown or a stranger's: 404). No permission checked yet. */
export async function loadOrganizationAccess(args: Args, options: Options = {}): Promise<OrganizationAccess> {
  const json = options.json === true;
  const viewer = getViewer(args.context);
  if (!viewer) {
    if (json) refuse(401, true);
    throw loginRedirect(args.request);
  }
  if (!viewer.user.isDeveloper) {
    if (json) refuse(403, true);
    throw flashRedirect(args.request, "/", "developer-only");
  }
  const slug = args.params[options.orgParam ?? "org"];
  if (!slug) refuse(404, json);
  const db = getDb(getCloudflare(args.context).env.DB);
  const organization = await findOrganizationBySlug(db, slug);
  if (!organization) refuse(404, json);
  const actor = actorOf(viewer);
  const standing = await loadStanding(db, viewer.user.id, organization);
  if (!participates(actor, standing)) refuse(404, json);
  return { db, viewer, actor, organization, standing, isOwner: isOrganizationOwner(actor, organization) };
}

/** The guard of an organization-scope route: loadOrganizationAccess, then `can(actor, action, organization)` or 403. */
export async function requireOrganizationAccess(
  args: Args,
  action: ActionOf<"organization">,
  options: Options = {},
): Promise<OrganizationAccess> {
  const access = await loadOrganizationAccess(args, options);
  if (!can(access.actor, action, { kind: "organization", standing: access.standing })) refuse(403, options.json === true);
  return access;
}

/**
 * The guard of an organization-scope route several rules may open: passes when any of them allows.
 * (The organization's link list is the dashboard's, and also the Restore Organization dialog's while
 * the organization is archived, which only `organization.unarchive` allows.)
 */
export async function requireOrganizationAccessAny(
  args: Args,
  actions: readonly ActionOf<"organization">[],
  options: Options = {},
): Promise<OrganizationAccess> {
  const access = await loadOrganizationAccess(args, options);
  const resource = { kind: "organization", standing: access.standing } as const;
  if (!actions.some((action) => can(access.actor, action, resource))) refuse(403, options.json === true);
  return access;
}

/** The guard of a team-scope route: the team by its slug in this organization (404 otherwise), then `can` or 403. */
export async function requireTeamAccess(args: Args, action: ActionOf<"team">, options: Options = {}): Promise<TeamAccess> {
  const access = await loadOrganizationAccess(args, options);
  const slug = args.params[options.teamParam ?? "team"];
  const team = slug ? await findTeamBySlug(access.db, access.organization.id, slug) : null;
  if (!team) refuse(404, options.json === true);
  if (!can(access.actor, action, { kind: "team", standing: access.standing, team })) refuse(403, options.json === true);
  return { ...access, team };
}

/** `can` for an already loaded access, for showing or hiding parts of a page. */
export function allows(access: OrganizationAccess, action: Action, team?: TeamRecord): boolean {
  const resource = team
    ? ({ kind: "team", standing: access.standing, team } as const)
    : ({ kind: "organization", standing: access.standing } as const);
  return can(access.actor, action, resource);
}
