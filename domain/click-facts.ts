/**
 * Turns what the edge saw into the facts the rollups count: country, referrer host,
 * device type, browser, OS, language, bot or not, and an hourly visitor hash (the
 * client address is used for the hash and then dropped).
 */
import { createHash } from "node:crypto";
import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import type { ClickPayload } from "./events";

export const HOUR_MS = 3_600_000;
export const UNKNOWN = "unknown";
export const DIRECT = "(direct)";

export interface ClickFacts {
  linkId: string;
  at: number;
  hour: number;
  country: string;
  referrer: string;
  device: string;
  browser: string;
  os: string;
  language: string;
  /** The redirect rule that answered (its id, or "fallback"); null or absent for a link without rules. */
  route?: string | null;
  isBot: boolean;
  visitor: string;
}

function referrerHost(referrer: string | null): string {
  if (!referrer) return DIRECT;
  try {
    return new URL(referrer).hostname.toLowerCase() || DIRECT;
  } catch {
    return UNKNOWN;
  }
}

function primaryLanguage(header: string | null): string {
  const first = header?.split(",")[0]?.split(";")[0]?.trim().toLowerCase();
  if (!first || first === "*" || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(first)) return UNKNOWN;
  return first.split("-")[0]!;
}

function clip(value: string | undefined, fallback = UNKNOWN): string {
  return (value ?? "").slice(0, 64) || fallback;
}

/**
 * The first 12 bytes of SHA-256(salt|link|hour|address|User-Agent), in hex. node:crypto's
 * synchronous hash (workerd's nodejs_compat, BoringSSL) gives the same digest as WebCrypto
 * without a promise per click (issue 15: the consumer runs beside the redirect worker locally).
 */
function visitorHash(payload: ClickPayload, hour: number, salt: string): string {
  const input = `${salt}|${payload.linkId}|${hour}|${payload.ip ?? ""}|${payload.userAgent ?? ""}`;
  return createHash("sha256").update(input).digest("hex").slice(0, 24);
}

interface AgentFacts {
  isBot: boolean;
  device: string;
  browser: string;
  os: string;
}

/**
 * How many parsed User-Agents an isolate remembers. Parsing one (isbot and ua-parser-js, both
 * regular-expression lists) is most of the consumer's work per human click, and the same few
 * thousand strings make up most traffic; the oldest remembered goes first past the bound.
 */
export const AGENT_MEMO_MAX = 5_000;
const agentMemo = new Map<string, AgentFacts>();

function agentFacts(ua: string): AgentFacts {
  const known = agentMemo.get(ua);
  if (known !== undefined) return known;
  const isBot = ua === "" || isbot(ua);
  // Bots are counted apart and never broken down, so their user agent is not parsed.
  const parsed = isBot ? null : new UAParser(ua).getResult();
  const facts: AgentFacts = {
    isBot,
    device: parsed ? clip(parsed.device.type ?? "desktop") : "bot",
    browser: clip(parsed?.browser.name),
    os: clip(parsed?.os.name),
  };
  if (agentMemo.size >= AGENT_MEMO_MAX) agentMemo.delete(agentMemo.keys().next().value!);
  agentMemo.set(ua, facts);
  return facts;
}

/**
 * The facts of one click. `salt` null (a deployment without VISITOR_SALT) leaves the visitor
 * hash empty: the click is counted, but not as a unique visitor.
 */
export function describeClick(payload: ClickPayload, salt: string | null): ClickFacts {
  const { isBot, device, browser, os } = agentFacts(payload.userAgent ?? "");
  const hour = Math.floor(payload.at / HOUR_MS);
  // Two-letter codes only; Cloudflare's XX (no country) and T1 (Tor) are unknown.
  const code = payload.country?.toUpperCase();
  const country = code && /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "T1" ? code : UNKNOWN;
  return {
    linkId: payload.linkId,
    at: payload.at,
    hour,
    country,
    referrer: clip(referrerHost(payload.referrer), DIRECT),
    device,
    browser,
    os,
    language: primaryLanguage(payload.acceptLanguage),
    route: payload.route ? payload.route.slice(0, 16) : null,
    isBot,
    // Only humans count as unique visitors; a bot's click needs no hash.
    visitor: isBot || salt === null ? "" : visitorHash(payload, hour, salt),
  };
}
