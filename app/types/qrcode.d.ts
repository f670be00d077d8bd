// The qrcode package's browser entry: QR creation and the SVG renderer only. Its main entry
// also bundles the PNG and terminal renderers (pngjs, fs), which the worker does not need.
declare module "qrcode/lib/browser.js" {
  export { create, toString } from "qrcode";
}
