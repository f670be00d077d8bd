/**
 * Destination URL rules (DESIGN.md, security rules): http and https only, no userinfo,
 * obfuscated schemes rejected, no loops to our own short hosts or to known shorteners,
 * IDN hosts stored as punycode, a banned-domain list, a maximum length.
 */
import { z } from "zod";
import { MESSAGES } from "./messages";

export const URL_MAX_LENGTH = 2048;

/** Public link shorteners: shortening their links only hides the final destination. */
export const KNOWN_SHORTENERS: readonly string[] = [
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "v.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "tiny.cc",
  "rb.gy",
  "bl.ink",
  "dub.sh",
  "dub.co",
  "s.id",
  "t.ly",
  "lnkd.in",
  "short.io",
  "shorte.st",
  "adf.ly",
  "qrco.de",
  "tiny.one",
  "kutt.it",
  "y2u.be",
];

/** Domains refused outright (malware and phishing reports); extended by configuration. */
export const BANNED_DOMAINS: readonly string[] = ["malware.testing.google.test", "phishing.example"];

export interface DestinationContext {
  /** Hosts that serve Snip short links (the default short host, the app host, branded domains). */
  ownHosts: readonly string[];
  bannedDomains?: readonly string[];
}

export type DestinationResult = { ok: true; url: string } | { ok: false; message: string };

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;
const SCHEME_PREFIX = /^([a-z][a-z0-9+.-]*):/i;

export function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** An own host given with a port (local runs: "localhost:8787") matches that port only; without one, any port and subdomain. */
function isOwnHost(url: URL, host: string, own: string): boolean {
  const ownHost = own.toLowerCase();
  const port = /:(\d+)$/.exec(ownHost)?.[1];
  if (port === undefined) return hostMatches(host, ownHost);
  const effectivePort = url.port || (url.protocol === "https:" ? "443" : "80");
  return hostMatches(host, ownHost.slice(0, -port.length - 1)) && effectivePort === port;
}

/**
 * Validates and normalizes a destination. Input without a scheme gets https://
 * (as the major services do); any other scheme, encoded or disguised, is refused.
 */
export function checkDestination(raw: string, context: DestinationContext): DestinationResult {
  const input = raw.trim();
  if (input === "") return { ok: false, message: MESSAGES.urlRequired };
  if (input.length > URL_MAX_LENGTH) return { ok: false, message: MESSAGES.urlTooLong(URL_MAX_LENGTH) };
  // Whitespace or control characters inside a URL are how schemes get disguised ("java\tscript:").
  if (CONTROL_OR_SPACE.test(input)) return { ok: false, message: MESSAGES.urlInvalid };

  let candidate = input;
  const scheme = SCHEME_PREFIX.exec(input);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    const rest = input.slice(scheme[0].length);
    const looksLikeHostPort = /^\d+(\/|$|\?|#)/.test(rest);
    if (looksLikeHostPort) candidate = `https://${input}`;
    else if (name !== "http" && name !== "https") return { ok: false, message: MESSAGES.urlScheme };
    else if (!rest.startsWith("//")) return { ok: false, message: MESSAGES.urlInvalid };
  } else if (input.startsWith("//")) {
    candidate = `https:${input}`;
  } else {
    candidate = `https://${input}`;
  }

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: MESSAGES.urlInvalid };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, message: MESSAGES.urlScheme };
  if (url.username !== "" || url.password !== "" || /@/.test(candidate.split(/[/?#]/, 3)[2] ?? ""))
    return { ok: false, message: MESSAGES.urlUserinfo };

  // The URL parser has already converted IDN to punycode. A trailing dot (the DNS root) names
  // the same host, so it is dropped before the checks and in the stored URL.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (host === "" || host.length > 253 || host.split(".").some((label) => label === "")) return { ok: false, message: MESSAGES.urlInvalid };
  if (host !== url.hostname) url.hostname = host;
  if (context.ownHosts.some((own) => isOwnHost(url, host, own))) return { ok: false, message: MESSAGES.urlOwnHost };
  const isIp = /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith("[");
  if (!isIp && (!host.includes(".") || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")))
    return { ok: false, message: MESSAGES.urlHost };
  if (!isIp && !/^[a-z0-9.-]+$/.test(host)) return { ok: false, message: MESSAGES.urlInvalid };
  if (isIp && isPrivateAddress(host)) return { ok: false, message: MESSAGES.urlHost };

  if (KNOWN_SHORTENERS.some((s) => hostMatches(host, s))) return { ok: false, message: MESSAGES.urlShortener };
  const banned = [...BANNED_DOMAINS, ...(context.bannedDomains ?? [])];
  if (banned.some((b) => hostMatches(host, b.toLowerCase()))) return { ok: false, message: MESSAGES.urlBanned };

  const normalized = url.toString();
  if (normalized.length > URL_MAX_LENGTH) return { ok: false, message: MESSAGES.urlTooLong(URL_MAX_LENGTH) };
  return { ok: true, url: normalized };
}

/** A loopback, private, link-local, carrier-grade NAT, multicast or reserved IPv4 host, or any IPv6 literal. */
export function isPrivateAddress(host: string): boolean {
  if (host.startsWith("[")) return true; // IPv6 literals: loopback, link-local and ULA are the common ones; refuse all
  const [a, b] = host.split(".").map(Number) as [number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && Number(host.split(".")[2]) === 0) || // IETF protocol assignments, 192.0.0.0/24
    (a === 198 && (b === 18 || b === 19)) || // benchmarking networks, 198.18.0.0/15
    a >= 224
  );
}

/** The zod schema for a destination field; the output is the normalized URL. */
export function destinationSchema(context: DestinationContext) {
  return z.string({ error: MESSAGES.urlRequired }).transform((value, ctx) => {
    const result = checkDestination(value, context);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.url;
  });
}
