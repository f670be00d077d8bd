/**
 * Trust and safety rules (issue 19, docs/decisions/036): which links are held from redirecting
 * and why, and the banned-domain input rule. Pure: the app, the queue worker and tests share it.
 */
import type { HostRecord } from "./host-record";
import { parseStoredRoutes } from "./redirect-routes";
import { hostMatches } from "./url";

export type BlockReason = "link" | "account" | "domain";

/** The spec's message (spec 01 §8), verbatim: what the owner of a terminated account sees. */
export const ACCOUNT_TERMINATED = "Account terminated for violating terms";

/** What the owner sees on a held link in their dashboard. */
export const BLOCK_LABELS: Record<BlockReason, string> = {
  link: "Terminated for violating terms",
  account: ACCOUNT_TERMINATED,
  domain: "Destination domain banned",
};

/** The lower-case host of a stored destination, or null when it does not parse. */
export function destinationHost(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.+$/, "") || null;
  } catch {
    return null;
  }
}

export function isBannedHost(host: string | null, banned: readonly string[]): boolean {
  return host !== null && banned.some((domain) => hostMatches(host, domain));
}

/**
 * Every place a link can send a visitor: its own destination, then each redirect route's
 * (decision 037; the stored JSON of `links.routes`), applied or not: rules kept while the plan
 * lacks the flag are applied again by a later billing event without any new check.
 */
export function linkDestinations(link: { url: string; routes?: string | null }): string[] {
  return [link.url, ...parseStoredRoutes(link.routes).map((route) => route[3])];
}

/** Whether any of the link's destinations (its own or a route's) is on a banned domain. */
export function sendsToBannedDomain(link: { url: string; routes?: string | null }, banned: readonly string[]): boolean {
  return linkDestinations(link).some((url) => isBannedHost(destinationHost(url), banned));
}

/** A branded domain as its host record needs it (db/schema/domains.ts). */
export interface RedirectingDomain {
  status: string;
  disabledAt: Date | null;
  rootRedirect: string | null;
  notFoundRedirect: string | null;
}

/** A branded domain's root or 404 redirect that is held: its destination is on a banned domain. */
export function isRedirectHeld(target: string | null, banned: readonly string[]): boolean {
  return target !== null && isBannedHost(destinationHost(target), banned);
}

/**
 * The KV host record the redirect worker serves a branded domain from (domain/host-record.ts):
 * serving while verified and not disabled by staff; its root and 404 redirects as saved, except
 * one whose destination is on a banned domain. That one is held as a link to a banned domain is
 * (the visitor gets the host's own page, or the not-found page, instead) while the saved value
 * stays, so lifting the ban brings it back.
 */
export function hostRecordOf(domain: RedirectingDomain, banned: readonly string[]): HostRecord {
  return {
    active: domain.status === "active" && !domain.disabledAt,
    root: isRedirectHeld(domain.rootRedirect, banned) ? null : domain.rootRedirect,
    notFound: isRedirectHeld(domain.notFoundRedirect, banned) ? null : domain.notFoundRedirect,
  };
}

/**
 * Why a link is held, the strongest reason first: staff terminated the link itself, its creator's
 * account is terminated, or a destination's domain is banned (its own, or a redirect route's: the
 * whole link is held, not the route alone). Null: it redirects as its status says.
 */
export function blockReason(
  link: { url: string; routes?: string | null; terminatedAt: Date | null },
  ownerTerminated: boolean,
  banned: readonly string[],
): BlockReason | null {
  if (link.terminatedAt) return "link";
  if (ownerTerminated) return "account";
  if (sendsToBannedDomain(link, banned)) return "domain";
  return null;
}

export const DOMAIN_MAX_LENGTH = 253;

/**
 * A domain as staff type it ("Example.COM", "https://www.example.com/path", "bücher.example.")
 * to the stored form: lower case, punycode, no scheme, path, port or trailing dot. Null when it
 * is not a domain name with at least two labels.
 */
export function normalizeDomain(input: string): string | null {
  let text = input.trim();
  if (text === "" || text.length > 2048) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (host.length === 0 || host.length > DOMAIN_MAX_LENGTH) return null;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  if (host.split(".").some((label) => label.length > 63 || label.startsWith("-") || label.endsWith("-"))) return null;
  return host;
}

/** A link's kiosk page. */
export function kioskLinkHref(domain: string, alias: string): string {
  return `/app/kiosk/alias/${encodeURIComponent(domain)}/${encodeURIComponent(alias)}`;
}

/** A deployment's BANNED_DOMAINS (comma-separated), as the creation check, the kiosk and the hourly sweep read it. */
export function parseBannedDomains(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
}
