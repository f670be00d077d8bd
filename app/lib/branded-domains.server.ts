/**
 * Branded domains and vanity subdomains on the server (docs/decisions/035): adding one (plan
 * bounds, Cloudflare for SaaS custom hostname), its state (re-checked on demand and by the cron
 * trigger), its KV host record for the redirect worker, and removing it.
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  countBrandedDomains,
  countOrganizationDomains,
  deleteBrandedDomain,
  deleteUnverifiedClaim,
  getBrandedDomain,
  insertBrandedDomain,
  listAbandonedClaims,
  listBrandedDomains,
  listDomainsToCheck,
  listOrganizationDomains,
  updateBrandedDomain,
  updateBrandedDomainWithNotice,
  type BrandedDomain,
} from "../../db/branded-domains.server";
import { getDb, type Db } from "../../db/client.server";
import { getRegistration, isRegistrationExpired } from "../../db/domain-registrations.server";
import { organizations } from "../../db/schema";
import { bannedDomainsFor } from "../../db/trust-safety.server";
import {
  ABANDONED_CLAIM_DAYS,
  abandonedClaimNotice,
  addDomainRefusal,
  BRANDED_DOMAINS_PATH,
  BRANDED_MESSAGES,
  isReservedVanityName,
  isStaleClaim,
  redirectRefusals,
  redirectTargetRefusals,
  staleClaimNotice,
  subdomainBaseRefusal,
  type BrandedKind,
  type DomainRedirects,
} from "../../domain/branded-domains";
import { parseShortDomains } from "../../domain/domains";
import { hostKey, type HostRecord } from "../../domain/host-record";
import { hostRecordOf, isRedirectHeld } from "../../domain/trust-safety";
import { RELEASE_DOMAINS_JOB, type ReleasedHost, type ReleaseDomainsJob } from "../../domain/domain-release";
import type { Subject } from "../../domain/entitlements";
import type { AppEnv } from "../env.server";
import { customHostnamesClient, stateOf, type CustomHostname } from "./custom-hostnames.server";
import { republishBoughtDomain } from "./domain-dns.server";
import { dnsimpleZoneRecords } from "./registrar/dnsimple";

export { BRANDED_DOMAINS_PATH, verifyPath } from "../../domain/branded-domains";

/**
 * The record the redirect worker serves the host from; written through, then the isolate cache
 * purged. A domain staff disabled in the kiosk (decision 045) serves nothing, whatever its
 * verification says; a root or 404 redirect to a banned domain is held (decision 036: the whole
 * banned list, as a kiosk ban and the hourly sweep decide it).
 */
export async function writeHostRecord(env: AppEnv, domain: BrandedDomain): Promise<void> {
  const record: HostRecord = hostRecordOf(domain, await bannedDomainsFor(getDb(env.DB), env));
  await env.LINKS.put(hostKey(domain.hostname), JSON.stringify(record));
  await purgeHosts(env, [domain.hostname]);
}

/** Which of the domain's saved redirects are held, their destination banned since (the edit pages say so). */
export async function heldRedirects(env: AppEnv, domain: BrandedDomain): Promise<{ rootHeld: boolean; notFoundHeld: boolean }> {
  if (domain.rootRedirect === null && domain.notFoundRedirect === null) return { rootHeld: false, notFoundHeld: false };
  const banned = await bannedDomainsFor(getDb(env.DB), env);
  return { rootHeld: isRedirectHeld(domain.rootRedirect, banned), notFoundHeld: isRedirectHeld(domain.notFoundRedirect, banned) };
}

async function purgeHosts(env: AppEnv, hosts: string[]): Promise<void> {
  try {
    await env.REDIRECT.purgeHosts(hosts);
  } catch (error) {
    console.warn("branded domains: purge of the redirect cache failed", error);
  }
}

/** Snip's own hosts: nobody may add them (or a name under the app's own domains other than vanity ones). */
function ownHosts(env: AppEnv): string[] {
  const hosts = [env.SHORT_HOST, ...parseShortDomains(env.SHORT_DOMAINS).map((d) => d.domain)];
  if (env.APP_ORIGIN) hosts.push(new URL(env.APP_ORIGIN).host);
  return hosts.map((h) => h.toLowerCase().split(":")[0]!);
}

