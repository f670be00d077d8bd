/**
 * A local Cloudflare for SaaS stand-in speaking the custom hostnames API's wire format (docs
 * decision 035): POST/GET/DELETE /client/v4/zones/{zone}/custom_hostnames[/{id}], the lists
 * GET /client/v4/zones and GET /client/v4/zones/{zone}/custom_hostnames (the kiosk, decision 045),
 * Bearer token,
 * answers wrapped in `{ success, errors, messages, result }`, Cloudflare's error codes. Each
 * hostname's DNS is whatever the test says (`POST /__stub/dns {hostname, state}`):
 * - pending: no CNAME yet (status pending, ssl pending_validation), the state of a new hostname;
 * - active: the CNAME and the TXT record are in place (status active, ssl active);
 * - failed: validation gave up (ssl validation_timed_out, a verification error);
 * - removed: the CNAME was taken away after activation (status moved).
 * A hostname the test set no state for is decided by `zoneDns`, when given (decision 054): the DNS
 * records some zone holds for it (the registrar stub's hosted zones in the end-to-end runs). It is
 * active once its name has a CNAME or ALIAS to the CNAME target and `_cf-custom-hostname.{name}` the
 * TXT value this stub asked for; pending otherwise. A state the test sets always wins.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { STUB_CF_TOKEN, STUB_CF_ZONE, STUB_CF_ZONE_NAME } from "./cloudflare-ids";

export { cloudflareStubPort, STUB_CF_TOKEN, STUB_CF_ZONE, STUB_CF_ZONE_NAME } from "./cloudflare-ids";

export type DnsState = "pending" | "active" | "failed" | "removed";

export interface Hostname {
  id: string;
  hostname: string;
  created_at: string;
  txt: string;
}

export interface CloudflareStub {
  url: string;
  /** The API base URL to configure (CF_API_BASE_URL). */
  apiBase: string;
  setDns(hostname: string, state: DnsState): void;
  /** While on, every API call answers Cloudflare's 500 (an outage), the stub's controls aside. */
  setOutage(on: boolean): void;
  hostnames(): string[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function ok(res: ServerResponse, result: unknown, status = 200): void {
  send(res, status, { success: true, errors: [], messages: [], result });
}

/** A list answer with the v4 page pagination of Cloudflare's list endpoints; a page past the end is empty. */
function list(res: ServerResponse, url: URL, items: unknown[]): void {
  const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
  const perPage = Math.min(100, Math.max(5, Number(url.searchParams.get("per_page") ?? "20") || 20));
  const result = items.slice((page - 1) * perPage, page * perPage);
  send(res, 200, {
    success: true,
    errors: [],
    messages: [],
    result,
    result_info: {
      page,
      per_page: perPage,
      count: result.length,
      total_count: items.length,
      total_pages: Math.ceil(items.length / perPage),
    },
  });
}

/** The service's zone as GET /zones answers it. */
function zoneView() {
  return {
    id: STUB_CF_ZONE,
    name: STUB_CF_ZONE_NAME,
    status: "active",
    paused: false,
    type: "full",
    development_mode: 0,
    name_servers: ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"],
    original_name_servers: null,
    original_registrar: null,
    original_dnshost: null,
    created_on: "2026-01-05T10:00:00.000000Z",
    modified_on: "2026-01-05T10:00:00.000000Z",
    activated_on: "2026-01-05T10:05:00.000000Z",
    meta: { step: 4, custom_certificate_quota: 0, page_rule_quota: 3, phishing_detected: false },
    owner: { id: null, type: "user", email: null },
    account: { id: "01a7362d577a6c3019a474fd6f485823", name: "Snip" },
    tenant: { id: null, name: null },
    tenant_unit: { id: null },
    permissions: ["#zone:read"],
    plan: {
      id: "0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
      name: "Enterprise Website",
      price: 0,
      currency: "USD",
      frequency: "",
      is_subscribed: true,
      can_subscribe: false,
      legacy_id: "enterprise",
      legacy_discount: false,
      externally_managed: false,
    },
  };
}

function error(res: ServerResponse, status: number, code: number, message: string): void {
  send(res, status, { success: false, errors: [{ code, message }], messages: [], result: null });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The CNAME target the service tells customers (CF_CNAME_TARGET's default). */
export const STUB_CNAME_TARGET = "domains.snip.example";

/** What the stub holds, as JSON: its hostnames and the DNS states set for them. */
export interface CloudflareStubState {
  hostnames: Hostname[];
  dns: [string, DnsState][];
}

export async function startCloudflareStub({
  port = 0,
  zoneDns,
  cnameTarget = STUB_CNAME_TARGET,
  activateAfterMs,
  state,
  onChange,
}: {
  port?: number;
  /** The records a name has in DNS, where not set by the test. */
  zoneDns?: (fqdn: string) => { type: string; content: string }[];
  cnameTarget?: string;
  /**
   * `npm start`'s demo: a hostname nobody set a state for is active this long after it was added,
   * as if its owner had put the CNAME and TXT records in place (no test ever sets it).
   */
  activateAfterMs?: number;
  /** What a previous run held (`npm start`'s demo keeps it across restarts), and where each change is told. */
  state?: CloudflareStubState;
  onChange?: (state: CloudflareStubState) => void;
} = {}): Promise<CloudflareStub> {
  const byId = new Map<string, Hostname>((state?.hostnames ?? []).map((h) => [h.id, h]));
  const dns = new Map<string, DnsState>(state?.dns ?? []);
  let outage = false;
  const changed = () => onChange?.({ hostnames: [...byId.values()], dns: [...dns] });

  /** What the records in DNS make of a hostname no test state was set for. */
  function fromZone(h: Hostname): DnsState {
    if (activateAfterMs !== undefined && Date.now() - Date.parse(h.created_at) >= activateAfterMs) return "active";
    if (!zoneDns) return "pending";
    const bare = (v: string) => v.toLowerCase().replace(/\.$/, "");
    const points = zoneDns(h.hostname).some((r) => ["CNAME", "ALIAS"].includes(r.type) && bare(r.content) === bare(cnameTarget));
    const owns = zoneDns(`_cf-custom-hostname.${h.hostname}`).some((r) => r.type === "TXT" && r.content.replace(/^"|"$/g, "") === h.txt);
    return points && owns ? "active" : "pending";
  }

  function view(h: Hostname) {
    const state = dns.get(h.hostname) ?? fromZone(h);
    const status = state === "active" ? "active" : state === "removed" ? "moved" : "pending";
    const ssl = state === "active" || state === "removed" ? "active" : state === "failed" ? "validation_timed_out" : "pending_validation";
    return {
      id: h.id,
      hostname: h.hostname,
      created_at: h.created_at,
      status,
      ssl: { id: `ssl-${h.id}`, type: "dv", method: "http", status: ssl, settings: {}, bundle_method: "ubiquitous" },
      ownership_verification: { type: "txt", name: `_cf-custom-hostname.${h.hostname}`, value: h.txt },
      ownership_verification_http: {
        http_url: `http://${h.hostname}/.well-known/cf-custom-hostname-challenge/${h.id}`,
        http_body: h.txt,
      },
      ...(state === "failed" ? { verification_errors: ["custom hostname does not CNAME to this zone."] } : {}),
    };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stub");
      if (url.pathname === "/__stub/dns" && req.method === "POST") {
        const body = await readJson(req);
        dns.set(String(body.hostname).toLowerCase(), body.state as DnsState);
        changed();
        return ok(res, { hostname: body.hostname, state: body.state });
      }
      // GET /zones: the zones the token sees (the service's own), paginated as the API does (page, per_page, result_info).
      if (url.pathname === "/client/v4/zones" && req.method === "GET") {
        if (req.headers.authorization !== `Bearer ${STUB_CF_TOKEN}`) return error(res, 403, 10000, "Authentication error");
        return list(res, url, [zoneView()]);
      }
      if (outage) return error(res, 500, 10001, "Internal server error");
      const match = /^\/client\/v4\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return error(res, 404, 7000, "No route for that URI");
      if (req.headers.authorization !== `Bearer ${STUB_CF_TOKEN}`) return error(res, 403, 10000, "Authentication error");
      if (match[1] !== STUB_CF_ZONE) return error(res, 404, 1001, "Invalid zone identifier");
      const id = match[2];
      if (!id && req.method === "GET") return list(res, url, [...byId.values()].map(view));
      if (!id && req.method === "POST") {
        const body = await readJson(req);
        const hostname = typeof body.hostname === "string" ? body.hostname.toLowerCase() : "";
        if (!hostname) return error(res, 400, 1409, "Invalid custom hostname.");
        if ([...byId.values()].some((h) => h.hostname === hostname)) return error(res, 409, 1406, "Duplicate custom hostname found.");
        const h: Hostname = { id: randomUUID().replaceAll("-", ""), hostname, created_at: new Date().toISOString(), txt: randomUUID() };
        byId.set(h.id, h);
        changed();
        return ok(res, view(h), 201);
      }
      if (id) {
        const h = byId.get(id);
        if (!h) return error(res, 404, 1436, "The custom hostname was not found.");
        if (req.method === "GET") return ok(res, view(h));
        if (req.method === "DELETE") {
          byId.delete(id);
          changed();
          return ok(res, { id });
        }
      }
      return error(res, 405, 10405, "Method not allowed");
    })().catch((e: unknown) => error(res, 500, 10001, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiBase: `${url}/client/v4`,
    setDns: (hostname, state) => dns.set(hostname.toLowerCase(), state),
    setOutage: (on) => {
      outage = on;
    },
    hostnames: () => [...byId.values()].map((h) => h.hostname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
