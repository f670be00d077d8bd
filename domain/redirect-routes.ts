/**
 * Redirect routes (issue 20, docs/decisions/037): ordered rules on a link that send a visitor to
 * another destination by country, region, device type, OS, browser, language, referrer host or a
 * UTC time window; the first rule that matches wins, and a visit no rule matches goes to the
 * link's own destination (the fallback).
 *
 * The rules live in two shapes: `RouteRule` (the editor, the REST API, the init call) and
 * `CompactRoute` (the KV record and the D1 column, read by the redirect worker). Values are
 * normalized when a rule is saved (country and region codes upper-case, the rest lower-case),
 * so evaluation compares strings and nothing else. Pure, shared by the app and the workers.
 */

export const ROUTE_CONDITIONS = ["country", "region", "device", "os", "browser", "language", "referrer", "time"] as const;
export type RouteCondition = (typeof ROUTE_CONDITIONS)[number];

/**
 * The service's ceiling of rules per link: enough for a country-by-country split, few enough to
 * keep a record cheap on the hot path. A plan's max_redirects bounds it further (routesLimit in
 * domain/entitlements.ts); an unlimited plan gets the ceiling.
 */
export const MAX_ROUTES_PER_LINK = 20;
/** Values per rule (countries, languages, hosts...). */
export const MAX_ROUTE_VALUES = 30;

/** What the click records when a routed link went to its own destination. */
export const ROUTE_FALLBACK = "fallback";

export const ROUTE_CONDITION_NAMES: Record<RouteCondition, string> = {
  country: "Country",
  region: "Region",
  device: "Device type",
  os: "Operating system",
  browser: "Browser",
  language: "Language",
  referrer: "Referrer host",
  time: "Time of day (UTC)",
};

/** The closed lists of values (device, OS, browser), as ids and names. */
export const DEVICE_TYPES = { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet" } as const;
export const OPERATING_SYSTEMS = {
  windows: "Windows",
  macos: "macOS",
  ios: "iOS",
  android: "Android",
  linux: "Linux",
  chromeos: "Chrome OS",
} as const;
export const BROWSERS = {
  chrome: "Chrome",
  safari: "Safari",
  firefox: "Firefox",
  edge: "Edge",
  opera: "Opera",
  samsung: "Samsung Internet",
} as const;

export type DeviceType = keyof typeof DEVICE_TYPES;
export type OperatingSystem = keyof typeof OPERATING_SYSTEMS | "other";
export type Browser = keyof typeof BROWSERS | "other";

/** A rule as people and the API see it. `from`/`to` (HH:MM, UTC) only for a time window; `values` for the rest. */
export interface RouteRule {
  id: string;
  condition: RouteCondition;
  values: string[];
  from: string | null;
  to: string | null;
  url: string;
}

const CODES: Record<RouteCondition, string> = {
  country: "c",
  region: "r",
  device: "d",
  os: "o",
  browser: "b",
  language: "l",
  referrer: "f",
  time: "t",
};
const CONDITION_OF_CODE: Record<string, RouteCondition> = Object.fromEntries(
  Object.entries(CODES).map(([condition, code]) => [code, condition as RouteCondition]),
);

/**
 * A rule in the KV record: [id, condition code, operand, destination]. The operand is the list of
 * values, or for a time window [from, to] in minutes after midnight UTC.
 */
export type CompactRoute = [id: string, code: string, operand: string[] | [number, number], url: string];

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
}

function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function toCompactRoutes(rules: readonly RouteRule[]): CompactRoute[] {
  return rules.map((rule) => [
    rule.id,
    CODES[rule.condition],
    rule.condition === "time" ? [minutesOf(rule.from!), minutesOf(rule.to!)] : [...rule.values],
    rule.url,
  ]);
}

export function fromCompactRoutes(routes: readonly CompactRoute[]): RouteRule[] {
  return routes.flatMap(([id, code, operand, url]): RouteRule[] => {
    const condition = CONDITION_OF_CODE[code];
    if (!condition) return [];
    if (condition === "time") {
      const [from, to] = operand as [number, number];
      return [{ id, condition, values: [], from: hhmmOf(from), to: hhmmOf(to), url }];
    }
    return [{ id, condition, values: [...(operand as string[])], from: null, to: null, url }];
  });
}