export function isOwnHost(env: AppEnv, hostname: string): boolean {
  return ownHosts(env).some((own) => hostname === own || hostname.endsWith(`.${own}`));
}

export type AddOutcome =
  { ok: true; domain: BrandedDomain } | { ok: false; field: "domain" | "subdomain" | "base" | "form"; message: string; status: number };

/** A refused add as conform's reply options: the message under its field, or above the form. */
export function refusalErrors(outcome: Extract<AddOutcome, { ok: false }>) {
  return outcome.field === "form" ? { formErrors: [outcome.message] } : { fieldErrors: { [outcome.field]: [outcome.message] } };
}

/** Who adds a domain: a workspace (personal), or an organization (decision 044: then workspaceId is ignored). */
export type DomainAdder = { userId: string; workspaceId: string | null; organizationId?: string | null; subject: Subject };

/** The owner's own domains, read on the server: a workspace's, or an organization's. */
export async function listOwnerDomains(db: Db, who: Pick<DomainAdder, "workspaceId" | "organizationId">): Promise<BrandedDomain[]> {
  return who.organizationId ? listOrganizationDomains(db, who.organizationId) : listBrandedDomains(db, who.workspaceId ?? "");
}

/**
 * A subdomain of one of the owner's own verified domains (spec 01 §5): the base is looked up among
 * the owner's domains on the server (a posted value decides nothing), then added like a domain.
 */
export async function addSubdomain(
  env: AppEnv,
  who: DomainAdder,
  value: { base: string; subdomain: string },
  audit?: (db: Db) => BatchItem<"sqlite">,
): Promise<AddOutcome> {
  const bases = await listOwnerDomains(getDb(env.DB), who);
  const refused = subdomainBaseRefusal(bases, value.base);
  if (refused) return { ok: false, field: "base", message: refused.message, status: 422 };
  return addBrandedDomain(env, who, "subdomain", `${value.subdomain}.${value.base}`, new Date(), audit);
}

/** A vanity subdomain of the short host: reserved names refused, served at once. */
export async function addVanitySubdomain(
  env: AppEnv,
  who: DomainAdder,
  label: string,
  audit?: (db: Db) => BatchItem<"sqlite">,
): Promise<AddOutcome> {
  if (isReservedVanityName(label)) return { ok: false, field: "subdomain", message: BRANDED_MESSAGES.reservedVanity, status: 422 };
  return addBrandedDomain(env, who, "vanity", `${label}.${env.SHORT_HOST.toLowerCase()}`, new Date(), audit);
}

/**
 * Saves a domain's root and 404 redirects (the plan's domain_root_redirect, domain_404_redirect):
 * a change the plan does not allow is refused (403, nothing written); otherwise the row (with the
 * organization's audit row in the same batch) and then the KV host record the redirect worker serves.
 */
export async function saveDomainRedirects(
  env: AppEnv,
  subject: Subject,
  domain: BrandedDomain,
  next: DomainRedirects,
  audit?: (db: Db) => BatchItem<"sqlite">,
): Promise<{ ok: true } | { ok: false; status: 403 | 422; fieldErrors: Record<string, string[]> }> {
  const saved = { root: domain.rootRedirect, notFound: domain.notFoundRedirect };
  const asErrors = (refused: Partial<Record<string, string>>) =>
    Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, [message!]]));
  const refused = redirectRefusals(subject, saved, next);
  if (Object.keys(refused).length > 0) return { ok: false, status: 403, fieldErrors: asErrors(refused) };
  const db = getDb(env.DB);
  // Where visitors would be sent: no banned domain (staff's bans hold here too), no loop back to the domain.
  const invalid = redirectTargetRefusals(domain.hostname, saved, next, await bannedDomainsFor(db, env));
  if (Object.keys(invalid).length > 0) return { ok: false, status: 422, fieldErrors: asErrors(invalid) };
  await updateBrandedDomain(db, domain.id, { rootRedirect: next.root, notFoundRedirect: next.notFound }, audit?.(db));
  await writeHostRecord(env, { ...domain, rootRedirect: next.root, notFoundRedirect: next.notFound });
  return { ok: true };
}

/**
 * Adds a domain to a workspace: the plan's flag and bounds, the name's owner, then (for domains and
 * subdomains) a custom hostname at Cloudflare, then the row and the host record. A vanity subdomain
 * serves at once (the short host's certificate covers it); a domain waits for its DNS.
 */
