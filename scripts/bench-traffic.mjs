// The bench's traffic: who visits. One source of truth for the wrk scripts (Lua, generated from
// these tables) and for the accounting run's expected counts (computed here from the same
// visitors), so what the bench checks is exactly what it sent.
//
// A visitor has a User-Agent, an Accept-Language, a country and an address; each request adds a
// referrer. A visitor's request carries every header its browser sends on a navigation from a
// link (Accept, Accept-Encoding, the Sec-Fetch and, for Chromium browsers, the Sec-CH-UA client
// hints, Upgrade-Insecure-Requests, Priority) and the ones Cloudflare's edge adds before a worker
// sees it (CF-Connecting-IP, CF-IPCountry, CF-Ray, CF-Visitor, X-Forwarded-Proto, X-Real-IP), so
// both sides of a round parse and hold what production's requests carry, not four headers. Most visitors are people on current browsers (some on their own build number, so the
// User-Agents are not a dozen strings), about one in ten is a bot (a crawler, a link unfurler, or
// no User-Agent at all, as wrk sends by default).
//
// The country: production's redirect worker reads it from `request.cf`, which only Cloudflare's
// edge sets. Locally Miniflare's entry worker builds `request.cf` from an `MF-CF-Blob` request
// header when one is present (a Miniflare feature; there is no such thing in production, where
// the edge sets `request.cf` and the worker never reads that header), so the bench sends a
// realistic cf object per visitor with its country.

// What each browser sends on a top-level navigation besides its User-Agent, Accept-Language and
// Referer (as their developer tools show it); Sec-Fetch-Site is set per request (cross-site with
// a referrer, none without).
const CHROMIUM_ACCEPT =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";
const chromium = (brands, mobile, platform) => [
  ["sec-ch-ua", brands],
  ["sec-ch-ua-mobile", mobile ? "?1" : "?0"],
  ["sec-ch-ua-platform", `"${platform}"`],
  ["Upgrade-Insecure-Requests", "1"],
  ["Accept", CHROMIUM_ACCEPT],
  ["Sec-Fetch-Mode", "navigate"],
  ["Sec-Fetch-User", "?1"],
  ["Sec-Fetch-Dest", "document"],
  ["Accept-Encoding", "gzip, deflate, br, zstd"],
  ["Priority", "u=0, i"],
];
const CHROME = '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"';
const WEBKIT = [
  ["Upgrade-Insecure-Requests", "1"],
  ["Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"],
  ["Sec-Fetch-Mode", "navigate"],
  ["Sec-Fetch-Dest", "document"],
  ["Accept-Encoding", "gzip, deflate, br"],
  ["Priority", "u=0, i"],
];
const FIREFOX = [
  ["Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"],
  ["Accept-Encoding", "gzip, deflate, br, zstd"],
  ["Upgrade-Insecure-Requests", "1"],
  ["Sec-Fetch-Dest", "document"],
  ["Sec-Fetch-Mode", "navigate"],
  ["Sec-Fetch-User", "?1"],
  ["Priority", "u=0, i"],
];

