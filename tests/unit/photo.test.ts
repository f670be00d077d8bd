import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, PHOTO_MAX_BYTES } from "../../domain/account";
import { checkPhoto, sniffPhotoKind } from "../../domain/photo";

const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const GIF_HEAD = new TextEncoder().encode("GIF89a\x01\x00");
const TEXT_HEAD = new TextEncoder().encode("hello, world");

describe("sniffPhotoKind", () => {
  it("reads png and jpeg signatures", () => {
    expect(sniffPhotoKind(PNG_HEAD)).toBe("png");
    expect(sniffPhotoKind(JPEG_HEAD)).toBe("jpg");
  });

  it("refuses everything else, and truncated signatures", () => {
    expect(sniffPhotoKind(GIF_HEAD)).toBeNull();
    expect(sniffPhotoKind(TEXT_HEAD)).toBeNull();
    expect(sniffPhotoKind(PNG_HEAD.slice(0, 7))).toBeNull();
    expect(sniffPhotoKind(new Uint8Array())).toBeNull();
  });
});

describe("checkPhoto", () => {
  it("accepts a png or jpg of at most the limit", () => {
    expect(checkPhoto({ size: 100, type: "image/png" }, PNG_HEAD)).toEqual({ ok: true, kind: "png" });
    expect(checkPhoto({ size: PHOTO_MAX_BYTES, type: "image/jpeg" }, JPEG_HEAD)).toEqual({ ok: true, kind: "jpg" });
    expect(checkPhoto({ size: 100, type: "image/pjpeg" }, JPEG_HEAD)).toEqual({ ok: true, kind: "jpg" });
  });

  it("judges by the bytes: a text file named .png is refused", () => {
    expect(checkPhoto({ size: 12, type: "image/png" }, TEXT_HEAD)).toEqual({ ok: false, message: ACCOUNT_MESSAGES.photoType });
  });

  it("refuses a declared type other than png or jpg, even with a png inside", () => {
    expect(checkPhoto({ size: 100, type: "image/gif" }, GIF_HEAD)).toEqual({ ok: false, message: ACCOUNT_MESSAGES.photoType });
    expect(checkPhoto({ size: 100, type: "text/plain" }, PNG_HEAD)).toEqual({ ok: false, message: ACCOUNT_MESSAGES.photoType });
  });

  it("refuses empty and oversized files with their messages", () => {
    expect(checkPhoto({ size: 0, type: "image/png" }, new Uint8Array())).toEqual({ ok: false, message: ACCOUNT_MESSAGES.photoRequired });
    expect(checkPhoto({ size: PHOTO_MAX_BYTES + 1, type: "image/png" }, PNG_HEAD)).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.photoSize,
    });
  });

  it("states the size limit in the message (spec 01 §5)", () => {
    expect(ACCOUNT_MESSAGES.photoSize).toContain(String(PHOTO_MAX_BYTES / 1024));
  });
});
