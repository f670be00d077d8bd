/**
 * The region rule of the guest agreement (spec 02 §5 "The agreement checkbox is required for
 * guests when the region rule requires it"): visitors from the EU, the EEA, the United Kingdom
 * and Switzerland tick the terms, privacy and cookies agreement before their first link, and so
 * do visitors whose country Cloudflare cannot tell (XX) or who come through Tor (T1). Without
 * any country (a local run, no Cloudflare in front) it is not asked (docs/decisions/010).
 */
export const AGREEMENT_COUNTRIES: ReadonlySet<string> = new Set(
  [
    // EU
    "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE",
    // EEA outside the EU; United Kingdom, Switzerland
    "IS LI NO GB CH",
    // unknown country, Tor
    "XX T1",
  ].flatMap((group) => group.split(" ")),
);

/** Whether a guest from this country (ISO 3166-1 alpha-2, or null when unknown) must tick the agreement. */
export function agreementRequiredFor(country: string | null | undefined, alreadyAccepted: boolean): boolean {
  if (alreadyAccepted || !country) return false;
  return AGREEMENT_COUNTRIES.has(country.trim().toUpperCase());
}