export async function addBrandedDomain(
  env: AppEnv,
  /** The owner: a workspace, or an organization (decision 044: then workspaceId is ignored). */
  who: DomainAdder,
  kind: BrandedKind,
  hostname: string,
  now = new Date(),
  /** An organization's addition is audited in the insert's batch (decision 044). */
  audit?: (db: Db) => BatchItem<"sqlite">,
): Promise<AddOutcome> {
  const db = getDb(env.DB);
  const field = kind === "domain" ? "domain" : "subdomain";
  const organizationId = who.organizationId ?? null;
  const counts = organizationId ? await countOrganizationDomains(db, organizationId) : await countBrandedDomains(db, who.workspaceId ?? "");
  const refusal = addDomainRefusal(who.subject, kind, counts);
  if (refusal) return { ok: false, field: "form", message: refusal, status: 403 };
  if (kind !== "vanity" && isOwnHost(env, hostname)) return { ok: false, field, message: BRANDED_MESSAGES.ownHost, status: 422 };
  const claimed = await getBrandedDomain(db, hostname);
  if (claimed && !(await takeStaleClaim(env, claimed, who, now))) return { ok: false, field, message: BRANDED_MESSAGES.taken, status: 409 };

  let custom: CustomHostname | null = null;
  if (kind !== "vanity") {
    const client = customHostnamesClient(env);
    if (!client) {
      console.error("branded domains: CF_API_TOKEN or CF_ZONE_ID is not set; adding domains is refused");
      return { ok: false, field: "form", message: BRANDED_MESSAGES.notConfigured, status: 503 };
    }
    try {
      custom = await client.create(hostname);
    } catch (error) {
      console.error("branded domains: custom hostname not created", hostname, error);
      return { ok: false, field: "form", message: BRANDED_MESSAGES.providerFailed, status: 502 };
    }
  }
  const domain: BrandedDomain = {
    id: crypto.randomUUID(),
    workspaceId: organizationId ? null : who.workspaceId,
    organizationId,
    forAllTeams: false,
    userId: who.userId,
    hostname,
    kind,
    status: kind === "vanity" ? "active" : "pending",
    cfHostnameId: custom?.id ?? null,
    verificationName: custom?.ownership_verification?.name ?? null,
    verificationValue: custom?.ownership_verification?.value ?? null,
    hostnameStatus: custom?.status ?? null,
    sslStatus: custom?.ssl?.status ?? null,
    rootRedirect: null,
    notFoundRedirect: null,
    createdAt: now,
    verifiedAt: kind === "vanity" ? now : null,
    checkedAt: custom ? now : null,
    disabledAt: null,
    disabledReason: null,
  };
  try {
    await insertBrandedDomain(db, domain, audit?.(db));
  } catch (error) {
    // Someone else took the name meanwhile (the unique index): give the custom hostname back.
    if (custom)
      await customHostnamesClient(env)!
        .delete(custom.id)
        .catch(() => undefined);
    if (String(error).includes("UNIQUE")) return { ok: false, field, message: BRANDED_MESSAGES.taken, status: 409 };
    throw error;
  }
  await writeHostRecord(env, domain);
  return { ok: true, domain };
}

/**
 * Another owner's claim that never verified within UNVERIFIED_CLAIM_DAYS gives way to a new adder
 * (decision 061): its row goes (only if it still has not verified), its claimant is told, and its
 * custom hostname and host record are released (queued when Cloudflare fails). A bought domain's
 * claim never gives way: the buyer owns the name.
 */
async function takeStaleClaim(env: AppEnv, claim: BrandedDomain, who: DomainAdder, now: Date): Promise<boolean> {
  const db = getDb(env.DB);
  const sameOwner = who.organizationId ? claim.organizationId === who.organizationId : claim.workspaceId === who.workspaceId;
  if (sameOwner || !isStaleClaim(claim, now) || (await getRegistration(db, claim.hostname))) return false;
  const told = await noticeTarget(db, claim);
  const message = { ...staleClaimNotice(claim.hostname), url: claim.organizationId ? told.url : BRANDED_DOMAINS_PATH };
  const notice = told.userId ? { recipient: told.userId, message } : null;
  if (!(await deleteUnverifiedClaim(db, claim, notice, now))) return false;
  await releaseDomains(env, [claim]);
  return true;
}