const HUMAN_TEMPLATES = [
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{b}.0 Safari/537.36",
    chromium(CHROME, false, "Windows"),
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    WEBKIT,
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{b}.0 Mobile Safari/537.36",
    chromium(CHROME, true, "Android"),
  ],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", WEBKIT],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", FIREFOX],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{b}.0 Safari/537.36 Edg/131.0.{b}.0",
    chromium('"Microsoft Edge";v="131", "Chromium";v="131", "Not_A Brand";v="24"', false, "Windows"),
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.{b}.0 Mobile Safari/537.36",
    chromium('"Chromium";v="122", "Not(A:Brand";v="24", "Samsung Internet";v="26.0"', true, "Android"),
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
    WEBKIT,
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.{b}.0 Safari/537.36",
    chromium('"Chromium";v="130", "Google Chrome";v="130", "Not?A_Brand";v="99"', false, "Linux"),
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.{b}.73 Mobile/15E148 Safari/604.1",
    WEBKIT,
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{b}.0 Safari/537.36",
    chromium(CHROME, false, "macOS"),
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; moto g power (2023)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{b}.0 Mobile Safari/537.36",
    chromium(CHROME, true, "Android"),
  ],
];
const BOTS = [
  [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    [
      ["Accept", "text/html,application/xhtml+xml,application/signed-exchange;v=b3,application/xml;q=0.9,*/*;q=0.8"],
      ["Accept-Encoding", "gzip, deflate, br"],
      ["From", "googlebot(at)googlebot.com"],
    ],
  ],
  [
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    [
      ["Accept", "*/*"],
      ["Accept-Encoding", "gzip,deflate"],
    ],
  ],
  ["", []], // no User-Agent and nothing else: a bot to the consumer
];
/** The browser headers of each User-Agent (same index as `userAgents`). */
const browserHeaders = [];
export const LANGUAGES = [
  "en-US,en;q=0.9",
  "de-DE,de;q=0.9,en;q=0.8",
  "en-GB,en;q=0.9",
  "fr-FR,fr;q=0.9,en;q=0.8",
  "hi-IN,hi;q=0.9,en;q=0.8",
  "pt-BR,pt;q=0.9,en-US;q=0.8",
  "ja-JP,ja;q=0.9",
  "es-ES,es;q=0.9",
  "nl-NL,nl;q=0.9,en;q=0.8",
  "en-US,en;q=0.9",
  "",
];
export const COUNTRIES = ["US", "DE", "GB", "FR", "IN", "BR", "JP", "CA", "ES", "NL", "AU", "US", "XX"];
export const REFERRERS = [
  "",
  "https://www.google.com/",
  "https://t.co/",
  "",
  "https://www.facebook.com/",
  "https://www.linkedin.com/",
  "https://news.ycombinator.com/item?id=42",
  "android-app://com.slack/",
  "https://www.reddit.com/r/programming/comments/abc/",
  "",
  "https://mail.google.com/",
];

/** Visitors of the throughput rounds and of the accounting run. */
export const VISITORS = 20_000;

const userAgents = [];
const userAgentIndex = new Map();
function uaIndex(ua, headers) {
  if (!userAgentIndex.has(ua)) {
    userAgentIndex.set(ua, userAgents.length);
    userAgents.push(ua);
    browserHeaders.push(headers);
  }
  return userAgentIndex.get(ua);
}

/** Visitor v (0-based): indexes into the tables above, fixed for the run. */
export const visitors = Array.from({ length: VISITORS }, (_, v) => {
  const kind = v % 20;
  let ua;
  let headers;
  if (kind === 18) [ua, headers] = BOTS[Math.floor(v / 20) % 2];
  else if (kind === 19) [ua, headers] = BOTS[2];
  else {
    const [template, sends] = HUMAN_TEMPLATES[kind < 12 ? kind : kind - 12];
    // A third of the people run their own build of their browser.
    const build = Math.floor(v / 20) % 3 === 0 ? 6000 + (Math.floor(v / 60) % 300) : 6778;
    ua = template.replaceAll("{b}", String(build));
    headers = sends;
  }
  return {
    ua: uaIndex(ua, headers),
    lang: (v * 7 + Math.floor(v / 13)) % LANGUAGES.length,
    country: (v * 5 + Math.floor(v / 11)) % COUNTRIES.length,
  };
});
export { userAgents };

export function visitorIp(v) {
  return `10.${Math.floor(v / 65536) % 256}.${Math.floor(v / 256) % 256}.${v % 256}`;
}

/** A cf object as the edge sends it (Miniflare's own fallback object's fields), for one country. */
export function cfBlob(country) {
  return JSON.stringify({
    asOrganization: "Example Broadband",
    asn: 64500,
    colo: "FRA",
    city: "Frankfurt am Main",
    region: "Hesse",
    regionCode: "HE",
    metroCode: "",
    postalCode: "60311",
    country,
    continent: "EU",
    timezone: "Europe/Berlin",
    latitude: "50.11090",
    longitude: "8.68213",
    clientTcpRtt: 14,
    httpProtocol: "HTTP/2",
    requestPriority: "weight=256;exclusive=1",
    tlsCipher: "AEAD-AES128-GCM-SHA256",
    tlsVersion: "TLSv1.3",
    edgeRequestKeepAliveStatus: 1,
    clientAcceptEncoding: "gzip, deflate, br, zstd",
    clientTrustScore: 99,
    botManagement: { corporateProxy: false, verifiedBot: false, staticResource: false, detectionIds: [], score: 99 },
  });
}

