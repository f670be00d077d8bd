/**
 * Profile photos (spec 01 §5: png or jpg; the size limit is stated in the message). The type
 * is decided by the file's own first bytes, not by its name or the type the browser declares.
 */
import { ACCOUNT_MESSAGES, PHOTO_MAX_BYTES } from "./account";

export type PhotoKind = "png" | "jpg";

export const PHOTO_CONTENT_TYPES: Readonly<Record<PhotoKind, string>> = { png: "image/png", jpg: "image/jpeg" };

/** Types a browser may declare for a png or jpg file (a few send the old jpeg aliases). */
const DECLARED_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/pjpeg"]);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The photo kind its leading bytes announce; null for anything else. */
export function sniffPhotoKind(bytes: Uint8Array): PhotoKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "jpg";
  return null;
}

export function isDeclaredPhotoType(type: string): boolean {
  return DECLARED_TYPES.has(type.toLowerCase());
}

export type PhotoCheck = { ok: true; kind: PhotoKind } | { ok: false; message: string };

/**
 * Checks an uploaded photo: present, png or jpg by both its declared type and its signature,
 * and at most PHOTO_MAX_BYTES. `head` holds at least the file's first 8 bytes.
 */
export function checkPhoto(file: { size: number; type: string }, head: Uint8Array): PhotoCheck {
  if (file.size === 0) return { ok: false, message: ACCOUNT_MESSAGES.photoRequired };
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: ACCOUNT_MESSAGES.photoSize };
  const kind = sniffPhotoKind(head);
  if (!kind || !isDeclaredPhotoType(file.type)) return { ok: false, message: ACCOUNT_MESSAGES.photoType };
  return { ok: true, kind };
}