/**
 * The daily sweep (decision 061 addendum): claims that never verified within ABANDONED_CLAIM_DAYS
 * and that nobody contested are removed, each only if it still has not verified (the conditional
 * delete), with a notification to its claimant; their custom hostnames and host records are
 * released (queued when Cloudflare fails). Returns the names removed.
 */
export async function sweepAbandonedClaims(env: AppEnv, now = new Date(), limit = 100): Promise<string[]> {
  const db = getDb(env.DB);
  const claims = await listAbandonedClaims(db, new Date(now.getTime() - ABANDONED_CLAIM_DAYS * 86_400_000), limit);
  const removed: BrandedDomain[] = [];
  for (const claim of claims) {
    const told = await noticeTarget(db, claim);
    const message = { ...abandonedClaimNotice(claim.hostname), url: claim.organizationId ? told.url : BRANDED_DOMAINS_PATH };
    if (await deleteUnverifiedClaim(db, claim, told.userId ? { recipient: told.userId, message } : null, now)) removed.push(claim);
  }
  await releaseDomains(env, removed);
  return removed.map((claim) => claim.hostname);
}

/**
 * Asks Cloudflare for the domain's state and moves it: pending → active or failed; active → lapsed
 * when the hostname or its certificate no longer verifies (links stop, nothing is deleted, the owner
 * is told); lapsed → active when it verifies again. Returns the domain as it now is.
 */
export async function recheckBrandedDomain(env: AppEnv, domain: BrandedDomain, now = new Date()): Promise<BrandedDomain> {
  if (!domain.cfHostnameId) return domain;
  const client = customHostnamesClient(env);
  if (!client) return domain;
  const custom = await client.get(domain.cfHostnameId);
  const state = stateOf(custom);
  const db = getDb(env.DB);
  const seen = {
    hostnameStatus: custom?.status ?? "deleted",
    sslStatus: custom?.ssl?.status ?? null,
    checkedAt: now,
    verificationName: custom?.ownership_verification?.name ?? domain.verificationName,
    verificationValue: custom?.ownership_verification?.value ?? domain.verificationValue,
  };
  let next = domain.status;
  // A bought domain whose registration ran out unrenewed (decision 050) stays lapsed whatever its DNS says.
  if (state === "active" && !(await isRegistrationExpired(db, domain.hostname))) next = "active";
  else if (domain.status === "active") next = "lapsed";
  else if (domain.status === "pending" && state !== "pending") next = "failed";
  const updated: BrandedDomain = {
    ...domain,
    ...seen,
    status: next,
    verifiedAt: next === "active" && domain.status !== "active" ? now : domain.verifiedAt,
  };
  if (next === domain.status) {
    await updateBrandedDomain(db, domain.id, seen);
    return updated;
  }
  const notices = {
    active: { title: `Your domain ${domain.hostname} is active`, body: "Short links on it now redirect." },
    lapsed: {
      title: `Your domain ${domain.hostname} no longer verifies`,
      body: "Its DNS no longer points to Snip, so its short links have stopped redirecting. Nothing was deleted: restore the DNS record and they work again.",
    },
    failed: {
      title: `Your domain ${domain.hostname} could not be verified`,
      body: "Check its DNS records on the verification page, or remove it and add it again.",
    },
    pending: { title: `Your domain ${domain.hostname} is waiting for verification`, body: "" },
  } as const;
  const told = await noticeTarget(db, domain);
  await updateBrandedDomainWithNotice(
    db,
    domain,
    { ...seen, status: next, verifiedAt: updated.verifiedAt },
    { ...notices[next], url: told.url },
    now,
    told.userId,
  );
  await writeHostRecord(env, updated);
  return updated;
}

/**
 * Who hears of a domain's state change, and where the notice links: a workspace's domain tells
 * whoever added it (its verify page); an organization's tells the organization's owner (its
 * Organization Domains page).
 */
async function noticeTarget(db: Db, domain: BrandedDomain): Promise<{ userId: string | null; url: string }> {
  if (!domain.organizationId)
    return { userId: domain.userId, url: `${BRANDED_DOMAINS_PATH}/verify?domain=${encodeURIComponent(domain.hostname)}` };
  const [org] = await db
    .select({ slug: organizations.slug, ownerUserId: organizations.ownerUserId })
    .from(organizations)
    .where(eq(organizations.id, domain.organizationId));
  return {
    userId: org?.ownerUserId ?? null,
    url: org ? `/app/organizations/${encodeURIComponent(org.slug)}/settings/profile/domains` : BRANDED_DOMAINS_PATH,
  };
}

