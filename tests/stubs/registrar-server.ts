/**
 * A local stand-in for DNSimple's registrar API v2 (docs/decisions/043), speaking its wire format:
 * Bearer token, `{ data }` envelopes, `{ message, errors }` refusals, the paths of
 * https://developer.dnsimple.com/v2/registrar/ and /v2/domains/. A plain `Request -> Response`
 * handler, so it serves in workerd tests (as the client's fetch) and from a Node HTTP server in the
 * end-to-end runs. What each name does is the test's choice (`POST /__stub/domains`):
 * - available (the default for a name never set): checks available, registers;
 * - taken: checks unavailable, a registration is refused;
 * - fails: checks available, but the registration is refused (a registry error);
 * with a price (major units, default 12.00) and a premium flag; and `renewal: "fails"` makes the
 * registry refuse its renewals (docs/decisions/050), `renewal: "renews"` (the default) lets them through.
 *
 * DNS zones (docs/decisions/054): a registered name gets a hosted zone (its SOA and NS system
 * records), as at DNSimple; `GET/POST /v2/{account}/zones/{zone}/records` list (filters `name`,
 * `type`, `name_like`; `page`/`per_page` pagination) and create records. `zone: "refuses"` makes
 * DNSimple refuse record changes in the name's zone (400 with its message), `zone: "accepts"` (the
 * default) lets them through. `recordsAt(fqdn)` is what the zone answers for a name (the Cloudflare
 * stub's DNS looks there in the end-to-end runs).
 */
import { STUB_DNSIMPLE_ACCOUNT, STUB_DNSIMPLE_REGISTRANT, STUB_DNSIMPLE_TOKEN } from "./registrar-ids";

export { registrarStubPort, STUB_DNSIMPLE_ACCOUNT, STUB_DNSIMPLE_REGISTRANT, STUB_DNSIMPLE_TOKEN } from "./registrar-ids";

/**
 * The DNSimple settings of a Worker test whose registrar client talks to `registrarStubHandler`
 * in-process (no server: the host is never resolved).
 */
export const STUB_DNSIMPLE_ENV = {
  DNSIMPLE_TOKEN: STUB_DNSIMPLE_TOKEN,
  DNSIMPLE_ACCOUNT_ID: STUB_DNSIMPLE_ACCOUNT,
  DNSIMPLE_REGISTRANT_ID: STUB_DNSIMPLE_REGISTRANT,
  DNSIMPLE_API_BASE_URL: "https://dnsimple.stub",
} as const;

export type NameState = "available" | "taken" | "fails";
export type RenewalMode = "renews" | "fails";
export type ZoneMode = "accepts" | "refuses";

export interface StubZoneRecord {
  id: number;
  zone_id: string;
  parent_id: number | null;
  name: string;
  content: string;
  ttl: number;
  priority: number | null;
  type: string;
  regions: string[];
  system_record: boolean;
  created_at: string;
  updated_at: string;
}

function setRenewal(state: RegistrarStubState, name: string, mode: RenewalMode): void {
  if (mode === "fails") state.renewalFails.add(name.toLowerCase());
  else state.renewalFails.delete(name.toLowerCase());
}

interface Registered {
  id: number;
  name: string;
  registeredAt: Date;
  expiresAt: Date;
}

export interface RegistrarStubState {
  names: Map<string, { state: NameState; price: number; premium: boolean }>;
  /** Names whose renewals the registry refuses. */
  renewalFails: Set<string>;
  registered: Map<string, Registered>;
  /** Every registration and renewal asked for, in order (what a test counts to see nothing happened twice). */
  calls: { kind: "register" | "renew"; domain: string; period?: number }[];
  /** Hosted DNS zones by name (a registration makes one), with their records. */
  zones: Map<string, StubZoneRecord[]>;
  /** Zones whose record changes DNSimple refuses. */
  zoneRefuses: Set<string>;
}

export function newRegistrarState(): RegistrarStubState {
  return { names: new Map(), registered: new Map(), calls: [], renewalFails: new Set(), zones: new Map(), zoneRefuses: new Set() };
}

