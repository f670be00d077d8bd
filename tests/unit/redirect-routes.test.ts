import { describe, expect, it } from "vitest";
import { readDrafts, ROUTE_MESSAGES, routesTooMany, validateDrafts, type RuleDraft } from "../../app/forms/link-routes";
import { routesLimit, type Subject } from "../../domain/entitlements";
import { planHighlights } from "../../domain/plan-highlights";
import { getPlan, type PlanName } from "../../domain/plans";
import { liveRoutes, resolveLink, type LinkRecord } from "../../domain/link-record";
import {
  classifyAgent,
  fromCompactRoutes,
  MAX_ROUTES_PER_LINK,
  pickRoute,
  preferredLanguage,
  toCompactRoutes,
  type CompactRoute,
  type VisitSource,
} from "../../domain/redirect-routes";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const ANDROID_TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const WIN_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0";
const LINUX_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const OPERA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/105.0.0.0";
const SAMSUNG =
  "Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
const CROS = "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

function source(headers: Record<string, string> = {}, extra: Partial<VisitSource> = {}): VisitSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    header: (name) => {
      reads.push(name);
      return headers[name] ?? null;
    },
    country: null,
    regionCode: null,
    now: Date.UTC(2026, 0, 5, 12, 0),
    ...extra,
  };
}

const route = (id: string, code: string, operand: string[] | [number, number], url = `https://example.com/${id}`): CompactRoute => [
  id,
  code,
  operand,
  url,
];

describe("classifyAgent", () => {
  it.each([
    [IPHONE, { device: "mobile", os: "ios", browser: "safari" }],
    [IPAD, { device: "tablet", os: "ios", browser: "safari" }],
    [ANDROID, { device: "mobile", os: "android", browser: "chrome" }],
    [ANDROID_TABLET, { device: "tablet", os: "android", browser: "chrome" }],
    [WIN_EDGE, { device: "desktop", os: "windows", browser: "edge" }],
    [MAC_FIREFOX, { device: "desktop", os: "macos", browser: "firefox" }],
    [LINUX_CHROME, { device: "desktop", os: "linux", browser: "chrome" }],
    [OPERA, { device: "desktop", os: "windows", browser: "opera" }],
    [SAMSUNG, { device: "mobile", os: "android", browser: "samsung" }],
    [CROS, { device: "desktop", os: "chromeos", browser: "chrome" }],
    ["curl/8.0", { device: "desktop", os: "other", browser: "other" }],
  ])("%s", (ua, expected) => {
    expect(classifyAgent(ua)).toEqual(expected);
  });
});

