/** QR codes rendered on the server as inline SVG (no script, no image request). */
import { toString } from "qrcode/lib/browser.js";

/** An SVG of the text's QR code; `width` in pixels when given, otherwise scaled by its container. */
export async function qrCodeSvg(text: string, width?: number): Promise<string> {
  return toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1, width, color: { dark: "#0f172aff", light: "#ffffffff" } });
}
