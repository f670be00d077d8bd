/**
 * Short domains a link can be created on, and who may choose which (spec 02 §3 Domain, §5, §8).
 * The table is the default short domain plus the common domains configured in SHORT_DOMAINS
 * (docs/decisions/010), and a workspace's verified branded domains (docs/decisions/035).
 * Browser-safe (no zod): the creation forms import it directly; domain/domains.ts adds the
 * SHORT_DOMAINS parser and re-exports all of it.
 */

export interface ShortDomain {
  domain: string;
  type: "common" | "organization";
  isDisabled: boolean;
  isDeleted: boolean;
  isBlocked: boolean;
  allowForGuests: boolean;
  guestCanUseCustomAlias: boolean;
  requireEmailVerification: boolean;
  subscribedOnly: boolean;
}

/**
 * The default short domain: open to everyone, guests included; guests get random aliases on it
 * (custom aliases are a reason to sign up).
 */
export function defaultShortDomain(defaultHost: string): ShortDomain {
  return {
    domain: defaultHost.toLowerCase(),
    type: "common",
    isDisabled: false,
    isDeleted: false,
    isBlocked: false,
    allowForGuests: true,
    guestCanUseCustomAlias: false,
    requireEmailVerification: false,
    subscribedOnly: false,
  };
}

/**
 * A workspace's own verified branded domain or vanity subdomain as a short domain (docs/decisions/035):
 * for its workspace's members only (never guests), with no further locks.
 */
export function brandedShortDomain(host: string): ShortDomain {
  return {
    domain: host.toLowerCase(),
    type: "organization",
    isDisabled: false,
    isDeleted: false,
    isBlocked: false,
    allowForGuests: false,
    guestCanUseCustomAlias: false,
    requireEmailVerification: false,
    subscribedOnly: false,
  };
}

/**
 * The domains offered in the creation form: the default one and the configured ones (a
 * configured entry for the default host replaces it), without disabled, deleted or blocked
 * ones, sorted alphabetically (spec 02 §9).
 */
export function creatableDomains(defaultHost: string, configured: readonly ShortDomain[] = []): ShortDomain[] {
  const byName = new Map<string, ShortDomain>([[defaultHost.toLowerCase(), defaultShortDomain(defaultHost)]]);
  for (const domain of configured) byName.set(domain.domain, domain);
  return [...byName.values()].filter((d) => !d.isDisabled && !d.isDeleted && !d.isBlocked).sort((a, b) => a.domain.localeCompare(b.domain));
}

/** Who is choosing a domain. */
export type DomainChooser = { kind: "guest" } | { kind: "user"; emailVerified: boolean; subscribed: boolean };

/** Why a domain may not be chosen: guests need to register, users to verify or subscribe. */
export type DomainLock = "guest" | "verify" | "subscribe";

/** Null when the chooser may create links on this domain (spec 02 §5). */
export function domainLock(domain: ShortDomain, chooser: DomainChooser): DomainLock | null {
  if (chooser.kind === "guest") return domain.allowForGuests ? null : "guest";
  if (domain.requireEmailVerification && !chooser.emailVerified) return "verify";
  if (domain.subscribedOnly && !chooser.subscribed) return "subscribe";
  return null;
}

/** Whether a guest may choose an alias on this domain (spec 02 §5). */
export function guestMayUseCustomAlias(domain: ShortDomain): boolean {
  return domain.allowForGuests && domain.guestCanUseCustomAlias;
}

export function findDomain(domains: readonly ShortDomain[], name: string): ShortDomain | undefined {
  const wanted = name.trim().toLowerCase();
  return domains.find((d) => d.domain === wanted);
}

/**
 * The domain the form starts on: the default host when the chooser may use it, otherwise the
 * first one they may use; null when none is usable ("domain not found", spec 02 §8).
 */
export function initialDomain(domains: readonly ShortDomain[], chooser: DomainChooser, defaultHost: string): ShortDomain | null {
  const usable = domains.filter((d) => domainLock(d, chooser) === null);
  return usable.find((d) => d.domain === defaultHost.toLowerCase()) ?? usable[0] ?? null;
}

/** Where a locked domain sends the chooser (spec 02 §8). */
export const DOMAIN_LOCK_PATHS: Record<DomainLock, string> = {
  guest: "/app/register",
  verify: "/app/email/verify",
  subscribe: "/app/settings/subscription",
};

export const DOMAIN_MESSAGES = {
  /** spec 02 §8, verbatim */
  guestTooltip: "This domain is not available to guest users.",
  // Snip's own wording (the spec names these messages without their texts)
  guestLocked: "This domain is for Snip accounts. Log in or register to use it.",
  verifyLocked: "Verify your email address to use this domain.",
  subscribeLocked: "This domain is for subscribers. Choose a plan in your billing settings to use it.",
  notFound: "Domain not found.",
  invalid: "The selected domain is invalid.",
  guestAliasTooltip: "Custom aliases on this domain are for Snip accounts. Log in or register to choose one.",
} as const;

export function domainLockMessage(lock: DomainLock): string {
  return lock === "guest"
    ? DOMAIN_MESSAGES.guestLocked
    : lock === "verify"
      ? DOMAIN_MESSAGES.verifyLocked
      : DOMAIN_MESSAGES.subscribeLocked;
}

/** A domain as the creation form shows it. */
export interface DomainOption {
  domain: string;
  lock: DomainLock | null;
  /** Guests only: whether the alias field is open on this domain. */
  customAlias: boolean;
}

export function domainOptions(domains: readonly ShortDomain[], chooser: DomainChooser): DomainOption[] {
  return domains.map((d) => ({
    domain: d.domain,
    lock: domainLock(d, chooser),
    customAlias: chooser.kind === "guest" ? guestMayUseCustomAlias(d) : true,
  }));
}
