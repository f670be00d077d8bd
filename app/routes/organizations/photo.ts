/**
 * GET /app/organization-photo/{slug}: the organization's photo from R2, for the people in the
 * organization (the guard's participants). Anyone else, and an organization without a photo,
 * gets 404.
 */
import { getCloudflare } from "../../context.server";
import { loadOrganizationAccess } from "../../lib/organizations/access.server";
import { isOrganizationPhotoKey, PHOTO_CACHE_CONTROL } from "../../lib/profile-photo.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/photo";

function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

export async function loader(args: Route.LoaderArgs) {
  const access = await loadOrganizationAccess(args, { json: true });
  const key = access.organization.photo;
  if (!key || !isOrganizationPhotoKey(access.organization.id, key)) return notFound();
  const object = await getCloudflare(args.context).env.UPLOADS.get(key, { onlyIf: args.request.headers });
  if (!object) return notFound();
  const headers = new Headers({
    "cache-control": PHOTO_CACHE_CONTROL,
    etag: object.httpEtag,
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