describe("preferredLanguage", () => {
  it("takes the highest q, the first on a tie, lower-cased", () => {
    expect(preferredLanguage("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr-ca");
    expect(preferredLanguage("en;q=0.5, de;q=0.9")).toBe("de");
    expect(preferredLanguage("*, es")).toBe("es");
    expect(preferredLanguage("")).toBeNull();
    expect(preferredLanguage(null)).toBeNull();
    expect(preferredLanguage("en;q=0")).toBeNull();
  });
});

describe("pickRoute", () => {
  it("matches each condition", () => {
    expect(pickRoute([route("a", "c", ["FR", "BE"])], source({}, { country: "BE" }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "c", ["FR"])], source({}, { country: "DE" }))).toBeNull();
    expect(pickRoute([route("a", "r", ["US-CA"])], source({}, { country: "US", regionCode: "CA" }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "r", ["US-CA"])], source({}, { country: "US", regionCode: "NY" }))).toBeNull();
    expect(pickRoute([route("a", "d", ["mobile"])], source({ "user-agent": IPHONE }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "d", ["mobile"])], source({ "user-agent": MAC_FIREFOX }))).toBeNull();
    expect(pickRoute([route("a", "o", ["android"])], source({ "user-agent": ANDROID }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "b", ["firefox"])], source({ "user-agent": MAC_FIREFOX }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "b", ["chrome"])], source({ "user-agent": WIN_EDGE }))).toBeNull();
    expect(pickRoute([route("a", "l", ["fr"])], source({ "accept-language": "fr-CA,en;q=0.5" }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "l", ["fr"])], source({ "accept-language": "en-US,fr;q=0.5" }))).toBeNull();
    expect(pickRoute([route("a", "l", ["pt-br"])], source({ "accept-language": "pt-BR" }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "l", ["pt-br"])], source({ "accept-language": "pt-PT" }))).toBeNull();
    expect(pickRoute([route("a", "f", ["example.org"])], source({ referer: "https://news.example.org:8443/x?y" }))?.[0]).toBe("a");
    expect(pickRoute([route("a", "f", ["example.org"])], source({ referer: "https://badexample.org/" }))).toBeNull();
    expect(pickRoute([route("a", "f", ["example.org"])], source({}))).toBeNull();
  });

  it("matches a time window in UTC, also across midnight, end excluded", () => {
    const at = (h: number, m = 0) => source({}, { now: Date.UTC(2026, 0, 5, h, m) });
    const office = [route("a", "t", [9 * 60, 17 * 60])];
    expect(pickRoute(office, at(9))?.[0]).toBe("a");
    expect(pickRoute(office, at(16, 59))?.[0]).toBe("a");
    expect(pickRoute(office, at(17))).toBeNull();
    expect(pickRoute(office, at(8, 59))).toBeNull();
    const night = [route("n", "t", [22 * 60, 6 * 60])];
    expect(pickRoute(night, at(23))?.[0]).toBe("n");
    expect(pickRoute(night, at(5, 59))?.[0]).toBe("n");
    expect(pickRoute(night, at(12))).toBeNull();
  });

  it("takes the first rule that matches, in order", () => {
    const rules = [route("fr", "l", ["fr"]), route("mob", "d", ["mobile"]), route("any", "t", [0, 1439])];
    expect(pickRoute(rules, source({ "accept-language": "fr", "user-agent": IPHONE }))?.[0]).toBe("fr");
    expect(pickRoute(rules, source({ "accept-language": "en", "user-agent": IPHONE }))?.[0]).toBe("mob");
    expect(pickRoute(rules, source({ "accept-language": "en", "user-agent": MAC_FIREFOX }))?.[0]).toBe("any");
  });

  it("reads a header only when a rule asks for it", () => {
    const visit = source({ "user-agent": IPHONE });
    pickRoute([route("a", "c", ["FR"]), route("b", "t", [0, 60])], { ...visit, country: "DE" });
    expect(visit.reads).toEqual([]);
    pickRoute([route("a", "d", ["tablet"]), route("b", "o", ["android"]), route("c", "b", ["edge"])], visit);
    expect(visit.reads).toEqual(["user-agent"]);
  });
});

describe("resolveLink with routes", () => {
  const base: LinkRecord = { id: "l1", url: "https://example.com/home", status: "active", expiresAt: null };
  const routes = [route("fr", "l", ["fr"], "https://example.fr/")];
  const now = Date.UTC(2026, 0, 5);

  it("redirects to the rule's destination, or to the link's own as the fallback", () => {
    const record = { ...base, routes };
    expect(resolveLink(record, now, source({ "accept-language": "fr" }))).toEqual({
      kind: "redirect",
      url: "https://example.fr/",
      route: "fr",
    });
    expect(resolveLink(record, now, source({ "accept-language": "de" }))).toEqual({ kind: "redirect", url: base.url, route: "fallback" });
  });

  it("stops applying the rules past routesUntil", () => {
    const record = { ...base, routes, routesUntil: now };
    expect(liveRoutes(record, now - 1)).toEqual(routes);
    expect(resolveLink(record, now, source({ "accept-language": "fr" }))).toEqual({ kind: "redirect", url: base.url, route: null });
  });

  it("never routes an expired or archived link", () => {
    expect(resolveLink({ ...base, routes, status: "archived" }, now, source({ "accept-language": "fr" }))).toEqual({ kind: "archived" });
  });
});

describe("compact form", () => {
  it("round-trips", () => {
    const rules = [
      { id: "aaaa", condition: "country" as const, values: ["FR"], from: null, to: null, url: "https://example.fr/" },
      { id: "bbbb", condition: "time" as const, values: [], from: "22:30", to: "06:00", url: "https://example.com/night" },
    ];
    const compact = toCompactRoutes(rules);
    expect(compact).toEqual([
      ["aaaa", "c", ["FR"], "https://example.fr/"],
      ["bbbb", "t", [1350, 360], "https://example.com/night"],
    ]);
    expect(fromCompactRoutes(compact)).toEqual(rules);
  });
});

