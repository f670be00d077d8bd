/**
 * GET /app/api/organization/{o}/team/{t} and GET /app/api/organization/{o}/team/{t}/members
 * (spec 01 §7 Organizations; spec 01 §3 Team):
 * - the team as the signed-in participant sees it (`team.open`): id, slug, name, owner (id),
 *   features, options, the user's membership role, what the user may do in it (the permissions map
 *   of the team-scope rules) and status.archived;
 * - its members (`team.members`, the rule of the Members settings page): id, name, email, role.
 * The team is the route's, found within the organization: a team of another organization is a 404
 * (app/lib/organizations/access.server.ts).
 */
import { listTeams } from "../../../../db/organizations.server";
import { listTeamMembers } from "../../../../db/teams.server";
import { ACTIONS, RULES, type ActionOf } from "../../../../domain/permissions";
import { json, methodNotAllowed } from "../../../lib/api.server";
import { allows, requireTeamAccess } from "../../../lib/organizations/access.server";
import type { Route } from "./+types/team";

function parseJson<T>(stored: string | null | undefined, fallback: T): T {
  try {
    return stored ? (JSON.parse(stored) as T) : fallback;
  } catch {
    return fallback;
  }
}

const TEAM_ACTIONS = ACTIONS.filter((action) => RULES[action].scope === "team") as ActionOf<"team">[];

export async function loader(args: Route.LoaderArgs) {
  // Which of the two routes: the members list's path has one more segment after the team's.
  const path = new URL(args.request.url).pathname.replace(/\/+$/, "");
  const members = path.endsWith(`/team/${encodeURIComponent(args.params.team)}/members`);
  const access = await requireTeamAccess(args, members ? "team.members" : "team.open", { json: true });
  const { db, team, standing } = access;
  if (members) {
    const rows = await listTeamMembers(db, team.id);
    return json({
      data: rows.map((m) => ({ id: m.userId, name: m.name, email: m.email, role: m.role, created_at: m.createdAt.toISOString() })),
    });
  }
  const full = (await listTeams(db, access.organization.id)).find((t) => t.id === team.id);
  const features = parseJson<unknown>(full?.features, []);
  return json({
    data: {
      id: team.id,
      slug: team.slug,
      name: team.name,
      owner: full?.ownerUserId ?? null,
      features: Array.isArray(features) ? features.filter((f): f is string => typeof f === "string") : [],
      options: parseJson<Record<string, unknown>>(full?.options, {}),
      membership: { role: standing.teams.find((m) => m.teamId === team.id)?.role ?? null },
      permissions: Object.fromEntries(TEAM_ACTIONS.map((action) => [action, allows(access, action, team)])),
      status: { archived: team.archived },
    },
  });
}

export const action = methodNotAllowed("GET");
