/**
 * DNSimple's registrar API (docs/decisions/043) through its official client (`dnsimple`), given a
 * fetch-based fetcher so it runs in workerd. Configuration, all required; any one missing and
 * purchases are refused (fail closed), in every run:
 * - DNSIMPLE_TOKEN: an account access token (a secret);
 * - DNSIMPLE_ACCOUNT_ID: the numeric account the domains are registered in;
 * - DNSIMPLE_REGISTRANT_ID: the contact registered as the domains' registrant;
 * - DNSIMPLE_API_BASE_URL: https://api.dnsimple.com (default), https://api.sandbox.dnsimple.com,
 *   or the local stub (tests/stubs/registrar-server.ts).
 */
import { DNSimple, NotFoundError, RequestError, type ZoneRecordType } from "dnsimple";
import { toMinorUnits } from "../../../domain/orders";
import { RegistrarRefusal, type Registrar, type ZoneRecord, type ZoneRecords } from "./registrar";

export interface RegistrarEnv {
  DNSIMPLE_TOKEN?: string;
  DNSIMPLE_ACCOUNT_ID?: string;
  DNSIMPLE_REGISTRANT_ID?: string;
  DNSIMPLE_API_BASE_URL?: string;
}

type Fetcher = (request: Request) => Promise<Response>;

/** The client's fetcher contract over a plain fetch (the client's own default needs `window` or node:https). */
function fetcherOver(fetchFn: Fetcher) {
  return async ({
    url,
    method,
    headers,
    body,
    timeout,
  }: {
    url: string;
    method: string;
    headers: Record<string, string>;
    body?: string;
    timeout?: number;
  }) => {
    const res = await fetchFn(new Request(url, { method, headers, body, signal: timeout ? AbortSignal.timeout(timeout) : undefined }));
    return { status: res.status, body: await res.text() };
  };
}

/** What the registrar said when it refused: its `message`, or the status. */
function refusalOf(error: unknown): RegistrarRefusal | null {
  if (!(error instanceof RequestError) || error.status >= 500) return null;
  const data = (error as RequestError & { data?: { message?: unknown } }).data;
  const message = typeof data?.message === "string" ? data.message : error.message;
  return new RegistrarRefusal(message, error.status);
}

async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** The configured client and ids, or null when any of the three is missing. */
function clientOf(env: RegistrarEnv, fetchFn: Fetcher) {
  const account = Number(env.DNSIMPLE_ACCOUNT_ID);
  const registrant = Number(env.DNSIMPLE_REGISTRANT_ID);
  if (!env.DNSIMPLE_TOKEN || !Number.isInteger(account) || account <= 0 || !Number.isInteger(registrant) || registrant <= 0) return null;
  const client = new DNSimple({
    accessToken: env.DNSIMPLE_TOKEN,
    baseUrl: env.DNSIMPLE_API_BASE_URL || "https://api.dnsimple.com",
    fetcher: fetcherOver(fetchFn) as never,
    timeout: 15_000,
    userAgent: "snip",
  });
  return { client, account, registrant };
}

/**
 * The zones DNSimple hosts for the domains it registered (decision 054): `GET /v2/{account}/zones/{zone}/records`
 * (every page, through the client's `iterateAll`) and `POST` the same path. Null when not configured.
 */
export function dnsimpleZoneRecords(env: RegistrarEnv, fetchFn: Fetcher = (r) => fetch(r)): ZoneRecords | null {
  const configured = clientOf(env, fetchFn);
  if (!configured) return null;
  const { client, account } = configured;
  return {
    list: (zone) =>
      refusing(async () => {
        const records: ZoneRecord[] = [];
        for await (const r of client.zones.listZoneRecords.iterateAll(account, zone, { per_page: 100 }))
          records.push({ name: r.name, type: r.type, content: r.content });
        return records;
      }),
    async create(zone, record) {
      await refusing(() =>
        client.zones.createZoneRecord(account, zone, {
          name: record.name,
          type: record.type as ZoneRecordType,
          content: record.content,
          ttl: 3600,
        }),
      );
    },
  };
}

/** The registrar, or null when it is not configured (purchases then fail closed). */
export function dnsimpleRegistrar(env: RegistrarEnv, fetchFn: Fetcher = (r) => fetch(r)): Registrar | null {
  const configured = clientOf(env, fetchFn);
  if (!configured) return null;
  const { client, account, registrant } = configured;
  return {
    async quote(domain) {
      const [check, prices] = await refusing(() =>
        Promise.all([client.registrar.checkDomain(account, domain), client.registrar.getDomainPrices(account, domain)]),
      );
      return {
        domain,
        available: check.data.available,
        premium: check.data.premium || prices.data.premium,
        price: toMinorUnits(prices.data.registration_price),
        renewalPrice: toMinorUnits(prices.data.renewal_price),
        currency: "USD",
      };
    },
    async owned(domain) {
      try {
        const { data } = await client.domains.getDomain(account, domain);
        return data.state === "registered" ? { domain: data.name, expiresAt: data.expires_at ?? null } : null;
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    async register(domain) {
      const { data } = await refusing(() =>
        client.registrar.registerDomain(account, domain, { registrant_id: registrant, whois_privacy: true, auto_renew: false }),
      );
      if (data.state === "failed" || data.state === "cancelled") throw new RegistrarRefusal(`Registration ${data.state}.`, 400);
      return String(data.id);
    },
    async renew(domain, years) {
      const { data } = await refusing(() => client.registrar.renewDomain(account, domain, { period: years }));
      if (data.state === "failed" || data.state === "cancelled") throw new RegistrarRefusal(`Renewal ${data.state}.`, 400);
      return String(data.id);
    },
  };
}
