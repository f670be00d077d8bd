/**
 * Single sign-on for organizations (issue 17, docs/decisions/034) as pure rules and the texts the
 * pages show: which issuers are accepted, how email domains are written and matched, the DNS TXT
 * record that proves a domain, and where a signed-in member lands. Browser-safe.
 */
import type { OrganizationPermission } from "./permissions";
import { isNonPublicHost } from "./webhooks";

export const SSO_MESSAGES = {
  issuerRequired: "The issuer field is required.",
  issuerInvalid: "The issuer must be an https URL without a query or fragment.",
  issuerHttpLocalOnly: "The issuer must use https.",
  issuerUnreachable: "The issuer's OpenID configuration could not be loaded. Check the issuer URL.",
  issuerPrivate: "The issuer must be reachable on the public internet.",
  clientIdRequired: "The client id field is required.",
  clientSecretRequired: "The client secret field is required.",
  domainsRequired: "Enter at least one email domain.",
  domainInvalid: (domain: string) => `"${domain}" is not a valid email domain.`,
  domainTaken: (domain: string) => `The domain ${domain} is already verified by another organization.`,
  tooManyDomains: "Enter at most 20 email domains.",
  roleRequired: "Choose the role new members get.",
  saved: "Single sign-on has been saved.",
  removed: "Single sign-on has been removed.",
  verified: (domain: string) => `The domain ${domain} has been verified.`,
  notVerified: (domain: string) =>
    `The TXT record for ${domain} was not found yet. DNS changes can take a while to show; try again in a few minutes.`,
  dnsFailed: "The DNS lookup failed. Try again in a few minutes.",
  requireNeedsVerified: "Verify at least one domain before requiring single sign-on.",
  requiredOn: "Members of the verified domains now sign in with single sign-on only.",
  requiredOff: "Members may sign in with their password again.",
  // Sign-in
  emailRequired: "The email field is required.",
  emailInvalid: "The email must be a valid email address.",
  noProvider: "No organization signs in with single sign-on for this email domain.",
  passwordRefused: "Your organization requires single sign-on. Use “Sign in with SSO” with your work email.",
  failed: "Single sign-on did not complete. Please try again.",
  expired: "The single sign-on attempt expired or was already used. Please start again.",
  outsideDomains: "This account's email is not in one of the organization's verified domains.",
  emailUnverified: "Your identity provider has not verified this email address.",
  notConfigured: "Single sign-on is not available for this organization right now. Ask its owner.",
  otherAccount: "You are signed in with another email address. Sign out first, then sign in with single sign-on.",
  // The team area's SSO page (docs/decisions/042)
  teamNeedsOrganizationSso: "Set up single sign-on for the organization and verify one of its domains first.",
  teamRequiredOn: "Members now open this team only after signing in with single sign-on.",
  teamRequiredOff: "Members open this team with any sign-in again.",
} as const;

/**
 * An issuer identifier as the settings form takes it: an absolute https URL (http only in local
 * runs, told by how the process started), no userinfo, query or fragment; a trailing slash kept as
 * typed (the issuer must match the provider's own `issuer` exactly).
 */
export function checkIssuer(value: string, localDev: boolean): { ok: true; issuer: string } | { ok: false; message: string } {
  const text = value.trim();
  if (!text) return { ok: false, message: SSO_MESSAGES.issuerRequired };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: SSO_MESSAGES.issuerInvalid };
  }
  if (url.username || url.password || url.search || url.hash || text.includes("?") || text.includes("#"))
    return { ok: false, message: SSO_MESSAGES.issuerInvalid };
  if (url.protocol === "http:" && !localDev) return { ok: false, message: SSO_MESSAGES.issuerHttpLocalOnly };
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: SSO_MESSAGES.issuerInvalid };
  // The server fetches the issuer's discovery document: never an address inside a private network.
  if (isNonPublicHost(url.hostname, { localDev })) return { ok: false, message: SSO_MESSAGES.issuerPrivate };
  return { ok: true, issuer: text };
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
export const SSO_MAX_DOMAINS = 20;

/** One email domain as typed ("@Example.com " too): lowercase, punycode; null when it is not a domain. */
export function normaliseDomain(value: string): string | null {
  const text = value.trim().replace(/^@/, "").replace(/\.$/, "").toLowerCase();
  if (!text || text.includes("/") || text.includes(":")) return null;
  let host: string;
  try {
    host = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  return DOMAIN_PATTERN.test(host) ? host : null;
}

/** The domains of a textarea (commas, spaces or lines), normalised, without duplicates; or the first bad one. */
export function parseDomainList(text: string): { ok: true; domains: string[] } | { ok: false; message: string } {
  const parts = text.split(/[\s,;]+/).filter((part) => part.length > 0);
  if (parts.length === 0) return { ok: false, message: SSO_MESSAGES.domainsRequired };
  const domains: string[] = [];
  for (const part of parts) {
    const domain = normaliseDomain(part);
    if (!domain) return { ok: false, message: SSO_MESSAGES.domainInvalid(part.slice(0, 80)) };
    if (!domains.includes(domain)) domains.push(domain);
  }
  if (domains.length > SSO_MAX_DOMAINS) return { ok: false, message: SSO_MESSAGES.tooManyDomains };
  return { ok: true, domains };
}

/** The domain of an email address (lowercase), or null. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return null;
  return normaliseDomain(email.slice(at + 1));
}

/** Whether the email's domain is exactly one of the verified domains (no subdomains: each is listed and proved). */
export function emailInDomains(email: string, verifiedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== null && verifiedDomains.includes(domain);
}

/** The DNS name of the TXT record that proves a domain, and the value it must hold. */
export function ssoTxtName(domain: string): string {
  return `_snip-sso.${domain}`;
}
export function ssoTxtValue(token: string): string {
  return `snip-sso-verification=${token}`;
}

/**
 * Where a member lands after signing in (spec 02 §2): the owner or a role with the supervisor
 * permission goes to org.dashboard, a member with a role to org.me, otherwise the first team.
 */
export function ssoLanding(
  organizationSlug: string,
  standing: { isOwner: boolean; permissions: readonly OrganizationPermission[] | null; firstTeamSlug: string | null },
): string {
  const base = `/app/organizations/${encodeURIComponent(organizationSlug)}`;
  if (standing.isOwner || standing.permissions?.includes("supervisor")) return `${base}/dashboard`;
  if (standing.permissions !== null) return `${base}/me`;
  if (standing.firstTeamSlug) return `${base}/team/${encodeURIComponent(standing.firstTeamSlug)}`;
  return "/app/organizations";
}

/** The callback path registered at the provider (the redirect URI is the app origin plus this). */
export const SSO_CALLBACK_PATH = "/app/login/sso/callback";
