/**
 * Wiring between routes and the link store: the stores from the request's env, the hosts
 * that count as ours, and short URLs for display.
 */
import { parseShortDomains } from "../../domain/domains";
import { getDb } from "../../db/client.server";
import { auditInsert } from "../../db/audit.server";
import type { LinkStores } from "../../db/links.server";
import { bannedDomainsFor } from "../../db/trust-safety.server";
import { REPUTATION_JOB, type ReputationJob } from "../../domain/reputation";
import type { DestinationContext } from "../../domain/url";
import type { AppEnv } from "../env.server";
import { enqueueLinkEvent } from "./webhooks.server";

/**
 * The link stores; `within` names the organization a change happens in and who makes it, so
 * every create, edit and delete there writes its audit row in the same db.batch (docs/decisions/027).
 */
export function linkStores(env: AppEnv, within?: { organizationId?: string | null; userId: string } | null): LinkStores {
  const db = getDb(env.DB);
  const organizationId = within?.organizationId ?? null;
  return {
    db,
    audit: organizationId
      ? (kind, link) =>
          auditInsert(db, {
            organizationId,
            actorUserId: within!.userId,
            action: `link.${kind}`,
            target: `${link.domain}/${link.alias}`,
            details: { workspaceId: link.workspaceId, url: link.url },
          })
      : undefined,
    kv: env.LINKS,
    purge: async (keys) => {
      try {
        await env.REDIRECT.purge(keys);
      } catch (error) {
        // KV is already written; the isolate cache would expire within its TTL.
        console.warn("links: purge of the redirect cache failed", error);
      }
    },
    onChange: async (kind, link) => {
      await enqueueLinkEvent(env, kind, link);
      await enqueueReputationCheck(env, [link.id]);
    },
  };
}

/**
 * Asks the queue to look the links' destinations up at the URL-reputation provider (decision 036).
 * Must not throw: the link is already saved.
 */
export async function enqueueReputationCheck(env: Pick<AppEnv, "JOBS">, linkIds: string[]): Promise<void> {
  const job: ReputationJob = { type: REPUTATION_JOB, v: 1, id: crypto.randomUUID(), payload: { linkIds } };
  try {
    await env.JOBS.send(job);
  } catch (error) {
    console.warn("links: the reputation check could not be queued", error);
  }
}

/**
 * The hosts a destination may not be (ours) and the banned domains: the shipped list, the
 * configured BANNED_DOMAINS and the ones staff ban in the kiosk (one small read, decision 036).
 */
export async function destinationContext(env: AppEnv, request: Request): Promise<DestinationContext> {
  // Every configured short domain is our own: a link to one would loop.
  const hosts = [env.SHORT_HOST, new URL(request.url).host, ...parseShortDomains(env.SHORT_DOMAINS).map((d) => d.domain)];
  if (env.SHORT_ORIGIN) hosts.push(new URL(env.SHORT_ORIGIN).host);
  return {
    ownHosts: hosts,
    bannedDomains: await bannedDomainsFor(getDb(env.DB), env),
  };
}

/** Origin of short links on the default domain. */
export function shortOrigin(env: AppEnv, request: Request): string {
  return env.SHORT_ORIGIN || new URL(request.url).origin;
}

export function shortUrl(env: AppEnv, request: Request, link: { domain: string; alias: string }): string {
  if (link.domain === env.SHORT_HOST.toLowerCase()) return `${shortOrigin(env, request)}/${link.alias}`;
  return `https://${link.domain}/${link.alias}`;
}

/**
 * The analytics page of a link (spec 01 §2 /app/analytics/{hash}): its alias, and its domain in
 * `?domain=` when it is not the default short host (an extra short domain, a branded domain), since
 * an alias names a link only together with its domain. A link inside an organization has its page
 * beside its workspace's link list (`base`: app/lib/organizations/analytics.server.ts, docs/decisions/062).
 */
export function analyticsPath(env: AppEnv, link: { domain: string; alias: string }, suffix = "", base = "/app/analytics"): string {
  const path = `${base}/${encodeURIComponent(link.alias)}${suffix}`;
  const domain = link.domain.toLowerCase();
  return domain === env.SHORT_HOST.toLowerCase() ? path : `${path}?${new URLSearchParams({ domain })}`;
}

/** Longest host name a `?domain=` of an analytics address may carry (DNS's 253, and a port). */
const MAX_DOMAIN_PARAM = 260;

/**
 * The domain an analytics address names: its `?domain=`, lowercased, or the default short host
 * when it has none; null for one no link can have (empty, sent twice, too long).
 */
export function analyticsDomainOf(env: AppEnv, request: Request): string | null {
  const values = new URL(request.url).searchParams.getAll("domain");
  if (values.length === 0) return env.SHORT_HOST.toLowerCase();
  const [value] = values;
  if (values.length > 1 || !value || value.length > MAX_DOMAIN_PARAM) return null;
  return value.toLowerCase();
}
