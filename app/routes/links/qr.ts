/**
 * /app/links/{id}/qr.svg and /app/links/{id}/qr.png?size=400|1200 (creator only: the signed-in
 * owner, or the guest whose browser made the link): the QR code downloads of the result view
 * (spec 02 §2, §9), named after the short code, PNG names with the size.
 */
import { getDb } from "../../../db/client.server";
import { getLinkById, type Link } from "../../../db/links.server";
import { getCloudflare } from "../../context.server";
import { readGuestId } from "../../cookies.server";
import { shortUrl } from "../../lib/links.server";
import { qrCodePng } from "../../lib/qr-png.server";
import { qrCodeSvg } from "../../lib/qr.server";
import { getViewer, type Viewer } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/qr";

export const QR_PNG_SIZES = [400, 1200] as const;
const DEFAULT_PNG_SIZE = 400;

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** The link's creator: the signed-in owner, or for a guest's link the browser holding its guest cookie. */
async function isCreator(link: Link, request: Request, viewer: Viewer | null): Promise<boolean> {
  if (viewer) return link.userId === viewer.user.id;
  if (link.userId !== null || link.guestId === null) return false;
  return (await readGuestId(request)) === link.guestId;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const { env } = getCloudflare(context);
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".png") ? "png" : "svg";
  const link = await getLinkById(getDb(env.DB), params.id);
  if (!link || link.status === "deleted" || !(await isCreator(link, request, viewer))) return notFound();
  const text = shortUrl(env, request, link);
  const headers = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };
  if (format === "svg") {
    return new Response(await qrCodeSvg(text, 400), {
      headers: { ...headers, "content-type": "image/svg+xml", "content-disposition": `attachment; filename="${link.alias}.svg"` },
    });
  }
  const requested = Number(url.searchParams.get("size") ?? DEFAULT_PNG_SIZE);
  const size = QR_PNG_SIZES.find((s) => s === requested);
  if (!size) return new Response("Unsupported size", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  const png = await qrCodePng(text, size);
  return new Response(png as BodyInit, {
    headers: { ...headers, "content-type": "image/png", "content-disposition": `attachment; filename="${link.alias}-${size}.png"` },
  });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