/** The cron trigger's pass: the least recently checked domains, each on its own (one failure stops none). */
export async function recheckBrandedDomains(env: AppEnv, now = new Date(), limit = 50): Promise<{ checked: number; failed: string[] }> {
  if (!customHostnamesClient(env)) return { checked: 0, failed: [] };
  const domains = await listDomainsToCheck(getDb(env.DB), limit);
  const failed: string[] = [];
  const zones = dnsimpleZoneRecords(env);
  for (const domain of domains) {
    try {
      // A bought domain whose records Snip could not publish yet (or published over an hour ago) goes first (decision 054).
      if (zones) await republishBoughtDomain(getDb(env.DB), zones, domain, env.CF_CNAME_TARGET, now);
      await recheckBrandedDomain(env, domain, now);
    } catch (error) {
      console.error("branded domains: re-check failed", domain.hostname, error);
      failed.push(domain.hostname);
    }
  }
  return { checked: domains.length, failed };
}

/** Removes a domain: its custom hostname, its row and its host record (its links stay, unserved). */
export async function removeBrandedDomain(env: AppEnv, domain: BrandedDomain, audit?: (db: Db) => BatchItem<"sqlite">): Promise<void> {
  if (domain.cfHostnameId) {
    const client = customHostnamesClient(env);
    if (!client) throw new Error("CF_API_TOKEN or CF_ZONE_ID is not set");
    await client.delete(domain.cfHostnameId);
  }
  const db = getDb(env.DB);
  await deleteBrandedDomain(db, domain.id, audit?.(db));
  await env.LINKS.delete(hostKey(domain.hostname));
  await purgeHosts(env, [domain.hostname]);
}

/** Who adds and manages domains from the settings pages: the viewer in their personal workspace (docs/decisions/027). */
export function domainOwner(viewer: { user: { id: string }; subject: Subject }) {
  return { userId: viewer.user.id, workspaceId: viewer.user.id, subject: viewer.subject };
}

/** The workspace's domain by host name, or a 404 (someone else's domain is "not found", never shown). */
export async function requireOwnDomain(env: AppEnv, workspaceId: string, hostname: string | null): Promise<BrandedDomain> {
  const domain = hostname ? await getBrandedDomain(getDb(env.DB), hostname) : undefined;
  if (!domain || domain.workspaceId !== workspaceId) throw new Response("Domain not found.", { status: 404 });
  return domain;
}

/**
 * After an account or an organization is deleted (decision 044): its domains' rows went with it;
 * their custom hostnames at Cloudflare and their KV host records go now. The host records first
 * (the links stop at once), then each custom hostname; whatever fails is handed to the queue
 * (`domains.release`), which retries until it holds. Never throws: the deletion has happened.
 */
export async function releaseDomains(env: AppEnv, domains: readonly BrandedDomain[]): Promise<void> {
  if (domains.length === 0) return;
  const client = customHostnamesClient(env);
  const left: ReleasedHost[] = [];
  for (const domain of domains) {
    const host = { hostname: domain.hostname, cfHostnameId: domain.cfHostnameId };
    try {
      await env.LINKS.delete(hostKey(domain.hostname));
      if (domain.cfHostnameId) {
        if (!client) throw new Error("CF_API_TOKEN or CF_ZONE_ID is not set");
        await client.delete(domain.cfHostnameId);
      }
    } catch (error) {
      console.error("branded domains: not released, queued", domain.hostname, error instanceof Error ? error.message : error);
      left.push(host);
    }
  }
  await purgeHosts(
    env,
    domains.map((d) => d.hostname),
  );
  if (left.length === 0) return;
  const job: ReleaseDomainsJob = { type: RELEASE_DOMAINS_JOB, v: 1, id: `release_${crypto.randomUUID()}`, payload: { hosts: left } };
  try {
    await env.JOBS.send(job);
  } catch (error) {
    console.error("branded domains: release job not queued", left.map((h) => h.hostname).join(", "), error);
  }
}
