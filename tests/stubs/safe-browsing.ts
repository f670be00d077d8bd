/**
 * A stub of Google Safe Browsing Lookup API v4 (`POST /v4/threatMatches:find?key=...`) with
 * deterministic verdicts: a URL whose host contains "malware" is MALWARE, "phishing" is
 * SOCIAL_ENGINEERING, "unwanted" is UNWANTED_SOFTWARE; anything else is clean (`{}`, as the API
 * answers). A request without a key is refused 400 (the API answers 400/403). It is a plain
 * `Request -> Response` handler, so it serves in workerd tests (as the provider's `fetch`) and from
 * a Node HTTP server alike.
 */
export const STUB_API_KEY = "stub-safe-browsing-key";

function verdict(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  if (host.includes("malware")) return "MALWARE";
  if (host.includes("phishing")) return "SOCIAL_ENGINEERING";
  if (host.includes("unwanted")) return "UNWANTED_SOFTWARE";
  return null;
}

export async function safeBrowsingStub(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== "/v4/threatMatches:find")
    return Response.json({ error: { code: 404 } }, { status: 404 });
  if (!url.searchParams.get("key"))
    return Response.json({ error: { code: 400, message: "API key not valid.", status: "INVALID_ARGUMENT" } }, { status: 400 });
  const body = (await request.json()) as {
    threatInfo?: { threatTypes?: string[]; platformTypes?: string[]; threatEntryTypes?: string[]; threatEntries?: { url?: string }[] };
  };
  const info = body.threatInfo;
  if (!info?.threatTypes?.length || !info.platformTypes?.length || !info.threatEntryTypes?.length || !Array.isArray(info.threatEntries)) {
    return Response.json({ error: { code: 400, message: "Invalid request", status: "INVALID_ARGUMENT" } }, { status: 400 });
  }
  const matches = info.threatEntries.flatMap((entry) => {
    const threatType = entry.url ? verdict(entry.url) : null;
    return threatType && info.threatTypes!.includes(threatType)
      ? [{ threatType, platformType: "ANY_PLATFORM", threat: { url: entry.url }, cacheDuration: "300s", threatEntryType: "URL" }]
      : [];
  });
  return Response.json(matches.length ? { matches } : {});
}

/** The stub as a `fetch`, for a provider under test. */
export const safeBrowsingStubFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  safeBrowsingStub(new Request(input, init))) as typeof fetch;
