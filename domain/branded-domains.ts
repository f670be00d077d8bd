/**
 * Branded domains and vanity subdomains (spec 01 §3 Branded domain, §5; docs/decisions/035):
 * which names may be added, by whom, and how many. Pure rules; the pages and the provider calls
 * are in app/lib/branded-domains.server.ts.
 */
import { RESERVED_ALIASES } from "./alias";
import { can, limitOf, type Subject } from "./entitlements";
import { checkDestination } from "./url";
import type { LimitOption } from "./plans";

export type BrandedKind = "domain" | "subdomain" | "vanity";

export const BRANDED_DOMAINS_PATH = "/app/settings/branded-domains";

/** The verify page's link for a domain. */
export function verifyPath(hostname: string): string {
  return `${BRANDED_DOMAINS_PATH}/verify?domain=${encodeURIComponent(hostname)}`;
}

/** User-visible texts. Spec 01 §5 names the rules; the wording is Snip's. */
export const BRANDED_MESSAGES = {
  invalidDomain: "Enter a valid domain name, like links.example.com.",
  confirmRequired: "Confirm that this domain will be used only for Snip short links.",
  subdomainRequired: "Subdomain is required.",
  invalidSubdomain: "A subdomain uses letters, digits and hyphens only (at most 63), and does not start or end with a hyphen.",
  reservedVanity: "This name is reserved. Choose another one.",
  taken: "This domain is already connected to Snip.",
  ownHost: "This is one of Snip's own domains.",
  notYourDomain: "Choose one of your own domains.",
  baseNotVerified: "Verify this domain before adding subdomains to it.",
  notAllowed: "Your plan does not include branded domains. Choose a plan in your billing settings to add one.",
  vanityNotAllowed: "Your plan does not include vanity subdomains. Choose a plan in your billing settings to add one.",
  redirectsNotAllowed: "Your plan does not include root and 404 redirects for domains.",
  maxDomains: (n: number) => `Your plan allows ${n} branded ${n === 1 ? "domain" : "domains"}. Remove one or upgrade to add another.`,
  maxSubdomains: (n: number) => `Your plan allows ${n} ${n === 1 ? "subdomain" : "subdomains"}. Remove one or upgrade to add another.`,
  maxVanity: (n: number) => `Your plan allows ${n} vanity ${n === 1 ? "subdomain" : "subdomains"}. Remove one or upgrade to add another.`,
  maxDomainsSubdomains: (n: number) => `Your plan allows ${n} domains and subdomains in all. Remove one or upgrade to add another.`,
  notConfigured: "Adding domains is not available right now: the service is not fully configured. Please try again later.",
  providerFailed: "The domain could not be registered with our certificate provider. Please try again in a few minutes.",
  maxBrandedAliases: (n: number) => `Your plan allows ${n} links a month on branded domains. Use another domain or upgrade.`,
  invalidRedirect: "Enter a full web address starting with https:// or http://.",
  redirectLoop: "Choose an address on another domain: this one would send visitors back to this domain in a loop.",
  /** A saved redirect to a domain banned since (decision 036): held, as a link to it is. */
  rootHeld: "Destination domain banned: visitors get this domain's own page instead.",
  notFoundHeld: "Destination domain banned: visitors get the not-found page instead.",
} as const;

/**
 * How long a claim that never verified holds its name against another account (decision 061): a
 * name is one owner's across the service, so whoever adds a domain they do not control would
 * otherwise keep its real owner out for good.
 */
export const UNVERIFIED_CLAIM_DAYS = 7;

/** A domain or subdomain added at least UNVERIFIED_CLAIM_DAYS ago and never verified: another account may take its name. */
export function isStaleClaim(domain: { kind: BrandedKind; status: string; verifiedAt: Date | null; createdAt: Date }, now: Date): boolean {
  return (
    domain.kind !== "vanity" &&
    domain.verifiedAt === null &&
    (domain.status === "pending" || domain.status === "failed") &&
    now.getTime() - domain.createdAt.getTime() >= UNVERIFIED_CLAIM_DAYS * 86_400_000
  );
}

/**
 * How long a claim that never verified is kept when nobody contests it (decision 061 addendum):
 * the daily sweep removes it, so a name nobody can prove is theirs stops being checked with
 * Cloudflare every few minutes and stops holding a custom hostname.
 */
export const ABANDONED_CLAIM_DAYS = 30;

/** What the claimant of a claim the daily sweep removed is told (decision 061 addendum). */
export function abandonedClaimNotice(hostname: string) {
  return {
    title: `Your domain ${hostname} was removed`,
    body: `It was not verified within ${ABANDONED_CLAIM_DAYS} days of being added. Add it again when its DNS records are ready.`,
  };
}

/** What the account whose stale claim another account took is told (decision 061). */
export function staleClaimNotice(hostname: string) {
  return {
    title: `Your domain ${hostname} was released`,
    body: `It was not verified within ${UNVERIFIED_CLAIM_DAYS} days of being added, and another account has now added it.`,
  };
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name a user may bring: two labels or more, a letter TLD, 253 characters at most, no port, no IP. */
export function normalizeHostname(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  if (host.length < 4 || host.length > 253) return null;
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1]!) && !/^xn--[a-z0-9-]+$/.test(labels[labels.length - 1]!)) return null;
  return host;
}

export function isValidSubdomainLabel(value: string): boolean {
  return LABEL.test(value.trim().toLowerCase());
}

