/**
 * Releasing the branded domains of a deleted account or organization (docs/decisions/044): the
 * database rows go with their owner, so the app reads them first and then removes each one's
 * custom hostname at Cloudflare and its KV host record. What fails there is handed to the queue
 * in this job, which repeats it (with backoff) until it holds. Both steps are idempotent: a
 * hostname Cloudflare no longer has and a KV key already gone are success.
 */
import type { Envelope } from "./events";

export const RELEASE_DOMAINS_JOB = "domains.release";

export interface ReleasedHost {
  hostname: string;
  /** The custom hostname at Cloudflare; null for a vanity subdomain (nothing there). */
  cfHostnameId: string | null;
}

export type ReleaseDomainsJob = Envelope<typeof RELEASE_DOMAINS_JOB, { hosts: ReleasedHost[] }>;

export function isReleaseDomainsPayload(payload: unknown): payload is ReleaseDomainsJob["payload"] {
  if (typeof payload !== "object" || payload === null) return false;
  const hosts = (payload as { hosts?: unknown }).hosts;
  return (
    Array.isArray(hosts) &&
    hosts.every(
      (h: unknown) =>
        typeof h === "object" &&
        h !== null &&
        typeof (h as ReleasedHost).hostname === "string" &&
        ((h as ReleasedHost).cfHostnameId === null || typeof (h as ReleasedHost).cfHostnameId === "string"),
    )
  );
}
