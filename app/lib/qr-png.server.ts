/**
 * QR codes as PNG, drawn in the worker without a canvas: the module matrix from the qrcode package
 * scaled to whole pixels, centred on an exact size×size white square, written as a 1-bit grayscale
 * PNG whose image data is deflated with the platform's CompressionStream ("deflate" is the zlib
 * format PNG requires).
 */
import { create } from "qrcode/lib/browser.js";

const QR_MARGIN_MODULES = 2;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A 1-bit grayscale PNG of size×size pixels; `dark(x, y)` says which pixels are black. */
export async function encodeBilevelPng(size: number, dark: (x: number, y: number) => boolean): Promise<Uint8Array> {
  const rowBytes = Math.ceil(size / 8);
  const raw = new Uint8Array((rowBytes + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (rowBytes + 1); // filter byte 0 (none), then the bits; 1 = white
    for (let x = 0; x < size; x++) {
      if (!dark(x, y)) raw[row + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter method variants, no interlace
  const parts = [new Uint8Array(PNG_SIGNATURE), chunk("IHDR", header), chunk("IDAT", await deflate(raw)), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The text's QR code as a size×size PNG (error correction M, a quiet zone of two modules). */
export async function qrCodePng(text: string, size: number): Promise<Uint8Array> {
  const qr = create(text, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const total = modules + 2 * QR_MARGIN_MODULES;
  const scale = Math.max(1, Math.floor(size / total));
  const offset = Math.floor((size - total * scale) / 2) + QR_MARGIN_MODULES * scale;
  return encodeBilevelPng(size, (x, y) => {
    const mx = Math.floor((x - offset) / scale);
    const my = Math.floor((y - offset) / scale);
    if (x < offset || y < offset || mx >= modules || my >= modules) return false;
    return qr.modules.get(my, mx) === 1;
  });
}
