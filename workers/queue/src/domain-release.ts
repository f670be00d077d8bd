/**
 * The custom hostnames and KV host records of a deleted account's or organization's domains,
 * removed from the queue when the request could not (domain/domain-release.ts). Each host is
 * tried; any failure fails the message, so the queue retries it with backoff; hosts already
 * removed are removed again harmlessly.
 */
import { customHostnamesClient } from "../../../app/lib/custom-hostnames.server";
import { getBrandedDomain } from "../../../db/branded-domains.server";
import { getDb } from "../../../db/client.server";
import { isReleaseDomainsPayload } from "../../../domain/domain-release";
import type { Envelope } from "../../../domain/events";
import { hostKey } from "../../../domain/host-record";
import type { QueueEnv } from "./env";

export async function releaseDomainsJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  if (!isReleaseDomainsPayload(envelope.payload)) throw new Error("domains.release: malformed payload");
  const client = customHostnamesClient(env);
  const failed: string[] = [];
  for (const host of envelope.payload.hosts) {
    try {
      if (host.cfHostnameId) {
        if (!client) throw new Error("CF_API_TOKEN or CF_ZONE_ID is not set");
        await client.delete(host.cfHostnameId);
      }
      // Someone may have added the freed host name since the deletion (a retry can come much
      // later): its host record is theirs now, and stays.
      if (!(await getBrandedDomain(getDb(env.DB), host.hostname))) await env.LINKS.delete(hostKey(host.hostname));
    } catch (error) {
      console.error("domains.release: not removed", host.hostname, error instanceof Error ? error.message : error);
      failed.push(host.hostname);
    }
  }
  if (failed.length > 0) throw new Error(`domains.release: ${failed.length} of ${envelope.payload.hosts.length} hosts not removed`);
}
