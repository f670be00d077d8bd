/**
 * TXT lookups for SSO domain verification (docs/decisions/034): DNS over HTTPS with the JSON API
 * (`application/dns-json`, as Cloudflare's and Google's resolvers answer it) behind a small
 * interface. Production asks SSO_DNS_URL (default Cloudflare's resolver); the tests point it at a
 * local stub whose answers they set (tests/stubs/dns-server.ts).
 */
export interface TxtResolver {
  /** The TXT strings at this name (each record's strings joined), [] when there are none; throws when the lookup failed. */
  txt(name: string): Promise<string[]>;
}

type DohAnswer = { Status?: number; Answer?: { type?: number; data?: string }[] };

const TXT_TYPE = 16;
const NXDOMAIN = 3;

/** A TXT record's data as the JSON API gives it: one or more quoted strings; joined as RFC 7208 does. */
export function txtData(data: string): string {
  const parts = data.match(/"((?:[^"\\]|\\.)*)"/g);
  if (!parts) return data;
  return parts.map((part) => part.slice(1, -1).replace(/\\(.)/g, "$1")).join("");
}

export function dohResolver(endpoint: string, fetcher: typeof fetch = fetch): TxtResolver {
  return {
    async txt(name) {
      const url = new URL(endpoint);
      url.searchParams.set("name", name);
      url.searchParams.set("type", "TXT");
      const response = await fetcher(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`DNS over HTTPS answered ${response.status}`);
      const body = (await response.json()) as DohAnswer;
      if (body.Status === NXDOMAIN) return [];
      if (body.Status !== 0) throw new Error(`DNS over HTTPS status ${String(body.Status)}`);
      return (body.Answer ?? [])
        .filter((answer) => answer.type === TXT_TYPE && typeof answer.data === "string")
        .map((a) => txtData(a.data!));
    },
  };
}