/** The accounting run's request n: which of its links (0-based), which visitor, which referrer. */
export function accountingVisit(n, links) {
  return { link: n % links, visitor: (n % links) * 150 + (Math.floor(n / links) % 150), referrer: Math.floor(n / 7) % REFERRERS.length };
}

/** The facts of visitor v's visit with referrer r, as the redirect worker records them. */
export function visitPayload(linkId, v, r, at) {
  const visitor = visitors[v];
  return {
    linkId,
    at,
    country: COUNTRIES[visitor.country],
    referrer: REFERRERS[r] || null,
    userAgent: userAgents[visitor.ua] || null,
    acceptLanguage: LANGUAGES[visitor.lang] || null,
    ip: visitorIp(v),
  };
}

const lua = (s) => JSON.stringify(s); // ASCII, no backslashes but JSON's \" escapes: a JSON string is a Lua string

/**
 * Lua (for wrk) defining `visitorHeaders(v, r)`: the headers of visitor v (0-based) arriving from
 * referrer r (0-based). A visitor's own headers are built on its first request and kept (the
 * table is reused: wrk formats it before the next request), so each request sets only its
 * referrer. The per-visitor indexes come as one string, parsed once.
 */
export function trafficLua() {
  const headerSet = (pairs) => `{${pairs.map(([name, value]) => `{${lua(name)},${lua(value)}}`).join(",")}}`;
  return `local UAS = {${userAgents.map(lua).join(",")}}
local BROWSER = {${browserHeaders.map(headerSet).join(",")}}
local LANGS = {${LANGUAGES.map(lua).join(",")}}
local REFS = {${REFERRERS.map(lua).join(",")}}
local COUNTRY = {${COUNTRIES.map(lua).join(",")}}
local CFS = {${COUNTRIES.map((c) => lua(cfBlob(c))).join(",")}}
local V_UA, V_LANG, V_CF = {}, {}, {}
do
  local i = 0
  for ua, lang, cf in string.gmatch(${lua(visitors.map((v) => `${v.ua + 1}:${v.lang + 1}:${v.country + 1}`).join(","))}, "(%d+):(%d+):(%d+)") do
    i = i + 1
    V_UA[i], V_LANG[i], V_CF[i] = tonumber(ua), tonumber(lang), tonumber(cf)
  end
end
VISITORS = ${VISITORS}
REFERRERS = #REFS
local SEEN = {}
function visitorHeaders(v, r)
  local h = SEEN[v + 1]
  if h == nil then
    h = {}
    local ua = UAS[V_UA[v + 1]]
    if ua ~= "" then h["User-Agent"] = ua end
    for _, pair in ipairs(BROWSER[V_UA[v + 1]]) do h[pair[1]] = pair[2] end
    local lang = LANGS[V_LANG[v + 1]]
    if lang ~= "" then h["Accept-Language"] = lang end
    -- What Cloudflare's edge adds to every request before a worker sees it.
    local ip = "10." .. (math.floor(v / 65536) % 256) .. "." .. (math.floor(v / 256) % 256) .. "." .. (v % 256)
    h["CF-Connecting-IP"] = ip
    h["X-Real-IP"] = ip
    h["X-Forwarded-Proto"] = "https"
    h["CF-Visitor"] = '{"scheme":"https"}'
    h["CF-IPCountry"] = COUNTRY[V_CF[v + 1]]
    h["CF-Ray"] = string.format("%08x%08x-FRA", v, (v * 7919) % 4294967296)
    h["MF-CF-Blob"] = CFS[V_CF[v + 1]]
    SEEN[v + 1] = h
  end
  local ref = REFS[r + 1]
  if ref ~= "" then h["Referer"] = ref else h["Referer"] = nil end
  if h["Sec-Fetch-Mode"] ~= nil then h["Sec-Fetch-Site"] = (ref ~= "" and "cross-site" or "none") end
  return h
end
`;
}
