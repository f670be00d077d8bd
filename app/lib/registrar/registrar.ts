/**
 * The domain registrar behind an interface (docs/decisions/043): the purchase pages ask it for a
 * name's availability and price; the order job registers (and renews) through it. Production
 * uses DNSimple's registrar API (`./dnsimple.ts`); tests and local runs point the same client at
 * tests/stubs/registrar-server.ts, which speaks that API's wire format.
 */
export interface DomainQuote {
  domain: string;
  available: boolean;
  premium: boolean;
  /** The yearly registration price, minor units. */
  price: number;
  renewalPrice: number;
  currency: string;
}

export interface RegisteredDomain {
  domain: string;
  /** ISO time the registration runs out; null if the registrar does not say. */
  expiresAt: string | null;
}

/** A registrar's refusal, with its own words (shown with the order's cancellation reason). */
export class RegistrarRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Registrar {
  /** Availability and price; a RegistrarRefusal for a name the registrar does not sell (an unsupported TLD). */
  quote(domain: string): Promise<DomainQuote>;
  /** The domain as registered in Snip's registrar account, or null: how a retried job learns a registration already happened. */
  owned(domain: string): Promise<RegisteredDomain | null>;
  /** Registers for one year; returns the registration id. A RegistrarRefusal when the registrar refuses. */
  register(domain: string): Promise<string>;
  /** Adds years to a registered domain; returns the renewal id. */
  renew(domain: string, years: number): Promise<string>;
}

/** A record in a DNS zone hosted at the registrar (decision 054); `name` is relative to the zone ("" is the apex). */
export interface ZoneRecord {
  name: string;
  type: string;
  content: string;
}

/**
 * The DNS zones the registrar hosts for the domains it registered (DNSimple's zones API): how the
 * order job publishes a bought domain's verification records. Refusals are RegistrarRefusals with
 * the registrar's words; no answer throws anything else.
 */
export interface ZoneRecords {
  /** Every record of the zone (all pages). */
  list(zone: string): Promise<ZoneRecord[]>;
  create(zone: string, record: ZoneRecord): Promise<void>;
}