const RECORD_TYPES = ["A", "AAAA", "ALIAS", "CAA", "CNAME", "MX", "NS", "SRV", "TXT", "URL"];

function zoneRecord(zone: string, r: { name: string; type: string; content: string; ttl?: number; system?: boolean }): StubZoneRecord {
  const now = new Date().toISOString();
  return {
    id: nextId++,
    zone_id: zone,
    parent_id: null,
    name: r.name,
    content: r.content,
    ttl: r.ttl ?? 3600,
    priority: null,
    type: r.type,
    regions: ["global"],
    system_record: r.system ?? false,
    created_at: now,
    updated_at: now,
  };
}

/** A new hosted zone, as DNSimple makes one for a registered domain: its SOA and name server records. */
function newZone(zone: string): StubZoneRecord[] {
  return [
    zoneRecord(zone, { name: "", type: "SOA", content: `ns1.dnsimple.com admin.dnsimple.com 1 86400 7200 604800 300`, system: true }),
    ...["ns1.dnsimple.com", "ns2.dnsimple-edge.net", "ns3.dnsimple.com", "ns4.dnsimple-edge.org"].map((ns) =>
      zoneRecord(zone, { name: "", type: "NS", content: ns, system: true }),
    ),
  ];
}

/** The records a name has in the stub's zones (the zone is the longest hosted suffix of the name). */
export function recordsAt(state: RegistrarStubState, fqdn: string): { type: string; content: string }[] {
  const name = fqdn.toLowerCase();
  const zone = [...state.zones.keys()].filter((z) => name === z || name.endsWith(`.${z}`)).sort((a, b) => b.length - a.length)[0];
  if (!zone) return [];
  const rel = name === zone ? "" : name.slice(0, -(zone.length + 1));
  return state.zones
    .get(zone)!
    .filter((r) => r.name === rel)
    .map((r) => ({ type: r.type, content: r.content }));
}

function zoneRecords(state: RegistrarStubState, zone: string, request: Request, url: URL): Promise<Response> | Response {
  const records = state.zones.get(zone);
  if (!records) return refuse(404, `Zone \`${zone}\` not found`);
  if (request.method === "GET") {
    const q = url.searchParams;
    const matching = records.filter(
      (r) =>
        (!q.has("name") || r.name === q.get("name")) &&
        (!q.has("type") || r.type === q.get("type")) &&
        (!q.has("name_like") || r.name.includes(q.get("name_like")!)),
    );
    const page = Math.max(1, Number(q.get("page") ?? "1") || 1);
    const perPage = Math.min(100, Math.max(1, Number(q.get("per_page") ?? "30") || 30));
    return json(200, {
      data: matching.slice((page - 1) * perPage, page * perPage),
      pagination: {
        current_page: page,
        per_page: perPage,
        total_entries: matching.length,
        total_pages: Math.max(1, Math.ceil(matching.length / perPage)),
      },
    });
  }
  if (request.method !== "POST") return refuse(405, "Method not allowed");
  return (async () => {
    const body = (await request.json()) as { name?: string; type?: string; content?: string; ttl?: number };
    const errors: Record<string, string[]> = {};
    if (!body.type || !RECORD_TYPES.includes(body.type)) errors.type = ["is not included in the list"];
    if (!body.content) errors.content = ["can't be blank"];
    if (body.type === "CNAME" && !body.name) errors.name = ["A CNAME record cannot be at the zone apex; use an ALIAS record"];
    if (Object.keys(errors).length > 0) return json(400, { message: "Validation failed", errors });
    if (state.zoneRefuses.has(zone)) return refuse(400, `Zone ${zone} is locked: its records cannot be changed right now`);
    const record = zoneRecord(zone, { name: body.name ?? "", type: body.type!, content: body.content!, ttl: body.ttl });
    records.push(record);
    return json(201, { data: record });
  })();
}

const YEAR_MS = 365 * 86_400_000;
let nextId = 1000;

