/**
 * URL reputation (issue 19, decision 036): destinations are looked up at a provider; a hit is
 * queued for staff review in the kiosk. Production speaks Google Safe Browsing Lookup API v4
 * (`POST {base}/v4/threatMatches:find?key=KEY`); tests and local runs point the same client at a
 * stub that speaks its wire format (tests/stubs/safe-browsing.ts).
 */
import type { Envelope } from "./events";

export const REPUTATION_JOB = "reputation.check";
export type ReputationJob = Envelope<typeof REPUTATION_JOB, { linkIds: string[] }>;

export const SAFE_BROWSING_BASE = "https://safebrowsing.googleapis.com";
export const SAFE_BROWSING_PROVIDER = "google-safe-browsing-v4";
/** The API takes at most 500 threat entries a request. */
export const SAFE_BROWSING_MAX_ENTRIES = 500;
export const THREAT_TYPES = ["MALWARE", "SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE", "POTENTIALLY_HARMFUL_APPLICATION"] as const;

export interface ReputationHit {
  url: string;
  threatType: string;
}

export interface UrlReputationProvider {
  readonly name: string;
  /** The URLs among `urls` the provider flags, with the threat; [] for none. Throws when the lookup fails. */
  check(urls: readonly string[]): Promise<ReputationHit[]>;
}

/** The request body of threatMatches:find. */
export function threatMatchesRequest(urls: readonly string[]) {
  return {
    client: { clientId: "snip", clientVersion: "1.0" },
    threatInfo: {
      threatTypes: [...THREAT_TYPES],
      platformTypes: ["ANY_PLATFORM"],
      threatEntryTypes: ["URL"],
      threatEntries: urls.map((url) => ({ url })),
    },
  };
}

interface ThreatMatchesResponse {
  matches?: { threatType?: unknown; threat?: { url?: unknown } }[];
}

/** The hits of a threatMatches:find answer (`{}` when nothing matches). */
export function parseThreatMatches(body: unknown): ReputationHit[] {
  const matches = (body as ThreatMatchesResponse | null)?.matches;
  if (!Array.isArray(matches)) return [];
  return matches.flatMap((match) =>
    typeof match?.threatType === "string" && typeof match.threat?.url === "string"
      ? [{ url: match.threat.url, threatType: match.threatType }]
      : [],
  );
}

/** Google Safe Browsing v4 through `fetch` (Workers' own, or a stub's in tests). */
export function safeBrowsingProvider(options: { apiKey: string; base?: string; fetch?: typeof fetch }): UrlReputationProvider {
  const doFetch = options.fetch ?? fetch;
  const base = (options.base ?? SAFE_BROWSING_BASE).replace(/\/+$/, "");
  return {
    name: SAFE_BROWSING_PROVIDER,
    async check(urls) {
      const hits: ReputationHit[] = [];
      for (let start = 0; start < urls.length; start += SAFE_BROWSING_MAX_ENTRIES) {
        const response = await doFetch(`${base}/v4/threatMatches:find?key=${encodeURIComponent(options.apiKey)}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(threatMatchesRequest(urls.slice(start, start + SAFE_BROWSING_MAX_ENTRIES))),
        });
        if (!response.ok) throw new Error(`safe browsing: HTTP ${response.status}`);
        hits.push(...parseThreatMatches(await response.json()));
      }
      return hits;
    },
  };
}
