/** A readable device name from a session's user agent ("Chrome 156 on Linux"). */
import UAParser from "ua-parser-js";

export type DeviceKind = "desktop" | "mobile" | "tablet";

export interface Device {
  label: string;
  kind: DeviceKind;
}

function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { label: "Unknown device", kind: "desktop" };
  const result = new UAParser(userAgent).getResult();
  const browser = named(result.browser.name, result.browser.version?.split(".")[0]);
  const os = named(result.os.name, result.os.version);
  const kind: DeviceKind = result.device.type === "mobile" ? "mobile" : result.device.type === "tablet" ? "tablet" : "desktop";
  if (browser && os) return { label: `${browser} on ${os}`, kind };
  return { label: browser ?? os ?? "Unknown device", kind };
}
