/** QR codes rendered on the server as inline SVG (no script, no image request). */
import { toString } from "qrcode/lib/browser.js";

export async function qrCodeSvg(text: string): Promise<string> {
  return toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1, color: { dark: "#0f172aff", light: "#ffffffff" } });
}