const json = (status: number, body: unknown) => Response.json(body, { status });
const refuse = (status: number, message: string) => json(status, { message, errors: {} });

function domainView(r: Registered) {
  return {
    id: r.id,
    account_id: Number(STUB_DNSIMPLE_ACCOUNT),
    registrant_id: 2020,
    name: r.name,
    unicode_name: r.name,
    state: "registered",
    auto_renew: false,
    private_whois: true,
    expires_at: r.expiresAt.toISOString(),
    expires_on: r.expiresAt.toISOString().slice(0, 10),
    created_at: r.registeredAt.toISOString(),
    updated_at: new Date().toISOString(),
  };
}

export function registrarStubHandler(state: RegistrarStubState) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === "/__stub/domains" && request.method === "POST") {
      const body = (await request.json()) as {
        domain: string;
        state?: NameState;
        price?: number;
        premium?: boolean;
        renewal?: RenewalMode;
        zone?: ZoneMode;
      };
      const name = body.domain.toLowerCase();
      if (body.state) state.names.set(name, { state: body.state, price: body.price ?? 12, premium: body.premium ?? false });
      if (body.renewal) setRenewal(state, name, body.renewal);
      if (body.zone === "refuses") state.zoneRefuses.add(name);
      if (body.zone === "accepts") state.zoneRefuses.delete(name);
      return json(200, { data: body });
    }
    if (request.headers.get("authorization") !== `Bearer ${STUB_DNSIMPLE_TOKEN}`) return json(401, { message: "Authentication failed" });
    const account = `/v2/${STUB_DNSIMPLE_ACCOUNT}`;
    if (!url.pathname.startsWith(`${account}/`)) return refuse(404, "Account not found");
    const rest = url.pathname.slice(account.length);
    const registrar = /^\/registrar\/domains\/([^/]+)\/(check|prices|registrations|renewals)$/.exec(rest);
    const owned = /^\/domains\/([^/]+)$/.exec(rest);
    const records = /^\/zones\/([^/]+)\/records$/.exec(rest);
    if (records) return zoneRecords(state, decodeURIComponent(records[1]!).toLowerCase(), request, url);
    if (owned && request.method === "GET") {
      const r = state.registered.get(decodeURIComponent(owned[1]!).toLowerCase());
      return r ? json(200, { data: domainView(r) }) : refuse(404, `Domain \`${owned[1]}\` not found`);
    }
    if (!registrar) return refuse(404, "Not found");
    const name = decodeURIComponent(registrar[1]!).toLowerCase();
    const tld = name.split(".").pop() ?? "";
    if (!["com", "net", "org", "io", "link", "example"].includes(tld)) return refuse(400, `TLD .${tld.toUpperCase()} is not supported`);
    const set = state.names.get(name) ?? { state: "available" as const, price: 12, premium: false };
    const available = set.state !== "taken" && !state.registered.has(name);
    switch (`${request.method} ${registrar[2]}`) {
      case "GET check":
        return json(200, { data: { domain: name, available, premium: set.premium } });
      case "GET prices":
        return json(200, {
          data: { domain: name, premium: set.premium, registration_price: set.price, renewal_price: set.price, transfer_price: set.price },
        });
      case "POST registrations": {
        const body = (await request.json()) as { registrant_id?: number };
        state.calls.push({ kind: "register", domain: name });
        if (!body.registrant_id) return json(400, { message: "Validation failed", errors: { registrant_id: ["can't be blank"] } });
        if (!available) return refuse(400, `The domain ${name} is not available for registration`);
        if (set.state === "fails") return refuse(400, `The registry refused the registration of ${name}`);
        const now = new Date();
        const r: Registered = { id: nextId++, name, registeredAt: now, expiresAt: new Date(now.getTime() + YEAR_MS) };
        state.registered.set(name, r);
        if (!state.zones.has(name)) state.zones.set(name, newZone(name));
        return json(201, {
          data: {
            id: nextId++,
            domain_id: r.id,
            registrant_id: body.registrant_id,
            period: 1,
            state: "registered",
            auto_renew: false,
            whois_privacy: true,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
        });
      }
      case "POST renewals": {
        const body = (await request.json()) as { period?: number };
        const period = body.period ?? 1;
        state.calls.push({ kind: "renew", domain: name, period });
        const r = state.registered.get(name);
        if (!r) return refuse(400, `The domain ${name} is not registered in this account`);
        if (state.renewalFails.has(name)) return refuse(400, `The registry refused the renewal of ${name}`);
        r.expiresAt = new Date(r.expiresAt.getTime() + period * YEAR_MS);
        const now = new Date().toISOString();
        return json(201, { data: { id: nextId++, domain_id: r.id, period, state: "renewed", created_at: now, updated_at: now } });
      }
      default:
        return refuse(405, "Method not allowed");
    }
  };
}