/** The stored JSON of a link's rules (the D1 column), read leniently: anything unreadable is no rules. */
export function parseStoredRoutes(json: string | null | undefined): CompactRoute[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value.filter(isCompactRoute) as CompactRoute[]) : [];
  } catch {
    return [];
  }
}

function isCompactRoute(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === "string" &&
    typeof value[1] === "string" &&
    Array.isArray(value[2]) &&
    typeof value[3] === "string"
  );
}

/** A short rule id: what the click and the "Routes" breakdown name a rule by, stable across reordering. */
export function newRouteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => (b % 36).toString(36)).join("");
}

export const ROUTE_ID_PATTERN = /^[a-z0-9]{4,12}$/;

// --- The visitor, as far as rules need it -------------------------------------------------------

export interface AgentClass {
  device: DeviceType;
  os: OperatingSystem;
  browser: Browser;
}

/**
 * Device type, OS and browser from a User-Agent by a handful of substring tests: the hot path
 * cannot afford a full parser, and rules only name these few families. Order matters: Edge and
 * Opera say "Chrome", Chrome says "Safari", iPadOS may say "Macintosh" (then it is a desktop).
 */
export function classifyAgent(ua: string): AgentClass {
  const tablet = /iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua);
  const mobile = !tablet && /Mobi|iPhone|iPod|Windows Phone|Android/i.test(ua);
  const os: OperatingSystem = /iPhone|iPad|iPod/.test(ua)
    ? "ios"
    : /Android/.test(ua)
      ? "android"
      : /Windows/.test(ua)
        ? "windows"
        : /CrOS/.test(ua)
          ? "chromeos"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macos"
            : /Linux|X11/.test(ua)
              ? "linux"
              : "other";
  const browser: Browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "edge"
    : /OPR\/|Opera/.test(ua)
      ? "opera"
      : /SamsungBrowser/.test(ua)
        ? "samsung"
        : /Firefox\/|FxiOS/.test(ua)
          ? "firefox"
          : /Chrome\/|CriOS/.test(ua)
            ? "chrome"
            : /Safari\//.test(ua)
              ? "safari"
              : "other";
  return { device: tablet ? "tablet" : mobile ? "mobile" : "desktop", os, browser };
}

/** The visitor's most preferred language tag (highest q, first on a tie), lower-cased; null when none. */
export function preferredLanguage(header: string | null): string | null {
  if (!header) return null;
  let best: string | null = null;
  let bestQ = 0;
  for (const part of header.split(",")) {
    const [tag, ...params] = part.split(";");
    const name = tag!.trim().toLowerCase();
    if (name === "" || name === "*") continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim() === "q") q = Number(value);
    }
    if (Number.isFinite(q) && q > bestQ) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

function referrerHostOf(referrer: string | null): string | null {
  if (!referrer) return null;
  const start = referrer.indexOf("://");
  if (start === -1) return null;
  const rest = referrer.slice(start + 3);
  let end = rest.length;
  for (const stop of ["/", "?", "#"]) {
    const at = rest.indexOf(stop);
    if (at !== -1 && at < end) end = at;
  }
  const authority = rest.slice(0, end);
  const host = authority.slice(authority.lastIndexOf("@") + 1).replace(/:\d*$/, "");
  return host.toLowerCase().replace(/\.+$/, "") || null;
}

/** What a request offers the rules: each fact read (and parsed) only if a rule asks, at most once. */
export interface VisitSource {
  header(name: string): string | null;
  country: string | null;
  /** The region's code within the country (Cloudflare's request.cf.regionCode), e.g. "CA". */
  regionCode: string | null;
  now: number;
}

class Visit {
  #agent: AgentClass | undefined;
  #language: string | null | undefined;
  #referrer: string | null | undefined;
  readonly source: VisitSource;
  // No parameter property: scripts/bench.mjs imports this file with Node's type stripping.
  constructor(source: VisitSource) {
    this.source = source;
  }

