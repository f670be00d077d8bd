/**
 * /app/settings/pixel-scripts (L and V, spec 01 §2; docs/decisions/047): the retargeting pixels
 * of the user's workspace (a Meta Pixel, a Google tag, a LinkedIn Insight Tag: kind and id only).
 * A link that opts in (its edit page, or the REST API) answers its visitors with a page that
 * fires these, then forwards at once. Plain forms: list, add, delete.
 */
import { Link } from "react-router";
import { getDb } from "../../../db/client.server";
import { listPixels } from "../../../db/pixels.server";
import { personalOwner } from "../../../db/workspaces.server";
import { PixelScriptsPanel, type PixelsReply } from "../../components/pixel-scripts";
import { SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { linkStores } from "../../lib/links.server";
import { pixelNotice, pixelsAction, pixelViews } from "../../lib/pixels.server";
import { requireVerified } from "../../session.server";
import type { Route } from "./+types/pixel-scripts";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Custom Pixel Scripts | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireVerified(request, context);
  const { env } = getCloudflare(context);
  const pixels = await listPixels(getDb(env.DB), viewer.user.id);
  return { pixels: pixelViews(pixels), notice: pixelNotice(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireVerified(request, context);
  const { env } = getCloudflare(context);
  return pixelsAction(linkStores(env), personalOwner(viewer.user.id), await requestFormData(request), "/app/settings/pixel-scripts");
}

export default function PixelScripts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading
        title="Custom Pixel Scripts"
        lead={
          <>
            Retargeting pixels fired when someone opens one of your links that uses them. Turn them on for a link on its edit page (from the{" "}
            <Link to="/dashboard" className="font-semibold text-indigo-700 hover:underline">
              dashboard
            </Link>
            ). Such a link shows a short page that fires your pixels and forwards at once; every other link redirects as before, and bots
            are always redirected directly.
          </>
        }
      />
      <PixelScriptsPanel pixels={loaderData.pixels} notice={loaderData.notice} reply={actionData as PixelsReply | undefined} />
    </>
  );
}