/** Vanity names nobody may take: the app's own words and the usual service names. */
export const RESERVED_VANITY_NAMES: ReadonlySet<string> = new Set([
  ...[...RESERVED_ALIASES].filter((w) => LABEL.test(w)),
  "www",
  "mail",
  "smtp",
  "ftp",
  "ns1",
  "ns2",
  "cdn",
  "dev",
  "staging",
  "test",
  "snip",
  "billing",
  "docs",
  "security",
  "abuse",
]);

export function isReservedVanityName(name: string): boolean {
  return RESERVED_VANITY_NAMES.has(name.toLowerCase());
}

/** How many domains of each kind a workspace has. */
export interface DomainCounts {
  domain: number;
  subdomain: number;
  vanity: number;
}

function over(subject: Subject, option: LimitOption, used: number): number | null {
  const limit = limitOf(subject, option);
  return limit !== null && used >= limit ? limit : null;
}

/**
 * Why this subject may not add one more of this kind (flag, then each bound of the plan), or null.
 * max_domains bounds base domains, max_subdomains their subdomains, max_domains_subdomains both
 * together, max_vanity_subdomains vanity subdomains of the short host.
 */
export function addDomainRefusal(subject: Subject, kind: BrandedKind, counts: DomainCounts): string | null {
  if (kind === "vanity") {
    if (!can(subject, "add_vanity_subdomains")) return BRANDED_MESSAGES.vanityNotAllowed;
    const max = over(subject, "max_vanity_subdomains", counts.vanity);
    return max !== null ? BRANDED_MESSAGES.maxVanity(max) : null;
  }
  if (!can(subject, "add_branded_domains")) return BRANDED_MESSAGES.notAllowed;
  const own = kind === "domain" ? over(subject, "max_domains", counts.domain) : over(subject, "max_subdomains", counts.subdomain);
  if (own !== null) return kind === "domain" ? BRANDED_MESSAGES.maxDomains(own) : BRANDED_MESSAGES.maxSubdomains(own);
  const both = over(subject, "max_domains_subdomains", counts.domain + counts.subdomain);
  return both !== null ? BRANDED_MESSAGES.maxDomainsSubdomains(both) : null;
}

/** The sidebar entry and the list page: for whoever may use or add branded domains or vanity subdomains. */
export function mayUseBrandedDomains(subject: Subject): boolean {
  return can(subject, "use_branded_domains") || can(subject, "add_branded_domains") || can(subject, "add_vanity_subdomains");
}

/** May this subject set a root (or 404) redirect? */
export function mayRedirect(subject: Subject, which: "root" | "404"): boolean {
  return can(subject, which === "root" ? "domain_root_redirect" : "domain_404_redirect");
}

/** A domain's redirects as saved: null is "none". */
export interface DomainRedirects {
  root: string | null;
  notFound: string | null;
}

/**
 * Which redirect fields this subject may not change (the plan's domain_root_redirect and
 * domain_404_redirect): a value that differs from the saved one is refused, not ignored; an
 * unchanged one passes.
 */
export function redirectRefusals(
  subject: Subject,
  saved: DomainRedirects,
  next: DomainRedirects,
): Partial<Record<"root" | "notFound", string>> {
  const refused: Partial<Record<"root" | "notFound", string>> = {};
  if (next.root !== saved.root && !mayRedirect(subject, "root")) refused.root = BRANDED_MESSAGES.redirectsNotAllowed;
  if (next.notFound !== saved.notFound && !mayRedirect(subject, "404")) refused.notFound = BRANDED_MESSAGES.redirectsNotAllowed;
  return refused;
}

/**
 * Where a domain's root and 404 redirects may not send visitors: a changed value goes through the
 * rules of a link's destination (banned domains, private hosts, other shorteners, user info), and
 * may not point to the domain itself (its own 404 rule would answer it again: a redirect loop).
 * `banned` is the whole banned list (the shipped one, staff's, the deployment's).
 */
export function redirectTargetRefusals(
  hostname: string,
  saved: DomainRedirects,
  next: DomainRedirects,
  banned: readonly string[],
): Partial<Record<"root" | "notFound", string>> {
  const refused: Partial<Record<"root" | "notFound", string>> = {};
  for (const field of ["root", "notFound"] as const) {
    const value = next[field];
    if (value === null || value === saved[field]) continue;
    const checked = checkDestination(value, { ownHosts: [], bannedDomains: banned });
    if (!checked.ok) refused[field] = checked.message;
    else {
      const target = new URL(checked.url);
      const own = hostname.toLowerCase();
      if (target.host === own || target.hostname === own) refused[field] = BRANDED_MESSAGES.redirectLoop;
    }
  }
  return refused;
}

/**
 * Why a subdomain may not be made on this base: it must be one of the owner's own base domains
 * (kind "domain"), and verified. `bases` is the owner's domains read on the server.
 */
export function subdomainBaseRefusal(
  bases: readonly { hostname: string; kind: BrandedKind; status: string }[],
  base: string,
): { message: string } | null {
  const found = bases.find((d) => d.kind === "domain" && d.hostname === base);
  if (!found) return { message: BRANDED_MESSAGES.notYourDomain };
  if (found.status !== "active") return { message: BRANDED_MESSAGES.baseNotVerified };
  return null;
}

/** Whether a link may still be created on a branded host this month (max_branded_aliases_per_month). */
export function brandedAliasRefusal(subject: Subject, createdThisMonth: number): string | null {
  const max = over(subject, "max_branded_aliases_per_month", createdThisMonth);
  return max !== null ? BRANDED_MESSAGES.maxBrandedAliases(max) : null;
}

/** The registrable base of a host as users think of it: the last two labels. */
export function baseDomainOf(host: string): string {
  return host.split(".").slice(-2).join(".");
}