  get agent(): AgentClass {
    return (this.#agent ??= classifyAgent(this.source.header("user-agent") ?? ""));
  }
  get language(): string | null {
    if (this.#language === undefined) this.#language = preferredLanguage(this.source.header("accept-language"));
    return this.#language;
  }
  get referrerHost(): string | null {
    if (this.#referrer === undefined) this.#referrer = referrerHostOf(this.source.header("referer"));
    return this.#referrer;
  }
}

function matches(code: string, operand: string[] | [number, number], visit: Visit): boolean {
  switch (code) {
    case "c": {
      const country = visit.source.country?.toUpperCase();
      return !!country && (operand as string[]).includes(country);
    }
    case "r": {
      const { country, regionCode } = visit.source;
      return !!country && !!regionCode && (operand as string[]).includes(`${country}-${regionCode}`.toUpperCase());
    }
    case "d":
      return (operand as string[]).includes(visit.agent.device);
    case "o":
      return (operand as string[]).includes(visit.agent.os);
    case "b":
      return (operand as string[]).includes(visit.agent.browser);
    case "l": {
      const language = visit.language;
      return !!language && (operand as string[]).some((value) => language === value || language.startsWith(`${value}-`));
    }
    case "f": {
      const host = visit.referrerHost;
      return !!host && (operand as string[]).some((value) => host === value || host.endsWith(`.${value}`));
    }
    case "t": {
      const [from, to] = operand as [number, number];
      const minute = Math.floor((visit.source.now % 86_400_000) / 60_000);
      return from < to ? minute >= from && minute < to : minute >= from || minute < to;
    }
    default:
      return false;
  }
}

/** The first rule the visit matches, or null for the fallback (the link's own destination). */
export function pickRoute(routes: readonly CompactRoute[], source: VisitSource): CompactRoute | null {
  const visit = new Visit(source);
  for (const route of routes) if (matches(route[1], route[2], visit)) return route;
  return null;
}

/** A rule in a sentence, for the editor's summary and the analytics "Routes" breakdown. */
export function describeRule(rule: RouteRule): string {
  const name = ROUTE_CONDITION_NAMES[rule.condition];
  if (rule.condition === "time") return `${name} ${rule.from}–${rule.to}`;
  const names: Record<string, string> =
    rule.condition === "device" ? DEVICE_TYPES : rule.condition === "os" ? OPERATING_SYSTEMS : rule.condition === "browser" ? BROWSERS : {};
  return `${name} is ${rule.values.map((v) => names[v] ?? v).join(", ")}`;
}

/**
 * The routing data of the init call (spec 01 §3 "Alias routing data", §7 GET routes/init):
 * the conditions a rule may check, their operations, the values each condition takes, and how
 * rules combine with the link's own destination.
 */
export function routesInitData() {
  const closed = (id: RouteCondition, list: Record<string, string>) => ({
    id,
    name: ROUTE_CONDITION_NAMES[id],
    type: "select" as const,
    values: Object.entries(list).map(([value, name]) => ({ id: value, name })),
    custom_values: false,
    is_assoc: true,
  });
  const open = (id: RouteCondition, type: "country" | "region" | "language" | "host" | "time") => ({
    id,
    name: ROUTE_CONDITION_NAMES[id],
    type,
    values: [],
    custom_values: true,
    is_assoc: false,
  });
  return {
    values: [
      open("country", "country"),
      open("region", "region"),
      closed("device", DEVICE_TYPES),
      closed("os", OPERATING_SYSTEMS),
      closed("browser", BROWSERS),
      open("language", "language"),
      open("referrer", "host"),
      open("time", "time"),
    ],
    conditions: ROUTE_CONDITIONS.map((id) => ({ id, name: ROUTE_CONDITION_NAMES[id], has_operations: true })),
    operations: [
      {
        id: "is",
        name: "is one of",
        types: ROUTE_CONDITIONS.filter((c) => c !== "time"),
        support_list: true,
      },
      { id: "between", name: "is between (UTC)", types: ["time"] as RouteCondition[], support_list: false },
    ],
    urls_conditions: [
      { id: "first_match", name: "The first matching rule sends the visitor to its destination" },
      { id: "fallback", name: "Otherwise the visitor goes to the link's destination" },
    ],
    max_rules: MAX_ROUTES_PER_LINK,
  };
}
