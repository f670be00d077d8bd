/**
 * Which short host a request is for (docs/decisions/035). Snip's own hosts are known from the
 * configuration (SHORT_HOST, APP_ORIGIN's host, SHORT_DOMAINS; loopback hosts in local runs);
 * every other host is a branded domain or a vanity subdomain, known only by its record in KV
 * (`host:{name}`, domain/host-record.ts), held in an isolate cache: no D1 read per request.
 */
import { hostKey, isLoopbackHost, type HostRecord } from "../../../domain/host-record";
import type { RedirectEnv } from "./env";
import { Lru } from "./lru";

/** default: the default short host (and the app); extra: a SHORT_DOMAINS host; custom: anything else. */
export type HostPlace = "default" | "extra" | "custom";

export interface HostTable {
  /** The env object the table was built from: the same object serves every request of an isolate. */
  env: RedirectEnv;
  source: string;
  shortHost: string;
  appHost: string | null;
  extra: Set<string>;
  localDev: boolean;
}

/** A host record is trusted this long; a lapse or an edit reaches every isolate within it. */
export const HOST_CACHE_FRESH_MS = 30_000;
/** An unknown host is remembered briefly: a domain that has just become active must work soon. */
export const HOST_MISS_TTL_MS = 5_000;
export const HOST_CACHE_CAPACITY = 10_000;

export interface HostDeps {
  hostTable: HostTable | null;
  hosts: Lru<HostRecord | null>;
}

export function createHostDeps(): HostDeps {
  return { hostTable: null, hosts: new Lru<HostRecord | null>(HOST_CACHE_CAPACITY) };
}

/** The common short domains of SHORT_DOMAINS that still serve links: deleted and blocked ones do not. */
function extraHosts(raw: string | undefined): Set<string> {
  if (!raw || raw.trim() === "") return new Set();
  try {
    const list = JSON.parse(raw) as { domain?: unknown; isDeleted?: unknown; isBlocked?: unknown }[];
    return new Set(
      list
        .filter((d) => typeof d.domain === "string" && d.isDeleted !== true && d.isBlocked !== true)
        .map((d) => (d.domain as string).trim().toLowerCase()),
    );
  } catch (error) {
    console.error("redirect: SHORT_DOMAINS is not valid JSON; no extra short domains", error);
    return new Set();
  }
}

/**
 * The table of Snip's own hosts, built once per isolate. A request with the same env object
 * (every request of an isolate in production) costs one comparison; another env object (tests
 * give each their own) is compared by its configuration and rebuilt only if that differs.
 */
export function hostTable(env: RedirectEnv, deps: HostDeps): HostTable {
  const cached = deps.hostTable;
  if (cached !== null && cached.env === env) return cached;
  const source = `${env.SHORT_HOST}\n${env.APP_ORIGIN ?? ""}\n${env.SHORT_DOMAINS ?? ""}\n${env.LOCAL_DEV ?? ""}`;
  if (cached !== null && cached.source === source) {
    cached.env = env;
    return cached;
  }
  let appHost: string | null = null;
  if (env.APP_ORIGIN) {
    try {
      appHost = new URL(env.APP_ORIGIN).host.toLowerCase();
    } catch {
      appHost = null;
    }
  }
  const table: HostTable = {
    env,
    source,
    shortHost: env.SHORT_HOST.toLowerCase(),
    appHost,
    extra: extraHosts(env.SHORT_DOMAINS),
    localDev: env.LOCAL_DEV === "true",
  };
  deps.hostTable = table;
  return table;
}

export function placeOf(table: HostTable, host: string): HostPlace {
  if (host === table.shortHost || host === table.appHost) return "default";
  if (table.extra.has(host)) return "extra";
  // Local runs listen on a loopback address whatever SHORT_HOST says (decision 024: from how the
  // process started, never from the request alone).
  if (table.localDev && isLoopbackHost(host)) return "default";
  return "custom";
}

interface Waiter {
  waitUntil(promise: Promise<unknown>): void;
}

/** The host's record from the isolate cache (synchronously) or undefined when KV must be read. */
export function cachedHost(deps: HostDeps, host: string, now: number): HostRecord | null | undefined {
  return deps.hosts.get(host, now);
}

export async function loadHost(env: RedirectEnv, deps: HostDeps, host: string): Promise<HostRecord | null> {
  const record = await env.LINKS.get<HostRecord>(hostKey(host), "json");
  deps.hosts.set(host, record, Date.now() + (record ? HOST_CACHE_FRESH_MS : HOST_MISS_TTL_MS));
  return record;
}

export type { Waiter };