export interface RegistrarStub {
  url: string;
  state: RegistrarStubState;
  setName(domain: string, state: NameState, price?: number): void;
  /** Whether the registry refuses the name's renewals. */
  setRenewal(domain: string, mode: RenewalMode): void;
  /** Whether DNSimple refuses record changes in the name's zone. */
  setZone(domain: string, mode: ZoneMode): void;
  /** What the stub's zones answer for a name. */
  recordsAt(fqdn: string): { type: string; content: string }[];
  close(): Promise<void>;
}

/** The state as JSON (Maps, Sets and Dates spelled out), for a stub that outlives its process (`npm start`'s demo). */
export function saveRegistrarState(state: RegistrarStubState): string {
  return JSON.stringify({
    nextId,
    names: [...state.names],
    renewalFails: [...state.renewalFails],
    registered: [...state.registered.values()].map((r) => ({
      ...r,
      registeredAt: r.registeredAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
    calls: state.calls,
    zones: [...state.zones],
    zoneRefuses: [...state.zoneRefuses],
  });
}

/** The state `saveRegistrarState` wrote. */
export function loadRegistrarState(json: string): RegistrarStubState {
  const saved = JSON.parse(json) as {
    nextId: number;
    names: [string, { state: NameState; price: number; premium: boolean }][];
    renewalFails: string[];
    registered: { id: number; name: string; registeredAt: string; expiresAt: string }[];
    calls: RegistrarStubState["calls"];
    zones: [string, StubZoneRecord[]][];
    zoneRefuses: string[];
  };
  nextId = Math.max(nextId, saved.nextId);
  return {
    names: new Map(saved.names),
    renewalFails: new Set(saved.renewalFails),
    registered: new Map(
      saved.registered.map((r) => [r.name, { ...r, registeredAt: new Date(r.registeredAt), expiresAt: new Date(r.expiresAt) }]),
    ),
    calls: saved.calls,
    zones: new Map(saved.zones),
    zoneRefuses: new Set(saved.zoneRefuses),
  };
}

/**
 * The stub as a Node HTTP server on 127.0.0.1 (end-to-end runs, and `npm start`'s demo, which
 * passes `state` and `onChange` to keep it across restarts).
 */
export async function startRegistrarStub({
  port = 0,
  state = newRegistrarState(),
  onChange,
}: { port?: number; state?: RegistrarStubState; onChange?: (state: RegistrarStubState) => void } = {}): Promise<RegistrarStub> {
  const { createServer } = await import("node:http");
  const handle = registrarStubHandler(state);
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await handle(new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method, headers, body }));
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(await response.text());
      if (req.method !== "GET") onChange?.(state);
    })().catch((e: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: String(e) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    state,
    setName: (domain, s, price = 12) => state.names.set(domain.toLowerCase(), { state: s, price, premium: false }),
    setRenewal: (domain, mode) => setRenewal(state, domain, mode),
    setZone: (domain, mode) =>
      void (mode === "refuses" ? state.zoneRefuses.add(domain.toLowerCase()) : state.zoneRefuses.delete(domain.toLowerCase())),
    recordsAt: (fqdn) => recordsAt(state, fqdn),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
