/**
 * Publishes a bought domain's verification records in its DNSimple zone (issue 18,
 * docs/decisions/054), idempotently: the zone's records are listed first; a record already there
 * with the wanted value is left alone, a missing one is created, and one at the same name with
 * another value is reported (the step is "failed" with what was found) and never overwritten.
 * DNSimple refusing (its `message`) or not answering records the step as not done, with those
 * words; the order stays paid and the domain added. Called by the order job after the domain is
 * added, by the branded domains re-check (cron) for a pending bought domain not yet published
 * (or published more than an hour ago: compared with the zone again), and by the verify page's
 * "Publish DNS records again".
 */
import type { BrandedDomain } from "../../db/branded-domains.server";
import type { Db } from "../../db/client.server";
import { getRegistration, recordDnsOutcome, type DomainRegistration } from "../../db/domain-registrations.server";
import { conflictDetail, planRecords, recordsToPublish } from "../../domain/domain-dns";
import { RegistrarRefusal, type ZoneRecords } from "./registrar/registrar";

/** The CNAME target when CF_CNAME_TARGET is not set (as app/env.server.ts). */
export const DEFAULT_CNAME_TARGET = "domains.snip.example";

/** What is stored when DNSimple did not answer at all (a network error, a 5xx): it has no words of its own. */
export const UNREACHABLE = "DNSimple could not be reached.";

export type DnsOutcome = { state: "published"; detail: null; created: number } | { state: "failed"; detail: string; created: number };

export async function publishDomainRecords(
  db: Db,
  zones: ZoneRecords,
  domain: Pick<BrandedDomain, "hostname" | "verificationName" | "verificationValue">,
  target: string,
  now = new Date(),
): Promise<DnsOutcome> {
  const zone = domain.hostname.toLowerCase();
  const wanted = recordsToPublish(zone, domain, target);
  let outcome: DnsOutcome;
  let created = 0;
  try {
    const plan = planRecords(wanted, await zones.list(zone));
    for (const record of plan.create) {
      await zones.create(zone, record);
      created++;
    }
    outcome =
      plan.conflicts.length > 0
        ? { state: "failed", detail: plan.conflicts.map((c) => conflictDetail(zone, c)).join(" "), created }
        : { state: "published", detail: null, created };
  } catch (error) {
    const detail = error instanceof RegistrarRefusal ? error.message : UNREACHABLE;
    console.error("domain dns: publishing failed", zone, error);
    outcome = { state: "failed", detail, created };
  }
  await recordDnsOutcome(db, zone, outcome, now);
  return outcome;
}

/**
 * The registration behind a branded domain when it is a domain its owner bought through Snip (the
 * registration the owner's, the domain in the owner's personal workspace, not an organization's),
 * else null: only then does Snip hold the zone and publish in it.
 */
export async function boughtRegistration(
  db: Db,
  domain: Pick<BrandedDomain, "hostname" | "workspaceId" | "organizationId" | "kind">,
): Promise<DomainRegistration | null> {
  if (domain.kind !== "domain" || domain.organizationId || !domain.workspaceId) return null;
  const reg = await getRegistration(db, domain.hostname);
  return reg && reg.userId === domain.workspaceId ? reg : null;
}

/**
 * Published records of a domain still pending are compared with its zone again this long after the
 * last look: one deleted at DNSimple since is created again, one changed there is reported. Hourly,
 * so a domain whose verification lingers costs DNSimple one listing an hour, not one every re-check.
 */
export const DNS_RECOMPARE_AFTER_MS = 60 * 60_000;

/**
 * The retry (the branded domains re-check, the verify page's button): publishes again for a pending
 * bought domain whose records are not published, or were published more than DNS_RECOMPARE_AFTER_MS
 * ago (they are compared with the zone again). Null when there is nothing to do.
 */
export async function republishBoughtDomain(
  db: Db,
  zones: ZoneRecords,
  domain: BrandedDomain,
  target: string,
  now = new Date(),
): Promise<DnsOutcome | null> {
  if (domain.status === "active" || domain.kind !== "domain") return null;
  // Snip holds the zone of every domain it registered, whoever owns the branded domain now: a bought
  // domain moved to an organization before its records were published is still retried (decision 053).
  const reg = await getRegistration(db, domain.hostname);
  if (!reg) return null;
  if (reg.dnsState === "published" && now.getTime() - (reg.dnsAt?.getTime() ?? 0) < DNS_RECOMPARE_AFTER_MS) return null;
  return publishDomainRecords(db, zones, domain, target, now);
}