describe("the routing form", () => {
  const context = { ownHosts: ["sn.ip"] };
  const draft = (fields: Partial<RuleDraft>): RuleDraft => ({
    id: "",
    condition: "country",
    values: "",
    from: "",
    to: "",
    url: "https://example.com/",
    ...fields,
  });

  it("normalizes values and keeps valid ids", () => {
    const result = validateDrafts(
      [
        draft({ id: "abcd12", values: "fr, be ,FR" }),
        draft({ condition: "browser", values: "Samsung Internet, Firefox" }),
        draft({ condition: "referrer", values: "News.Example.com." }),
        draft({ condition: "time", from: "09:00", to: "17:00", url: "example.com/office" }),
      ],
      context,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rules[0]).toMatchObject({ id: "abcd12", values: ["FR", "BE"] });
    expect(result.rules[1]!.values).toEqual(["samsung", "firefox"]);
    expect(result.rules[2]!.values).toEqual(["news.example.com"]);
    expect(result.rules[3]).toMatchObject({ from: "09:00", to: "17:00", url: "https://example.com/office" });
    expect(result.rules[3]!.id).toMatch(/^[a-z0-9]{6}$/);
  });

  it("puts a clear message next to each wrong field", () => {
    const result = validateDrafts(
      [
        draft({ values: "France" }),
        draft({ condition: "device", values: "phone" }),
        draft({ condition: "language", values: "" }),
        draft({ condition: "time", from: "9", to: "17:00" }),
        draft({ condition: "time", from: "10:00", to: "10:00" }),
        draft({ values: "FR", url: "javascript:alert(1)" }),
        draft({ values: "FR", url: "http://sn.ip/loop" }),
        draft({ condition: "nonsense", values: "x" }),
        draft({ condition: "region", values: "California" }),
      ],
      context,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      0: { values: ROUTE_MESSAGES.country },
      1: { values: ROUTE_MESSAGES.device },
      2: { values: ROUTE_MESSAGES.valuesRequired },
      3: { from: ROUTE_MESSAGES.timeRequired },
      4: { to: ROUTE_MESSAGES.timeSame },
      5: { url: "Only http and https links can be shortened." },
      6: { url: "This is already a Snip link; shortening it again would create a loop." },
      7: { condition: ROUTE_MESSAGES.conditionRequired },
      8: { values: ROUTE_MESSAGES.region },
    });
  });

  it("refuses more rules than the bound", () => {
    const drafts = Array.from({ length: MAX_ROUTES_PER_LINK + 1 }, () => draft({ values: "FR" }));
    const result = validateDrafts(drafts, context);
    expect(result).toMatchObject({ ok: false, formError: ROUTE_MESSAGES.tooMany });
    expect(validateDrafts(drafts.slice(1), context).ok).toBe(true);
  });

  it("refuses more rules than the plan's max_redirects, with the plan's message", () => {
    const drafts = Array.from({ length: 6 }, () => draft({ values: "FR" }));
    expect(validateDrafts(drafts, context, 5)).toMatchObject({
      ok: false,
      formError: "Your plan allows 5 routing rules on a link. Upgrade your plan for more.",
    });
    expect(validateDrafts(drafts.slice(1), context, 5).ok).toBe(true);
    expect(routesTooMany(1)).toBe("Your plan allows 1 routing rule on a link. Upgrade your plan for more.");
    expect(routesTooMany(MAX_ROUTES_PER_LINK)).toBe(ROUTE_MESSAGES.tooMany);
  });

  it("a plan's max_redirects bounds the rules within the service's ceiling", () => {
    const subject = (plan: PlanName): Subject => ({ plan });
    expect(routesLimit(subject("pro"))).toBe(getPlan("pro").options.max_redirects);
    expect(routesLimit(subject("pro"))).toBe(20);
    expect(routesLimit(subject("basic"))).toBe(5);
    // Unlimited (enterprise): the ceiling.
    expect(getPlan("enterprise").options.max_redirects).toBeNull();
    expect(routesLimit(subject("enterprise"))).toBe(MAX_ROUTES_PER_LINK);
    expect(planHighlights(getPlan("pro"))).toContain("Redirect routes, up to 20 rules per link");
    expect(planHighlights(getPlan("basic")).some((line) => line.startsWith("Redirect routes"))).toBe(false);
  });

  it("makes repeated ids unique", () => {
    const result = validateDrafts([draft({ id: "same1", values: "FR" }), draft({ id: "same1", values: "BE" })], context);
    expect(result.ok && result.rules[0]!.id !== result.rules[1]!.id).toBe(true);
  });

  it("reads the posted rules in order", () => {
    const form = new FormData();
    form.set("rules[1].condition", "language");
    form.set("rules[1].values", "fr");
    form.set("rules[0].condition", "country");
    form.set("rules[0].url", "https://a.example/");
    expect(readDrafts(form).map((d) => d.condition)).toEqual(["country", "language"]);
    expect(readDrafts(form)[0]).toEqual({ id: "", condition: "country", values: "", from: "", to: "", url: "https://a.example/" });
  });
});
