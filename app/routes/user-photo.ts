/**
 * GET /app/user-photo/{userId}: the profile photo from R2, for its owner (and staff). Anyone
 * else, and a user without a photo, gets 404, so the route does not tell who has one.
 */
import { getDb } from "../../db/client.server";
import { getUserImage } from "../../db/users.server";
import { getCloudflare } from "../context.server";
import { isUserPhotoKey, PHOTO_CACHE_CONTROL } from "../lib/profile-photo.server";
import { getViewer } from "../session.server";
import { methodNotAllowed } from "../lib/api.server";
import type { Route } from "./+types/user-photo";

function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer || (viewer.user.id !== params.userId && !viewer.user.isDeveloper)) return notFound();
  const { env } = getCloudflare(context);
  const key = await getUserImage(getDb(env.DB), params.userId);
  if (!key || !isUserPhotoKey(params.userId, key)) return notFound();
  const object = await env.UPLOADS.get(key, { onlyIf: request.headers });
  if (!object) return notFound();
  const headers = new Headers({
    "cache-control": PHOTO_CACHE_CONTROL,
    etag: object.httpEtag,
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  // A conditional request that matched: the browser's copy is current.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
