/**
 * The kiosk's view of Cloudflare (issue 19 `cloudflare/zones`, decision 045): the zones the API
 * token can see and the custom hostnames (Cloudflare for SaaS) of the service's zone, read through
 * the official client (`cloudflare`, its tree-shakable build with the zones and custom hostnames
 * resources only), as app/lib/custom-hostnames.server.ts does. Locally and in tests the base URL
 * is the stub (tests/stubs/cloudflare-server.ts). Without a token nothing is asked: the page says so.
 */
import { BaseCustomHostnames } from "cloudflare/resources/custom-hostnames/custom-hostnames";
import { BaseZones } from "cloudflare/resources/zones/zones";
import { createClient } from "cloudflare/tree-shakable";
import type { AppEnv } from "../../env.server";

export const CLOUDFLARE_NOT_CONFIGURED = "The Cloudflare API is not configured (CF_API_TOKEN and CF_ZONE_ID): nothing was asked.";

/** At most this many of each are listed (the page says when there are more). */
export const CLOUDFLARE_LIST_MAX = 500;

export interface KioskZone {
  id: string;
  name: string;
  status: string;
  plan: string;
  nameServers: string[];
  /** The zone CF_ZONE_ID names: where the branded domains' custom hostnames live. */
  service: boolean;
}

export interface KioskCustomHostname {
  id: string;
  hostname: string;
  status: string;
  ssl: string;
  createdAt: string | null;
  errors: string[];
}

export type CloudflareView =
  { ok: true; zones: KioskZone[]; hostnames: KioskCustomHostname[]; more: boolean } | { ok: false; message: string };

type CfEnv = Pick<AppEnv, "CF_API_TOKEN" | "CF_ZONE_ID" | "CF_API_BASE_URL">;

async function take<T, U>(items: AsyncIterable<T>, map: (item: T) => U): Promise<{ list: U[]; more: boolean }> {
  const list: U[] = [];
  for await (const item of items) {
    if (list.length === CLOUDFLARE_LIST_MAX) return { list, more: true };
    list.push(map(item));
  }
  return { list, more: false };
}

export async function readCloudflare(env: CfEnv): Promise<CloudflareView> {
  const token = env.CF_API_TOKEN;
  const zone = env.CF_ZONE_ID;
  if (!token || !zone) return { ok: false, message: CLOUDFLARE_NOT_CONFIGURED };
  const client = createClient({
    resources: [BaseZones, BaseCustomHostnames],
    apiToken: token,
    baseURL: env.CF_API_BASE_URL,
    timeout: 15_000,
    maxRetries: 1,
  });
  try {
    const [zones, hostnames] = await Promise.all([
      take(client.zones.list({ per_page: 50 }), (z) => ({
        id: z.id,
        name: z.name,
        status: z.status ?? "unknown",
        plan: z.plan?.name ?? "",
        nameServers: z.name_servers ?? [],
        service: z.id === zone,
      })),
      take(client.customHostnames.list({ zone_id: zone, per_page: 50 }), (h) => ({
        id: h.id,
        hostname: h.hostname,
        status: h.status ?? "unknown",
        ssl: h.ssl?.status ?? "",
        createdAt: h.created_at ?? null,
        errors: h.verification_errors ?? [],
      })),
    ]);
    return { ok: true, zones: zones.list, hostnames: hostnames.list, more: zones.more || hostnames.more };
  } catch (error) {
    console.error("kiosk: Cloudflare API", error);
    const status = typeof error === "object" && error !== null && "status" in error ? ` (HTTP ${String(error.status)})` : "";
    return {
      ok: false,
      message: `The Cloudflare API refused or did not answer${status}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
