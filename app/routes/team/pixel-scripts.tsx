/**
 * /app/organization/{org}/team/{team}/pixel-scripts (L, T, TM; issue 20, docs/decisions/047): the
 * team workspace's retargeting pixels, which every team link that opts in fires before
 * redirecting (the team's create form has the opt-in). Every member of the team sees the list;
 * adding and deleting need `team.pixels` (the team's admins, the organization's owner and the
 * "teams" permission). The post is guarded before its body is read and writes only to this
 * team's workspace (the team's id, decision 027), whatever the form says.
 */
import { redirect } from "react-router";
import { listPixels } from "../../../db/pixels.server";
import { findUserTeamBySlugs } from "../../../db/teams.server";
import { ensureTeamWorkspace } from "../../../db/workspaces.server";
import { teamAreaPath, teamSwitchErrorPath } from "../../../domain/teams";
import { PixelScriptsPanel, type PixelsReply } from "../../components/pixel-scripts";
import { SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { linkStores } from "../../lib/links.server";
import { allows, requireTeamAccess } from "../../lib/organizations/access.server";
import { pixelNotice, pixelsAction, pixelViews } from "../../lib/pixels.server";
import { requireTeamArea, teamAreaData } from "../../lib/teams/team-area.server";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/pixel-scripts";
import { requestFormData } from "../../lib/form-body.server";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Team Pixel Scripts | Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const area = await requireTeamArea(args);
  const { access } = area;
  const pixels = await listPixels(access.db, access.team.id);
  return teamAreaData(area, {
    team: access.team.name,
    pixels: pixelViews(pixels),
    canManage: allows(access, "team.pixels", access.team),
    notice: pixelNotice(args.request),
  });
}

export async function action(args: Route.ActionArgs) {
  // The guard first (404 strangers, 403 other participants), then TM, without switching teams.
  const access = await requireTeamAccess(args, "team.pixels");
  const { db, organization, team, viewer } = access;
  if (!(await findUserTeamBySlugs(db, viewer.user.id, organization.slug, team.slug))) throw redirect(teamSwitchErrorPath("unknown-team"));
  const workspaceId = await ensureTeamWorkspace(db, organization.id, team.id);
  const stores = linkStores(getCloudflare(args.context).env, { organizationId: organization.id, userId: viewer.user.id });
  return pixelsAction(
    stores,
    { workspaceId, userId: viewer.user.id },
    await requestFormData(args.request),
    teamAreaPath(organization.slug, team.slug, "pixel-scripts"),
  );
}

export default function TeamPixelScripts({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <SettingsHeading
        title="Custom Pixel Scripts"
        lead={`Retargeting pixels fired when someone opens a link of ${d.team} that uses them (tick "Fire the team's retargeting pixels before redirecting" when creating it). Such a link shows a short page that fires the pixels and forwards at once; every other link redirects as before, and bots are always redirected directly.`}
      />
      <PixelScriptsPanel
        pixels={d.pixels}
        notice={d.notice}
        reply={actionData as PixelsReply | undefined}
        canManage={d.canManage}
        listTitle="The team's pixels"
        emptyText={d.canManage ? "The team has no pixels yet." : "The team has no pixels. The team's admins add them."}
      />
    </>
  );
}
