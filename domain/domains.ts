/**
 * Short domains a link can be created on. Only the default short domain exists so far (branded
 * domains arrive later); it is open to every signed-in user and to guests.
 */
export interface ShortDomain {
  domain: string;
  type: "common" | "organization";
}

/** The domains offered in the creation form, sorted alphabetically (spec 02 §9). */
export function creatableDomains(defaultHost: string): ShortDomain[] {
  return [{ domain: defaultHost.toLowerCase(), type: "common" }];
}

/** Whether a posted domain is one of the offered ones. */
export function isCreatableDomain(domains: readonly ShortDomain[], domain: string): boolean {
  return domains.some((d) => d.domain === domain.toLowerCase());
}
