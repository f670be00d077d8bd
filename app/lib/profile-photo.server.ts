/**
 * Profile photos in R2 (binding UPLOADS) under `avatars/{userId}/{random}.{png|jpg}`; the
 * user's row holds the key of the current one (users.image). A new photo gets a new key, so
 * its URL changes and no cache serves the old one.
 */
import { PHOTO_CONTENT_TYPES, type PhotoKind } from "../../domain/photo";

/** Browsers may keep a photo for a day; a new photo has a new URL (app/lib/nav.server.ts photoUrl). */
export const PHOTO_CACHE_CONTROL = "private, max-age=86400";

function photoPrefix(userId: string): string {
  return `avatars/${userId}/`;
}

function randomName(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether an R2 key is one of this user's photos (never serve or delete another user's object). */
export function isUserPhotoKey(userId: string, key: string): boolean {
  return key.startsWith(photoPrefix(userId)) && !key.slice(photoPrefix(userId).length).includes("/");
}

async function putPhotoUnder(bucket: R2Bucket, prefix: string, bytes: ArrayBuffer, kind: PhotoKind): Promise<string> {
  const key = `${prefix}${randomName()}.${kind}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: PHOTO_CONTENT_TYPES[kind], cacheControl: PHOTO_CACHE_CONTROL } });
  return key;
}

async function deletePhotosUnder(bucket: R2Bucket, prefix: string, keep: string | null): Promise<void> {
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix, cursor });
    const stale = listing.objects.map((object) => object.key).filter((key) => key !== keep);
    if (stale.length > 0) await bucket.delete(stale);
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}

/** Stores a checked photo and returns its key. */
export async function putUserPhoto(bucket: R2Bucket, userId: string, bytes: ArrayBuffer, kind: PhotoKind): Promise<string> {
  return putPhotoUnder(bucket, photoPrefix(userId), bytes, kind);
}

/**
 * Deletes the user's photos except `keep` (the current one, if any). Listing the prefix rather
 * than deleting one remembered key also sweeps objects a failed or concurrent upload left behind.
 */
export async function deleteUserPhotos(bucket: R2Bucket, userId: string, keep: string | null = null): Promise<void> {
  await deletePhotosUnder(bucket, photoPrefix(userId), keep);
}

// Organization photos (issue 16): the same rules under `organization-photos/{organizationId}/`;
// the organization's row holds the current key, served by /app/organization-photo/{slug}.

function organizationPhotoPrefix(organizationId: string): string {
  return `organization-photos/${organizationId}/`;
}

export function isOrganizationPhotoKey(organizationId: string, key: string): boolean {
  const prefix = organizationPhotoPrefix(organizationId);
  return key.startsWith(prefix) && !key.slice(prefix.length).includes("/");
}

export async function putOrganizationPhoto(bucket: R2Bucket, organizationId: string, bytes: ArrayBuffer, kind: PhotoKind): Promise<string> {
  return putPhotoUnder(bucket, organizationPhotoPrefix(organizationId), bytes, kind);
}

/** Deletes the organization's photos except `keep` (all of them when it is deleted). */
export async function deleteOrganizationPhotos(bucket: R2Bucket, organizationId: string, keep: string | null = null): Promise<void> {
  await deletePhotosUnder(bucket, organizationPhotoPrefix(organizationId), keep);
}
