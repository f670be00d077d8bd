/**
 * Cloudflare for SaaS custom hostnames (docs/decisions/035): create one for a branded domain
 * (Cloudflare then verifies ownership and issues its certificate), read its state, delete it.
 * Through the official client (`cloudflare`, its tree-shakable build with only the custom
 * hostnames resource, so the app bundle carries no other API); its base URL points at the local
 * stub in tests (tests/stubs/cloudflare-server.ts), which speaks the same wire format.
 */
import { NotFoundError } from "cloudflare";
import { BaseCustomHostnames } from "cloudflare/resources/custom-hostnames/custom-hostnames";
import { createClient } from "cloudflare/tree-shakable";
import type { AppEnv } from "../env.server";

/** The parts of a custom hostname Snip reads. */
export interface CustomHostname {
  id: string;
  hostname: string;
  /** pending, active, moved, deleted, blocked, ... */
  status?: string;
  ssl?: { status?: string } | null;
  ownership_verification?: { type?: string; name?: string; value?: string } | null;
  verification_errors?: string[] | null;
}

export interface CustomHostnamesClient {
  create(hostname: string): Promise<CustomHostname>;
  /** null when Cloudflare no longer has it. */
  get(id: string): Promise<CustomHostname | null>;
  delete(id: string): Promise<void>;
}

/** The app's variables, or the queue consumer's (which removes a deleted owner's hostnames; decision 044). */
type CfEnv = Pick<AppEnv, "CF_API_TOKEN" | "CF_ZONE_ID"> & { CF_API_BASE_URL?: string | undefined };

/** The client, or null when the token or the zone is missing (adding domains then fails closed). */
export function customHostnamesClient(env: CfEnv): CustomHostnamesClient | null {
  const token = env.CF_API_TOKEN;
  const zone = env.CF_ZONE_ID;
  if (!token || !zone) return null;
  const client = createClient({
    resources: [BaseCustomHostnames],
    apiToken: token,
    baseURL: env.CF_API_BASE_URL,
    timeout: 15_000,
    // A create is not repeated blindly (a second one would answer "duplicate"); reads are retried by the next check.
    maxRetries: 0,
  });
  return {
    async create(hostname) {
      // A DV certificate validated over HTTP once the CNAME points at us; ownership by the TXT record.
      return client.customHostnames.create({ zone_id: zone, hostname, ssl: { method: "http", type: "dv" } });
    },
    async get(id) {
      try {
        return await client.customHostnames.get(id, { zone_id: zone });
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    async delete(id) {
      try {
        await client.customHostnames.delete(id, { zone_id: zone });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    },
  };
}

/** A custom hostname's state as Snip's domain states: serving only when the hostname and its certificate are active. */
export function stateOf(hostname: CustomHostname | null): "pending" | "active" | "failed" | "removed" {
  if (hostname === null || hostname.status === "deleted" || hostname.status === "moved") return "removed";
  const ssl = hostname.ssl?.status ?? "";
  if (hostname.status === "blocked" || ["validation_timed_out", "issuance_timed_out", "expired", "deleted"].includes(ssl)) return "failed";
  if (hostname.status === "active" && ssl === "active") return "active";
  return "pending";
}
